/** nft/sales: GetGems fixed-price sales, GetGems auctions and Telemint items by address. */
import type { RequestContext } from '../context';
import { nftSales } from '../data/nfts';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const NFT_SALES = {
  params: {
    address: {
      kind: 'addressList',
      max: 1000,
      required: 'at least 1 address',
      description:
        'Sale, auction or Telemint item addresses: raw (`<workchain>:<hex>`, any case) or user-friendly (base64 or base64url, any flags). Every match is returned (no paging).',
    },
  },
} as const satisfies RouteParams;

export interface NftSalesRequest {
  addresses: string[];
}

export const nftSalesRequest = (source: ParamSource): NftSalesRequest => ({ addresses: parseParams(NFT_SALES, source).address });

export const findNftSales = (ctx: RequestContext, request: NftSalesRequest) => nftSales(ctx.db, request.addresses);
