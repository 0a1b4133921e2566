import { replanned, type Queryable } from '../db/types';
import { messageHashMatch } from './messages';
import { requireBlockOf, selectTransactions, type TransactionColumn } from './transactions';
import { hasTimeWindow, windowConditions, type Windows } from './filters';
import { boundValues, keyset, type Bind, type KeyColumn, type KeysetPage, oneEach } from './sql';
import type { TransactionRow } from './rows';

/** A `traces` row. */
export interface TraceRow {
  trace_id: string;
  external_hash: string | null;
  external_hash_norm: string | null;
  mc_seqno_start: number | null;
  mc_seqno_end: number | null;
  start_lt: string | null;
  start_utime: number | null;
  end_lt: string | null;
  end_utime: number | null;
  state: string | null;
  pending_edges_: string | null;
  edges_: string | null;
  nodes_: string | null;
  classification_state: string | null;
}

const TRACE_SELECT = `select E.trace_id, E.external_hash, E.external_hash_norm, E.mc_seqno_start, E.mc_seqno_end, E.start_lt,
    E.start_utime, E.end_lt, E.end_utime, E.state, E.pending_edges_, E.edges_, E.nodes_, E.classification_state
  from traces E`;

/** Pending traces with a transaction of `account`, newest end_lt first. */
export function pendingTracesByAccount(db: Queryable, account: string, limit: number): Promise<TraceRow[]> {
  return db.query<TraceRow>(
    `${TRACE_SELECT}
      where E.state = 'pending'
        and exists (select 1 from transactions T where T.trace_id = E.trace_id and T.account = $1)
      order by E.end_lt desc nulls last, E.trace_id desc limit $2`,
    [account, limit],
  );
}

/** Pending traces started by one of these external messages, by raw or normalized hash. */
export function pendingTracesByExternalHashes(db: Queryable, hashes: readonly string[], limit: number): Promise<TraceRow[]> {
  return db.query<TraceRow>(
    `${TRACE_SELECT}
      where E.state = 'pending'
        and E.trace_id in (select M.trace_id from messages M
                            where M.direction = 'in' and M.source is null
                              and ${messageHashMatch('$1')})
      order by E.end_lt desc nulls last, E.trace_id desc limit $2`,
    [hashes, limit],
  );
}

/** Batch function for the trace-by-id loader. */
export async function tracesByIds(db: Queryable, ids: readonly string[]): Promise<(TraceRow | null)[]> {
  const rows = await db.query<TraceRow>(`${TRACE_SELECT} where E.trace_id = any($1::text[]::tonhash[])`, [ids]);
  return oneEach(ids, rows, (r) => r.trace_id);
}

/**
 * Batch function: each trace's transactions, lt ascending (account breaks ties); whole rows unless `columns`
 * names fewer (GraphQL, which loads descriptions on demand).
 */
export async function transactionsByTraces(db: Queryable, traceIds: readonly string[], columns?: readonly TransactionColumn[]): Promise<TransactionRow[][]> {
  const rows = await db.query<TransactionRow>(
    `${selectTransactions(columns)}
      where T.trace_id = any($1::text[]::tonhash[]) order by T.trace_id, T.lt, T.account`,
    [traceIds],
  );
  const byTrace = new Map<string, TransactionRow[]>(traceIds.map((id) => [id, []]));
  for (const row of rows) byTrace.get(row.trace_id!)?.push(row);
  return traceIds.map((id) => byTrace.get(id)!);
}

/** Of these external message hashes, those whose trace the database holds as complete. */
export async function completedExternalHashes(db: Queryable, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.query<{ hash: string }>(
    `select distinct M.msg_hash as hash from messages M join traces E on E.trace_id = M.trace_id
      where M.msg_hash = any($1::text[]::tonhash[]) and E.state = 'complete'`,
    [hashes],
  );
  return new Set(rows.map((r) => r.hash));
}

/** `/traces` filters, all ANDed (values already checked); at most one of account, ids, transaction and message hashes. */
export interface TraceFilter extends Windows {
  account?: string;
  traceIds: string[];
  txHashes: string[];
  msgHashes: string[];
  mcSeqno?: number;
}

/**
 * An account's traces are planned for the account at hand: a typical account has a few transactions (read them,
 * then their traces), a hub thousands (walk the traces newest first, checking each); one cached plan for both is
 * 30 times slower for the hub.
 */
const byAccount = (f: TraceFilter) => (f.account === undefined ? (sql: string) => sql : replanned);

/** The WHERE conditions of a trace filter on `traces E`; the windows bound the trace's end. */
function traceConditions(f: TraceFilter, bind: Bind): string[] {
  const where = windowConditions(f, bind, { time: 'E.end_utime', lt: 'E.end_lt' });
  if (f.account !== undefined) where.push(`exists (select 1 from transactions T where T.trace_id = E.trace_id and T.account = ${bind(f.account)}::text)`);
  if (f.traceIds.length > 0) where.push(`E.trace_id = any(${bind(f.traceIds)}::text[]::tonhash[])`);
  if (f.txHashes.length > 0) where.push(`E.trace_id in (select T.trace_id from transactions T where T.hash = any(${bind(f.txHashes)}::text[]::tonhash[]))`);
  if (f.msgHashes.length > 0) where.push(`E.trace_id in (select M.trace_id from messages M where ${messageHashMatch(bind(f.msgHashes))})`);
  if (f.mcSeqno !== undefined) where.push(`E.state = 'complete' and E.mc_seqno_end = ${bind(f.mcSeqno)}::int8`);
  return where;
}

