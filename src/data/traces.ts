import type { Queryable } from '../db/types';
import { selectTransactions, type TransactionColumn } from './transactions';
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
                              and (M.msg_hash = any($1::text[]::tonhash[]) or M.msg_hash_norm = any($1::text[]::tonhash[])))
      order by E.end_lt desc nulls last, E.trace_id desc limit $2`,
    [hashes, limit],
  );
}

/** Batch function for the trace-by-id loader. */
export async function tracesByIds(db: Queryable, ids: readonly string[]): Promise<(TraceRow | null)[]> {
  const rows = await db.query<TraceRow>(`${TRACE_SELECT} where E.trace_id = any($1::text[]::tonhash[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.trace_id, r]));
  return ids.map((id) => byId.get(id) ?? null);
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
