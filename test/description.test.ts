import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_COLUMNS } from '../src/data/transactions';
import { JsonNode } from '../src/import/jsonNode';
import { mapTransaction } from '../src/import/mapTransaction';
import { DESCRIPTION_COLUMNS } from '../src/transactions/description';
import { toWireDescription } from '../src/wire/transaction';
import { fixtureJson, realTestnetTraces, transactionsOf } from './helpers/fixtures';

const schemaSql = readFileSync(path.resolve(import.meta.dirname, '../src/db/schema.sql'), 'utf8');

/** The columns of `transactions` in src/db/schema.sql, in order. */
function transactionsColumns(): string[] {
  const body = /create table if not exists transactions \(([\s\S]*?)\n\s*primary key/.exec(schemaSql)![1]!;
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0]!);
}

/** toncenter leaves null keys out; tonql writes every key of the spec. */
const withoutNulls = (value: unknown): unknown =>
  value !== null && typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value)
          .filter(([, v]) => v !== null)
          .map(([k, v]) => [k, withoutNulls(v)]),
      )
    : value;

const DOCUMENTS: Record<string, () => unknown> = {
  'traces_mainnet_2025-09_single.json': () => fixtureJson('traces_mainnet_2025-09_single.json'),
  'traces_testnet_2025-07_multi.json': () => realTestnetTraces().json,
};

const SPEC_KEYS = [
  'type',
  'aborted',
  'destroyed',
  'credit_first',
  'is_tock',
  'installed',
  'storage_ph',
  'credit_ph',
  'compute_ph',
  'action',
  'bounce',
  'split_info',
];

describe('the transaction description table', () => {
  it('covers every description column of `transactions` (descr to split_info_*) and nothing else, in order', () => {
    const columns = transactionsColumns();
    const first = columns.indexOf('descr');
    expect(first).toBeGreaterThan(0);
    expect(DESCRIPTION_COLUMNS).toEqual(columns.slice(first));
    expect(TRANSACTION_COLUMNS).toEqual(columns);
  });

  it.each(Object.keys(DOCUMENTS))('builds the wire phases of %s exactly as the file has them, key order included', (name) => {
    const txs = transactionsOf(DOCUMENTS[name]!());
    expect(txs.length).toBeGreaterThan(0);
    const phases = new Set<string>();
    for (const tx of txs) {
      const row = mapTransaction(new JsonNode(tx)).transaction;
      const wire = toWireDescription(row);
      expect(JSON.stringify(withoutNulls(wire))).toBe(JSON.stringify(tx.description));
      expect(Object.keys(wire)).toEqual(SPEC_KEYS);
      for (const [key, value] of Object.entries(tx.description)) if (value !== null && typeof value === 'object') phases.add(key);
    }
    expect([...phases].sort()).toEqual(expect.arrayContaining(['action', 'compute_ph', 'storage_ph']));
  });
});
