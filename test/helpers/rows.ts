import type { Queryable } from '../../src/db/types';
import { insert } from '../../src/import/write';

/** Inserts rows given as objects keyed by column (each field converted to its column's type by PostgreSQL). */
export function insertRows(db: Queryable, table: string, rows: Record<string, unknown>[]) {
  return insert(db, table, [...new Set(rows.flatMap((r) => Object.keys(r)))], rows, '');
}
