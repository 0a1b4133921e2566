/** jetton/wallets: jetton wallets by address, owner and jetton, by id or by balance. */
import type { RequestContext } from '../context';
import { jettonWalletsPage, type JettonWalletFilter } from '../data/jettons';
import type { OffsetPage, SortOrder } from '../data/sql';
import { badInput } from '../errors';
import { addresses, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const JETTON_WALLETS = {
  params: {
    address: addresses('Jetton wallets with these addresses'),
    owner_address: addresses('Jetton wallets of these owners'),
    jetton_address: addresses('Jetton wallets of these jettons (their masters); several only together with exactly one owner_address'),
    exclude_zero_balance: {
      kind: 'boolean',
      description: 'Leave out wallets whose balance is zero; an unclaimed mintless amount counts as balance.',
    },
    ...paging('Jetton wallets', 100),
    sort: {
      kind: 'enum',
      values: { asc: 'Smallest balance first.', desc: 'Largest balance first.' },
      graphqlEnum: SORT.graphqlEnum,
      description:
        'By balance, equal balances by wallet id in the same direction (within each owner or jetton when one is filtered on); absent: by wallet id ascending.',
    },
  },
} as const satisfies RouteParams;

export interface JettonWalletsRequest {
  filter: JettonWalletFilter;
  page: OffsetPage & { sort?: SortOrder };
}

/** Shared by REST and GraphQL; TON Center's combination rule: several jettons only for exactly one owner. */
export function jettonWalletsRequest(source: ParamSource): JettonWalletsRequest {
  const p = parseParams(JETTON_WALLETS, source);
  if (p.jetton_address.length > 1 && p.owner_address.length !== 1) {
    throw badInput(`exact one ${source.name('owner_address')} required for multiple ${source.name('jetton_address')}`);
  }
  return {
    filter: { addresses: p.address, owners: p.owner_address, jettons: p.jetton_address, excludeZeroBalance: p.exclude_zero_balance ?? false },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

export const findJettonWallets = (ctx: RequestContext, request: JettonWalletsRequest) => jettonWalletsPage(ctx.db, request.filter, request.page);
