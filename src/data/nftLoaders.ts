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
import type { KeysetPage } from './sql';

/** A sale contract of any of the three kinds, by its address. */
export type NftSaleModel = { type: 'getgems_sale'; row: NftSaleRow } | { type: 'getgems_auction'; row: NftAuctionRow } | { type: 'telemint'; row: TelemintRow };

interface PageKey<G> {
  parent: string;
  /** What the parents' pages share besides the page (which list of theirs). */
  group: G;
  page: KeysetPage;
}

/**
 * Pages of lists under many parents: the loads of one tick that ask the same page of the same kind of list
 * share one statement (a lateral page per parent), so a list under every item of a page costs one statement.
 */
function pagesLoader<G, R>(fetch: (group: G, parents: readonly string[], page: KeysetPage) => Promise<R[][]>, options: { maxBatchSize: number }) {
  return new DataLoader(
    async (keys: readonly PageKey<G>[]) => {
      const groups = new Map<string, number[]>();
      keys.forEach((k, i) => {
        const group = JSON.stringify([k.group, k.page]);
        groups.set(group, [...(groups.get(group) ?? []), i]);
      });
      const out: R[][] = [];
      await Promise.all(
        [...groups.values()].map(async (members) => {
          const { group, page } = keys[members[0]];
          const lists = await fetch(
            group,
            members.map((i) => keys[i].parent),
            page,
          );
          members.forEach((i, j) => (out[i] = lists[j]));
        }),
      );
      return out;
    },
    { ...options, cacheKeyFn: (k) => JSON.stringify([k.parent, k.group, k.page]) },
  );
}

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
