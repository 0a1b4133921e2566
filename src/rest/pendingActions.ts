import { requestedTypes } from '../actions/supported';
import type { RequestContext } from '../context';
import { findPendingActions, type PendingActionsRequest } from '../operations/pendingActions';
import type { RequestSettings } from '../params/requestSettings';
import { addressesOfAction } from '../shape/traces';
import { bookAndMetadata, completeTraceTransactions, withTransactionsFull } from '../shape/transactions';
import { toWireAction } from '../wire/action';

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
