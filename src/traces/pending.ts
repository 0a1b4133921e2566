import type { RequestContext } from '../context';
import { completedExternalHashes, pendingTracesByAccount, pendingTracesByExternalHashes, type TraceRow } from '../data/traces';
import { MAX_ACCOUNT_MEMBERS } from '../emulator/accountKeys';
import type { EmulatorRepository } from '../emulator/repository';
import { maxTraceTransactions } from './cap';
import { headerOnly, isTooLarge } from './size';
import type { Trace } from './model';
import { traceKey } from './model';

export type PendingQuery = { account: string; limit: number } | { extMsgHashes: string[]; limit: number };

/**
 * Database traces with their transactions and (unless left out) actions, each list one batched statement; too
 * large ones as headers.
 */
export async function databaseTraces(ctx: RequestContext, rows: TraceRow[], opts: { actions: boolean } = { actions: true }): Promise<Trace[]> {
  const max = maxTraceTransactions(ctx);
  const loaded = rows.filter((r) => !isTooLarge(r.nodes_, max));
  const ids = loaded.map((r) => r.trace_id);
  // A trace page was admitted weighing one per trace; what it shapes is their transactions.
  await ctx.grow?.(loaded.reduce((sum, r) => sum + Math.max(0, Number(r.nodes_ ?? 1) - 1), 0));
  const [txLists, actionLists] = await Promise.all([
    ctx.loaders.transactionsByTrace.loadMany(ids),
    opts.actions ? ctx.loaders.actionsByTrace.loadMany(ids) : ids.map(() => []),
  ]);
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
      // As TON Center: a pending trace's transactions name its external message, a completed one's do not.
      transactions: txs.map((row) => ({
        row,
        emulated: false,
        finality: 'finalized',
        traceExternalHash: header.state === 'pending' ? header.external_hash : null,
      })),
      actions,
    };
  });
}

async function fromDatabase(ctx: RequestContext, q: PendingQuery): Promise<Trace[]> {
  const rows = 'account' in q ? await pendingTracesByAccount(ctx.db, q.account, q.limit) : await pendingTracesByExternalHashes(ctx.db, q.extMsgHashes, q.limit);
  return databaseTraces(ctx, rows);
}

/** A Redis read that failed: reported as a warning, where a database failure fails the request. */
class EmulatorUnavailable extends Error {}

const fromRedis = <T>(read: Promise<T>): Promise<T> =>
  read.catch((err) => {
    throw new EmulatorUnavailable('Redis did not answer', { cause: err });
  });

async function fromEmulator(ctx: RequestContext, q: PendingQuery, warnings: string[]): Promise<Trace[]> {
  const emulator = ctx.services.emulator;
  if (!emulator) return [];
  const max = maxTraceTransactions(ctx);
  let live: Trace[];
  try {
    live =
      'account' in q
        ? await emulatedByAccount(ctx, emulator, q.account, q.limit, max, warnings)
        : await dropCompleted(ctx, await fromRedis(emulator.tracesByExternalHashes(q.extMsgHashes, max)));
  } catch (err) {
    if (!(err instanceof EmulatorUnavailable)) throw err;
    emulator.failures.error(err.cause as Error);
    warnings.push("emulated traces are missing: Redis (the trace emulator's store) did not answer; only traces pending in the database are shown");
    return [];
  }
  emulator.failures.recovered();
  for (const trace of live) rememberEmulated(ctx, trace);
  return live;
}

/**
 * An account's emulated traces, at least `limit` live ones when Redis has them, newest first by the account's
 * own transactions in them (a lower bound of their end_lt: a trace that started earlier but ended later can
 * be passed over). Only as many trace keys are read as that needs; traces dropped as complete (or expired
 * meanwhile) are replaced by the next ones, each refill asking for twice as many per missing trace as the
 * last, so dropping does not shorten the answer and the rounds stay few. The account's set is read up to
 * MAX_ACCOUNT_MEMBERS members.
 */
async function emulatedByAccount(
  ctx: RequestContext,
  emulator: EmulatorRepository,
  account: string,
  limit: number,
  max: number,
  warnings: string[],
): Promise<Trace[]> {
  const keys = emulator.accountTraceKeys(account);
  const live: Trace[] = [];
  for (let round = 0; live.length < limit; round += 1) {
    const batch = await fromRedis(keys.next((limit - live.length) * 2 ** round));
    if (batch.length === 0) break;
    live.push(...(await dropCompleted(ctx, await fromRedis(emulator.tracesByKeys(batch, max)))));
  }
  if (live.length < limit && keys.truncated) {
    warnings.push(`emulated traces may be missing: only the newest ${MAX_ACCOUNT_MEMBERS} transactions of this account in Redis were read`);
  }
  return live;
}

/** A trace the database already holds as complete is no longer pending, whatever Redis still keeps. */
async function dropCompleted(ctx: RequestContext, traces: Trace[]): Promise<Trace[]> {
  const done = await completedExternalHashes(
    ctx.db,
    traces.map((t) => t.header.external_hash!),
  );
  return traces.filter((t) => !done.has(t.header.external_hash!));
}

export function rememberEmulated(ctx: RequestContext, trace: Trace): void {
  for (const tx of trace.transactions) {
    ctx.emulated.transactions.set(tx.row.hash, tx);
    for (const m of tx.messages ?? []) (m.direction === 'out' ? ctx.emulated.senders : ctx.emulated.receivers).set(m.msg_hash, tx.row.hash);
  }
}

// A trace whose end is unknown (an emulated one too large to read) sorts by its start, a lower bound.
const endLt = (t: Trace) => BigInt(t.header.end_lt ?? t.header.start_lt ?? -1);

/** Newest end first, equal ends by trace key (descending, as the database's trace id tie-break): a total order. */
const newestEndFirst = (a: Trace, b: Trace) => {
  const [x, y, p, q] = [endLt(a), endLt(b), traceKey(a), traceKey(b)];
  return x < y ? 1 : x > y ? -1 : p < q ? 1 : p > q ? -1 : 0;
};

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
  const traces = [...merged.values()].sort(newestEndFirst).slice(0, q.limit);
  return { traces, warnings };
}
