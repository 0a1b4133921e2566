/**
 * NFTs: collections, items, transfers and sales (GetGems fixed-price sales and auctions, Telemint items), the
 * twins of the `nft/*` routes as connections with keyset cursors, and the navigation between them, accounts,
 * transactions and traces, each batched by a per-request loader.
 */
import type { DefaultConnectionArguments } from '@pothos/plugin-relay';
import type { RequestContext } from '../../context';
import { EVENT_KEY } from '../../data/events';
import type { NftSaleModel } from '../../data/nftLoaders';
import {
  NFT_COLLECTION_KEY,
  nftCollectionsKeyset,
  nftItemKey,
  nftItemsKeyset,
  nftTransfersKeyset,
  parentItemFilter,
  type NftCollectionRow,
  type NftItemParent,
  type NftItemRow,
  type NftTransferRow,
} from '../../data/nfts';
import { NFT_COLLECTIONS, nftCollectionsRequest } from '../../operations/nftCollections';
import { NFT_ITEMS, nftItemsRequest } from '../../operations/nftItems';
import { findNftSales, NFT_SALES, nftSalesRequest } from '../../operations/nftSales';
import { NFT_TRANSFERS, nftTransfersRequest } from '../../operations/nftTransfers';
import { graphqlSource, parseParams, type RouteParams } from '../../params/spec';
import { goMap } from '../../wire/goJson';
import { accountOf, addressRoute, eventFields, eventLists, loadAt, parsedPayload } from '../assets';
import { builder } from '../builder';
import { filteredConnection, pageComplexity, parentConnection } from '../connection';
import { OFFSET_PAGING, perAddressComplexity, routeArgs } from '../params';
import { Account } from './account';
import { AddressMetadata, metadataOf } from './metadata';
import { ParsedBody } from './parsedBody';

const COLLECTION_ADDRESS = addressRoute('collection');
const ITEM_ADDRESS = addressRoute('item');

/** Account.nfts' own filters, checked as the routes check theirs. */
const ACCOUNT_NFTS = {
  params: {
    include_on_sale: {
      kind: 'boolean',
      description:
        "Also the items the account has put on a GetGems sale or auction (owned by the sale contract, the account their seller), as REST's `include_on_sale`.",
    },
    collection: { kind: 'address', description: 'Only the items of this collection: raw or user-friendly; they are then ordered by index.' },
  },
} as const satisfies RouteParams;

const NftCollection = builder.objectRef<NftCollectionRow>('NftCollection');
export const NftItem = builder.objectRef<NftItemRow>('NftItem');
const NftTransfer = builder.objectRef<NftTransferRow>('NftTransfer');

const NftItemConnection = builder.connectionObject(
  { type: NftItem, name: 'NftItemConnection', description: 'A page of NFT items with keyset cursors (Relay connection).' },
  { name: 'NftItemEdge', description: 'An NFT item in a page, with its cursor.' },
);
const NftCollectionConnection = builder.connectionObject(
  { type: NftCollection, name: 'NftCollectionConnection', description: 'A page of NFT collections with keyset cursors (Relay connection).' },
  { name: 'NftCollectionEdge', description: 'An NFT collection in a page, with its cursor.' },
);
const NftTransferConnection = builder.connectionObject(
  { type: NftTransfer, name: 'NftTransferConnection', description: 'A page of NFT transfers with keyset cursors (Relay connection).' },
  { name: 'NftTransferEdge', description: 'An NFT transfer in a page, with its cursor.' },
);

/** The items of a parent (a collection, an owner) as a connection, its page read with the other parents' of the tick. */
const parentItems = (field: string, parent: NftItemParent, address: string, args: DefaultConnectionArguments, ctx: RequestContext) =>
  parentConnection(field, nftItemKey(parentItemFilter(parent, address), true).columns, args, ctx.loaders.nfts.itemPages, address, parent);

/** The transfers of an item or a collection as a connection, newest first, batched the same way. */
const parentTransfers = (field: string, of: 'item' | 'collection', address: string, args: DefaultConnectionArguments, ctx: RequestContext) =>
  parentConnection(field, EVENT_KEY, args, ctx.loaders.nfts.transferPages, address, of);

