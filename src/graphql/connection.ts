import { resolveCursorConnection, type DefaultConnectionArguments } from '@pothos/plugin-relay';
import type DataLoader from 'dataloader';
import type { PageKey } from '../data/pagesLoader';
import { isKeyOf, type Key, type KeyColumn, type KeysetPage } from '../data/sql';
import { printable } from '../params/checks';
import { badUserInput } from './errors';

/** Page sizes of every connection: `first` / `last` default and bound, as REST's `limit`. */
export const DEFAULT_PAGE = 10;
export const MAX_PAGE = 1000;

/** The cursor `field` gives the row with sort key `key` (the bench builds deep cursors with it). */
export const encodeCursor = (field: string, key: Key) => Buffer.from(JSON.stringify([field, ...key])).toString('base64url');

/** The components of a cursor argument issued by `field`, whatever list it was issued for. */
function envelope(field: string, argument: 'after' | 'before', cursor: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // not a cursor at all
  }
  if (Array.isArray(parsed) && parsed[0] === field) return parsed.slice(1);
  throw badUserInput(`argument "${argument}": cursor "${printable(cursor)}" is not one that ${field} issued`);
}

/** The position a cursor argument holds: issued by `field` for a list sorted by `key`, every component of its type. */
function decode(field: string, key: readonly KeyColumn[], argument: 'after' | 'before', cursor: string | null | undefined): Key | undefined {
  if (cursor === null || cursor === undefined) return undefined;
  const components = envelope(field, argument, cursor);
  if (isKeyOf(key, components)) return components as Key;
  throw badUserInput(`argument "${argument}": cursor "${printable(cursor)}" is not one that ${field} issued`);
}

/**
 * A root connection whose arguments an operation parses into filters: a cursor this field did not issue is refused
 * before they are read, so the error names `after`/`before` rather than a combination rule the call happens to
 * break; then `prepare` parses them and gives the list's key and page reader.
 */
export function filteredConnection<T extends object>(
  field: string,
  args: DefaultConnectionArguments,
  prepare: () => { key: readonly KeyColumn[]; fetch: (page: KeysetPage) => Promise<T[]> },
) {
  for (const argument of ['after', 'before'] as const) {
    const cursor = args[argument];
    if (cursor !== null && cursor !== undefined) envelope(field, argument, cursor);
  }
  const { key, fetch } = prepare();
  return keysetConnection(field, key, args, (node: T) => node, fetch);
}

/**
 * A Relay connection over a keyset: the cursor holds the sort key of its row (named after the field that issued
 * it, so one field's cursor is refused by another), and the data function seeks to it through an index, so a page
 * deep in the list costs what the first one does. `key` is the data layer's sort key: each column names the field
 * of `row(node)` its value is read back from, so the cursor and the SQL cannot drift apart.
 */
export function keysetConnection<T>(
  field: string,
  key: readonly KeyColumn[],
  args: DefaultConnectionArguments,
  row: (node: T) => object,
  fetch: (page: KeysetPage) => Promise<T[]>,
) {
  for (const name of ['first', 'last'] as const) {
    const size = args[name];
    if (size !== null && size !== undefined && (size < 0 || size > MAX_PAGE))
      throw badUserInput(`argument "${name}" must be from 0 to ${MAX_PAGE}, got ${size}`);
  }
  const after = decode(field, key, 'after', args.after);
  const before = decode(field, key, 'before', args.before);
  const cursorOf = (node: T) => {
    const values = row(node) as Record<string, unknown>;
    return encodeCursor(
      field,
      key.map((c) => (c.nullable && (values[c.field] === null || values[c.field] === undefined) ? null : String(values[c.field]))),
    );
  };
  return resolveCursorConnection<Promise<T[]>>(
    { args, defaultSize: DEFAULT_PAGE, maxSize: MAX_PAGE, toCursor: (node) => cursorOf(node as T) },
    ({ limit, inverted }) => fetch({ after, before, limit, backward: inverted }),
  );
}

/**
 * A list under a parent (a jetton's holders, a collection's items, an account's DNS records) as a keyset
 * connection, its page read by a pages loader with the other parents' of the tick in one statement.
 */
export const parentConnection = <G, T extends object>(
  field: string,
  key: readonly KeyColumn[],
  args: DefaultConnectionArguments,
  loader: DataLoader<PageKey<G>, T[]>,
  parent: string,
  group: G,
) =>
  keysetConnection(
    field,
    key,
    args,
    (node: T) => node,
    (page) => loader.load({ parent, group, page }),
  );

/** A connection field's cost multiplier: the page size asked for. */
export const pageComplexity = (args: DefaultConnectionArguments) => ({ field: 1, multiplier: Math.max(1, Number(args.first ?? args.last ?? DEFAULT_PAGE)) });
