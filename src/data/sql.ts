import { badInput } from '../errors';
import { INT64_MAX, INT64_MIN, isDecimalInRange } from '../encoding/numbers';
import { parseAddress } from '../encoding/address';
/** Values bound as `$n` while a statement is assembled: `bind(v)` gives its placeholder. */
export function boundValues() {
  const values: unknown[] = [];
  return { values, bind: (value: unknown) => (values.push(value), `$${values.length}`) };
}

export type Bind = ReturnType<typeof boundValues>['bind'];

/** A position in a keyset-paged list: the values of its sort key, as text (64-bit values stay exact). */
export type Key = readonly string[];

/** A keyset page: rows strictly between `after` and `before`, at most `limit`, read from the end when `backward`. */
export interface KeysetPage {
  after?: Key;
  before?: Key;
  limit: number;
  backward: boolean;
}

/** The types a sort key column may have, each with the values it takes (a cursor is client input). */
export type KeyType = 'int8' | 'tonhash' | 'account' | 'direction' | 'hashText';

/** A column of a sort key: its SQL, its type, and the field of a served row its value is read back from (cursors). */
export interface KeyColumn {
  expr: string;
  type: KeyType;
  field: string;
}

const STORED_HASH = /^[A-Za-z0-9+/]{43}=$/;

/** Each key type: the SQL type its values are bound as, and whether a value is one such a column holds. */
const KEY_TYPES: Record<KeyType, { sql: string; holds: (v: string) => boolean }> = {
  int8: { sql: 'int8', holds: (v) => isDecimalInRange(v, INT64_MIN, INT64_MAX) },
  tonhash: { sql: 'tonhash', holds: (v) => STORED_HASH.test(v) },
  // an account as stored: the raw form, upper-case hex
  account: { sql: 'text', holds: (v) => parseAddress(v) === v },
  direction: { sql: 'text', holds: (v) => v === 'in' || v === 'out' },
  hashText: { sql: 'text', holds: (v) => STORED_HASH.test(v) },
};

/** Whether `key` is a position of a list sorted by `columns`: one value per column, each of its column's type. */
export const isKeyOf = (columns: readonly KeyColumn[], key: readonly unknown[]): key is Key =>
  key.length === columns.length && key.every((v, i) => typeof v === 'string' && KEY_TYPES[columns[i].type].holds(v));

/**
 * The conditions and order of a keyset page over a list sorted descending by `columns` (each `expr::type`), newest
 * first: `after` a key means below it, `before` above it; a backward page reads upwards from `before` (the caller
 * reverses it). Row comparisons keep the seek on the index that serves the order.
 */
export function keyset(columns: readonly KeyColumn[], page: KeysetPage, bind: Bind) {
  for (const key of [page.after, page.before]) {
    if (key && !isKeyOf(columns, key)) throw badInput(`cursor holds a position this list does not have: ${JSON.stringify(key).slice(0, 120)}`);
  }
  const tuple = `(${columns.map((c) => c.expr).join(', ')})`;
  const values = (key: Key) => `(${key.map((v, i) => `${bind(v)}::${KEY_TYPES[columns[i].type].sql}`).join(', ')})`;
  const where: string[] = [];
  // The bound on the leading column alone is what an index on it can seek to; the row comparison then decides ties.
  const lead = (key: Key, op: string) => `${columns[0].expr} ${op} ${bind(key[0])}::${KEY_TYPES[columns[0].type].sql}`;
  if (page.after) where.push(lead(page.after, '<='), `${tuple} < ${values(page.after)}`);
  if (page.before) where.push(lead(page.before, '>='), `${tuple} > ${values(page.before)}`);
  const dir = page.backward ? 'asc' : 'desc';
  return { where, order: columns.map((c) => `${c.expr} ${dir}`).join(', '), dir, limit: bind(page.limit) };
}
