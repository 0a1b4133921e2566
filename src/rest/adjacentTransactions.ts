import type { RequestContext } from '../context';
import { transactionsResponse } from '../data/transactionDetails';
import { adjacentTransactions } from '../data/transactions';
import { ADJACENT_TRANSACTIONS } from '../params/routes';
import { parseParams, type ParamSource, type ParsedParams } from '../params/spec';
import type { RequestSettings } from '../params/requestSettings';

export type AdjacentTransactionsRequest = ParsedParams<typeof ADJACENT_TRANSACTIONS>;

export const adjacentTransactionsRequest = (source: ParamSource): AdjacentTransactionsRequest => parseParams(ADJACENT_TRANSACTIONS, source);

/** GET /api/v3/adjacentTransactions: `{transactions, address_book}`; 404 when there are none. */
export async function getAdjacentTransactions(ctx: RequestContext, request: AdjacentTransactionsRequest, settings: RequestSettings) {
  const rows = await adjacentTransactions(ctx.db, request.hash, request.direction);
  return { body: await transactionsResponse(ctx, rows, settings.noAddressBook), immutable: false };
}
