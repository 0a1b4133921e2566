import type { RequestContext } from '../context';
import { findMetadata, rawsOf, type LookupRequest } from '../operations/addressBook';
import { addressBook } from '../shape/transactions';
import type { WireAddressBookEntry } from '../wire/addressBook';
import { toWireMetadata } from '../wire/metadata';

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

/** GET /api/v3/metadata: the bare map keyed by raw address, only tokens present (`{}` when none). */
export async function getMetadata(ctx: RequestContext, request: LookupRequest) {
  const rows = await findMetadata(ctx, request);
  return { body: rows.length === 0 ? {} : toWireMetadata(rows), immutable: false };
}
