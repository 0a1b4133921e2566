import type { Queryable } from '../db/types';
import { badInput } from '../errors';
import { INT64_MAX, INT64_MIN, isDecimalInRange } from '../encoding/numbers';
import { parseAddress } from '../encoding/address';
/** Values bound as `$n` while a statement is assembled: `bind(v)` gives its placeholder. */
export function boundValues() {
  const values: unknown[] = [];
  return { values, bind: (value: unknown) => (values.push(value), `$${values.length}`) };
}

export type Bind = ReturnType<typeof boundValues>['bind'];

export type SortOrder = 'asc' | 'desc';

/** An offset page (TON Center's `limit` and `offset`). */
export interface OffsetPage {
  limit: number;
  offset: number;
}

/** An offset page in one direction. */
export interface SortedPage extends OffsetPage {
  sort: SortOrder;
}

/** ` where …` over the conditions joined by `and`; nothing for none. */
export const whereOf = (conditions: readonly string[]) => (conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`);

/** `= $n` for one value, `= any($n)` for several (TON Center's `=` / `in (…)`); no condition for none. */
export function oneOrAny(column: string, values: readonly string[], bind: Bind): string[] {
  if (values.length === 0) return [];
  return [values.length === 1 ? `${column} = ${bind(values[0])}::text` : `${column} = any(${bind(values)}::text[])`];
}

/** A position in a keyset-paged list: the values of its sort key, as text (64-bit values stay exact); null where a nullable column holds none. */
export type Key = readonly (string | null)[];

/** A keyset page: rows strictly between `after` and `before`, at most `limit`, read from the end when `backward`. */
export interface KeysetPage {
  after?: Key;
  before?: Key;
  limit: number;
  backward: boolean;
}

/** The types a sort key column may have, each with the values it takes (a cursor is client input). */
export type KeyType = 'int8' | 'numeric' | 'tonhash' | 'account' | 'address' | 'direction' | 'hashText' | 'text';

/** A column of a sort key: its SQL, its type, and the field of a served row its value is read back from (cursors). */
export interface KeyColumn {
  expr: string;
  type: KeyType;
  field: string;
  /** The column may hold null: it sorts after every value (PostgreSQL's default, as its indexes keep it). */
  nullable?: true;
}

const STORED_HASH = /^[A-Za-z0-9+/]{43}=$/;

/** Each key type: the SQL type its values are bound as, and whether a value is one such a column holds. */
const KEY_TYPES: Record<KeyType, { sql: string; holds: (v: string) => boolean }> = {
  int8: { sql: 'int8', holds: (v) => isDecimalInRange(v, INT64_MIN, INT64_MAX) },
  // a non-negative integer of any size (an NFT index): at most 80 digits, no leading zero
  numeric: { sql: 'numeric', holds: (v) => /^(0|[1-9][0-9]{0,79})$/.test(v) },
  tonhash: { sql: 'tonhash', holds: (v) => STORED_HASH.test(v) },
  // an account as stored: the raw form, upper-case hex
  account: { sql: 'text', holds: (v) => parseAddress(v) === v },
  // an address column of the asset tables: the raw form, or the indexer's `addr_none` / `addr_extern` literals
  address: { sql: 'text', holds: (v) => parseAddress(v) === v || /^addr_(none|extern)/.test(v) },
  direction: { sql: 'text', holds: (v) => v === 'in' || v === 'out' },
  hashText: { sql: 'text', holds: (v) => STORED_HASH.test(v) },
  // any text (a DNS domain), compared in the database's collation as the column is
  text: { sql: 'text', holds: () => true },
};

/** Whether `key` is a position of a list sorted by `columns`: one value per column, each of its column's type. */
export const isKeyOf = (columns: readonly KeyColumn[], key: readonly unknown[]): key is Key =>
  key.length === columns.length &&
  key.every((v, i) => (v === null ? columns[i].nullable === true : typeof v === 'string' && v.length <= 200 && KEY_TYPES[columns[i].type].holds(v)));

/**
 * The conditions and order of a keyset page over a list sorted by `columns` (each `expr::type`), descending by
 * default (newest first: `after` a key means below it, `before` above it), or ascending (`after` above, `before`
 * below); a backward page reads from `before` towards the start (the caller reverses it). Row comparisons keep
 * the seek on the index that serves the order; a nullable column (null sorts last ascending, first descending,
 * as PostgreSQL's indexes keep it) adds the cases a row comparison cannot decide.
 */
export function keyset(columns: readonly KeyColumn[], page: KeysetPage, bind: Bind, order: 'asc' | 'desc' = 'desc') {
  for (const key of [page.after, page.before]) {
    if (key && !isKeyOf(columns, key)) throw badInput(`cursor holds a position this list does not have: ${JSON.stringify(key).slice(0, 120)}`);
  }
  const value = (v: string, i: number) => `${bind(v)}::${KEY_TYPES[columns[i].type].sql}`;
  const where: string[] = [];
  // `after` is past the key in the list's order: greater ascending, smaller descending.
  const afterOp = order === 'asc' ? '>' : '<';
  const beforeOp = order === 'asc' ? '<' : '>';
  if (page.after) where.push(...beyond(columns, page.after, afterOp, value));
  if (page.before) where.push(...beyond(columns, page.before, beforeOp, value));
  const dir = page.backward ? (order === 'asc' ? 'desc' : 'asc') : order;
  return { where, order: columns.map((c) => `${c.expr} ${dir}`).join(', '), dir, limit: bind(page.limit) };
}

/** The rows whose key is strictly `op` (`<` or `>`) the key given, null being greater than any value. */
function beyond(columns: readonly KeyColumn[], key: Key, op: '<' | '>', value: (v: string, i: number) => string): string[] {
  const where: string[] = [];
  // The bound on the leading column alone is what an index on it can seek to; the rest decides ties. Below a
  // value a nullable column holds no null (null is greater), so that bound holds for it too (a holder list by
  // balance, newest or largest first, seeks on it as it pages on).
  if (key[0] !== null && (!columns[0].nullable || op === '<')) where.push(`${columns[0].expr} ${op}= ${value(key[0], 0)}`);
  if (!columns.some((c) => c.nullable)) {
    const tuple = `(${columns.map((c) => c.expr).join(', ')})`;
    where.push(`${tuple} ${op} (${key.map((v, i) => value(v as string, i)).join(', ')})`);
    return where;
  }
  // Lexicographic with nulls: some column beyond its value, every one before it equal.
  const equal = (i: number) => (key[i] === null ? `${columns[i].expr} is null` : `${columns[i].expr} = ${value(key[i] as string, i)}`);
  const past = (i: number): string | null => {
    const v = key[i];
    const c = columns[i];
    if (v === null) return op === '<' ? `${c.expr} is not null` : null;
    return op === '>' && c.nullable ? `(${c.expr} > ${value(v, i)} or ${c.expr} is null)` : `${c.expr} ${op} ${value(v, i)}`;
  };
  const cases: string[] = [];
  for (let i = 0; i < columns.length; i += 1) {
    const here = past(i);
    if (here !== null) cases.push([...Array.from({ length: i }, (_, j) => equal(j)), here].join(' and '));
  }
  where.push(cases.length > 0 ? `(${cases.map((c) => `(${c})`).join(' or ')})` : 'false');
  return where;
}

/** A key's order over the columns a subquery `alias` selected under the key's field names (the outer order of lateral pages). */
const keyOrderOf = (columns: readonly KeyColumn[], dir: string, alias: string) =>
  columns.map((c) => `${alias}.${c.field}::${KEY_TYPES[c.type].sql} ${dir}`).join(', ');

/**
 * One keyset page per parent (`K.parent` in `inner`), in one statement; the outer order keeps each parent's page
 * in its own order (a join promises none). `inner` selects every key column under its field name.
 */
export async function lateralPages<F, R>(
  db: Queryable,
  values: unknown[],
  bind: Bind,
  parents: readonly string[],
  inner: string,
  key: readonly KeyColumn[],
  seek: { order: string; dir: string; limit: string },
  map: (row: F) => R,
): Promise<R[][]> {
  const rows = await db.query<F & { parent_index: string }>(
    `select K.i as parent_index, P.* from unnest(${bind(parents)}::text[]) with ordinality K(parent, i)
       cross join lateral (${inner} order by ${seek.order} limit ${seek.limit}) P
      order by K.i, ${keyOrderOf(key, seek.dir, 'P')}`,
    values,
  );
  const lists: R[][] = parents.map(() => []);
  for (const { parent_index: i, ...row } of rows) lists[Number(i) - 1].push(map(row as F));
  return lists;
}

/** A batch function's answer: for each key asked, the rows whose `keyOf` is it (in the rows' order), `[]` for none. */
export function groupedBy<K, Row, R = Row>(keys: readonly K[], rows: readonly Row[], keyOf: (row: Row) => K, map?: (row: Row) => R): R[][] {
  const groups = new Map<K, R[]>(keys.map((k) => [k, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(map ? map(row) : (row as unknown as R));
  return keys.map((k) => groups.get(k)!);
}

/** The row of each key, in the keys' order, null for a key no row has: a batch function's answer when keys are unique. */
export function oneEach<K, Row>(keys: readonly K[], rows: readonly Row[], keyOf: (row: Row) => K): (Row | null)[] {
  const byKey = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.map((k) => byKey.get(k) ?? null);
}
