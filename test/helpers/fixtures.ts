import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonLeniently } from '../../src/import/jsonNode';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
export const fixturePath = (name: string) => path.join(FIXTURES, name);
export const fixtureText = (name: string) => readFileSync(fixturePath(name), 'utf8');
export const fixtureJson = (name: string): any => parseJsonLeniently(fixtureText(name)).value;

/** The testnet traces file without its synthetic trace 0 (fake hashes), which the importer rightly rejects. */
export function realTestnetTraces(): { text: string; json: any } {
  const json = fixtureJson('traces_testnet_2025-07_multi.json');
  json.traces = json.traces.slice(1);
  return { text: JSON.stringify(json), json };
}

/** Every transaction object a v3 document holds. */
export function transactionsOf(doc: any): any[] {
  if (Array.isArray(doc)) return doc.flatMap((t: any) => Object.values(t.transactions));
  if (doc.response) return transactionsOf(doc.response);
  if (Array.isArray(doc.traces)) return doc.traces.flatMap((t: any) => Object.values(t.transactions));
  if (Array.isArray(doc.transactions)) return doc.transactions;
  if (doc.hash && doc.lt) return [doc];
  return [];
}

/** Real traces, some marked pending the way the indexer marks them while messages are in flight. */
export function pendingDataset() {
  const testnet = realTestnetTraces().json;
  const pending = testnet.traces.slice(0, 4).map((t: any) => t.trace_id as string);
  for (const t of testnet.traces.slice(0, 4)) t.trace_info.trace_state = 'pending';
  const mainnet = fixtureJson('traces_mainnet_2025-09_single.json');
  mainnet.traces[0].trace_info.trace_state = 'pending';
  return { testnet, mainnet, pending: [...pending, mainnet.traces[0].trace_id as string] };
}
