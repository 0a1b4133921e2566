import { createRequestContext, type RequestContext, type Services } from '../context';
import { latestMasterchainSeqno, masterchainBlockTime } from '../data/blocks';
import { jettonWalletsChangedFor } from '../data/jettons';
import { tracesCompletedFor, type LogSeek } from '../data/traces';
import type { Trace } from '../traces/model';
import { traceKey } from '../traces/model';
import { comparePositions, END, type Position } from './cursor';
import type { LiveEvent, TraceEvent } from './events';
import type { LiveHub } from './hub';
import { jettonPosition, loggedEvents, tracePosition } from './log';

/** Traces read per statement of a replay: what one step of it holds in memory. */
const PAGE = 100;
/** Jetton wallet changes a replay reads per step at most. */
const MAX_JETTONS = 1000;
/**
 * How long before the first replayed block a trace completed in it may have started: the accounts'
 * transactions are looked up from then on (their (account, now) index). Longer traces are not replayed.
 */
const TRACE_SPAN_SECONDS = 600;
/** Members of each account's set read (its newest transactions), and emulated traces re-sent per replay, at most. */
const PENDING_PER_ACCOUNT = 20;
const MAX_PENDING = 200;

export interface ReplayInterest {
  accounts: readonly string[];
  traceKeys: readonly string[];
}

/**
 * The last block a replay reads: the newest the database has, and never less than what the hub has published
 * (a subscriber's live queue starts there, so the replay must reach it).
 */
export async function replayEnd(services: Services, hub: LiveHub): Promise<number> {
  const tip = await latestMasterchainSeqno(createRequestContext(services).db);
  return Math.max(tip ?? 0, hub.position?.seqno ?? 0);
}

/**
 * The live log's events for `interest` from `from` (the event there included: a resume may be in the middle of
 * it; after it when it is a block's END) through block `to`, in log order, a page at a time: finalized traces
 * with a transaction of the accounts (or with the trace keys), and the accounts' jetton wallets (or the wallets
 * owned by them) whose stored state a transaction of those blocks left.
 */
export async function* replayLog(services: Services, interest: ReplayInterest, from: Position, to: number, brings = true): AsyncGenerator<LiveEvent[]> {
  const ctx = createRequestContext(services);
  await ctx.db.catchUp?.(to);
  const accounts = [...interest.accounts];
  const keys = [...interest.traceKeys];
  let at = from;
  let inclusive = from.ord !== END;
  for (;;) {
    const seek = seekOf(at, inclusive);
    // from the block the step starts at, so a long replay does not re-read the accounts' whole window each step
    const since = ((await masterchainBlockTime(ctx.db, seek.seqno)) ?? (await masterchainBlockTime(ctx.db, to)) ?? TRACE_SPAN_SECONDS) - TRACE_SPAN_SECONDS;
    const page = await tracesCompletedFor(ctx.db, { accounts, keys, since }, seek, to, PAGE);
    const last = page.at(-1);
    let end: Position = page.length === PAGE && last ? tracePosition(last) : { seqno: to, ord: END };
    const after = (p: Position) => (inclusive ? comparePositions(p, at) >= 0 : comparePositions(p, at) > 0);
    const changed = await jettonWalletsChangedFor(ctx.db, accounts, at.seqno, end.seqno, MAX_JETTONS);
    // as many jetton changes as a step reads: the step ends at the last, and the next goes on from there
    const lastChange = changed.at(-1);
    if (changed.length === MAX_JETTONS && lastChange && after(jettonPosition(lastChange)) && comparePositions(jettonPosition(lastChange), end) < 0)
      end = jettonPosition(lastChange);
    const within = (p: Position) => after(p) && comparePositions(p, end) <= 0;
    const traces = page.filter((row) => within(tracePosition(row)));
    const jettons = changed.filter((row) => within(jettonPosition(row)));
    // each step reads with a context of its own: its loaders hold only its page
    const step = createRequestContext(services);
    const events = await loggedEvents(step, traces, jettons);
    yield brings ? await withRendering(step, events) : events;
    if (end.ord === END && end.seqno === to) return;
    at = end;
    inclusive = false;
  }
}

/**
 * The events with what rendering them reads, brought along in the step (one statement for the page's messages,
 * one for its account states): a replay's events are its subscriber's own, not shared as live ones are, so each
 * resumed subscriber renders them, and would otherwise read two statements per event outside the steps that
 * LIVE_RESUME_CONCURRENCY bounds. The page's events share its maps.
 */
async function withRendering(ctx: RequestContext, events: LiveEvent[]): Promise<LiveEvent[]> {
  const traces = events.filter((e): e is TraceEvent => e.kind === 'trace');
  const rows = traces.flatMap((e) => e.trace.transactions.filter((t) => !t.messages).map((t) => t.row));
  if (rows.length === 0) return events;
  const hashes = rows.map((r) => r.hash);
  const stateHashes = [...new Set(rows.flatMap((r) => [r.account_state_hash_before, r.account_state_hash_after]))].filter((h): h is string => h !== null);
  const [lists, states] = await Promise.all([ctx.loaders.messagesByTransaction.loadMany(hashes), ctx.loaders.accountState.loadMany(stateHashes)]);
  const value = <T>(v: T | Error): T => {
    if (v instanceof Error) throw v;
    return v;
  };
  const brought = {
    messages: new Map(hashes.map((hash, i) => [hash, value(lists[i])])),
    states: new Map(stateHashes.map((hash, i) => [hash, value(states[i])])),
  };
  for (const event of traces) event.brought = brought;
  return events;
}

/** Where the log's statement starts: at (or after) a trace's place, or at the block after a jetton change or a block told whole. */
function seekOf(p: Position, inclusive: boolean): LogSeek {
  if (p.ord.startsWith('t')) return { seqno: p.seqno, after: { endLt: String(BigInt(p.ord.slice(1, 21))), traceId: p.ord.slice(21), inclusive } };
  // a block's traces come before its jetton changes
  return { seqno: p.seqno + 1 };
}

/**
 * The accounts' traces the emulator still keeps that are not final yet, as they now are: a subscriber that
 * resumes hears of them again (it tells them apart by trace key and finality). A classified one comes twice:
 * its transactions, then its actions.
 */
export async function unfinalTraces(services: Services, interest: ReplayInterest): Promise<TraceEvent[]> {
  const emulator = services.emulator;
  if (!emulator) return [];
  const traces = new Map<string, Trace>();
  try {
    // the newest members of each account's set, in one pipeline; then the traces, in another
    const keys = [...new Set([...(await emulator.recentTraceKeys([...interest.accounts], PENDING_PER_ACCOUNT)), ...interest.traceKeys])].slice(0, MAX_PENDING);
    for (const trace of await emulator.tracesByKeys(keys, services.maxTraceTransactions)) traces.set(traceKey(trace), trace);
  } catch (err) {
    services.log.warn({ err }, 'live resume: the emulated traces could not be read from Redis');
  }
  const out: TraceEvent[] = [];
  for (const [key, trace] of traces) {
    const finalities = trace.transactions.map((t) => t.finality);
    if (finalities.length === 0 || finalities.every((f) => f === 'finalized')) continue;
    out.push({ kind: 'trace', key, stage: finalities.every((f) => f === 'pending') ? 'pending' : 'confirmed', trace });
    if (trace.actions.length > 0) out.push({ kind: 'trace', key, stage: 'classified', trace });
  }
  return out;
}
