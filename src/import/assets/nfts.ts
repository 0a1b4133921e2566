/**
 * The NFT routes' envelopes read back into the tables they are served from: `nft_collections`, `nft_items` (with
 * their nested collection and the sale or auction contract that holds them), `nft_transfers` and `nft_sales`.
 */
import type { JsonNode } from '../jsonNode';
import { type AssetRows, eventColumns } from './rows';

/** One collection of `nft_collections` (also an item's nested `collection`). Keys a trimmed response lacks are stored as null. */
export function readNftCollection(e: JsonNode, out: AssetRows): void {
  out.add('nft_collections', {
    address: e.get('address').address(),
    owner_address: e.get('owner_address').optAddress(),
    last_transaction_lt: e.get('last_transaction_lt').optInt64(),
    next_item_index: e.get('next_item_index').optDecimal(),
    collection_content: e.get('collection_content').optObject(),
    data_hash: e.get('data_hash').optHash(),
    code_hash: e.get('code_hash').optHash(),
  });
}

/**
 * One item of `nft_items`, its collection, and on sale the contract that holds it. `real_owner` is computed as the
 * indexer's trigger computes it: the seller when the owner is a GetGems sale or auction contract selling the item
 * (`seller`, for an item nested in a sale: that sale's seller), else the owner.
 */
export function readNftItem(e: JsonNode, out: AssetRows, seller?: string | null): void {
  const address = e.get('address').address();
  const owner = e.get('owner_address').optAddress();
  const collection = e.get('collection');
  if (!collection.isNull()) readNftCollection(collection, out);
  const shown = e.get('real_owner').optAddress();
  for (const [key, table, item, sellerColumn] of [
    ['sale_contract_address', 'getgems_nft_sales', 'nft_address', 'nft_owner_address'],
    ['auction_contract_address', 'getgems_nft_auctions', 'nft_addr', 'nft_owner'],
  ] as const) {
    const contract = e.get(key).optAddress();
    if (contract === null) continue;
    // TON Center finds the contract as the item's owner: anything else is not one of its responses.
    if (contract !== owner) e.get(key).fail(`expected the item's owner_address (${owner}), the contract that holds it`);
    out.add(table, { address: contract, [item]: address, [sellerColumn]: shown });
  }
  out.add('nft_items', {
    address,
    init: e.get('init').optBool(),
    index: e.get('index').optDecimal(),
    collection_address: e.get('collection_address').optAddress(),
    owner_address: owner,
    content: e.get('content').optObject(),
    last_transaction_lt: e.get('last_transaction_lt').optInt64(),
    code_hash: e.get('code_hash').optHash(),
    data_hash: e.get('data_hash').optHash(),
    real_owner: (seller ?? shown) || owner,
  });
}

/** One transfer of `nft_transfers`; the decoded payloads are derived from the payloads, not stored. */
export function readNftTransfer(e: JsonNode, out: AssetRows): void {
  out.add('nft_transfers', {
    ...eventColumns(e),
    query_id: e.get('query_id').optDecimal(),
    nft_item_address: e.get('nft_address').optStoredAddress(),
    nft_collection_address: e.get('nft_collection').optStoredAddress(),
    old_owner: e.get('old_owner').optStoredAddress(),
    new_owner: e.get('new_owner').optStoredAddress(),
    response_destination: e.get('response_destination').optStoredAddress(),
    custom_payload: e.get('custom_payload').optStr(),
    forward_amount: e.get('forward_amount').optDecimal(),
    forward_payload: e.get('forward_payload').optStr(),
    trace_id: e.get('trace_id').optHash(),
  });
}

/** The columns every sale, auction and Telemint row shares, from the sale object's head. */
const head = (e: JsonNode) => ({
  last_transaction_lt: e.get('last_transaction_lt').optInt64(),
  code_hash: e.get('code_hash').optHash(),
  data_hash: e.get('data_hash').optHash(),
});

