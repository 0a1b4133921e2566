/** transactions: transactions matching every filter given, in TON Center's order for those filters. */
import type { RequestContext } from '../context';
import { blockSelectorOf, windowsOf } from '../data/filters';
import { broughtRows } from '../data/loaders';
import { transactionsPage, transactionsPageWithStates, type BlockPage, type TransactionColumn, type TransactionFilter } from '../data/transactions';
import { addresses, hashes, MAX_SEQNO, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const TRANSACTIONS = {
  params: {
    workchain: { kind: 'integer', min: -128, max: 127, description: "Workchain of the transactions' block." },
    shard: { kind: 'shard', description: "Shard of the transactions' block (TON Center reads it as hex first)." },
    seqno: { kind: 'integer', min: 0, max: 2 ** 31 - 1, description: "Seqno of the transactions' (shard) block." },
    root_hash: hashes("Root hash of the transactions' block"),
    file_hash: hashes("File hash of the transactions' block"),
    mc_seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      graphqlType: 'UInt32',
      description: 'Masterchain block that committed them (404 when it is not indexed).',
    },
    account: addresses('Transactions of these accounts'),
    exclude_account: addresses('Transactions not of these accounts'),
    hash: hashes('Transactions with these hashes'),
    lt: { kind: 'lt', description: 'Logical time of the transaction.' },
    start_utime: { kind: 'utime', description: 'At or after this unix time; switches the order to time, then lt.' },
    end_utime: { kind: 'utime', description: 'At or before this unix time; switches the order to time, then lt.' },
    start_lt: { kind: 'lt', description: 'At or after this logical time.' },
    end_lt: { kind: 'lt', description: 'At or before this logical time.' },
    ...paging('Transactions'),
    sort: { ...SORT, description: "Direction of TON Center's order for the filters given (README: /transactions)." },
  },
} as const satisfies RouteParams;

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

/**
 * The page's rows; 404 when `mc_seqno` names a block not indexed. Whole rows come with their account states,
 * read in the same statement and left in the request's loader.
 */
export const findTransactions = async (ctx: RequestContext, request: TransactionsRequest, columns?: readonly TransactionColumn[]) =>
  columns
    ? transactionsPage(ctx.db, request.filter, request.page, columns)
    : broughtRows(ctx.loaders, await transactionsPageWithStates(ctx.db, request.filter, request.page));

/** The request as a string, the same for every request with the same filters and page (a cache key). */
export const transactionsRequestKey = (request: TransactionsRequest): string => JSON.stringify(request);
