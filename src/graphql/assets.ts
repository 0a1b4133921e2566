/** What the asset types (NFTs, jettons) share: addresses as accounts, token metadata, typed payloads, lookups by address. */
import type { RequestContext } from '../context';
import { parseAddress } from '../encoding/address';
import type { RouteParams } from '../params/spec';
import { toWireMetadata } from '../wire/metadata';
import { payloadKey } from '../wire/payload';

/** An address column as an account: only a raw address is one (the indexer also writes `addr_none`, `addr_extern…`). */
export const accountOf = (address: string | null | undefined) => (address && parseAddress(address) === address ? { address } : null);

/** The token metadata of an address (`metadata[address]`), null when it has none. */
export const metadataOf = async (address: string, ctx: RequestContext) => {
  const entry = toWireMetadata(await ctx.loaders.metadata.load(address))[address];
  return entry ? { address, ...entry } : null;
};

/** A payload BOC as the typed body union, decoded once per process (the REST routes' `decoded_*_payload`, typed). */
export const parsedPayload = (boc: string | null, ctx: RequestContext) => (boc ? ctx.services.decoder.parsed(payloadKey(boc), boc) : null);

/** One address, raw or user-friendly, as the lookups by address take it. */
export const addressRoute = (what: string) =>
  ({
    params: {
      address: {
        kind: 'address',
        required: `the address of the ${what}`,
        description: `The ${what}'s address: raw (\`<workchain>:<hex>\`, any case) or user-friendly (base64 or base64url, any flags).`,
      },
    },
  }) as const satisfies RouteParams;
