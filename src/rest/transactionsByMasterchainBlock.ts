import type { RequestContext } from '../context';
import { transactionsResponse } from '../data/transactionDetails';
import { blockPage, type BlockPage } from '../data/transactions';
import type { RequestSettings } from '../params/requestSettings';

/** GET /api/v3/transactionsByMasterchainBlock: the body, and whether it can never change (for caching). */
export async function getTransactionsByMasterchainBlock(ctx: RequestContext, page: BlockPage, settings: RequestSettings) {
  const { rows, finalized } = await blockPage(ctx.db, page, ctx.services.masterchainTip);
  return { body: await transactionsResponse(ctx, rows, settings.noAddressBook), immutable: finalized };
}
