/** pendingActions: the actions of traces still in flight. */
import { expandActionTypes, selectActions } from '../actions/supported';
import type { RequestContext } from '../context';
import type { ActionRow } from '../data/actions';
import { EXT_MSG_HASHES, PENDING_TRACE_BOUND, SUPPORTED_ACTION_TYPES } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import { findPendingTraces, type PendingQuery } from '../traces/pending';

export const PENDING_ACTIONS = {
  params: {
    account: { kind: 'address', description: 'Actions involving this account in traces still in flight (it wins over `ext_msg_hash`, as on TON Center).' },
    ext_msg_hash: EXT_MSG_HASHES,
    supported_action_types: SUPPORTED_ACTION_TYPES,
    include_transactions: { kind: 'boolean', description: 'Each action with its transactions whole (`transactions_full`), emulated ones included.' },
  },
  atLeastOne: [['account', 'ext_msg_hash']],
} as const satisfies RouteParams;

export interface PendingActionsRequest {
  query: PendingQuery;
  account?: string;
  supportedActionTypes: ReadonlySet<string>;
  includeTransactions: boolean;
}

/** Shared by REST and GraphQL: an account (it wins, as on TON Center) or external message hashes. */
export function pendingActionsRequest(source: ParamSource): PendingActionsRequest {
  const p = parseParams(PENDING_ACTIONS, source);
  return {
    query: p.account !== undefined ? { account: p.account, limit: PENDING_TRACE_BOUND } : { extMsgHashes: p.ext_msg_hash, limit: PENDING_TRACE_BOUND },
    account: p.account,
    supportedActionTypes: expandActionTypes(p.supported_action_types),
    includeTransactions: p.include_transactions ?? false,
  };
}

const byEndThenStart = (a: ActionRow, b: ActionRow) => {
  const [x, y] = [BigInt(a.end_lt ?? -1), BigInt(b.end_lt ?? -1)];
  if (x !== y) return x < y ? 1 : -1;
  const [s, t] = [BigInt(a.start_lt ?? -1), BigInt(b.start_lt ?? -1)];
  if (s !== t) return s < t ? 1 : -1;
  return a.action_id < b.action_id ? 1 : a.action_id > b.action_id ? -1 : 0;
};

/**
 * The actions of the traces still in flight (database and emulator, as `pendingTraces` merges them), traces newest
 * first and, within one, actions by end lt, start lt, then action id, newest first; by account, only those involving it.
 * Shared by REST and GraphQL.
 */
export async function findPendingActions(ctx: RequestContext, request: PendingActionsRequest, types: ReadonlySet<string>) {
  const { traces, warnings } = await findPendingTraces(ctx, request.query);
  const rows = traces.flatMap((trace) =>
    selectActions(trace.actions, types)
      .filter((a) => request.account === undefined || a.accounts.includes(request.account))
      .sort(byEndThenStart),
  );
  return { traces, rows, warnings };
}
