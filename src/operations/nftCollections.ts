/** nft/collections: NFT collections by address and owner. */
import type { RequestContext } from '../context';
import { nftCollections, type NftCollectionFilter } from '../data/nfts';
import type { OffsetPage } from '../data/sql';
import { addresses, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const NFT_COLLECTIONS = {
  params: {
    collection_address: addresses('Collections with these addresses'),
    owner_address: addresses("Collections owned by these addresses (the collection contract's owner)"),
    ...paging('Collections', 100),
    sort: {
      kind: 'enum',
      values: SORT.values,
      graphqlEnum: SORT.graphqlEnum,
      description: 'Accepted (asc or desc) and ignored, as TON Center ignores it: collections always come in the order they were first indexed (by id).',
    },
  },
} as const satisfies RouteParams;

export interface NftCollectionsRequest {
  filter: NftCollectionFilter;
  page: OffsetPage;
}

export function nftCollectionsRequest(source: ParamSource): NftCollectionsRequest {
  const p = parseParams(NFT_COLLECTIONS, source);
  return { filter: { addresses: p.collection_address, owners: p.owner_address }, page: { limit: p.limit, offset: p.offset } };
}

export const findNftCollections = (ctx: RequestContext, request: NftCollectionsRequest) => nftCollections(ctx.db, request.filter, request.page);
