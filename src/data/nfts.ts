/**
 * NFT collections, items, transfers and sales (GetGems fixed-price sales, GetGems auctions, Telemint items):
 * the statements of the `nft/*` routes, their filters bound, every order ending with a unique tie-break.
 */
import type { Queryable } from '../db/types';
import { EVENT_KEY, eventOrder, eventPagesOf, eventsByTraces, eventsByTransactions, type EventSource } from './events';
import { windowConditions, type Windows } from './filters';
import {
  type Bind,
  boundValues,
  type KeyColumn,
  keyset,
  type KeysetPage,
  lateralPages,
  type OffsetPage,
  oneOrAny,
  type SortedPage,
  whereOf,
  oneEach,
} from './sql';

/** An `nft_collections` row as the routes read it; 64-bit and numeric values as decimal text. */
export interface NftCollectionRow {
  address: string;
  owner_address: string | null;
  last_transaction_lt: string | null;
  next_item_index: string | null;
  collection_content: Record<string, unknown> | null;
  data_hash: string | null;
  code_hash: string | null;
}

/** An `nft_items` row with its collection and the sale or auction contract that holds it, when one does. */
export interface NftItemRow {
  address: string;
  init: boolean | null;
  index: string | null;
  collection_address: string | null;
  owner_address: string | null;
  content: Record<string, unknown> | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
  collection: NftCollectionRow | null;
  /** The GetGems sale contract that owns the item (its address and seller), when the owner is one. */
  sale: { address: string; nft_owner_address: string | null } | null;
  /** The GetGems auction contract that owns the item (its address and seller), when the owner is one. */
  auction: { address: string; nft_owner: string | null } | null;
}

const COLLECTION_COLUMNS = (t: string, prefix = '') =>
  [
    `${t}.address${prefix && ` as ${prefix}address`}`,
    `${t}.owner_address${prefix && ` as ${prefix}owner_address`}`,
    `${t}.last_transaction_lt::text as ${prefix}last_transaction_lt`,
    `${t}.next_item_index::text as ${prefix}next_item_index`,
    `${t}.collection_content${prefix && ` as ${prefix}collection_content`}`,
    `${t}.data_hash${prefix && ` as ${prefix}data_hash`}`,
    `${t}.code_hash${prefix && ` as ${prefix}code_hash`}`,
  ].join(', ');

export interface NftCollectionFilter {
  addresses: string[];
  owners: string[];
}

