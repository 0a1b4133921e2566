import { PGlite } from '@electric-sql/pglite';
import type { Database } from './types';

const INT8 = 20;
const keepText = (value: string) => value;

/** Embedded PostgreSQL; `dataDir` undefined means in memory. PGlite is one session: queries run one at a time. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = await PGlite.create({ dataDir, parsers: { [INT8]: keepText } });
  return {
    kind: 'pglite',
    async query(text, params) {
      return (await db.query(text, params as unknown[])).rows as never[];
    },
    // One in-process session cannot be cancelled from outside; the timeout is not enforced here.
    async queryWithTimeout(text, params) {
      return (await db.query(text, params as unknown[])).rows as never[];
    },
    async exec(sql) {
      await db.exec(sql);
    },
    async copyFrom(table, columns, text) {
      await db.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob: new Blob([text]) });
    },
    transaction: (fn) =>
      db.transaction((tx) => fn({ query: async (text, params) => (await tx.query(text, params as unknown[])).rows as never[] })),
    close: () => db.close(),
  };
}
