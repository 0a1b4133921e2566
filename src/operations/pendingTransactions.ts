/** pendingTransactions: the accounts' transactions in traces still in flight. */
import type { RequestContext } from '../context';
import { notFound } from '../errors';
import { addresses, hashes, PENDING_TRACE_BOUND } from '../params/common';
import { parseParams, type ParamSource, type ParsedParams, type RouteParams } from '../params/spec';
import { traceKey, type TraceTransaction } from '../traces/model';
import { findPendingTraces } from '../traces/pending';

export const PENDING_TRANSACTIONS = {
  params: {
    account: { ...addresses('Transactions of these accounts in traces still in flight'), max: 10, required: 'at least one account address' },
    trace_id: hashes('Only transactions of these traces'),
  },
} as const satisfies RouteParams;

export type PendingTransactionsRequest = ParsedParams<typeof PENDING_TRANSACTIONS>;

export const pendingTransactionsRequest = (source: ParamSource): PendingTransactionsRequest => parseParams(PENDING_TRANSACTIONS, source);

const newestFirst = (a: TraceTransaction, b: TraceTransaction) => {
  const [x, y] = [BigInt(a.row.lt), BigInt(b.row.lt)];
  return x < y ? 1 : x > y ? -1 : a.row.account < b.row.account ? -1 : a.row.account > b.row.account ? 1 : 0;
};

/**
 * The transactions of the accounts in traces still in flight (database and emulator, merged per trace as
 * `pendingTraces` does), newest lt first; NOT_FOUND `emulated traces not found` when the accounts have no trace in
 * flight, as TON Center answers. Shared by REST and GraphQL.
 */
export async function findPendingTransactions(ctx: RequestContext, request: PendingTransactionsRequest): Promise<TraceTransaction[]> {
  const accounts = new Set(request.account);
  const perAccount = await Promise.all(request.account.map((account) => findPendingTraces(ctx, { account, limit: PENDING_TRACE_BOUND })));
  const traces = new Map(perAccount.flatMap((r) => r.traces).map((t) => [traceKey(t), t]));
  if (traces.size === 0) throw notFound('emulated traces not found');
  const wanted = new Set(request.trace_id);
  const txs = [...traces.values()]
    .filter((t) => wanted.size === 0 || (t.header.trace_id !== null && wanted.has(t.header.trace_id)))
    .flatMap((t) => t.transactions)
    .filter((tx) => accounts.has(tx.row.account))
    .sort(newestFirst);
  return [...new Map(txs.map((tx) => [tx.row.hash, tx])).values()];
}
