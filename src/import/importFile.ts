import { readFile } from 'node:fs/promises';
import type { Database } from '../db/types';
import { isOwned, ForeignDatabaseError } from '../db/schema';
import { collect } from './collect';
import { ImportError, parseJsonLeniently } from './jsonNode';
import { writeCollected } from './write';

export interface ImportSummary {
  file: string;
  transactions: number;
  messages: number;
  traces: number;
  actions: number;
  /** Rows of the asset tables (jetton wallets, NFT items, DNS records, …). */
  assets: number;
  warnings: string[];
}

export class ImportFileError extends Error {
  constructor(
    readonly file: string,
    readonly path: string | undefined,
    problem: string,
  ) {
    super(path ? `${file}: ${path}: ${problem}` : `${file}: ${problem}`);
  }
}

/**
 * Imports one v3 JSON document in one transaction: either every row of the file lands or none does.
 * Idempotent: importing the same file again changes nothing.
 */
export async function importDocument(db: Database, file: string, text: string): Promise<ImportSummary> {
  let parsed: { value: unknown; lenient: boolean };
  try {
    parsed = parseJsonLeniently(text);
  } catch (err) {
    throw new ImportFileError(file, undefined, `not valid JSON (${(err as Error).message})`);
  }
  let collected;
  try {
    collected = collect(parsed.value);
  } catch (err) {
    if (err instanceof ImportError) throw new ImportFileError(file, err.path, err.problem);
    throw err;
  }
  const warnings: string[] = [];
  if (parsed.lenient) warnings.push('raw control characters inside JSON strings were read as escapes');
  const result = await db.transaction((tx) => writeCollected(tx, collected));
  if (result.networkWarning) warnings.push(result.networkWarning);
  return {
    file,
    transactions: collected.transactions.size,
    messages: collected.messages.size,
    traces: collected.traces.size,
    actions: collected.actions.size,
    assets: collected.assets.size,
    warnings,
  };
}

export async function importFile(db: Database, file: string): Promise<ImportSummary> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new ImportFileError(file, undefined, `cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  return importDocument(db, file, text);
}

/** Import only writes into databases this service created. */
export async function assertWritable(db: Database): Promise<void> {
  if (!(await isOwned(db))) throw new ForeignDatabaseError();
}
