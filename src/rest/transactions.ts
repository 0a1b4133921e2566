import type { RequestContext } from '../context';
import { transactionsResponse } from '../data/transactionDetails';
import { transactionsPage, type BlockPage, type TransactionFilter } from '../data/transactions';
import { TRANSACTIONS } from '../params/routes';
import { parseParams, type ParamSource } from '../params/spec';
import type { RequestSettings } from '../params/requestSettings';
import { blockSelectorOf, windowsOf } from '../data/filters';

export interface TransactionsRequest {
  filter: TransactionFilter;
  page: Omit<BlockPage, 'seqno'>;
}

/** Shared by REST and GraphQL: the checked parameters as a filter and a page. */
export function transactionsRequest(source: ParamSource): TransactionsRequest {
  const p = parseParams(TRANSACTIONS, source);
  return {
    filter: { ...blockSelectorOf(p), ...windowsOf(p), accounts: p.account, excludeAccounts: p.exclude_account, hashes: p.hash, lt: p.lt },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

/** GET /api/v3/transactions: `{transactions, address_book}`; 404 when `mc_seqno` names a block not indexed. */
export async function getTransactions(ctx: RequestContext, request: TransactionsRequest, settings: RequestSettings) {
  const rows = await transactionsPage(ctx.db, request.filter, request.page);
  return { body: await transactionsResponse(ctx, rows, settings.noAddressBook), immutable: false };
}
