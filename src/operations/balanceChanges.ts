/** balanceChanges: the nanotons, fees and jetton amounts a trace (or one of its actions) moved, per address. */
import type { RequestContext } from '../context';
import { jettonWalletOwners, traceOfAction } from '../data/balanceChanges';
import { messagesByTransactions } from '../data/messages';
import { transactionsByTraces } from '../data/traces';
import { ApiError, badInput, notFound } from '../errors';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import { type BalanceMessage, type BalanceTransaction, balanceChanges, type Changes } from '../traces/balanceChanges';
import { maxTraceTransactions } from '../traces/cap';
import { isTooLarge } from '../traces/size';
import type { MessageWithContent } from '../data/rows';

export const BALANCE_CHANGES = {
  params: {
    trace_id: {
      kind: 'hash',
      description: 'The trace whose changes are summed: its id as hex, base64 or base64url (as TON Center v1.3 takes it).',
    },
    action_id: {
      kind: 'hash',
      description:
        "One action's changes: those of the transactions it spans, less the first when a contract sent its inbound message. With trace_id, the action is looked up in that trace; alone, its trace is found from it.",
    },
  },
  atLeastOne: [['trace_id', 'action_id']],
} as const satisfies RouteParams;

export interface BalanceChangesRequest {
  traceId?: string;
  actionId?: string;
}

/** Shared by REST and GraphQL: one of the two ids is needed (400 without either, TON Center's status and words, before any other check). */
export function balanceChangesRequest(source: ParamSource): BalanceChangesRequest {
  if (source.single('trace_id') === undefined && source.single('action_id') === undefined) {
    throw new ApiError(400, 'trace_id or action_id is required', 'BAD_USER_INPUT');
  }
  const p = parseParams(BALANCE_CHANGES, source);
  return { traceId: p.trace_id, actionId: p.action_id };
}

const NOT_FOUND = 'trace or action not found';

/** The columns the computation reads of each transaction. */
const COLUMNS = ['hash', 'account', 'lt', 'total_fees', 'trace_id'] as const;

const message = (m: MessageWithContent): BalanceMessage => ({
  hash: m.msg_hash,
  source: m.source,
  destination: m.destination,
  opcode: m.opcode,
  value: m.value === null ? null : BigInt(m.value),
  fwdFee: m.fwd_fee === null ? null : BigInt(m.fwd_fee),
  body: m.body,
});

/**
 * The changes asked for: the trace's, or the action's; null for an action TON Center computes none for (a
 * `contract_deploy`, or one not finished). 404 `trace or action not found` when the trace has no transaction or
 * the action is not one of its actions; 422 for a trace past MAX_TRACE_TRANSACTIONS.
 */
export async function findBalanceChanges(ctx: RequestContext, request: BalanceChangesRequest): Promise<Changes | null> {
  const traceId = request.traceId ?? (await traceOfAction(ctx.db, request.actionId!));
  if (traceId === null) throw notFound(NOT_FOUND);
  const header = await ctx.loaders.trace.load(traceId);
  if (header === null) throw notFound(NOT_FOUND);
  const max = maxTraceTransactions(ctx);
  const tooLarge = () => badInput(`the trace has more than ${max} transactions (MAX_TRACE_TRANSACTIONS); its balance changes are not computed`);
  if (isTooLarge(header.nodes_, max)) throw tooLarge();
  // the limiter admitted one transaction; the trace weighs all of its own
  await ctx.grow?.(Math.max(0, Number(header.nodes_ ?? 1) - 1));
  const [rows] = await transactionsByTraces(ctx.db, [traceId], COLUMNS);
  if (rows.length === 0) throw notFound(NOT_FOUND);
  if (rows.length > max) throw tooLarge();
  const messages = await messagesByTransactions(
    ctx.db,
    rows.map((r) => r.hash),
  );
  const transactions: BalanceTransaction[] = rows.map((r, i) => {
    const inbound = messages[i].find((m) => m.direction === 'in');
    return {
      hash: r.hash,
      account: r.account,
      lt: BigInt(r.lt),
      totalFees: r.total_fees === null ? null : BigInt(r.total_fees),
      in: inbound ? message(inbound) : null,
      out: messages[i].filter((m) => m.direction === 'out').map(message),
    };
  });
  const stored = await ctx.loaders.actionsByTrace.load(traceId);
  // TON Center's actions query keeps the finished ones (end_lt set)
  const finished = stored.filter((a) => a.end_lt !== null);
  const { trace, actions } = await balanceChanges(
    transactions,
    finished.map((a) => ({ actionId: a.action_id, type: a.type, txHashes: a.tx_hashes ?? [] })),
    async (candidates) => (await jettonWalletOwners(ctx.db, candidates)).map((w) => ({ address: w.address, owner: w.owner ?? '', jetton: w.jetton ?? '' })),
  );
  if (request.actionId === undefined) return trace;
  if (!stored.some((a) => a.action_id === request.actionId)) throw notFound(NOT_FOUND);
  return actions.get(request.actionId) ?? null;
}
