import { requestedTypes } from '../actions/supported';
import type { RequestContext } from '../context';
import { findPendingTraces, type PendingTracesRequest } from '../operations/pendingTraces';
import type { RequestSettings } from '../params/requestSettings';
import { shapeTraces } from '../shape/traces';

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
