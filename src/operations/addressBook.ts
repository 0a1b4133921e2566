/** addressBook, metadata: what the indexer knows of addresses given as strings. */
import type { RequestContext } from '../context';
import { metadataRows } from '../data/metadata';
import { parseAddress } from '../encoding/address';
import { lookedUp } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const ADDRESS_BOOK = { params: { address: lookedUp('keyed by the string given') } } as const satisfies RouteParams;

export const METADATA = { params: { address: lookedUp('keyed by raw address') } } as const satisfies RouteParams;

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

/** The distinct raw addresses among the inputs. */
export const rawsOf = (request: LookupRequest) => [...new Set(request.inputs.flatMap((i) => (i.raw === undefined ? [] : [i.raw])))];

/** The metadata rows of the tokens among the addresses asked for. */
export async function findMetadata(ctx: RequestContext, request: LookupRequest) {
  const raws = rawsOf(request);
  return raws.length === 0 ? [] : await metadataRows(ctx.db, raws);
}