/**
 * One element of `nft_sales` into its table by `type`, with the item it sells (a Telemint `nft_item` is made by
 * TON Center from the Telemint row itself, so it is not read back as an item).
 */
export function readNftSale(e: JsonNode, out: AssetRows): void {
  const type = e.get('type').oneOf(['getgems_sale', 'getgems_auction', 'telemint'] as const);
  const address = e.get('address').address();
  const d = e.get('details');
  if (!d.isObject()) d.fail('expected an object');
  if (type === 'telemint') {
    out.add('telemint_nft_items', {
      address,
      token_name: d.get('token_name').optStr(),
      bidder_address: d.get('bidder_address').optAddress(),
      bid: d.get('bid').optDecimal(),
      bid_ts: d.get('bid_ts').optInt64(),
      min_bid: d.get('min_bid').optDecimal(),
      end_time: d.get('end_time').optInt64(),
      beneficiary_address: d.get('beneficiary_address').optAddress(),
      initial_min_bid: d.get('initial_min_bid').optDecimal(),
      max_bid: d.get('max_bid').optDecimal(),
      min_bid_step: d.get('min_bid_step').optDecimal(),
      min_extend_time: d.get('min_extend_time').optInt64(),
      duration: d.get('duration').optInt64(),
      royalty_numerator: d.get('royalty_numerator').optInt64(),
      royalty_denominator: d.get('royalty_denominator').optInt64(),
      royalty_destination: d.get('royalty_destination').optAddress(),
      ...head(e),
    });
    return;
  }
  const nft = e.get('nft_address').optAddress();
  const seller = e.get('nft_owner_address').optAddress();
  if (type === 'getgems_sale') {
    out.add('getgems_nft_sales', {
      address,
      nft_address: nft,
      nft_owner_address: seller,
      marketplace_address: e.get('marketplace_address').optAddress(),
      created_at: e.get('created_at').optInt64(),
      ...head(e),
      is_complete: d.get('is_complete').optBool(),
      full_price: d.get('full_price').optDecimal(),
      marketplace_fee_address: d.get('marketplace_fee_address').optAddress(),
      marketplace_fee: d.get('marketplace_fee').optDecimal(),
      royalty_address: d.get('royalty_address').optAddress(),
      royalty_amount: d.get('royalty_amount').optDecimal(),
    });
  } else {
    out.add('getgems_nft_auctions', {
      address,
      nft_addr: nft,
      nft_owner: seller,
      mp_addr: e.get('marketplace_address').optAddress(),
      created_at: e.get('created_at').optInt64(),
      ...head(e),
      end_flag: d.get('end_flag').optBool(),
      end_time: d.get('end_time').optInt64(),
      last_bid: d.get('last_bid').optDecimal(),
      last_member: d.get('last_member').optAddress(),
      min_step: d.get('min_step').optInt64(),
      mp_fee_addr: d.get('mp_fee_address').optAddress(),
      mp_fee_factor: d.get('mp_fee_factor').optInt64(),
      mp_fee_base: d.get('mp_fee_base').optInt64(),
      royalty_fee_addr: d.get('royalty_fee_address').optAddress(),
      royalty_fee_factor: d.get('royalty_fee_factor').optInt64(),
      royalty_fee_base: d.get('royalty_fee_base').optInt64(),
      max_bid: d.get('max_bid').optDecimal(),
      min_bid: d.get('min_bid').optDecimal(),
      last_bid_at: d.get('last_bid_at').optInt64(),
      is_canceled: d.get('is_canceled').optBool(),
    });
  }
  const item = e.get('nft_item');
  if (item.isNull()) return;
  // The trigger's rule: the item's owner is this contract selling it, so its real owner is the seller.
  const owner = item.get('owner_address').optAddress();
  const held = owner === address && item.get('address').address() === nft;
  readNftItem(item, out, held ? seller : undefined);
}
