/** vesting: vesting contracts by address, or by a wallet that owns, funded or (optionally) is whitelisted on them. */
import type { RequestContext } from '../context';
import { type VestingRow, type VestingSelector, vestingContracts, whitelistsOf } from '../data/vesting';
import { addresses, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

/** The whitelist entries a contract carries at most (TON Center reads them all); the loaders of GraphQL cap them the same. */
export { WHITELIST_PER_CONTRACT } from '../data/vesting';

export const VESTING = {
  params: {
    contract_address: addresses('Vesting contracts'),
    wallet_address: addresses('Vesting contracts these wallets own or funded (and are whitelisted on, with check_whitelist)'),
    check_whitelist: { kind: 'boolean', description: 'With wallet_address: also contracts whose whitelist holds one of them (default false).' },
    ...paging('Vesting contracts', 100),
    sort: {
      ...SORT,
      default: 'asc',
      description: 'By row id: the order in which the indexer first stored them (TON Center ignores sort and always answers asc).',
    },
  },
  exactlyOne: [['contract_address', 'wallet_address']],
} as const satisfies RouteParams;

export interface VestingRequest {
  selector: VestingSelector;
  page: { limit: number; offset: number; sort: 'asc' | 'desc' };
}

export function vestingRequest(source: ParamSource): VestingRequest {
  const p = parseParams(VESTING, source);
  return {
    selector: p.contract_address.length > 0 ? { contracts: p.contract_address } : { wallets: p.wallet_address, checkWhitelist: p.check_whitelist ?? false },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

export interface VestingWithWhitelist {
  row: VestingRow;
  /** Wallets in the database's order, at most WHITELIST_PER_CONTRACT. */
  whitelist: string[];
}

export async function findVestings(ctx: RequestContext, request: VestingRequest): Promise<VestingWithWhitelist[]> {
  const rows = await vestingContracts(ctx.db, request.selector, request.page);
  const lists = await whitelistsOf(
    ctx.db,
    rows.map((r) => r.address),
  );
  return rows.map((row, i) => ({ row, whitelist: lists[i] }));
}
