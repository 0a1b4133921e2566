/** TON Center's account and wallet shapes (`accountStates`, `walletStates`, `addressInformation`, `walletInformation`). */
import type { AccountStateFullRow, LatestStateRow } from '../data/accountStates';
import type { ExtraCurrencies } from '../data/rows';
import { detectInterfaces, methodIds } from '../encoding/interfaces';
import { ApiError } from '../errors';

/** TON Center trims `'` around stored BOCs. */
const boc = (text: string | null) => (text === null ? undefined : text.replace(/^'+|'+$/g, ''));

/** Keys whose value is undefined are dropped by JSON.stringify: TON Center's omitted fields. */
export interface WireAccountState {
  address: string;
  account_state_hash: string;
  balance: string | null;
  extra_currencies: ExtraCurrencies | null;
  status: string | null;
  frozen_hash?: string;
  last_transaction_hash: string | null;
  last_transaction_lt: string | null;
  data_hash?: string;
  code_hash?: string;
  data_boc?: string;
  code_boc?: string;
  contract_methods: number[] | null;
  interfaces: string[] | null;
}

export function toWireAccountState(row: AccountStateFullRow): WireAccountState {
  const methods = methodIds(row.methods);
  return {
    address: row.account,
    account_state_hash: row.hash,
    balance: row.balance,
    extra_currencies: row.balance_extra_currencies,
    status: row.account_status,
    frozen_hash: row.frozen_hash ?? undefined,
    last_transaction_hash: row.last_trans_hash,
    last_transaction_lt: row.last_trans_lt,
    data_hash: row.data_hash ?? undefined,
    code_hash: row.code_hash ?? undefined,
    data_boc: boc(row.data_boc),
    code_boc: boc(row.code_boc),
    contract_methods: methods,
    interfaces: detectInterfaces(row.code_hash, methods),
  };
}

/** What `walletStates` knows of an account: its state and, for a wallet, its type and the fields of its data. */
export interface WalletStateModel {
  row: Pick<LatestStateRow, 'account' | 'balance' | 'balance_extra_currencies' | 'account_status' | 'code_hash' | 'last_trans_hash' | 'last_trans_lt'>;
  wallet?: { type: string; fields?: { seqno: number; walletId?: number; isSignatureAllowed?: boolean } };
}

export interface WireWalletState {
  address: string;
  is_wallet: boolean;
  wallet_type?: string;
  seqno?: number;
  wallet_id?: number;
  balance?: string;
  extra_currencies?: ExtraCurrencies;
  is_signature_allowed?: boolean;
  status?: string;
  code_hash?: string;
  last_transaction_hash: string | null;
  last_transaction_lt: string | null;
}

export function toWireWalletState({ row, wallet }: WalletStateModel): WireWalletState {
  const extra = row.balance_extra_currencies;
  return {
    address: row.account,
    is_wallet: wallet !== undefined,
    wallet_type: wallet?.type,
    seqno: wallet?.fields?.seqno,
    wallet_id: wallet?.fields?.walletId,
    balance: row.balance ?? undefined,
    extra_currencies: extra !== null && Object.keys(extra).length > 0 ? extra : undefined,
    is_signature_allowed: wallet?.fields?.isSignatureAllowed,
    status: row.account_status ?? undefined,
    code_hash: row.code_hash ?? undefined,
    last_transaction_hash: row.last_trans_hash,
    last_transaction_lt: row.last_trans_lt,
  };
}

const ZERO_HASH = 'A'.repeat(43) + '=';

export interface WireAddressInformation {
  balance: string;
  code: string | null;
  data: string | null;
  last_transaction_lt: string | null;
  last_transaction_hash: string | null;
  frozen_hash: null;
  status: string;
}

/** TON Center's stub for an account the indexer has no state of. */
export const UNINIT_ADDRESS_INFORMATION: Readonly<WireAddressInformation> = {
  balance: '0',
  code: null,
  data: null,
  last_transaction_lt: '0',
  last_transaction_hash: ZERO_HASH,
  frozen_hash: null,
  status: 'uninit',
};

/** The local answer: `frozen_hash` is always null there, as in TON Center (only its v2 answer fills it). */
export function toWireAddressInformation(row: LatestStateRow | null): WireAddressInformation {
  if (row === null) return { ...UNINIT_ADDRESS_INFORMATION };
  return {
    balance: row.balance ?? fault('balance is none'),
    code: boc(row.code_boc) ?? null,
    data: boc(row.data_boc) ?? null,
    last_transaction_lt: row.last_trans_lt,
    last_transaction_hash: row.last_trans_hash,
    frozen_hash: null,
    status: row.account_status ?? fault('status is none'),
  };
}

export interface WireWalletInformation {
  balance: string;
  wallet_type?: string;
  seqno?: number;
  wallet_id?: number;
  last_transaction_lt: string;
  last_transaction_hash: string;
  status: string;
}

/**
 * The local answer: TON Center's stub when the account is absent, 409 `not a wallet` for any account that is
 * neither a wallet nor `uninit`; a wallet whose data cell cannot be read has its type and no seqno or id.
 */
export function toWireWalletInformation(state: WalletStateModel | null): WireWalletInformation {
  if (state === null) return { balance: '0', last_transaction_lt: '0', last_transaction_hash: ZERO_HASH, status: 'uninit' };
  const { row, wallet } = state;
  if (wallet === undefined && row.account_status !== 'uninit') throw new ApiError(409, 'not a wallet', 'CONFLICT');
  return {
    balance: row.balance ?? fault('balance is none'),
    wallet_type: wallet?.type,
    seqno: wallet?.fields?.seqno,
    wallet_id: wallet?.fields?.walletId,
    last_transaction_lt: row.last_trans_lt ?? fault('last_transaction_lt is none'),
    last_transaction_hash: row.last_trans_hash ?? fault('last_transaction_hash is none'),
    status: row.account_status ?? fault('status is none'),
  };
}

/** A stored state TON Center cannot answer with either (a column its writer always fills is null): 500, as there. */
const fault = (message: string): never => {
  throw new ApiError(500, message, 'INTERNAL');
};

export interface WireAccountBalance {
  account: string;
  balance: string;
}
