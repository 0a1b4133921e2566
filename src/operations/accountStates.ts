/** accountStates: the latest states of up to 1000 accounts, with their get-methods and interfaces. */
import type { RequestContext } from '../context';
import { latestStatesWithMethods, type LatestStatesFilter } from '../data/accountStates';
import { addresses, hashes } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const ACCOUNT_STATES = {
  params: {
    address: { ...addresses('The accounts'), required: 'address of account is required: at least one address' },
    include_boc: { kind: 'boolean', description: 'Include the code and data cells (`code_boc`, `data_boc`); default true.' },
    code_hash: hashes('Only accounts whose code has one of these hashes'),
  },
} as const satisfies RouteParams;

export const accountStatesRequest = (source: ParamSource): LatestStatesFilter => {
  const p = parseParams(ACCOUNT_STATES, source);
  return { accounts: p.address, codeHashes: p.code_hash, cells: (p.include_boc ?? true) ? 'both' : 'none' };
};

/** The accounts' latest states, by account; accounts the indexer has no state for are absent. */
export const findAccountStates = (ctx: RequestContext, filter: LatestStatesFilter) => latestStatesWithMethods(ctx.db, filter);
