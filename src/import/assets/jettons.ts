/** Readers of the jetton routes' envelopes: one element into the rows of the tables it was read from. */
import type { JsonNode } from '../jsonNode';
import type { AssetRows } from './rows';

/** A `jetton_masters` element. */
export function readJettonMaster(e: JsonNode, out: AssetRows): void {
  const content = e.get('jetton_content');
  if (!content.isNull() && !content.isObject()) content.fail('expected an object');
  out.add('jetton_masters', {
    address: e.get('address').address(),
    total_supply: e.get('total_supply').optDecimal(),
    mintable: e.get('mintable').optBool(),
    admin_address: e.get('admin_address').optAddress(),
    jetton_content: content.isNull() ? null : content.value,
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
    source: optAccount(e.get('source')),
    destination: optAccount(e.get('destination')),
    jetton_wallet_address: e.get('source_wallet').optAddress(),
    jetton_master_address: e.get('jetton_master').optAddress(),
    response_destination: optAccount(e.get('response_destination')),
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
    owner: optAccount(e.get('owner')),
    jetton_wallet_address: e.get('jetton_wallet').optAddress(),
    jetton_master_address: e.get('jetton_master').optAddress(),
    amount: e.get('amount').optDecimal(),
    response_destination: optAccount(e.get('response_destination')),
    custom_payload: e.get('custom_payload').optStr(),
    trace_id: e.get('trace_id').optHash(),
  });
}

/** The transaction columns of an event row (mc_seqno is not in the response). */
const eventColumns = (e: JsonNode) => ({
  tx_hash: e.get('transaction_hash').hash(),
  tx_lt: e.get('transaction_lt').int64(),
  tx_now: e.get('transaction_now').int(0),
  tx_aborted: e.get('transaction_aborted').bool(),
});

/** An address column the indexer may hold a literal in (`addr_none`, `addr_extern`), kept as such. */
function optAccount(node: JsonNode): string | null {
  const text = node.optStr();
  return text === 'addr_none' || text === 'addr_extern' ? text : node.optAddress();
}
