import type { Database } from '../db/types';
import { DataGenerator, type GenerateOptions } from './generator';

export interface LoadProgress {
  generated: number;
  total: number;
}

/**
 * Generates and bulk-loads with COPY, batch by batch; each batch in foreign-key order (blocks before
 * transactions, transactions before messages). Returns the number of transactions written.
 */
export async function generateInto(db: Database, opts: GenerateOptions, onProgress?: (p: LoadProgress) => void): Promise<number> {
  const generator = new DataGenerator(opts);
  for (const batch of generator.batches()) {
    for (const { table, columns, text } of batch) await db.copyFrom(table, columns, text);
    onProgress?.({ generated: generator.generated, total: opts.transactions });
  }
  await db.exec('analyze');
  return generator.generated;
}
