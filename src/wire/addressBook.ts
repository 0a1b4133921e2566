import type { Network } from '../config';
import { toFriendlyAddress } from '../encoding/address';
import type { AddressInfoRow } from '../data/rows';

/** Wallet contract code hashes: their addresses are shown non-bounceable (toncenter's list). */
export const WALLET_CODE_HASHES: ReadonlySet<string> = new Set([
  'oM/CxIruFqJx8s/AtzgtgXVs7LEBfQd/qqs7tgL2how=',
  '1JAvzJ+tdGmPqONTIgpo2g3PcuMryy657gQhfBfTBiw=',
  'WHzHie/xyE9G7DeX5F/ICaFP9a4k8eDHpqmcydyQYf8=',
  'XJpeaMEI4YchoHxC+ZVr+zmtd+xtYktgxXbsiO7mUyk=',
  '/pUw0yQ4Uwg+8u8LTCkIwKv2+hwx6iQ6rKpb+MfXU/E=',
  'thBBpYp5gLlG6PueGY48kE0keZ/6NldOpCUcQaVm9YE=',
  'hNr6RJ+Ypph3ibojI1gHK8D3bcRSQAKl0JGLmnXS1Zk=',
  'ZN1UgFUixb6KnbWc6gEFzPDQh4bKeb64y3nogKjXMi0=',
  '/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA=',
  '89fKU0k97trCizgZhqhJQDy6w9LFhHea8IEGWvCsS5M=',
  'IINLe3KxEhR+Gy+0V7hOdNGjDwT3N9T2KmaOlVLSty8=',
]);

export interface WireAddressBookEntry {
  user_friendly: string | null;
  domain: string | null;
  interfaces: string[] | null;
}

/**
 * Bounceable for contracts; non-bounceable for wallets and for accounts with no code. Interface detection
 * needs toncenter's table of known code hashes and get-methods, which this service does not ship: an account
 * with code gets [] and one whose state has neither code nor methods gets null, as toncenter returns them.
 */
export function toWireAddressBookEntry(info: AddressInfoRow, network: Network): WireAddressBookEntry {
  const bounceable = info.code_hash !== null && !WALLET_CODE_HASHES.has(info.code_hash);
  return {
    user_friendly: toFriendlyAddress(info.account, bounceable, network) ?? 'addr_none',
    domain: info.domain,
    interfaces: info.has_state && info.code_hash === null && info.methods === null ? null : [],
  };
}
