/** nft/transfers: NFT ownership transfers by owner, item and collection, aborted ones included. */
import type { RequestContext } from '../context';
import { windowsOf } from '../data/filters';
import { nftTransfers, type NftTransferFilter } from '../data/nfts';
import type { SortedPage } from '../data/sql';
import { addresses, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

/** Which side of a transfer the owners are on (TON Center's `direction` of the transfer routes). */
export const TRANSFER_DIRECTION = {
  kind: 'enum',
  values: {
    in: 'Transfers to the owners (they are the new owner).',
    out: 'Transfers from the owners (they are the old owner).',
    both: 'Transfers to or from the owners (the same as leaving it out).',
  },
  graphqlEnum: { name: 'TransferDirection', description: 'The side of a transfer an owner is on: receiving (in), sending (out) or either (both).' },
  description: 'With owner_address (or address): only transfers to (in) or from (out) the owners; both when absent. Ignored without owners.',
} as const;

export const NFT_TRANSFERS = {
  params: {
    owner_address: addresses('Transfers from or to these owners'),
    address: {
      kind: 'address',
      description: "TON Center's alias of owner_address for one owner, used when owner_address is not given: raw or user-friendly.",
    },
    item_address: addresses('Transfers of these items'),
    collection_address: { kind: 'address', description: 'Transfers of items of this collection: raw or user-friendly.' },
    direction: TRANSFER_DIRECTION,
    start_utime: { kind: 'utime', description: 'Transfers at or after this unix time; switches the order to time first.' },
    end_utime: { kind: 'utime', description: 'Transfers at or before this unix time; switches the order to time first.' },
    start_lt: { kind: 'lt', description: 'Transfers at or after this logical time.' },
    end_lt: { kind: 'lt', description: 'Transfers at or before this logical time.' },
    ...paging('Transfers', 100),
    sort: {
      ...SORT,
      description: 'By logical time (by time, then logical time, when a time bound is given), ties broken by transaction hash in the same direction.',
    },
  },
} as const satisfies RouteParams;

export interface NftTransfersRequest {
  filter: NftTransferFilter;
  page: SortedPage;
}

export function nftTransfersRequest(source: ParamSource): NftTransfersRequest {
  const p = parseParams(NFT_TRANSFERS, source);
  const owners = p.owner_address.length > 0 ? p.owner_address : p.address === undefined ? [] : [p.address];
  return {
    filter: {
      owners,
      direction: p.direction === 'both' ? undefined : p.direction,
      items: p.item_address,
      collection: p.collection_address,
      windows: windowsOf(p),
    },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

export const findNftTransfers = (ctx: RequestContext, request: NftTransfersRequest) => nftTransfers(ctx.db, request.filter, request.page);
