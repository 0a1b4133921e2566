import type { JettonBurnRow, JettonMasterRow, JettonTransferRow, JettonWalletRow } from '../data/jettons';
import { goMap, jsonInteger } from './goJson';
import type { PayloadTexts } from './payload';
import type { RawTexts } from './rawJson';

/** TON Center's JettonMaster, keys in its order. */
export interface WireJettonMaster {
  address: string;
  total_supply: string | null;
  mintable: boolean | null;
  admin_address: string | null;
  jetton_content: Record<string, unknown> | null;
  jetton_wallet_code_hash: string | null;
  code_hash: string | null;
  data_hash: string | null;
  last_transaction_lt: string | null;
}

export interface WireMintlessInfo {
  amount: string;
  start_from: number | string | null;
  expire_at: number | string | null;
  custom_payload_api_uri: string[] | null;
}

/** TON Center's JettonWallet; `mintless_info` only for an unclaimed mintless amount. */
export interface WireJettonWallet {
  address: string;
  balance: string | null;
  owner: string | null;
  jetton: string | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
  mintless_info?: WireMintlessInfo;
}

/** TON Center's JettonTransfer; the decoded payloads are markers of their JSON texts (rawJson.ts). */
export interface WireJettonTransfer {
  query_id: string | null;
  source: string | null;
  destination: string | null;
  amount: string | null;
  source_wallet: string | null;
  jetton_master: string | null;
  transaction_hash: string;
  transaction_lt: string;
  transaction_now: number;
  transaction_aborted: boolean;
  response_destination: string | null;
  custom_payload: string | null;
  decoded_custom_payload: string | null;
  forward_ton_amount: string | null;
  forward_payload: string | null;
  decoded_forward_payload: string | null;
  trace_id: string | null;
}

export interface WireJettonBurn {
  query_id: string | null;
  owner: string | null;
  jetton_wallet: string | null;
  jetton_master: string | null;
  transaction_hash: string;
  transaction_lt: string;
  transaction_now: number;
  transaction_aborted: boolean;
  amount: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  decoded_custom_payload: string | null;
  trace_id: string | null;
}

export const toWireJettonMaster = (row: JettonMasterRow): WireJettonMaster => ({
  address: row.address,
  total_supply: row.total_supply,
  mintable: row.mintable,
  admin_address: row.admin_address,
  jetton_content: row.jetton_content === null ? null : (goMap(row.jetton_content) as Record<string, unknown>),
  jetton_wallet_code_hash: row.jetton_wallet_code_hash,
  code_hash: row.code_hash,
  data_hash: row.data_hash,
  last_transaction_lt: row.last_transaction_lt,
});

/** TON Center shows mintless info only for an unclaimed mintless amount (`mintless_is_claimed` false, an amount stored). */
export const hasMintlessInfo = (row: JettonWalletRow): row is JettonWalletRow & { mintless_amount: string } =>
  row.mintless_is_claimed === false && row.mintless_amount !== null;

export function toWireJettonWallet(row: JettonWalletRow, raw: RawTexts): WireJettonWallet {
  const wallet: WireJettonWallet = {
    address: row.address,
    balance: row.balance,
    owner: row.owner,
    jetton: row.jetton,
    last_transaction_lt: row.last_transaction_lt,
    code_hash: row.code_hash,
    data_hash: row.data_hash,
  };
  if (hasMintlessInfo(row)) {
    wallet.mintless_info = {
      amount: row.mintless_amount,
      start_from: jsonInteger(row.mintless_start_from, raw),
      expire_at: jsonInteger(row.mintless_expire_at, raw),
      custom_payload_api_uri: row.custom_payload_api_uri,
    };
  }
  return wallet;
}

export const toWireJettonTransfer = (row: JettonTransferRow, payloads: PayloadTexts): WireJettonTransfer => ({
  query_id: row.query_id,
  source: row.source,
  destination: row.destination,
  amount: row.amount,
  source_wallet: row.jetton_wallet_address,
  jetton_master: row.jetton_master_address,
  transaction_hash: row.tx_hash,
  transaction_lt: row.tx_lt,
  transaction_now: row.tx_now,
  transaction_aborted: row.tx_aborted,
  response_destination: row.response_destination,
  custom_payload: row.custom_payload,
  decoded_custom_payload: payloads.decoded(row.custom_payload),
  forward_ton_amount: row.forward_ton_amount,
  forward_payload: row.forward_payload,
  decoded_forward_payload: payloads.decoded(row.forward_payload),
  trace_id: row.trace_id,
});

export const toWireJettonBurn = (row: JettonBurnRow, payloads: PayloadTexts): WireJettonBurn => ({
  query_id: row.query_id,
  owner: row.owner,
  jetton_wallet: row.jetton_wallet_address,
  jetton_master: row.jetton_master_address,
  transaction_hash: row.tx_hash,
  transaction_lt: row.tx_lt,
  transaction_now: row.tx_now,
  transaction_aborted: row.tx_aborted,
  amount: row.amount,
  response_destination: row.response_destination,
  custom_payload: row.custom_payload,
  decoded_custom_payload: payloads.decoded(row.custom_payload),
  trace_id: row.trace_id,
});