NftCollection.implement({
  description:
    'An NFT collection contract (TEP-62; ton-indexer `nft_collections`): its owner, its content and the next index it mints, with its items and their transfers as connections.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address of the collection contract, `<workchain>:<64 uppercase hex>`.' }),
    account: t.field({
      type: Account,
      description: 'The collection contract as an account (its state, history, …).',
      resolve: (c) => ({ address: c.address }),
    }),
    ownerAddress: t.exposeString('owner_address', { nullable: true, description: "The collection's owner as stored (raw); null when it has none." }),
    owner: t.field({
      type: Account,
      nullable: true,
      description: "The collection's owner (the address that may change it); null when it has none.",
      resolve: (c) => accountOf(c.owner_address),
    }),
    nextItemIndex: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The index the collection gives the next item it mints (`next_item_index`; -1 for collections that mint in no order).',
      resolve: (c) => c.next_item_index,
    }),
    content: t.field({
      type: 'JSON',
      nullable: true,
      description:
        "The collection's content as the indexer parsed it (`collection_content`: an off-chain `uri` or on-chain fields), keys sorted as REST gives them.",
      resolve: (c) => c.collection_content && goMap(c.collection_content),
    }),
    lastTransactionLt: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Logical time of the last transaction the indexer read the collection at.',
      resolve: (c) => c.last_transaction_lt,
    }),
    codeHash: t.exposeString('code_hash', { nullable: true, description: "Hash of the collection's code (base64)." }),
    dataHash: t.exposeString('data_hash', { nullable: true, description: "Hash of the collection's data (base64)." }),
    metadata: t.field({
      type: AddressMetadata,
      nullable: true,
      description: "The collection's token metadata (name, image, … once fetched; TON Center v3's `metadata[address]`); null when the index has none.",
      resolve: (c, _args, ctx) => metadataOf(c.address, ctx),
    }),
    items: t.field({
      type: NftItemConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description:
        'Its items by index (ties by address), as a connection with keyset cursors (nft_items_index_1: a deep page costs what the first does); the pages of every collection of a request are read in one statement.',
      resolve: (c, args, ctx) => parentItems('NftCollection.items', { collection: true }, c.address, args, ctx),
    }),
    transfers: t.field({
      type: NftTransferConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description: 'Transfers of its items, newest (highest lt, then transaction hash) first, aborted ones included, as a connection with keyset cursors.',
      resolve: (c, args, ctx) => parentTransfers('NftCollection.transfers', 'collection', c.address, args, ctx),
    }),
  }),
});

/** The seller of an item on sale: the GetGems sale's or auction's `nft_owner`. */
const sellerOf = (i: NftItemRow) => i.sale?.nft_owner_address ?? i.auction?.nft_owner ?? null;

