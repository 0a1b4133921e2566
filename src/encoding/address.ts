import { Address } from '@ton/core';
import type { Network } from '../config';
import { BoundedCache } from '../memo';

/** Wire form of an account address: `<workchain>:<64 uppercase hex>`. */
export function toRawAddress(address: Address): string {
  return `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`;
}

/** A standard address has an int8 workchain (`addr_std`); @ton/core's raw parser takes any integer. */
const stdAddress = (address: Address) => (address.workChain >= -128 && address.workChain <= 127 ? toRawAddress(address) : undefined);

/**
 * Parses an address given in any form a client may send: raw (any case) or user-friendly
 * (base64 or base64url, any flags). Returns the raw wire form, or undefined when it is not an address.
 */
export function parseAddress(input: string): string | undefined {
  const text = input.trim();
  try {
    if (Address.isRaw(text)) return stdAddress(Address.parseRaw(text));
    if (Address.isFriendly(text)) return toRawAddress(Address.parseFriendly(text).address);
  } catch {
    return undefined;
  }
  return undefined;
}

const friendly = new BoundedCache<string, string | undefined>(200_000);

/** User-friendly form as toncenter prints it in `address_book` (url-safe base64); formatted once per process. */
export function toFriendlyAddress(raw: string, bounceable: boolean, network: Network): string | undefined {
  return friendly.getOr(`${raw}/${bounceable}/${network}`, () => {
    try {
      return Address.parseRaw(raw).toString({ bounceable, urlSafe: true, testOnly: network === 'testnet' });
    } catch {
      return undefined;
    }
  });
}

/** Reads the flags of a user-friendly address (used by the importer to learn a file's network). */
export function friendlyFlags(friendly: string): { bounceable: boolean; testOnly: boolean } | undefined {
  try {
    const parsed = Address.parseFriendly(friendly);
    return { bounceable: parsed.isBounceable, testOnly: parsed.isTestOnly };
  } catch {
    return undefined;
  }
}
