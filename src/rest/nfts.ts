import type { RequestContext } from '../context';
import { findNftCollections, type NftCollectionsRequest } from '../operations/nftCollections';
import { findNftItems, type NftItemsRequest } from '../operations/nftItems';
import { findNftSales, type NftSalesRequest } from '../operations/nftSales';
import { findNftTransfers, type NftTransfersRequest } from '../operations/nftTransfers';
import type { RequestSettings } from '../params/requestSettings';
import { bookAndMetadata } from '../shape/transactions';
import { toWireGetgemsAuction, toWireGetgemsSale, toWireNftCollection, toWireNftItem, toWireNftTransfer, toWireTelemint, type WireNftItem } from '../wire/nfts';
import { PayloadTexts } from '../wire/payload';

/** GET /api/v3/nft/collections: `{nft_collections, address_book, metadata}` over the collections and their owners. */
export async function getNftCollections(ctx: RequestContext, request: NftCollectionsRequest, settings: RequestSettings) {
  const nft_collections = (await findNftCollections(ctx, request)).map(toWireNftCollection);
  const addresses = nft_collections.flatMap((c) => [c.address, c.owner_address]);
  return { body: { nft_collections, ...(await bookAndMetadata(ctx, addresses, settings)) }, immutable: false };
}

/** The addresses TON Center looks up for an item: its own, its collection's and its owner's. */
const itemAddresses = (i: WireNftItem) => [i.address, i.collection_address, i.owner_address];

/** GET /api/v3/nft/items: `{nft_items, address_book, metadata}` over the items, their collections and owners. */
export async function getNftItems(ctx: RequestContext, request: NftItemsRequest, settings: RequestSettings) {
  const nft_items = (await findNftItems(ctx, request)).map(toWireNftItem);
  return { body: { nft_items, ...(await bookAndMetadata(ctx, nft_items.flatMap(itemAddresses), settings)) }, immutable: false };
}

/** GET /api/v3/nft/transfers: `{nft_transfers, address_book, metadata}`, the payloads decoded as TON Center decodes them. */
export async function getNftTransfers(ctx: RequestContext, request: NftTransfersRequest, settings: RequestSettings) {
  const payloads = new PayloadTexts(ctx);
  const nft_transfers = (await findNftTransfers(ctx, request)).map((row) => toWireNftTransfer(row, payloads));
  const addresses = nft_transfers.flatMap((t) => [t.nft_address, t.nft_collection, t.old_owner, t.new_owner, t.response_destination]);
  return { body: { nft_transfers, ...(await bookAndMetadata(ctx, addresses, settings)) }, immutable: false };
}

/** GET /api/v3/nft/sales: sales, then auctions, then Telemint items, with the addresses of each and of its item. */
export async function getNftSales(ctx: RequestContext, request: NftSalesRequest, settings: RequestSettings) {
  const { sales, auctions, telemint } = await findNftSales(ctx, request);
  const addresses: (string | null)[] = [];
  for (const s of sales) {
    addresses.push(s.address, s.nft_address, s.nft_owner_address, s.marketplace_address, s.marketplace_fee_address, s.royalty_address);
  }
  for (const a of auctions) {
    addresses.push(a.address, a.nft_addr, a.nft_owner, a.mp_addr, a.last_member, a.mp_fee_addr, a.royalty_fee_addr);
  }
  for (const t of telemint) addresses.push(t.address, t.bidder_address, t.beneficiary_address, t.royalty_destination);
  const nft_sales = [
    ...sales.map((s) => toWireGetgemsSale(s, ctx.raw)),
    ...auctions.map((a) => toWireGetgemsAuction(a, ctx.raw)),
    ...telemint.map((t) => toWireTelemint(t, ctx.raw)),
  ];
  for (const s of nft_sales) if (s.nft_item) addresses.push(...itemAddresses(s.nft_item));
  return { body: { nft_sales, ...(await bookAndMetadata(ctx, addresses, settings)) }, immutable: false };
}
