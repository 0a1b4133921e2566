import type { RequestContext } from '../context';
import { completedExternalHashes, pendingTracesByAccount, pendingTracesByExternalHashes, type TraceRow } from '../data/traces';
import { headerOnly, isTooLarge, maxTraceTransactions } from './cap';
import type { Trace } from './model';
import { traceKey } from './model';

export type PendingQuery = { account: string; limit: number } | { extMsgHashes: string[]; limit: number };

/** Database traces with their transactions and actions, each list one batched statement; too large ones as headers. */
export async function databaseTraces(ctx: RequestContext, rows: TraceRow[]): Promise<Trace[]> {
  const max = maxTraceTransactions(ctx);
  const ids = rows.filter((r) => !isTooLarge(r.nodes_, max)).map((r) => r.trace_id);
  const [txLists, actionLists] = await Promise.all([ctx.loaders.transactionsByTrace.loadMany(ids), ctx.loaders.actionsByTrace.loadMany(ids)]);
  const index = new Map(ids.map((id, i) => [id, i]));
  return rows.map((header) => {
    const i = index.get(header.trace_id);
    if (i === undefined) return headerOnly('database', header);
    const txs = txLists[i];
    const actions = actionLists[i];
    if (txs instanceof Error) throw txs;
    if (actions instanceof Error) throw actions;
    return {
      source: 'database',
      header,
      transactions: txs.map((row) => ({ row, emulated: false, finality: 'finalized', traceExternalHash: header.external_hash })),
      actions,
    };
  });
}

async function fromDatabase(ctx: RequestContext, q: PendingQuery): Promise<Trace[]> {
  const rows = 'account' in q
    ? await pendingTracesByAccount(ctx.db, q.account, q.limit)
    : await pendingTracesByExternalHashes(ctx.db, q.extMsgHashes, q.limit);
  return databaseTraces(ctx, rows);
}

async function fromEmulator(ctx: RequestContext, q: PendingQuery, warnings: string[]): Promise<Trace[]> {
  const emulator = ctx.services.emulator;
  if (!emulator) return [];
  const max = maxTraceTransactions(ctx);
  let traces: Trace[];
  try {
    traces = 'account' in q ? await emulator.tracesByAccount(q.account, max) : await emulator.tracesByExternalHashes(q.extMsgHashes, max);
  } catch (err) {
    ctx.services.log.warn({ err }, 'emulated traces unavailable');
    warnings.push('emulated traces are missing: Redis (the trace emulator\'s store) did not answer; only traces pending in the database are shown');
    return [];
  }
  // A trace the database already holds as complete is no longer pending, whatever Redis still keeps.
  const done = await completedExternalHashes(ctx.db, traces.map((t) => t.header.external_hash!));
  const live = traces.filter((t) => !done.has(t.header.external_hash!));
  for (const trace of live) rememberEmulated(ctx, trace);
  return live;
}

function rememberEmulated(ctx: RequestContext, trace: Trace): void {
  for (const tx of trace.transactions) {
    ctx.emulated.transactions.set(tx.row.hash, tx);
    for (const m of tx.messages ?? []) (m.direction === 'out' ? ctx.emulated.senders : ctx.emulated.receivers).set(m.msg_hash, tx.row.hash);
  }
}

// A trace whose end is unknown (an emulated one too large to read) sorts by its start, a lower bound.
const endLt = (t: Trace) => BigInt(t.header.end_lt ?? t.header.start_lt ?? -1);

/**
 * Pending traces from the database and, when configured, the emulator's Redis: one entry per trace (the
 * emulated view wins while it lasts), newest end_lt first, `limit` applied after the merge.
 */
export async function findPendingTraces(ctx: RequestContext, q: PendingQuery): Promise<{ traces: Trace[]; warnings: string[] }> {
  const warnings = ctx.warnings;
  const [stored, emulated] = await Promise.all([fromDatabase(ctx, q), fromEmulator(ctx, q, warnings)]);
  const merged = new Map<string, Trace>();
  for (const t of stored) merged.set(traceKey(t), t);
  for (const t of emulated) merged.set(traceKey(t), t);
  const traces = [...merged.values()].sort((a, b) => (endLt(a) < endLt(b) ? 1 : endLt(a) > endLt(b) ? -1 : 0)).slice(0, q.limit);
  return { traces, warnings };
}
