/** jetton/masters: jetton masters by address or admin. */
import type { RequestContext } from '../context';
import { jettonMastersPage, type JettonMasterFilter } from '../data/jettons';
import type { OffsetPage } from '../data/sql';
import { addresses, paging } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const JETTON_MASTERS = {
  params: {
    address: addresses('Jetton masters with these addresses'),
    admin_address: addresses('Jetton masters administered by these addresses'),
    ...paging('Jetton masters', 100),
  },
} as const satisfies RouteParams;

export interface JettonMastersRequest {
  filter: JettonMasterFilter;
  page: OffsetPage;
}

/** Shared by REST and GraphQL: the checked parameters as a filter and a page. */
export function jettonMastersRequest(source: ParamSource): JettonMastersRequest {
  const p = parseParams(JETTON_MASTERS, source);
  return { filter: { addresses: p.address, adminAddresses: p.admin_address }, page: { limit: p.limit, offset: p.offset } };
}

export const findJettonMasters = (ctx: RequestContext, request: JettonMastersRequest) => jettonMastersPage(ctx.db, request.filter, request.page);
