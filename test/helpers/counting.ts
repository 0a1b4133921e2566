import type { Database } from '../../src/db/types';

/** Wraps a database so a test can count (and read) the SQL statements the code under test runs. */
export function countingDatabase(db: Database) {
  const counter = { statements: 0, texts: [] as string[], params: [] as (readonly unknown[] | undefined)[] };
  const wrapped: Database = {
    ...db,
    kind: db.kind,
    query(text, params) {
      counter.statements += 1;
      counter.texts.push(text);
      counter.params.push(params);
      return db.query(text, params);
    },
    queryWithTimeout(text, params, ms) {
      counter.statements += 1;
      counter.texts.push(text);
      counter.params.push(params);
      return db.queryWithTimeout(text, params, ms);
    },
  };
  return { db: wrapped, counter };
}