/** Collections by address and owner, by id (TON Center orders by id only without filters; here always). */
export function nftCollections(db: Queryable, f: NftCollectionFilter, page: OffsetPage): Promise<NftCollectionRow[]> {
  const { values, bind } = boundValues();
  const where = collectionConditions(f, bind);
  return db.query<NftCollectionRow>(
    `select ${COLLECTION_COLUMNS('N')} from nft_collections N${whereOf(where)}
      order by N.id asc, N.address asc limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

function collectionConditions(f: NftCollectionFilter, bind: Bind): string[] {
  const where: string[] = [];
  if (f.addresses.length > 0) where.push(`N.address = any(${bind(f.addresses)}::text[])`);
  if (f.owners.length > 0) where.push(`N.owner_address = any(${bind(f.owners)}::text[])`);
  return where;
}

/** A collection with its id, the key of its keyset pages. */
export type NftCollectionKeyRow = NftCollectionRow & { id: string };

/** Collections in the order they were first indexed (their id, unique), as REST lists them. */
export const NFT_COLLECTION_KEY: readonly KeyColumn[] = [{ expr: 'N.id', type: 'int8', field: 'id' }];

/** A keyset page of the collections matching the filter, by id (nft_collections_index_2, or _1 by owner). */
export function nftCollectionsKeyset(db: Queryable, f: NftCollectionFilter, page: KeysetPage): Promise<NftCollectionKeyRow[]> {
  const { values, bind } = boundValues();
  const seek = keyset(NFT_COLLECTION_KEY, page, bind, 'asc');
  const where = [...collectionConditions(f, bind), ...seek.where];
  return db.query<NftCollectionKeyRow>(
    `select N.id::text as id, ${COLLECTION_COLUMNS('N')} from nft_collections N${whereOf(where)}
      order by ${seek.order} limit ${seek.limit}`,
    values,
  );
}

/** Batch function of the collection-by-address loader (null: not indexed). */
export async function nftCollectionsByAddresses(db: Queryable, addresses: readonly string[]): Promise<(NftCollectionRow | null)[]> {
  const rows = await db.query<NftCollectionRow>(`select ${COLLECTION_COLUMNS('N')} from nft_collections N where N.address = any($1::text[])`, [addresses]);
  return oneEach(addresses, rows, (r) => r.address);
}

/** Which of TON Center's orders a page of items takes (§3.11: each later rule overrides the earlier ones). */
export type NftItemOrder = 'id' | 'owner' | 'collection' | 'last_transaction';

export interface NftItemFilter {
  addresses: string[];
  owners: string[];
  /** The owners match `real_owner` (the seller of an item on sale) instead of `owner_address`. */
  includeOnSale: boolean;
  collections: string[];
  /** Decimal digits only. */
  indexes: string[];
  order: NftItemOrder;
}

/** Each order with its unique tie-break (the id, in the order's direction). */
const ITEM_ORDERS: Record<NftItemOrder, string> = {
  id: 'N.id asc, N.address asc',
  owner: 'N.owner_address asc, N.collection_address asc, N.index asc, N.id asc, N.address asc',
  collection: 'N.collection_address asc, N.index asc, N.id asc, N.address asc',
  last_transaction: 'N.last_transaction_lt desc, N.id desc, N.address desc',
};

const ITEM_COLUMNS = `N.address, N.init, N.index::text as index, N.collection_address, N.owner_address, N.content,
  N.last_transaction_lt::text as last_transaction_lt, N.code_hash, N.data_hash`;

interface FlatItemRow extends Omit<NftItemRow, 'collection' | 'sale' | 'auction'> {
  c_address: string | null;
  c_owner_address: string | null;
  c_last_transaction_lt: string | null;
  c_next_item_index: string | null;
  c_collection_content: Record<string, unknown> | null;
  c_data_hash: string | null;
  c_code_hash: string | null;
  s_address?: string | null;
  s_nft_owner_address?: string | null;
  a_address?: string | null;
  a_nft_owner?: string | null;
}

const nested = (r: FlatItemRow): NftItemRow => ({
  address: r.address,
  init: r.init,
  index: r.index,
  collection_address: r.collection_address,
  owner_address: r.owner_address,
  content: r.content,
  last_transaction_lt: r.last_transaction_lt,
  code_hash: r.code_hash,
  data_hash: r.data_hash,
  collection:
    r.c_address === null
      ? null
      : {
          address: r.c_address,
          owner_address: r.c_owner_address,
          last_transaction_lt: r.c_last_transaction_lt,
          next_item_index: r.c_next_item_index,
          collection_content: r.c_collection_content,
          data_hash: r.c_data_hash,
          code_hash: r.c_code_hash,
        },
  sale: r.s_address ? { address: r.s_address, nft_owner_address: r.s_nft_owner_address ?? null } : null,
  auction: r.a_address ? { address: r.a_address, nft_owner: r.a_nft_owner ?? null } : null,
});

/** An item's collection (left join `C`). */
const WITH_COLLECTION = `left join nft_collections C on N.collection_address = C.address`;

/** Items with their collection and the GetGems sale or auction contract that owns them (`extra`: more item columns). */
const selectItems = (extra = '') => `select ${ITEM_COLUMNS}${extra}, ${COLLECTION_COLUMNS('C', 'c_')},
            S.address as s_address, S.nft_owner_address as s_nft_owner_address, A.address as a_address, A.nft_owner as a_nft_owner
       from nft_items N ${WITH_COLLECTION}
       left join getgems_nft_sales S on N.owner_address = S.address and N.address = S.nft_address
       left join getgems_nft_auctions A on N.owner_address = A.address and N.address = A.nft_addr`;

/** Items matching every filter, with their collection and the sale or auction contract that owns them. */
export async function nftItems(db: Queryable, f: NftItemFilter, page: OffsetPage): Promise<NftItemRow[]> {
  const { values, bind } = boundValues();
  const where = itemConditions(f, bind);
  const rows = await db.query<FlatItemRow>(
    `${selectItems()}${whereOf(where)}
      order by ${ITEM_ORDERS[f.order]} limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
  return rows.map(nested);
}

/** An item with the columns of its keyset keys: its id, and its real owner (the seller when on sale). */
export type NftItemKeyRow = NftItemRow & { id: string; real_owner: string | null };

const KEY_COLUMNS = ', N.id::text as id, N.real_owner';
const keyed = (r: FlatItemRow & { id: string; real_owner: string | null }): NftItemKeyRow => ({ ...nested(r), id: r.id, real_owner: r.real_owner });

const ITEM_INDEX: KeyColumn = { expr: 'N.index', type: 'numeric', field: 'index' };
const ITEM_ADDRESS: KeyColumn = { expr: 'N.address', type: 'address', field: 'address' };
const ITEM_COLLECTION: KeyColumn = { expr: 'N.collection_address', type: 'address', field: 'collection_address', nullable: true };

/**
 * The keyset key of a list of items, per TON Center's order, each ending with a unique tie-break (the address;
 * REST breaks ties by id, which only differs among items equal in every other column): by id; by owner (the real
 * owner with `includeOnSale`), collection, index; by index within one collection; by last transaction lt,
 * newest first. `ownerFixed`: the owner is the parent of the list (Account.nfts), so the key leaves it out.
 * The index and the last transaction lt are taken as never null (ton-indexer sets both for every item); an
 * item without a collection sorts after the others of its owner.
 */
export function nftItemKey(f: Pick<NftItemFilter, 'order' | 'includeOnSale'>, ownerFixed = false): { columns: readonly KeyColumn[]; order: 'asc' | 'desc' } {
  switch (f.order) {
    case 'id':
      return { columns: [{ expr: 'N.id', type: 'int8', field: 'id' }], order: 'asc' };
    case 'owner': {
      const owner: KeyColumn = f.includeOnSale
        ? { expr: 'N.real_owner', type: 'address', field: 'real_owner' }
        : { expr: 'N.owner_address', type: 'address', field: 'owner_address' };
      return { columns: [...(ownerFixed ? [] : [owner]), ITEM_COLLECTION, ITEM_INDEX, ITEM_ADDRESS], order: 'asc' };
    }
    case 'collection':
      return { columns: [ITEM_INDEX, ITEM_ADDRESS], order: 'asc' };
    case 'last_transaction':
      return { columns: [{ expr: 'N.last_transaction_lt', type: 'int8', field: 'last_transaction_lt' }, ITEM_ADDRESS], order: 'desc' };
  }
}

/**
 * A keyset page of the items matching every filter, in the order of `nftItemKey`, each order served by an index
 * of ton-indexer's (nft_items_index_3 by id, _2 or _8 by owner, _1 by collection, _4 to _7 by last transaction).
 */
export async function nftItemsKeyset(db: Queryable, f: NftItemFilter, page: KeysetPage): Promise<NftItemKeyRow[]> {
  const { values, bind } = boundValues();
  const key = nftItemKey(f);
  const seek = keyset(key.columns, page, bind, key.order);
  const where = [...itemConditions(f, bind), ...seek.where];
  const rows = await db.query<FlatItemRow & { id: string; real_owner: string | null }>(
    `${selectItems(KEY_COLUMNS)}${whereOf(where)}
      order by ${seek.order} limit ${seek.limit}`,
    values,
  );
  return rows.map(keyed);
}

/** The items a parent holds: a collection's, or an owner's (the seller's with `includeOnSale`, optionally of one collection). */
export type NftItemParent = { collection: true } | { owner: true; includeOnSale: boolean; collection?: string };

/** The filter of the items of one parent, for the order and key its list takes. */
export const parentItemFilter = (parent: NftItemParent, address: string): NftItemFilter =>
  'owner' in parent
    ? {
        addresses: [],
        owners: [address],
        includeOnSale: parent.includeOnSale,
        collections: parent.collection === undefined ? [] : [parent.collection],
        indexes: [],
        order: parent.collection === undefined ? 'owner' : 'collection',
      }
    : { addresses: [], owners: [], includeOnSale: false, collections: [address], indexes: [], order: 'collection' };

/** The same keyset page of the items of several parents in one statement: a lateral page each. */
export async function nftItemPagesOf(db: Queryable, parent: NftItemParent, parents: readonly string[], page: KeysetPage): Promise<NftItemKeyRow[][]> {
  const { values, bind } = boundValues();
  const filter = parentItemFilter(parent, '');
  const key = nftItemKey(filter, true);
  const seek = keyset(key.columns, page, bind, key.order);
  const where =
    'owner' in parent
      ? [
          `${parent.includeOnSale ? 'N.real_owner' : 'N.owner_address'} = K.parent`,
          ...(parent.collection === undefined ? [] : [`N.collection_address = ${bind(parent.collection)}::text`]),
        ]
      : ['N.collection_address = K.parent'];
  return lateralPages(db, values, bind, parents, `${selectItems(KEY_COLUMNS)} where ${[...where, ...seek.where].join(' and ')}`, key.columns, seek, keyed);
}

/** Batch function of the item-by-address loader (null: not indexed). */
export async function nftItemsByAddresses(db: Queryable, addresses: readonly string[]): Promise<(NftItemRow | null)[]> {
  const rows = (await db.query<FlatItemRow>(`${selectItems()} where N.address = any($1::text[])`, [addresses])).map(nested);
  return oneEach(addresses, rows, (r) => r.address);
}

function itemConditions(f: NftItemFilter, bind: Bind): string[] {
  const where: string[] = [];
  if (f.addresses.length > 0) where.push(`N.address = any(${bind(f.addresses)}::text[])`);
  if (f.owners.length > 0) where.push(`${f.includeOnSale ? 'N.real_owner' : 'N.owner_address'} = any(${bind(f.owners)}::text[])`);
  where.push(...oneOrAny('N.collection_address', f.collections, bind));
  if (f.indexes.length > 0) where.push(`N.index = any(${bind(f.indexes)}::numeric[])`);
  return where;
}

/** An `nft_transfers` row as the route reads it. */
export interface NftTransferRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  tx_aborted: boolean;
  query_id: string | null;
  nft_item_address: string | null;
  nft_collection_address: string | null;
  old_owner: string | null;
  new_owner: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_amount: string | null;
  forward_payload: string | null;
  trace_id: string | null;
}

