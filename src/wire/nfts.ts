/** TON Center's NFT shapes: collections, items (with their sale state), transfers and sales, keys in its order. */
import type { NftAuctionRow, NftCollectionRow, NftItemRow, NftSaleRow, NftTransferRow, TelemintRow } from '../data/nfts';
import { goMap, jsonInteger } from './goJson';
import type { PayloadTexts } from './payload';
import type { RawTexts } from './rawJson';

type Json = Record<string, unknown>;

const content = (value: Json | null) => (value === null ? null : (goMap(value) as Json));

export interface WireNftCollection {
  address: string;
  owner_address: string | null;
  last_transaction_lt: string | null;
  next_item_index: string | null;
  collection_content: Json | null;
  data_hash: string | null;
  code_hash: string | null;
}

export const toWireNftCollection = (row: NftCollectionRow): WireNftCollection => ({
  address: row.address,
  owner_address: row.owner_address,
  last_transaction_lt: row.last_transaction_lt,
  next_item_index: row.next_item_index,
  collection_content: content(row.collection_content),
  data_hash: row.data_hash,
  code_hash: row.code_hash,
});

export interface WireNftItem {
  address: string;
  init: boolean | null;
  index: string | null;
  collection_address: string | null;
  owner_address: string | null;
  content: Json | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
  collection: WireNftCollection | null;
  on_sale: boolean;
  sale_contract_address?: string;
  auction_contract_address?: string;
  real_owner?: string;
}

/**
 * An item as TON Center shows it: on sale when its owner is a GetGems sale or auction contract selling it, with
 * that contract and the seller (`real_owner`); otherwise the three keys are left out.
 */
export function toWireNftItem(row: NftItemRow): WireNftItem {
  const item: WireNftItem = {
    address: row.address,
    init: row.init,
    index: row.index,
    collection_address: row.collection_address,
    owner_address: row.owner_address,
    content: content(row.content),
    last_transaction_lt: row.last_transaction_lt,
    code_hash: row.code_hash,
    data_hash: row.data_hash,
    collection: row.collection && toWireNftCollection(row.collection),
    on_sale: false,
  };
  if (row.sale) {
    item.on_sale = true;
    item.sale_contract_address = row.sale.address;
    if (row.sale.nft_owner_address !== null) item.real_owner = row.sale.nft_owner_address;
  } else if (row.auction) {
    item.on_sale = true;
    item.auction_contract_address = row.auction.address;
    if (row.auction.nft_owner !== null) item.real_owner = row.auction.nft_owner;
  }
  return item;
}

export interface WireNftTransfer {
  query_id: string | null;
  nft_address: string | null;
  nft_collection: string | null;
  transaction_hash: string;
  transaction_lt: string;
  transaction_now: number;
  transaction_aborted: boolean;
  old_owner: string | null;
  new_owner: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  decoded_custom_payload: string | null;
  forward_amount: string | null;
  forward_payload: string | null;
  decoded_forward_payload: string | null;
  trace_id: string | null;
}

export const toWireNftTransfer = (row: NftTransferRow, payloads: PayloadTexts): WireNftTransfer => ({
  query_id: row.query_id,
  nft_address: row.nft_item_address,
  nft_collection: row.nft_collection_address,
  transaction_hash: row.tx_hash,
  transaction_lt: row.tx_lt,
  transaction_now: row.tx_now,
  transaction_aborted: row.tx_aborted,
  old_owner: row.old_owner,
  new_owner: row.new_owner,
  response_destination: row.response_destination,
  custom_payload: row.custom_payload,
  decoded_custom_payload: payloads.decoded(row.custom_payload),
  forward_amount: row.forward_amount,
  forward_payload: row.forward_payload,
  decoded_forward_payload: payloads.decoded(row.forward_payload),
  trace_id: row.trace_id,
});

export type NftSaleType = 'getgems_sale' | 'getgems_auction' | 'telemint';

export interface WireNftSale {
  type: NftSaleType;
  address: string;
  nft_address?: string;
  nft_owner_address?: string;
  marketplace_address?: string;
  created_at?: number | string;
  last_transaction_lt?: string;
  code_hash?: string;
  data_hash?: string;
  details: Json;
  nft_item?: WireNftItem;
}

/** An object of the entries whose value is not null, in order (Go's `omitempty` on pointers). */
function present(entries: [string, unknown][]): Json {
  const out: Json = {};
  for (const [key, value] of entries) if (value !== null && value !== undefined) out[key] = value;
  return out;
}

