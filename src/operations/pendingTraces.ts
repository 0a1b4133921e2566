/** pendingTraces: traces still in flight, from the database and the trace emulator. */
import { expandActionTypes } from '../actions/supported';
import { EXT_MSG_HASHES, SUPPORTED_ACTION_TYPES } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import type { PendingQuery } from '../traces/pending';

export { findPendingTraces } from '../traces/pending';

export const PENDING_TRACES = {
  params: {
    account: {
      kind: 'address',
      description:
        'Traces with a transaction of this account: an address, raw (`<workchain>:<hex>`, any case) or user-friendly (base64 or base64url, any flags).',
    },
    ext_msg_hash: EXT_MSG_HASHES,
    limit: { kind: 'integer', min: 1, max: 1000, default: 100, description: 'Traces to return, newest (highest end lt) first.' },
    supported_action_types: SUPPORTED_ACTION_TYPES,
  },
  exactlyOne: [['account', 'ext_msg_hash']],
} as const satisfies RouteParams;

export interface PendingTracesRequest {
  query: PendingQuery;
  supportedActionTypes: ReadonlySet<string>;
}

/** Shared by REST and GraphQL: exactly one selector, each value checked and named in the error. */
export function pendingTracesRequest(source: ParamSource): PendingTracesRequest {
  const { account, ext_msg_hash: extMsgHashes, limit, supported_action_types: types } = parseParams(PENDING_TRACES, source);
  return {
    query: account !== undefined ? { account, limit } : { extMsgHashes, limit },
    supportedActionTypes: expandActionTypes(types),
  };
}
