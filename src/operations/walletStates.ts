/** walletStates: the accounts' latest states read as wallets (type, seqno, wallet id) where their code is one. */
import type { RequestContext } from '../context';
import { latestStatesWithMethods, type AccountStateFullRow } from '../data/accountStates';
import { readWalletData, walletType, type WalletFields } from '../encoding/walletData';
import { addresses, hashes } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const WALLET_STATES = {
  params: {
    address: { ...addresses('The accounts'), required: 'address of account is required: at least one address' },
    code_hash: hashes('Only accounts whose code has one of these hashes'),
  },
} as const satisfies RouteParams;

export interface WalletStatesRequest {
  accounts: string[];
  codeHashes: string[];
}

export const walletStatesRequest = (source: ParamSource): WalletStatesRequest => {
  const p = parseParams(WALLET_STATES, source);
  return { accounts: p.address, codeHashes: p.code_hash };
};

/** A latest state and, when its code is a known wallet's and its data was stored, the wallet it is. */
export interface WalletState {
  row: AccountStateFullRow;
  /** Absent: not a wallet (unknown code, or no data cell stored). */
  wallet?: { type: string; fields?: WalletFields };
}

/** The state as a wallet: its type by code hash, and what its data cell holds (fields absent when unreadable). */
export function asWallet(row: AccountStateFullRow): WalletState {
  const type = walletType(row.code_hash);
  if (type === undefined || row.data_boc === null) return { row };
  return { row, wallet: { type, fields: readWalletData(row.code_hash as string, row.data_boc) } };
}

/** The accounts' latest states as wallets, by account, in one statement for the whole batch. */
export async function findWalletStates(ctx: RequestContext, request: WalletStatesRequest): Promise<WalletState[]> {
  const rows = await latestStatesWithMethods(ctx.db, { accounts: request.accounts, codeHashes: request.codeHashes, cells: 'data' });
  return rows.map(asWallet);
}
