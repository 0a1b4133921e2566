/** topAccountsByBalance: the richest accounts. */
import type { RequestContext } from '../context';
import { accountsByBalance } from '../data/accountStates';
import { paging } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const TOP_ACCOUNTS_BY_BALANCE = { params: { ...paging('Accounts', 100) } } as const satisfies RouteParams;

export interface TopAccountsRequest {
  limit: number;
  offset: number;
}

export const topAccountsRequest = (source: ParamSource): TopAccountsRequest => parseParams(TOP_ACCOUNTS_BY_BALANCE, source);

/** Richest first, ties by account descending. */
export const findTopAccounts = (ctx: RequestContext, request: TopAccountsRequest) => accountsByBalance(ctx.db, request);