NftItem.implement({
  description:
    'An NFT item (TEP-62; ton-indexer `nft_items`): its index in its collection, its owner and content, whether it is on a GetGems sale or auction (then owned by the sale contract, its seller the real owner), and its transfers.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address of the item contract, `<workchain>:<64 uppercase hex>`.' }),
    account: t.field({ type: Account, description: 'The item contract as an account (its state, history, …).', resolve: (i) => ({ address: i.address }) }),
    index: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Its index in its collection (for an item without a collection, the index it was deployed with).',
      resolve: (i) => i.index,
    }),
    init: t.exposeBoolean('init', { nullable: true, description: 'Whether the item is initialized (its collection and owner set).' }),
    collectionAddress: t.exposeString('collection_address', { nullable: true, description: 'Raw address of its collection; null for an item without one.' }),
    collection: t.field({
      type: NftCollection,
      nullable: true,
      description: 'Its collection; null for an item without one, or when the collection is not indexed.',
      resolve: (i) => i.collection,
    }),
    ownerAddress: t.exposeString('owner_address', {
      nullable: true,
      description: 'The owner as stored (raw): the holder, or the sale contract while the item is on sale.',
    }),
    owner: t.field({
      type: Account,
      nullable: true,
      description: 'The account holding the item (`owner_address`): the sale or auction contract while it is on sale (see `realOwner`).',
      resolve: (i) => accountOf(i.owner_address),
    }),
    realOwner: t.field({
      type: Account,
      nullable: true,
      description: "The item's real owner: the seller while it is on a GetGems sale or auction (REST's `real_owner`), the holder otherwise.",
      resolve: (i) => accountOf(sellerOf(i) ?? i.owner_address),
    }),
    onSale: t.boolean({
      description: "Whether the item is on a GetGems sale or auction: its owner is that contract, selling it (REST's `on_sale`).",
      resolve: (i) => i.sale !== null || i.auction !== null,
    }),
    saleContractAddress: t.string({
      nullable: true,
      description: "The sale or auction contract holding the item while on sale (REST's `sale_contract_address` / `auction_contract_address`).",
      resolve: (i) => i.sale?.address ?? i.auction?.address ?? null,
    }),
    sale: t.field({
      type: NftSale,
      nullable: true,
      description: 'The GetGems sale or auction holding the item, with its price or bids; null when it is not on sale.',
      resolve: (i, _args, ctx) => {
        const address = i.sale?.address ?? i.auction?.address;
        return address === undefined ? null : ctx.loaders.nfts.sale.load(address);
      },
    }),
    content: t.field({
      type: 'JSON',
      nullable: true,
      description: "The item's content as the indexer parsed it (an off-chain `uri`, or on-chain fields), keys sorted as REST gives them.",
      resolve: (i) => i.content && goMap(i.content),
    }),
    lastTransactionLt: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Logical time of the last transaction the indexer read the item at.',
      resolve: (i) => i.last_transaction_lt,
    }),
    codeHash: t.exposeString('code_hash', { nullable: true, description: "Hash of the item's code (base64)." }),
    dataHash: t.exposeString('data_hash', { nullable: true, description: "Hash of the item's data (base64)." }),
    metadata: t.field({
      type: AddressMetadata,
      nullable: true,
      description: "The item's token metadata (name, image, … once fetched; TON Center v3's `metadata[address]`); null when the index has none.",
      resolve: (i, _args, ctx) => metadataOf(i.address, ctx),
    }),
    transfers: t.field({
      type: NftTransferConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description:
        'Its transfers, newest (highest lt, then transaction hash) first, aborted ones included, as a connection with keyset cursors; the pages of every item of a request are read in one statement.',
      resolve: (i, args, ctx) => parentTransfers('NftItem.transfers', 'item', i.address, args, ctx),
    }),
  }),
});

NftTransfer.implement({
  description:
    'An NFT ownership transfer (TEP-62 `transfer`, ton-indexer `nft_transfers`): the transaction of the item that processed it, the old and new owners, and the payloads it carried. Aborted transfers are included (`aborted`): the item did not change hands.',
  fields: (t) => ({
    ...eventFields(t, { tx: "item's transaction", event: 'transfer', aborted: 'the transfer did not happen' }),
    itemAddress: t.exposeString('nft_item_address', { nullable: true, description: 'Raw address of the item transferred.' }),
    item: t.field({
      type: NftItem,
      nullable: true,
      description: 'The item transferred, as it is now; null when it is not indexed.',
      resolve: (x, _args, ctx) => loadAt(ctx.loaders.nfts.item, x.nft_item_address),
    }),
    collectionAddress: t.exposeString('nft_collection_address', {
      nullable: true,
      description: "Raw address of the item's collection, as the indexer stored it (`addr_none` for an item without one).",
    }),
    collection: t.field({
      type: NftCollection,
      nullable: true,
      description: "The item's collection; null for an item without one, or when the collection is not indexed.",
      resolve: (x, _args, ctx) => loadAt(ctx.loaders.nfts.collection, x.nft_collection_address),
    }),
    oldOwnerAddress: t.exposeString('old_owner', { nullable: true, description: 'The owner before the transfer, as stored (raw).' }),
    oldOwner: t.field({ type: Account, nullable: true, description: 'The owner before the transfer (who sent it).', resolve: (x) => accountOf(x.old_owner) }),
    newOwnerAddress: t.exposeString('new_owner', { nullable: true, description: 'The owner after the transfer, as stored (raw).' }),
    newOwner: t.field({ type: Account, nullable: true, description: 'The owner after the transfer (its recipient).', resolve: (x) => accountOf(x.new_owner) }),
    responseDestinationAddress: t.exposeString('response_destination', {
      nullable: true,
      description: 'Where the excess TON goes, as stored (raw, or `addr_none`).',
    }),
    responseDestination: t.field({
      type: Account,
      nullable: true,
      description: 'The account the excess TON goes to; null when none.',
      resolve: (x) => accountOf(x.response_destination),
    }),
    queryId: t.field({ type: 'BigInt', nullable: true, description: 'The query id the sender chose (a 64-bit value).', resolve: (x) => x.query_id }),
    forwardAmount: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Nanotons forwarded to the new owner with the ownership notification.',
      resolve: (x) => x.forward_amount,
    }),
    customPayload: t.exposeString('custom_payload', { nullable: true, description: 'The custom payload, a base64 BOC; null when none.' }),
    customPayloadParsed: t.field({
      type: ParsedBody,
      nullable: true,
      description:
        "The custom payload decoded into typed objects as TON Center's decoder reads it (REST's `decoded_custom_payload`, typed); null when none or when it does not decode.",
      resolve: (x, _args, ctx) => parsedPayload(x.custom_payload, ctx),
    }),
    forwardPayload: t.exposeString('forward_payload', {
      nullable: true,
      description: 'The forward payload sent on to the new owner, a base64 BOC; null when none.',
    }),
    forwardPayloadParsed: t.field({
      type: ParsedBody,
      nullable: true,
      description:
        "The forward payload decoded into typed objects (a comment as `TextComment`), as TON Center's decoder reads it (REST's `decoded_forward_payload`, typed); null when none or when it does not decode.",
      resolve: (x, _args, ctx) => parsedPayload(x.forward_payload, ctx),
    }),
  }),
});

