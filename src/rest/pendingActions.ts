import { expandActionTypes, requestedTypes } from '../actions/supported';
import type { RequestContext } from '../context';
import type { ActionRow } from '../data/actions';
import { addressesOfAction, selectActions } from '../data/traceDetails';
import { bookAndMetadata, completeTraceTransactions, withTransactionsFull } from '../data/transactionDetails';
import { PENDING_ACTIONS, PENDING_TRACE_BOUND } from '../params/routes';
import { parseParams, type ParamSource } from '../params/spec';
import { findPendingTraces, type PendingQuery } from '../traces/pending';
import { toWireAction } from '../wire/action';
import type { RequestSettings } from '../params/requestSettings';

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

/** GET /api/v3/pendingActions: `{actions, address_book, metadata}`, with `transactions_full` when asked. */
export async function getPendingActions(ctx: RequestContext, request: PendingActionsRequest, settings: RequestSettings) {
  const { traces, rows, warnings } = await findPendingActions(ctx, request, requestedTypes(settings.actionsVersion, request.supportedActionTypes));
  const plain = rows.map((a) => toWireAction(a, ctx.services.network));
  const actions = request.includeTransactions
    ? withTransactionsFull(
        plain,
        await completeTraceTransactions(
          ctx,
          traces.flatMap((t) => t.transactions),
        ),
      )
    : plain;
  const body: Record<string, unknown> = { actions, ...(await bookAndMetadata(ctx, plain.flatMap(addressesOfAction), settings)) };
  if (warnings.length > 0) body.warnings = warnings;
  return { body, immutable: false };
}
