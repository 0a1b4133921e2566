/** balanceChanges: the nanotons, fees and jetton amounts a trace (or one of its actions) moved, per address. */
import type { RequestContext } from '../context';
import { traceOfAction } from '../data/balanceChanges';
import { transactionsByTraces } from '../data/traces';
import { ApiError, badInput, notFound } from '../errors';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import { type BalanceMessage, type BalanceTransaction, balanceChanges, type Changes, type TraceBalanceChanges } from '../traces/balanceChanges';
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
 * The balance changes of stored traces and of their actions, each as `findBalanceChanges` computes one, in a
 * fixed number of statements however many traces (trace headers, transactions, messages, actions, jetton wallets:
 * one each, all but the transactions through the request's loaders).
 * A trace that cannot be computed gets its error in its place: 404 `trace or action not found` when the trace
 * has no transaction, 422 for one past MAX_TRACE_TRANSACTIONS.
 */
export async function tracesBalanceChanges(ctx: RequestContext, traceIds: readonly string[]): Promise<(TraceBalanceChanges | ApiError)[]> {
  const headers = await ctx.loaders.trace.loadMany(traceIds);
  const max = maxTraceTransactions(ctx);
  const tooLarge = () => badInput(`the trace has more than ${max} transactions (MAX_TRACE_TRANSACTIONS); its balance changes are not computed`);
  const results = new Map<string, TraceBalanceChanges | ApiError>();
  let nodes = 0;
  headers.forEach((header, i) => {
    if (header instanceof Error) throw header;
    if (header === null) results.set(traceIds[i], notFound(NOT_FOUND));
    else if (isTooLarge(header.nodes_, max)) results.set(traceIds[i], tooLarge());
    else nodes += Number(header.nodes_ ?? 1);
  });
  const ids = [...new Set(traceIds.filter((id) => !results.has(id)))];
  const answer = () => traceIds.map((id) => results.get(id)!);
  if (ids.length === 0) return answer();
  // the limiter admitted one transaction; the traces weigh all of their own
  await ctx.grow?.(Math.max(0, nodes - 1));
  const lists = new Map((await transactionsByTraces(ctx.db, ids, COLUMNS)).map((rows, i) => [ids[i], rows]));
  const computed = ids.filter((id) => {
    const count = lists.get(id)!.length;
    if (count > 0 && count <= max) return true;
    results.set(id, count === 0 ? notFound(NOT_FOUND) : tooLarge());
    return false;
  });
  if (computed.length === 0) return answer();
  const rows = computed.flatMap((id) => lists.get(id)!);
  // through the request's loader: a GraphQL selection that also reads these transactions' messages shares the statement
  const messages = await ctx.loaders.messagesByTransaction.loadMany(rows.map((r) => r.hash));
  const messagesOf = new Map(
    rows.map((r, i) => {
      const list = messages[i];
      if (list instanceof Error) throw list;
      return [r.hash, list];
    }),
  );
  const stored = await ctx.loaders.actionsByTrace.loadMany(computed);
  const changes = await Promise.all(
    computed.map((id, i) => {
      const actions = stored[i];
      if (actions instanceof Error) throw actions;
      const transactions: BalanceTransaction[] = lists.get(id)!.map((r) => {
        const own = messagesOf.get(r.hash)!;
        const inbound = own.find((m) => m.direction === 'in');
        return {
          hash: r.hash,
          account: r.account,
          lt: BigInt(r.lt),
          totalFees: r.total_fees === null ? null : BigInt(r.total_fees),
          in: inbound ? message(inbound) : null,
          out: own.filter((m) => m.direction === 'out').map(message),
        };
      });
      return balanceChanges(
        transactions,
        // TON Center's actions query keeps the finished ones (end_lt set)
        actions.filter((a) => a.end_lt !== null).map((a) => ({ actionId: a.action_id, type: a.type, txHashes: a.tx_hashes ?? [] })),
        // the jetton wallets among every trace's candidates, in one statement: the traces run together and ask in one tick
        async (candidates) =>
          (await ctx.loaders.jettons.wallet.loadMany(candidates)).flatMap((w) => {
            if (w instanceof Error) throw w;
            return w === null ? [] : [{ address: w.address, owner: w.owner ?? '', jetton: w.jetton ?? '' }];
          }),
      );
    }),
  );
  computed.forEach((id, i) => results.set(id, changes[i]));
  return answer();
}

/**
 * The changes asked for: the trace's, or the action's; null for an action TON Center computes none for (a
 * `contract_deploy`, or one not finished). 404 `trace or action not found` when the trace has no transaction or
 * the action is not one of its actions; 422 for a trace past MAX_TRACE_TRANSACTIONS.
 */
export async function findBalanceChanges(ctx: RequestContext, request: BalanceChangesRequest): Promise<Changes | null> {
  const traceId = request.traceId ?? (await traceOfAction(ctx.db, request.actionId!));
  if (traceId === null) throw notFound(NOT_FOUND);
  const [result] = await tracesBalanceChanges(ctx, [traceId]);
  if (result instanceof ApiError) throw result;
  if (request.actionId === undefined) return result.trace;
  if (!(await ctx.loaders.actionsByTrace.load(traceId)).some((a) => a.action_id === request.actionId)) throw notFound(NOT_FOUND);
  return result.actions.get(request.actionId) ?? null;
}