// Sales: three contracts behind one interface.

type Of<T extends NftSaleModel['type']> = Extract<NftSaleModel, { type: T }>;

const NAMES: Record<NftSaleModel['type'], string> = { getgems_sale: 'GetgemsSale', getgems_auction: 'GetgemsAuction', telemint: 'TelemintSale' };

/** The item a sale sells: its own address for a Telemint item. */
const nftAddressOf = (s: NftSaleModel) => (s.type === 'getgems_sale' ? s.row.nft_address : s.type === 'getgems_auction' ? s.row.nft_addr : s.row.address);

const NftSale = builder.interfaceRef<NftSaleModel>('NftSale').implement({
  description:
    "A contract selling an NFT (REST's `nft/sales` entry): a GetGems fixed-price sale, a GetGems auction, or a Telemint item (a Fragment username or number) with its own auction.",
  resolveType: (s) => NAMES[s.type],
  fields: (t) => ({
    type: t.string({ description: 'Which kind it is, as REST names it: getgems_sale, getgems_auction or telemint.', resolve: (s) => s.type }),
    address: t.string({ description: 'Raw address of the sale contract (of the Telemint item itself).', resolve: (s) => s.row.address }),
    nftAddress: t.string({ nullable: true, description: 'Raw address of the item it sells.', resolve: nftAddressOf }),
    item: t.field({
      type: NftItem,
      nullable: true,
      description: 'The item it sells, as indexed (`nft_items`); null when it is not (a Telemint item outside a collection the index reads).',
      resolve: (s, _args, ctx) => {
        const address = nftAddressOf(s);
        return address === null ? null : ctx.loaders.nfts.item.load(address);
      },
    }),
    lastTransactionLt: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Logical time of the last transaction the indexer read the contract at.',
      resolve: (s) => s.row.last_transaction_lt,
    }),
    codeHash: t.string({ nullable: true, description: "Hash of the contract's code (base64).", resolve: (s) => s.row.code_hash }),
    dataHash: t.string({ nullable: true, description: "Hash of the contract's data (base64).", resolve: (s) => s.row.data_hash }),
  }),
});

const big = (description: string) => ({ type: 'BigInt' as const, nullable: true as const, description });

