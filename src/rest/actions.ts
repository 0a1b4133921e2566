import { requestedTypes } from '../actions/supported';
import type { RequestContext } from '../context';
import { findActions, type ActionsRequest } from '../operations/actions';
import type { RequestSettings } from '../params/requestSettings';
import { addressesOfAction } from '../shape/traces';
import { bookAndMetadata, completeTransactions, withTransactionsFull } from '../shape/transactions';
import { toWireAction } from '../wire/action';

/**
 * GET /api/v3/actions: `{actions, address_book, metadata}` over the actions' addresses; with
 * `include_transactions`, each action's transactions whole in `transactions_full` (all of them).
 */
export async function getActions(ctx: RequestContext, request: ActionsRequest, settings: RequestSettings) {
  const { rows, transactions } = await findActions(ctx, request, requestedTypes(settings.actionsVersion, request.filter.supported));
  const plain = rows.map((a) => toWireAction(a, ctx.services.network));
  let actions: typeof plain = plain;
  if (transactions) {
    actions = withTransactionsFull(
      plain,
      await completeTransactions(
        ctx,
        transactions.map((row) => ({ row })),
      ),
    );
  }
  return { body: { actions, ...(await bookAndMetadata(ctx, plain.flatMap(addressesOfAction), settings)) }, immutable: false };
}
