import { badInput } from '../errors';
import { INT64_MAX, INT64_MIN, isDecimalInRange } from '../encoding/numbers';
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
export type KeyType = 'int8' | 'text' | 'tonhash';

/** A column of a sort key: its SQL, its type, and the field of a served row its value is read back from (cursors). */
export interface KeyColumn {
  expr: string;
  type: KeyType;
  field: string;
}

const KEY_VALUES: Record<KeyType, (v: string) => boolean> = {
  int8: (v) => isDecimalInRange(v, INT64_MIN, INT64_MAX),
  text: (v) => v.length <= 100,
  tonhash: (v) => /^[A-Za-z0-9+/]{43}=$/.test(v),
};

/**
 * The conditions and order of a keyset page over a list sorted descending by `columns` (each `expr::type`), newest
 * first: `after` a key means below it, `before` above it; a backward page reads upwards from `before` (the caller
 * reverses it). Row comparisons keep the seek on the index that serves the order.
 */
export function keyset(columns: readonly KeyColumn[], page: KeysetPage, bind: Bind) {
  for (const key of [page.after, page.before]) {
    if (key && !key.every((v, i) => KEY_VALUES[columns[i].type](v))) throw badInput(`cursor holds a position this list does not have: ${JSON.stringify(key).slice(0, 120)}`);
  }
  const tuple = `(${columns.map((c) => c.expr).join(', ')})`;
  const values = (key: Key) => `(${key.map((v, i) => `${bind(v)}::${columns[i].type}`).join(', ')})`;
  const where: string[] = [];
  // The bound on the leading column alone is what an index on it can seek to; the row comparison then decides ties.
  const lead = (key: Key, op: string) => `${columns[0].expr} ${op} ${bind(key[0])}::${columns[0].type}`;
  if (page.after) where.push(lead(page.after, '<='), `${tuple} < ${values(page.after)}`);
  if (page.before) where.push(lead(page.before, '>='), `${tuple} > ${values(page.before)}`);
  const dir = page.backward ? 'asc' : 'desc';
  return { where, order: columns.map((c) => `${c.expr} ${dir}`).join(', '), limit: bind(page.limit) };
}