builder.objectRef<Of<'getgems_sale'>>('GetgemsSale').implement({
  description: "A GetGems fixed-price sale (ton-indexer `getgems_nft_sales`): the item is the contract's until bought at `fullPrice` or the sale is cancelled.",
  interfaces: [NftSale],
  fields: (t) => ({
    seller: t.field({
      type: Account,
      nullable: true,
      description: 'The seller (`nft_owner_address`), the real owner of the item.',
      resolve: (s) => accountOf(s.row.nft_owner_address),
    }),
    sellerAddress: t.string({ nullable: true, description: 'The seller, raw.', resolve: (s) => s.row.nft_owner_address }),
    marketplace: t.field({
      type: Account,
      nullable: true,
      description: 'The marketplace that deployed the sale.',
      resolve: (s) => accountOf(s.row.marketplace_address),
    }),
    marketplaceAddress: t.string({ nullable: true, description: 'The marketplace, raw.', resolve: (s) => s.row.marketplace_address }),
    createdAt: t.field({ ...big('Unix time (seconds) the sale was created.'), resolve: (s) => s.row.created_at }),
    isComplete: t.boolean({ nullable: true, description: 'Whether the sale is over (bought or cancelled).', resolve: (s) => s.row.is_complete }),
    fullPrice: t.field({ ...big('The price in nanotons, fees and royalty included.'), resolve: (s) => s.row.full_price }),
    marketplaceFeeAddress: t.string({ nullable: true, description: 'Where the marketplace fee goes, raw.', resolve: (s) => s.row.marketplace_fee_address }),
    marketplaceFee: t.field({ ...big('The marketplace fee in nanotons.'), resolve: (s) => s.row.marketplace_fee }),
    royaltyAddress: t.string({ nullable: true, description: 'Where the royalty goes, raw.', resolve: (s) => s.row.royalty_address }),
    royaltyAmount: t.field({ ...big('The royalty in nanotons.'), resolve: (s) => s.row.royalty_amount }),
  }),
});

builder.objectRef<Of<'getgems_auction'>>('GetgemsAuction').implement({
  description: 'A GetGems auction (ton-indexer `getgems_nft_auctions`): bids of at least `minBid`, rising by `minStep` percent, until `endTime` or `maxBid`.',
  interfaces: [NftSale],
  fields: (t) => ({
    seller: t.field({
      type: Account,
      nullable: true,
      description: 'The seller (`nft_owner`), the real owner of the item.',
      resolve: (s) => accountOf(s.row.nft_owner),
    }),
    sellerAddress: t.string({ nullable: true, description: 'The seller, raw.', resolve: (s) => s.row.nft_owner }),
    marketplace: t.field({
      type: Account,
      nullable: true,
      description: 'The marketplace that deployed the auction.',
      resolve: (s) => accountOf(s.row.mp_addr),
    }),
    marketplaceAddress: t.string({ nullable: true, description: 'The marketplace, raw.', resolve: (s) => s.row.mp_addr }),
    createdAt: t.field({ ...big('Unix time (seconds) the auction was created.'), resolve: (s) => s.row.created_at }),
    endFlag: t.boolean({ nullable: true, description: 'Whether the auction has ended.', resolve: (s) => s.row.end_flag }),
    endTime: t.field({ ...big('Unix time (seconds) the auction ends.'), resolve: (s) => s.row.end_time }),
    lastBid: t.field({ ...big('The highest bid so far, in nanotons.'), resolve: (s) => s.row.last_bid }),
    lastMember: t.field({ type: Account, nullable: true, description: 'Who placed the highest bid.', resolve: (s) => accountOf(s.row.last_member) }),
    lastMemberAddress: t.string({ nullable: true, description: 'Who placed the highest bid, raw.', resolve: (s) => s.row.last_member }),
    lastBidAt: t.field({ ...big('Unix time (seconds) of the highest bid.'), resolve: (s) => s.row.last_bid_at }),
    minStep: t.field({ ...big('The least raise of a bid over the last one, in percent.'), resolve: (s) => s.row.min_step }),
    minBid: t.field({ ...big('The least first bid, in nanotons.'), resolve: (s) => s.row.min_bid }),
    maxBid: t.field({ ...big('The bid that ends the auction at once, in nanotons (0: none).'), resolve: (s) => s.row.max_bid }),
    mpFeeAddress: t.string({ nullable: true, description: 'Where the marketplace fee goes, raw.', resolve: (s) => s.row.mp_fee_addr }),
    mpFeeFactor: t.field({ ...big('The marketplace fee: `mpFeeFactor / mpFeeBase` of the price.'), resolve: (s) => s.row.mp_fee_factor }),
    mpFeeBase: t.field({ ...big('The denominator of the marketplace fee.'), resolve: (s) => s.row.mp_fee_base }),
    royaltyFeeAddress: t.string({ nullable: true, description: 'Where the royalty goes, raw.', resolve: (s) => s.row.royalty_fee_addr }),
    royaltyFeeFactor: t.field({ ...big('The royalty: `royaltyFeeFactor / royaltyFeeBase` of the price.'), resolve: (s) => s.row.royalty_fee_factor }),
    royaltyFeeBase: t.field({ ...big('The denominator of the royalty.'), resolve: (s) => s.row.royalty_fee_base }),
    isCanceled: t.boolean({ nullable: true, description: 'Whether the seller cancelled the auction.', resolve: (s) => s.row.is_canceled }),
  }),
});