/**
 * A `/traces` page in TON Center's order: end lt (end time with a time window), then trace id, both in the
 * requested direction; NOT_FOUND when `mcSeqno` names a masterchain block that is not indexed.
 */
export async function tracesPage(db: Queryable, f: TraceFilter, page: { limit: number; offset: number; sort: 'asc' | 'desc' }): Promise<TraceRow[]> {
  if (f.mcSeqno !== undefined) await db.catchUp?.(f.mcSeqno);
  const { values, bind } = boundValues();
  const where = traceConditions(f, bind);
  const dir = page.sort === 'asc' ? 'asc' : 'desc';
  const end = hasTimeWindow(f) ? 'E.end_utime' : 'E.end_lt';
  const rows = await db.query<TraceRow>(
    byAccount(f)(`${TRACE_SELECT}${where.length > 0 ? ` where ${where.join(' and ')}` : ''}
      order by ${end} ${dir}, E.trace_id ${dir} limit ${bind(page.limit)} offset ${bind(page.offset)}`),
    values,
  );
  return f.mcSeqno === undefined ? rows : requireBlockOf(db, f.mcSeqno, rows);
}

/** The sort key of trace connections, newest first: end lt, then trace id. */
export const TRACE_KEY = [
  { expr: 'E.end_lt', type: 'int8', field: 'end_lt' },
  { expr: 'E.trace_id', type: 'tonhash', field: 'trace_id' },
] as const satisfies readonly KeyColumn[];

/** A keyset page of the traces matching a filter, newest end first (traces without an end lt are left out). */
export async function tracesKeyset(db: Queryable, f: TraceFilter, page: KeysetPage): Promise<TraceRow[]> {
  if (f.mcSeqno !== undefined) await db.catchUp?.(f.mcSeqno);
  const { values, bind } = boundValues();
  const seek = keyset(TRACE_KEY, page, bind);
  const where = ['E.end_lt is not null', ...traceConditions(f, bind), ...seek.where];
  const rows = await db.query<TraceRow>(byAccount(f)(`${TRACE_SELECT} where ${where.join(' and ')} order by ${seek.order} limit ${seek.limit}`), values);
  return f.mcSeqno === undefined ? rows : requireBlockOf(db, f.mcSeqno, rows);
}

/** The live log's order of finalized traces: by the block that completed them, then end lt, then trace id. */
// trace ids compared byte by byte (collation "C"), as the positions in event ids are
const LOG_KEY = `E.mc_seqno_end, coalesce(E.end_lt, 0), E.trace_id collate "C"`;
const LOG_ORDER = `order by ${LOG_KEY}`;

/** Traces completed by the masterchain blocks `from`..`to` (their last transaction committed there), in log order. */
export function tracesCompletedIn(db: Queryable, from: number, to: number): Promise<TraceRow[]> {
  return db.query<TraceRow>(`${TRACE_SELECT} where E.mc_seqno_end between $1 and $2 and E.state = 'complete' ${LOG_ORDER}`, [from, to]);
}

/** Where a replay of the live log stands: a block, and within it the last trace read (none: from its start). */
export interface LogSeek {
  seqno: number;
  after?: { endLt: string; traceId: string; inclusive: boolean };
}

/**
 * The next `limit` traces, in log order, after `from` and completed by block `to` at the latest, that have a
 * transaction of one of `accounts` or one of the trace `keys`. The accounts' transactions are found through
 * their (account, now) index from `since` (unix time): a trace completed in the range started at most a few
 * minutes before it. Trace keys have no index: with them the block range's traces are read.
 */
export function tracesCompletedFor(
  db: Queryable,
  interest: { accounts: string[]; keys: string[]; since: number },
  from: LogSeek,
  to: number,
  limit: number,
): Promise<TraceRow[]> {
  const { values, bind } = boundValues();
  const seek = from.after
    ? `(${LOG_KEY}) ${from.after.inclusive ? '>=' : '>'} (${bind(from.seqno)}, ${bind(from.after.endLt)}::bigint, ${bind(from.after.traceId)}::text collate "C")`
    : `E.mc_seqno_end >= ${bind(from.seqno)}`;
  const whose = [
    ...(interest.accounts.length > 0
      ? // gathered into an array first, so the traces are found by their key, whatever the block range holds
        [
          `E.trace_id = any(array(select T.trace_id from transactions T where T.account = any(${bind(interest.accounts)}::text[]) and T.now >= ${bind(interest.since)}))`,
        ]
      : []),
    ...(interest.keys.length > 0 ? [`E.external_hash_norm = any(${bind(interest.keys)}::text[]::tonhash[])`] : []),
  ];
  if (whose.length === 0) return Promise.resolve([]);
  return db.query<TraceRow>(
    `${TRACE_SELECT} where ${seek} and E.mc_seqno_end <= ${bind(to)} and E.state = 'complete' and (${whose.join(' or ')}) ${LOG_ORDER} limit ${bind(limit)}`,
    values,
  );
}
