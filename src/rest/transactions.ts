import type { RequestContext } from '../context';
import type { BlockPage } from '../data/transactions';
import { findAdjacentTransactions, type AdjacentTransactionsRequest } from '../operations/adjacentTransactions';
import { findTransactions, type TransactionsRequest, transactionsRequestKey } from '../operations/transactions';
import { findBlockTransactions } from '../operations/transactionsByMasterchainBlock';
import { findTransactionsByMessage, type TransactionsByMessageRequest } from '../operations/transactionsByMessage';
import type { RequestSettings } from '../params/requestSettings';
import { cachedOf, pageRows, transactionsResponse } from '../shape/transactions';

/** GET /api/v3/transactionsByMasterchainBlock: the body, and whether it can never change (for caching). */
export async function getTransactionsByMasterchainBlock(ctx: RequestContext, page: BlockPage, settings: RequestSettings) {
  const { rows, finalized } = await findBlockTransactions(ctx, page);
  return { body: await transactionsResponse(ctx, cachedOf(ctx, rows), settings.noAddressBook), immutable: finalized };
}

/** GET /api/v3/transactions: `{transactions, address_book}`; 404 when `mc_seqno` names a block not indexed. */
export async function getTransactions(ctx: RequestContext, request: TransactionsRequest, settings: RequestSettings) {
  const page = await pageRows(
    ctx,
    (columns) => findTransactions(ctx, request, columns),
    () => transactionsRequestKey(request),
  );
  return { body: await transactionsResponse(ctx, page, settings.noAddressBook), immutable: false };
}

/** GET /api/v3/transactionsByMessage: `{transactions, address_book}`. */
export async function getTransactionsByMessage(ctx: RequestContext, request: TransactionsByMessageRequest, settings: RequestSettings) {
  const rows = await findTransactionsByMessage(ctx, request);
  return { body: await transactionsResponse(ctx, cachedOf(ctx, rows), settings.noAddressBook), immutable: false };
}

/** GET /api/v3/adjacentTransactions: `{transactions, address_book}`; 404 when there are none. */
export async function getAdjacentTransactions(ctx: RequestContext, request: AdjacentTransactionsRequest, settings: RequestSettings) {
  const rows = await findAdjacentTransactions(ctx, request);
  return { body: await transactionsResponse(ctx, cachedOf(ctx, rows), settings.noAddressBook), immutable: false };
}