builder.objectRef<Of<'telemint'>>('TelemintSale').implement({
  description:
    'A Telemint item (a Fragment username or anonymous number, ton-indexer `telemint_nft_items`) with its own auction: the token it names, the bids and the auction settings.',
  interfaces: [NftSale],
  fields: (t) => ({
    tokenName: t.string({ nullable: true, description: 'The name the item stands for (a username or a number).', resolve: (s) => s.row.token_name }),
    bidder: t.field({ type: Account, nullable: true, description: 'Who placed the highest bid.', resolve: (s) => accountOf(s.row.bidder_address) }),
    bidderAddress: t.string({ nullable: true, description: 'Who placed the highest bid, raw.', resolve: (s) => s.row.bidder_address }),
    bid: t.field({ ...big('The highest bid, in nanotons.'), resolve: (s) => s.row.bid }),
    bidTs: t.field({ ...big('Unix time (seconds) of the highest bid.'), resolve: (s) => s.row.bid_ts }),
    minBid: t.field({ ...big('The least next bid, in nanotons.'), resolve: (s) => s.row.min_bid }),
    endTime: t.field({ ...big('Unix time (seconds) the auction ends.'), resolve: (s) => s.row.end_time }),
    beneficiary: t.field({ type: Account, nullable: true, description: 'Who receives the winning bid.', resolve: (s) => accountOf(s.row.beneficiary_address) }),
    beneficiaryAddress: t.string({ nullable: true, description: 'Who receives the winning bid, raw.', resolve: (s) => s.row.beneficiary_address }),
    initialMinBid: t.field({ ...big('The least first bid, in nanotons.'), resolve: (s) => s.row.initial_min_bid }),
    maxBid: t.field({ ...big('The bid that ends the auction at once, in nanotons (0: none).'), resolve: (s) => s.row.max_bid }),
    minBidStep: t.field({ ...big('The least raise of a bid, in percent.'), resolve: (s) => s.row.min_bid_step }),
    minExtendTime: t.field({ ...big('Seconds a late bid extends the auction by.'), resolve: (s) => s.row.min_extend_time }),
    duration: t.field({ ...big('Length of the auction in seconds.'), resolve: (s) => s.row.duration }),
    royaltyNumerator: t.field({ ...big('The royalty: `royaltyNumerator / royaltyDenominator` of the price.'), resolve: (s) => s.row.royalty_numerator }),
    royaltyDenominator: t.field({ ...big('The denominator of the royalty.'), resolve: (s) => s.row.royalty_denominator }),
    royaltyDestination: t.string({ nullable: true, description: 'Where the royalty goes, raw.', resolve: (s) => s.row.royalty_destination }),
  }),
});

// Navigation from accounts, transactions and traces.

