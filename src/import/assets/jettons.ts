/** Readers of the jetton routes' envelopes: one element into the rows of the tables it was read from. */
import type { JsonNode } from '../jsonNode';
import { type AssetRows, eventColumns } from './rows';

/** A `jetton_masters` element. */
export function readJettonMaster(e: JsonNode, out: AssetRows): void {
  out.add('jetton_masters', {
    address: e.get('address').address(),
    total_supply: e.get('total_supply').optDecimal(),
    mintable: e.get('mintable').optBool(),
    admin_address: e.get('admin_address').optAddress(),
    jetton_content: e.get('jetton_content').optObject(),
    jetton_wallet_code_hash: e.get('jetton_wallet_code_hash').optHash(),
    code_hash: e.get('code_hash').optHash(),
    data_hash: e.get('data_hash').optHash(),
    last_transaction_lt: e.get('last_transaction_lt').optInt64(),
  });
}

/**
 * A `jetton_wallets` element. TON Center shows `mintless_info` only for an unclaimed amount, so its presence
 * means not claimed; its claim API belongs to the jetton's mintless master. Without it the claim state is unknown.
 */
export function readJettonWallet(e: JsonNode, out: AssetRows): void {
  const jetton = e.get('jetton').optAddress();
  const row: Record<string, unknown> = {
    address: e.get('address').address(),
    balance: e.get('balance').optDecimal(),
    owner: e.get('owner').optAddress(),
    jetton,
    last_transaction_lt: e.get('last_transaction_lt').optInt64(),
    code_hash: e.get('code_hash').optHash(),
    data_hash: e.get('data_hash').optHash(),
    mintless_is_claimed: null,
    mintless_amount: null,
    mintless_start_from: null,
    mintless_expire_at: null,
  };
  const mintless = e.get('mintless_info');
  if (!mintless.isNull()) {
    Object.assign(row, {
      mintless_is_claimed: false,
      mintless_amount: mintless.get('amount').decimal(),
      mintless_start_from: mintless.get('start_from').optInt64(),
      mintless_expire_at: mintless.get('expire_at').optInt64(),
    });
    const uris = mintless.get('custom_payload_api_uri');
    if (jetton === null) e.get('jetton').fail('a wallet with mintless_info needs its jetton');
    out.add('mintless_jetton_masters', { address: jetton, custom_payload_api_uri: uris.isNull() ? null : uris.list().map((u) => u.str()) });
  }
  out.add('jetton_wallets', row);
}

/** A `jetton_transfers` element (the decoded payloads are computed when served, not stored). */
export function readJettonTransfer(e: JsonNode, out: AssetRows): void {
  out.add('jetton_transfers', {
    ...eventColumns(e),
    query_id: e.get('query_id').optDecimal(),
    amount: e.get('amount').optDecimal(),
    source: e.get('source').optStoredAddress(),
    destination: e.get('destination').optStoredAddress(),
    jetton_wallet_address: e.get('source_wallet').optAddress(),
    jetton_master_address: e.get('jetton_master').optAddress(),
    response_destination: e.get('response_destination').optStoredAddress(),
    custom_payload: e.get('custom_payload').optStr(),
    forward_ton_amount: e.get('forward_ton_amount').optDecimal(),
    forward_payload: e.get('forward_payload').optStr(),
    trace_id: e.get('trace_id').optHash(),
  });
}

/** A `jetton_burns` element. */
export function readJettonBurn(e: JsonNode, out: AssetRows): void {
  out.add('jetton_burns', {
    ...eventColumns(e),
    query_id: e.get('query_id').optDecimal(),
    owner: e.get('owner').optStoredAddress(),
    jetton_wallet_address: e.get('jetton_wallet').optAddress(),
    jetton_master_address: e.get('jetton_master').optAddress(),
    amount: e.get('amount').optDecimal(),
    response_destination: e.get('response_destination').optStoredAddress(),
    custom_payload: e.get('custom_payload').optStr(),
    trace_id: e.get('trace_id').optHash(),
  });
}