export interface NftTransferFilter {
  /** Old or new owner (with `direction`: only one side). */
  owners: string[];
  direction: 'in' | 'out' | undefined;
  items: string[];
  collection: string | undefined;
  windows: Windows;
}

/**
 * Transfers, aborted ones included, by logical time (by time first when a time window is given), ties broken by
 * logical time and transaction hash in the same direction.
 */
export function nftTransfers(db: Queryable, f: NftTransferFilter, page: SortedPage): Promise<NftTransferRow[]> {
  const { values, bind } = boundValues();
  const where = transferConditions(f, bind);
  return db.query<NftTransferRow>(
    `${SELECT_TRANSFERS}${whereOf(where)}
      order by ${eventOrder(f.windows, page.sort)} limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

const TRANSFER_COLUMNS = `T.tx_hash, T.tx_lt::text as tx_lt, T.tx_now, T.tx_aborted, T.query_id::text as query_id, T.nft_item_address,
            T.nft_collection_address, T.old_owner, T.new_owner, T.response_destination, T.custom_payload,
            T.forward_amount::text as forward_amount, T.forward_payload, T.trace_id`;
const SELECT_TRANSFERS = `select ${TRANSFER_COLUMNS} from nft_transfers T`;

function transferConditions(f: NftTransferFilter, bind: Bind): string[] {
  const where: string[] = [];
  if (f.owners.length > 0) {
    const owners = `any(${bind(f.owners)}::text[])`;
    if (f.direction === 'in') where.push(`T.new_owner = ${owners}`);
    else if (f.direction === 'out') where.push(`T.old_owner = ${owners}`);
    else where.push(`(T.old_owner = ${owners} or T.new_owner = ${owners})`);
  }
  if (f.items.length > 0) where.push(`T.nft_item_address = any(${bind(f.items)}::text[])`);
  if (f.collection !== undefined) where.push(`T.nft_collection_address = ${bind(f.collection)}::text`);
  where.push(...windowConditions(f.windows, bind, { time: 'T.tx_now', lt: 'T.tx_lt' }));
  return where;
}

/**
 * A keyset page of the transfers matching every filter, newest first (nft_transfers_index_2 by item, _4 by
 * collection, _5 and _7 by owner, _9 otherwise).
 */
export function nftTransfersKeyset(db: Queryable, f: NftTransferFilter, page: KeysetPage): Promise<NftTransferRow[]> {
  const { values, bind } = boundValues();
  const seek = keyset(EVENT_KEY, page, bind);
  const where = [...transferConditions(f, bind), ...seek.where];
  return db.query<NftTransferRow>(`${SELECT_TRANSFERS}${whereOf(where)} order by ${seek.order} limit ${seek.limit}`, values);
}

const TRANSFERS: EventSource = { table: 'nft_transfers', columns: TRANSFER_COLUMNS };

/** The same keyset page of the transfers of several items or collections in one statement. */
export const nftTransferPagesOf = (db: Queryable, of: 'item' | 'collection', parents: readonly string[], page: KeysetPage) =>
  eventPagesOf<NftTransferRow>(db, TRANSFERS, of === 'item' ? 'T.nft_item_address' : 'T.nft_collection_address', [], parents, page);

/** Batch function of the transfers-by-transaction loader. */
export const nftTransfersByTransactions = (db: Queryable, hashes: readonly string[]) => eventsByTransactions<NftTransferRow>(db, TRANSFERS, hashes);

/** Batch function of the transfers-by-trace loader, each trace's by lt. */
export const nftTransfersByTraces = (db: Queryable, traceIds: readonly string[]) => eventsByTraces<NftTransferRow>(db, TRANSFERS, traceIds);

/** A GetGems fixed-price sale with the item it sells. */
export interface NftSaleRow {
  address: string;
  nft_address: string | null;
  nft_owner_address: string | null;
  marketplace_address: string | null;
  created_at: string | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
  is_complete: boolean | null;
  full_price: string | null;
  marketplace_fee_address: string | null;
  marketplace_fee: string | null;
  royalty_address: string | null;
  royalty_amount: string | null;
  nft_item: NftItemRow | null;
}

/** A GetGems auction with the item it sells. */
export interface NftAuctionRow {
  address: string;
  nft_addr: string | null;
  nft_owner: string | null;
  mp_addr: string | null;
  created_at: string | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
  end_flag: boolean | null;
  end_time: string | null;
  last_bid: string | null;
  last_member: string | null;
  min_step: string | null;
  mp_fee_addr: string | null;
  mp_fee_factor: string | null;
  mp_fee_base: string | null;
  royalty_fee_addr: string | null;
  royalty_fee_factor: string | null;
  royalty_fee_base: string | null;
  max_bid: string | null;
  min_bid: string | null;
  last_bid_at: string | null;
  is_canceled: boolean | null;
  nft_item: NftItemRow | null;
}

/** A Telemint item (a Fragment username or number) with its auction state and configuration. */
export interface TelemintRow {
  address: string;
  token_name: string | null;
  bidder_address: string | null;
  bid: string | null;
  bid_ts: string | null;
  min_bid: string | null;
  end_time: string | null;
  beneficiary_address: string | null;
  initial_min_bid: string | null;
  max_bid: string | null;
  min_bid_step: string | null;
  min_extend_time: string | null;
  duration: string | null;
  royalty_numerator: string | null;
  royalty_denominator: string | null;
  royalty_destination: string | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
}

export interface NftSalesRows {
  sales: NftSaleRow[];
  auctions: NftAuctionRow[];
  telemint: TelemintRow[];
}

/** The item joined to a sale or auction (N, C), its columns prefixed `n_` and `c_`. */
const JOINED_ITEM = `N.address as n_address, N.init as n_init, N.index::text as n_index, N.collection_address as n_collection_address,
  N.owner_address as n_owner_address, N.content as n_content, N.last_transaction_lt::text as n_last_transaction_lt,
  N.code_hash as n_code_hash, N.data_hash as n_data_hash, ${COLLECTION_COLUMNS('C', 'c_')}`;

type Joined<R> = R & Record<string, unknown>;

/** The item of a sale or auction row (null when the item row is missing); the row without the prefixed columns. */
function withItem<R extends { nft_item: NftItemRow | null }>(row: Joined<Omit<R, 'nft_item'>>): R {
  const plain: Record<string, unknown> = {};
  const item: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('n_')) item[key.slice(2)] = value;
    else if (key.startsWith('c_')) item[key] = value;
    else plain[key] = value;
  }
  // Sale fields never show on an item nested in a sale (TON Center reads no sale for it).
  plain.nft_item = item.address === null ? null : { ...nested(item as unknown as FlatItemRow), sale: null, auction: null };
  return plain as R;
}

/**
 * The sales, auctions and Telemint items among the addresses: three statements, each group by address (TON
 * Center has no order within a group).
 */
export async function nftSales(db: Queryable, addresses: string[]): Promise<NftSalesRows> {
  const [sales, auctions, telemint] = await Promise.all([
    db.query<Joined<Omit<NftSaleRow, 'nft_item'>>>(
      `select s.address, s.nft_address, s.nft_owner_address, s.marketplace_address, s.created_at::text as created_at,
              s.last_transaction_lt::text as last_transaction_lt, s.code_hash, s.data_hash, s.is_complete, s.full_price::text as full_price,
              s.marketplace_fee_address, s.marketplace_fee::text as marketplace_fee, s.royalty_address, s.royalty_amount::text as royalty_amount,
              ${JOINED_ITEM}
         from getgems_nft_sales s left join nft_items N on s.nft_address = N.address ${WITH_COLLECTION}
        where s.address = any($1::text[]) order by s.address`,
      [addresses],
    ),
    db.query<Joined<Omit<NftAuctionRow, 'nft_item'>>>(
      `select a.address, a.nft_addr, a.nft_owner, a.mp_addr, a.created_at::text as created_at, a.last_transaction_lt::text as last_transaction_lt,
              a.code_hash, a.data_hash, a.end_flag, a.end_time::text as end_time, a.last_bid::text as last_bid, a.last_member,
              a.min_step::text as min_step, a.mp_fee_addr, a.mp_fee_factor::text as mp_fee_factor, a.mp_fee_base::text as mp_fee_base,
              a.royalty_fee_addr, a.royalty_fee_factor::text as royalty_fee_factor, a.royalty_fee_base::text as royalty_fee_base,
              a.max_bid::text as max_bid, a.min_bid::text as min_bid, a.last_bid_at::text as last_bid_at, a.is_canceled,
              ${JOINED_ITEM}
         from getgems_nft_auctions a left join nft_items N on a.nft_addr = N.address ${WITH_COLLECTION}
        where a.address = any($1::text[]) order by a.address`,
      [addresses],
    ),
    db.query<TelemintRow>(
      `select t.address, t.token_name, t.bidder_address, t.bid::text as bid, t.bid_ts::text as bid_ts, t.min_bid::text as min_bid,
              t.end_time::text as end_time, t.beneficiary_address, t.initial_min_bid::text as initial_min_bid, t.max_bid::text as max_bid,
              t.min_bid_step::text as min_bid_step, t.min_extend_time::text as min_extend_time, t.duration::text as duration,
              t.royalty_numerator::text as royalty_numerator, t.royalty_denominator::text as royalty_denominator, t.royalty_destination,
              t.last_transaction_lt::text as last_transaction_lt, t.code_hash, t.data_hash
         from telemint_nft_items t where t.address = any($1::text[]) order by t.address`,
      [addresses],
    ),
  ]);
  return {
    sales: sales.map((r) => withItem<NftSaleRow>(r)),
    auctions: auctions.map((r) => withItem<NftAuctionRow>(r)),
    telemint,
  };
}