function sale(type: NftSaleType, head: [string, unknown][], details: Json, item: WireNftItem | null): WireNftSale {
  const ordered = { type, ...present(head), details } as WireNftSale;
  if (item) ordered.nft_item = item;
  return ordered;
}

export function toWireGetgemsSale(row: NftSaleRow, raw: RawTexts): WireNftSale {
  return sale(
    'getgems_sale',
    [
      ['address', row.address],
      ['nft_address', row.nft_address],
      ['nft_owner_address', row.nft_owner_address],
      ['marketplace_address', row.marketplace_address],
      ['created_at', jsonInteger(row.created_at, raw)],
      ['last_transaction_lt', row.last_transaction_lt],
      ['code_hash', row.code_hash],
      ['data_hash', row.data_hash],
    ],
    present([
      ['is_complete', row.is_complete],
      ['full_price', row.full_price],
      ['marketplace_fee_address', row.marketplace_fee_address],
      ['marketplace_fee', row.marketplace_fee],
      ['royalty_address', row.royalty_address],
      ['royalty_amount', row.royalty_amount],
    ]),
    row.nft_item && toWireNftItem(row.nft_item),
  );
}

export function toWireGetgemsAuction(row: NftAuctionRow, raw: RawTexts): WireNftSale {
  const n = (text: string | null) => jsonInteger(text, raw);
  return sale(
    'getgems_auction',
    [
      ['address', row.address],
      ['nft_address', row.nft_addr],
      ['nft_owner_address', row.nft_owner],
      ['marketplace_address', row.mp_addr],
      ['created_at', n(row.created_at)],
      ['last_transaction_lt', row.last_transaction_lt],
      ['code_hash', row.code_hash],
      ['data_hash', row.data_hash],
    ],
    present([
      ['end_flag', row.end_flag],
      ['end_time', n(row.end_time)],
      ['last_bid', row.last_bid],
      ['last_member', row.last_member],
      ['min_step', n(row.min_step)],
      ['mp_fee_address', row.mp_fee_addr],
      ['mp_fee_factor', n(row.mp_fee_factor)],
      ['mp_fee_base', n(row.mp_fee_base)],
      ['royalty_fee_address', row.royalty_fee_addr],
      ['royalty_fee_factor', n(row.royalty_fee_factor)],
      ['royalty_fee_base', n(row.royalty_fee_base)],
      ['max_bid', row.max_bid],
      ['min_bid', row.min_bid],
      ['last_bid_at', n(row.last_bid_at)],
      ['is_canceled', row.is_canceled],
    ]),
    row.nft_item && toWireNftItem(row.nft_item),
  );
}

/**
 * A Telemint item (a Fragment username or number): its auction state in `details` (`bid_ts`, `min_extend_time`
 * and `duration` as strings, as TON Center scans them) and an `nft_item` made from the row itself, its token name
 * as the index.
 */
export function toWireTelemint(row: TelemintRow, raw: RawTexts): WireNftSale {
  const n = (text: string | null) => jsonInteger(text, raw);
  return sale(
    'telemint',
    [
      ['address', row.address],
      ['nft_address', row.address],
      ['last_transaction_lt', row.last_transaction_lt],
      ['code_hash', row.code_hash],
      ['data_hash', row.data_hash],
    ],
    present([
      ['token_name', row.token_name],
      ['bidder_address', row.bidder_address],
      ['bid', row.bid],
      ['bid_ts', row.bid_ts],
      ['min_bid', row.min_bid],
      ['end_time', n(row.end_time)],
      ['beneficiary_address', row.beneficiary_address],
      ['initial_min_bid', row.initial_min_bid],
      ['max_bid', row.max_bid],
      ['min_bid_step', row.min_bid_step],
      ['min_extend_time', row.min_extend_time],
      ['duration', row.duration],
      ['royalty_numerator', n(row.royalty_numerator)],
      ['royalty_denominator', n(row.royalty_denominator)],
      ['royalty_destination', row.royalty_destination],
    ]),
    {
      address: row.address,
      init: row.token_name !== null,
      index: row.token_name,
      collection_address: null,
      owner_address: null,
      content: null,
      last_transaction_lt: row.last_transaction_lt,
      code_hash: row.code_hash,
      data_hash: row.data_hash,
      collection: null,
      on_sale: false,
    },
  );
}
