import type { RequestContext } from '../context';
import { addressBook, addressesOf, completeTransactions } from '../data/transactionDetails';
import { blockPage, type BlockPage } from '../data/transactions';
import { CONTROL_PARAMS, QueryParams } from './query';
import type { RequestSettings } from './requestSettings';

export const PARAMS = ['seqno', 'limit', 'offset', 'sort', ...CONTROL_PARAMS] as const;

export const MAX_SEQNO = 2 ** 32 - 1;

export function parseBlockPage(query: QueryParams): BlockPage {
  return {
    seqno: query.integer('seqno', { min: 0, max: MAX_SEQNO, required: `the masterchain block seqno, an integer from 0 to ${MAX_SEQNO}` }),
    limit: query.integer('limit', { min: 1, max: 1000, default: 10 }),
    offset: query.integer('offset', { min: 0, max: 2 ** 31 - 1, default: 0 }),
    sort: query.oneOf('sort', ['asc', 'desc'] as const, 'desc'),
  };
}

/** GET /api/v3/transactionsByMasterchainBlock: the body, and whether it can never change (for caching). */
export async function getTransactionsByMasterchainBlock(ctx: RequestContext, page: BlockPage, settings: RequestSettings) {
  const { rows, finalized } = await blockPage(ctx.db, page, ctx.services.masterchainTip);
  const transactions = await completeTransactions(ctx, rows.map((row) => ({ row })));
  const book = settings.noAddressBook ? {} : await addressBook(ctx, addressesOf(transactions));
  return { body: { transactions, address_book: book }, immutable: finalized };
}
