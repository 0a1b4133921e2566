import type { RequestContext } from '../context';
import { metadataRows } from '../data/metadata';
import { addressBook } from '../data/transactionDetails';
import { parseAddress } from '../encoding/address';
import { ADDRESS_BOOK, METADATA } from '../params/routes';
import { parseParams, type ParamSource } from '../params/spec';
import type { WireAddressBookEntry } from '../wire/addressBook';
import { toWireMetadata } from '../wire/metadata';

/** Each input with its raw form (undefined when it is not an address). */
export interface LookupRequest {
  inputs: { input: string; raw: string | undefined }[];
}

const lookup =
  (spec: typeof ADDRESS_BOOK | typeof METADATA) =>
  (source: ParamSource): LookupRequest => ({
    inputs: parseParams(spec, source).address.map((input) => ({ input, raw: parseAddress(input) })),
  });

export const addressBookRequest = lookup(ADDRESS_BOOK);
export const metadataRequest = lookup(METADATA);

/** The entry of a string that is not an address (a fresh object each time: responses share nothing). */
const notAnAddress = (): WireAddressBookEntry => ({ user_friendly: null, domain: null, interfaces: [] });

/**
 * GET /api/v3/addressBook: the bare map keyed by each string as given (two spellings of one address, two keys),
 * as TON Center answers; a string that is not an address gets nulls.
 */
export async function getAddressBook(ctx: RequestContext, request: LookupRequest) {
  const book = await addressBook(ctx, rawsOf(request));
  // No prototype: every string is a key of its own (`__proto__` and `constructor` included).
  const body: Record<string, WireAddressBookEntry> = Object.create(null);
  for (const { input, raw } of [...request.inputs].sort((a, b) => (a.input < b.input ? -1 : a.input > b.input ? 1 : 0))) {
    body[input] = raw === undefined ? notAnAddress() : book[raw];
  }
  return { body, immutable: false };
}

const rawsOf = (request: LookupRequest) => [...new Set(request.inputs.flatMap((i) => (i.raw === undefined ? [] : [i.raw])))];

/** The metadata of the tokens among the addresses asked for, keyed by raw address (sorted). */
export async function metadataOf(ctx: RequestContext, request: LookupRequest) {
  const raws = rawsOf(request);
  return raws.length === 0 ? {} : toWireMetadata(await metadataRows(ctx.db, raws));
}

/** GET /api/v3/metadata: the bare map keyed by raw address, only tokens present (`{}` when none). */
export async function getMetadata(ctx: RequestContext, request: LookupRequest) {
  return { body: await metadataOf(ctx, request), immutable: false };
}
