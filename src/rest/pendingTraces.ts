import type { RequestContext } from '../context';
import { shapeTraces } from '../data/traceDetails';
import { PENDING_TRACES } from '../params/routes';
import { parseParams, type ParamSource } from '../params/spec';
import { findPendingTraces, type PendingQuery } from '../traces/pending';
import type { RequestSettings } from '../params/requestSettings';
import { expandActionTypes, requestedTypes } from '../actions/supported';

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

/** GET /api/v3/pendingTraces */
export async function getPendingTraces(ctx: RequestContext, request: PendingTracesRequest, settings: RequestSettings) {
  const { traces, warnings } = await findPendingTraces(ctx, request.query);
  const body: Record<string, unknown> = await shapeTraces(ctx, traces, {
    supportedActionTypes: requestedTypes(settings.actionsVersion, request.supportedActionTypes),
    noAddressBook: settings.noAddressBook,
    noMetadata: settings.noMetadata,
  });
  if (warnings.length > 0) body.warnings = warnings;
  return { body, immutable: false };
}
