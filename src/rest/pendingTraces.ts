import type { RequestContext } from '../context';
import { shapeTraces } from '../data/traceDetails';
import { parseAddress } from '../encoding/address';
import { parseHash } from '../encoding/hash';
import { badInput } from '../errors';
import { findPendingTraces, type PendingQuery } from '../traces/pending';
import { CONTROL_PARAMS, printable, type QueryParams } from './query';
import type { RequestSettings } from './requestSettings';

export const PARAMS = ['account', 'ext_msg_hash', 'limit', 'supported_action_types', ...CONTROL_PARAMS] as const;
export const MAX_EXT_MSG_HASHES = 100;

export interface PendingTracesRequest {
  query: PendingQuery;
  supportedActionTypes?: string[];
}

/** Shared by REST and GraphQL: exactly one selector, each value checked and named in the error. */
export function pendingTracesQuery(input: { account?: string; extMsgHashes?: string[]; limit?: number }): PendingQuery {
  const hashes = input.extMsgHashes ?? [];
  if ((input.account === undefined) === (hashes.length === 0)) {
    throw badInput('exactly one of "account" and "ext_msg_hash" must be given');
  }
  const limit = input.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw badInput(`parameter "limit" must be an integer from 1 to 1000, got "${limit}"`);
  if (input.account !== undefined) {
    const account = parseAddress(input.account);
    if (!account) throw badInput(`parameter "account" must be an address (raw, or user-friendly base64/base64url), got "${printable(input.account)}"`);
    return { account, limit };
  }
  if (hashes.length > MAX_EXT_MSG_HASHES) throw badInput(`parameter "ext_msg_hash" takes at most ${MAX_EXT_MSG_HASHES} values, got ${hashes.length}`);
  const extMsgHashes = hashes.map((h, i) => {
    const parsed = parseHash(h);
    if (!parsed) throw badInput(`parameter "ext_msg_hash" value ${i + 1} must be a hash (64 hex digits, base64 or base64url), got "${printable(h)}"`);
    return parsed;
  });
  return { extMsgHashes: [...new Set(extMsgHashes)], limit };
}

export function parsePendingTraces(query: QueryParams): PendingTracesRequest {
  const account = query.single('account');
  const types = query.list('supported_action_types').map((t) => t.trim()).filter((t) => t !== '');
  return {
    query: pendingTracesQuery({
      account,
      extMsgHashes: query.list('ext_msg_hash'),
      limit: query.integer('limit', { min: 1, max: 1000, default: 100 }),
    }),
    // toncenter's version shortcuts name every type it knows: the same as giving none.
    supportedActionTypes: types.length === 0 || types.some((t) => /^(latest|v\d+)$/.test(t)) ? undefined : types,
  };
}

/** GET /api/v3/pendingTraces */
export async function getPendingTraces(ctx: RequestContext, request: PendingTracesRequest, settings: RequestSettings) {
  const { traces, warnings } = await findPendingTraces(ctx, request.query);
  const body: Record<string, unknown> = await shapeTraces(ctx, traces, {
    supportedActionTypes: request.supportedActionTypes,
    noAddressBook: settings.noAddressBook,
    noMetadata: settings.noMetadata,
  });
  if (warnings.length > 0) body.warnings = warnings;
  return { body, immutable: false };
}
