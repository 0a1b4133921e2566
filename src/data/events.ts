/**
 * What the event tables (jetton_transfers, jetton_burns, nft_transfers: one row per transaction, keyed by
 * (tx_hash, tx_lt)) share: their keyset key, and their reads by transaction, by trace and as pages per parent.
 */
import type { Queryable } from '../db/types';
import { hasTimeWindow, type Windows } from './filters';
import { boundValues, groupedBy, keyset, type KeyColumn, type KeysetPage, lateralPages, type SortOrder } from './sql';

/** Events newest first by logical time, ties by transaction hash (the tables' key), whatever the windows. */
export const EVENT_KEY: readonly KeyColumn[] = [
  { expr: 'T.tx_lt', type: 'int8', field: 'tx_lt' },
  { expr: 'T.tx_hash', type: 'tonhash', field: 'tx_hash' },
];

/** TON Center's order of an event list (tx_lt, or tx_now when a time bound is given), tie-broken by (tx_lt, tx_hash) in the same direction. */
export function eventOrder(f: Windows, sort: SortOrder, alias = 'T'): string {
  const tail = `${alias}.tx_lt ${sort}, ${alias}.tx_hash ${sort}`;
  return hasTimeWindow(f) ? `${alias}.tx_now ${sort}, ${tail}` : tail;
}

/** An event table (aliased `T`) and the columns read from it. */
export interface EventSource {
  table: 'jetton_transfers' | 'jetton_burns' | 'nft_transfers';
  columns: string;
}

/** Batch function of a by-transaction loader: a transaction has at most one event of a table (its key). */
export async function eventsByTransactions<R extends { tx_hash: string }>(db: Queryable, source: EventSource, hashes: readonly string[]): Promise<R[][]> {
  const rows = await db.query<R>(`select ${source.columns} from ${source.table} T where T.tx_hash = any($1::text[]::tonhash[]) order by T.tx_lt, T.tx_hash`, [
    hashes,
  ]);
  return groupedBy(hashes, rows, (r) => r.tx_hash);
}

/**
 * Batch function of a by-trace loader, each trace's events by lt: through the trace's transactions
 * (transactions_index_7, then the events' key), as the event tables have no index on trace_id.
 */
export async function eventsByTraces<R>(db: Queryable, source: EventSource, traceIds: readonly string[]): Promise<R[][]> {
  const rows = await db.query<R & { trace: string }>(
    `select X.trace_id as trace, ${source.columns} from transactions X join ${source.table} T on T.tx_hash = X.hash and T.tx_lt = X.lt
      where X.trace_id = any($1::text[]::tonhash[]) order by T.tx_lt, T.tx_hash`,
    [traceIds],
  );
  return groupedBy(
    traceIds,
    rows,
    (r) => r.trace,
    ({ trace: _, ...row }) => row as R,
  );
}

/** The same keyset page of the events of several parents (`parentColumn` = the parent) in one statement. */
export function eventPagesOf<R>(
  db: Queryable,
  source: EventSource,
  parentColumn: string,
  conditions: readonly string[],
  parents: readonly string[],
  page: KeysetPage,
): Promise<R[][]> {
  const { values, bind } = boundValues();
  const seek = keyset(EVENT_KEY, page, bind);
  const where = [`${parentColumn} = K.parent`, ...conditions, ...seek.where];
  return lateralPages(db, values, bind, parents, `select ${source.columns} from ${source.table} T where ${where.join(' and ')}`, EVENT_KEY, seek, (r: R) => r);
}