builder.objectFields(Account, (t) => ({
  nfts: t.field({
    type: NftItemConnection,
    args: { ...routeArgs(t.arg, ACCOUNT_NFTS), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "The NFT items it owns (REST's `nft/items?owner_address=`), by collection, then index, then address (items without a collection last; by index within one `collection`), as a connection with keyset cursors; the pages of every account of a request are read in one statement.",
    resolve: (a, args, ctx) => {
      const p = parseParams(ACCOUNT_NFTS, graphqlSource(args));
      const parent: NftItemParent = {
        owner: true,
        includeOnSale: p.include_on_sale === true,
        ...(p.collection === undefined ? {} : { collection: p.collection }),
      };
      return parentItems('Account.nfts', parent, a.address, args, ctx);
    },
  }),
}));

eventLists(
  'nftTransfers',
  NftTransfer,
  {
    transaction: 'The NFT transfer this transaction of an item processed, if any (at most one; aborted ones included).',
    trace: 'The NFT transfers of the trace, by logical time (aborted ones included); empty for a trace only emulated so far.',
  },
  (ctx) => ctx.loaders.nfts,
);

// Roots: the twins of nft/collections, nft/items, nft/transfers and nft/sales, and lookups by address.

builder.queryFields((t) => ({
  nftCollection: t.field({
    type: NftCollection,
    nullable: true,
    description: 'An NFT collection by its address; null when it is not indexed.',
    args: routeArgs(t.arg, COLLECTION_ADDRESS),
    resolve: (_root, args, ctx) => ctx.loaders.nfts.collection.load(parseParams(COLLECTION_ADDRESS, graphqlSource(args)).address),
  }),
  nftCollections: t.field({
    type: NftCollectionConnection,
    args: { ...routeArgs(t.arg, NFT_COLLECTIONS, OFFSET_PAGING), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "NFT collections matching every filter (REST's `nft/collections` filters), in the order they were first indexed (by id), as a connection with keyset cursors.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('nftCollections', args, () => {
        const { filter } = nftCollectionsRequest(graphqlSource(args));
        return { key: NFT_COLLECTION_KEY, fetch: (page) => nftCollectionsKeyset(ctx.db, filter, page) };
      });
    },
  }),
  nftItem: t.field({
    type: NftItem,
    nullable: true,
    description: 'An NFT item by its address; null when it is not indexed.',
    args: routeArgs(t.arg, ITEM_ADDRESS),
    resolve: (_root, args, ctx) => ctx.loaders.nfts.item.load(parseParams(ITEM_ADDRESS, graphqlSource(args)).address),
  }),
  nftItems: t.field({
    type: NftItemConnection,
    args: { ...routeArgs(t.arg, NFT_ITEMS, OFFSET_PAGING), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "NFT items matching every filter (REST's `nft/items` filters and checks), as a connection with keyset cursors, in TON Center's order for the filters with a unique tie-break: by owner (the real owner with `includeOnSale`), collection, index, address when owners are given; by index, address within one collection; by last transaction lt, address (newest first) with `sortByLastTransactionLt`; by id otherwise. Each order is served by an index, so a deep page costs what the first does.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('nftItems', args, () => {
        const { filter } = nftItemsRequest(graphqlSource(args));
        return { key: nftItemKey(filter).columns, fetch: (page) => nftItemsKeyset(ctx.db, filter, page) };
      });
    },
  }),
  nftTransfers: t.field({
    type: NftTransferConnection,
    args: { ...routeArgs(t.arg, NFT_TRANSFERS, OFFSET_PAGING), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "NFT transfers matching every filter (REST's `nft/transfers` filters), aborted ones included, newest (highest lt, then transaction hash) first whatever the windows, as a connection with keyset cursors.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('nftTransfers', args, () => {
        const { filter } = nftTransfersRequest(graphqlSource(args));
        return { key: EVENT_KEY, fetch: (page) => nftTransfersKeyset(ctx.db, filter, page) };
      });
    },
  }),
  nftSales: t.field({
    type: [NftSale],
    description:
      "The GetGems sales, GetGems auctions and Telemint items among the addresses (REST's `nft/sales`): sales, then auctions, then Telemint items, each by address.",
    complexity: perAddressComplexity,
    args: routeArgs(t.arg, NFT_SALES),
    resolve: async (_root, args, ctx) => {
      const { sales, auctions, telemint } = await findNftSales(ctx, nftSalesRequest(graphqlSource(args)));
      return [
        ...sales.map((row) => ({ type: 'getgems_sale' as const, row })),
        ...auctions.map((row) => ({ type: 'getgems_auction' as const, row })),
        ...telemint.map((row) => ({ type: 'telemint' as const, row })),
      ];
    },
  }),
}));
