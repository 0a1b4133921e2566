import type { Network } from '../config';
import { toFriendlyAddress } from '../encoding/address';
import type { AddressInfoRow } from '../data/rows';
import { detectInterfaces, methodIds } from '../encoding/interfaces';
import { WALLET_CODE_HASHES } from '../encoding/walletData';

export interface WireAddressBookEntry {
  user_friendly: string | null;
  domain: string | null;
  interfaces: string[] | null;
}

/**
 * Bounceable for contracts; non-bounceable for wallets and for accounts with no code. Interfaces as TON Center
 * detects them (encoding/interfaces.ts); a latest state with neither a code hash nor get-methods gives null, an
 * account without a latest state [].
 */
export function toWireAddressBookEntry(info: AddressInfoRow, network: Network): WireAddressBookEntry {
  const bounceable = info.code_hash !== null && !WALLET_CODE_HASHES.has(info.code_hash);
  return {
    user_friendly: toFriendlyAddress(info.account, bounceable, network) ?? 'addr_none',
    domain: info.domain,
    interfaces: info.has_state && info.code_hash === null && info.methods === null ? null : detectInterfaces(info.code_hash, methodIds(info.methods)),
  };
}
