/** The per-request loaders of NFT navigation (part of `createLoaders`): by address, by transaction and trace, and pages by parent. */
import DataLoader from 'dataloader';
import type { Queryable } from '../db/types';
import {
  nftCollectionsByAddresses,
  nftItemPagesOf,
  nftItemsByAddresses,
  nftSales,
  nftTransferPagesOf,
  nftTransfersByTraces,
  nftTransfersByTransactions,
  type NftAuctionRow,
  type NftItemKeyRow,
  type NftItemParent,
  type NftSaleRow,
  type NftTransferRow,
  type TelemintRow,
} from './nfts';
import { pagesLoader } from './pagesLoader';

/** A sale contract of any of the three kinds, by its address. */
export type NftSaleModel = { type: 'getgems_sale'; row: NftSaleRow } | { type: 'getgems_auction'; row: NftAuctionRow } | { type: 'telemint'; row: TelemintRow };

export function createNftLoaders(db: Queryable, options: { maxBatchSize: number }) {
  return {
    item: new DataLoader((addresses: readonly string[]) => nftItemsByAddresses(db, addresses), options),
    collection: new DataLoader((addresses: readonly string[]) => nftCollectionsByAddresses(db, addresses), options),
    sale: new DataLoader(async (addresses: readonly string[]): Promise<(NftSaleModel | null)[]> => {
      const { sales, auctions, telemint } = await nftSales(db, [...addresses]);
      const byAddress = new Map<string, NftSaleModel>([
        ...sales.map((row) => [row.address, { type: 'getgems_sale', row }] as const),
        ...auctions.map((row) => [row.address, { type: 'getgems_auction', row }] as const),
        ...telemint.map((row) => [row.address, { type: 'telemint', row }] as const),
      ]);
      return addresses.map((a) => byAddress.get(a) ?? null);
    }, options),
    transfersByTransaction: new DataLoader((hashes: readonly string[]) => nftTransfersByTransactions(db, hashes), options),
    transfersByTrace: new DataLoader((ids: readonly string[]) => nftTransfersByTraces(db, ids), options),
    itemPages: pagesLoader<NftItemParent, NftItemKeyRow>((parent, parents, page) => nftItemPagesOf(db, parent, parents, page), options),
    transferPages: pagesLoader<'item' | 'collection', NftTransferRow>((of, parents, page) => nftTransferPagesOf(db, of, parents, page), options),
  };
}
