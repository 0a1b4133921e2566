/** nft/items: NFT items by address, owner, collection and index, with their collection and sale state. */
import type { RequestContext } from '../context';
import { nftItems, type NftItemFilter, type NftItemOrder } from '../data/nfts';
import type { OffsetPage } from '../data/sql';
import { badInput } from '../errors';
import { printable } from '../params/checks';
import { addresses, paging } from '../params/common';
import { checkText, parseParams, type ParamSource, type RouteParams } from '../params/spec';

/** How many `index` values one request may give. */
export const MAX_NFT_INDEXES = 1000;

export const NFT_ITEMS = {
  params: {
    address: addresses('Items with these addresses'),
    owner_address: addresses('Items owned by these addresses; with include_on_sale, also the items they have put on a GetGems sale or auction'),
    collection_address: addresses('Items of these collections; several only together with exactly one owner_address'),
    index: {
      kind: 'stringList',
      max: MAX_NFT_INDEXES,
      description:
        'Items with these indexes in their collection, each decimal digits only (repeat the parameter: a comma is not a separator here); only with collection_address.',
    },
    include_on_sale: {
      kind: 'boolean',
      description:
        "With owner_address: match the items' real owner, so that items the owners have on a GetGems sale or auction (owned by the sale contract) are included. Ignored without owner_address.",
    },
    sort_by_last_transaction_lt: {
      kind: 'boolean',
      description: 'Newest last transaction first (ties by id, newest first), instead of the order the filters choose.',
    },
    ...paging('Items', 100),
  },
} as const satisfies RouteParams;

export interface NftItemsRequest {
  filter: NftItemFilter;
  page: OffsetPage;
}

const DIGITS = /^[0-9]+$/;

/** The checks in TON Center's order: values, index digits, several collections, index without a collection. */
export function nftItemsRequest(source: ParamSource): NftItemsRequest {
  const p = parseParams(NFT_ITEMS, source);
  // A comma is part of an index value (TON Center does not split it), so the values are read as given.
  const indexes = (source.values?.('index') ?? source.list('index')).filter((v) => v !== '');
  indexes.forEach((v, i) => checkText(`parameter "index" value ${i + 1}`, v));
  const bad = indexes.find((v) => !DIGITS.test(v));
  if (bad !== undefined) throw badInput(`index should contain digits only, got "${printable(bad)}"`);
  if (p.collection_address.length > 1 && p.owner_address.length !== 1) {
    throw badInput('exact one owner_address required for multiple collection_address');
  }
  if (indexes.length > 0 && p.collection_address.length === 0) throw badInput('index parameter is not allowed without the collection_address');
  let order: NftItemOrder = 'id';
  if (p.owner_address.length > 0) order = 'owner';
  if (p.collection_address.length === 1) order = 'collection';
  if (p.sort_by_last_transaction_lt) order = 'last_transaction';
  return {
    filter: {
      addresses: p.address,
      owners: p.owner_address,
      includeOnSale: p.include_on_sale === true,
      collections: p.collection_address,
      indexes: [...new Set(indexes)],
      order,
    },
    page: { limit: p.limit, offset: p.offset },
  };
}

export const findNftItems = (ctx: RequestContext, request: NftItemsRequest) => nftItems(ctx.db, request.filter, request.page);
