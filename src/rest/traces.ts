import { requestedTypes } from '../actions/supported';
import type { RequestContext } from '../context';
import { findTraceRows, loadTraces, type TracesRequest } from '../operations/traces';
import type { RequestSettings } from '../params/requestSettings';
import { shapeTracePage } from '../shape/traces';

/** GET /api/v3/traces: `{traces, address_book, metadata}`, each trace whole (its actions when asked for). */
export async function getTraces(ctx: RequestContext, request: TracesRequest, settings: RequestSettings) {
  const rows = await findTraceRows(ctx, request);
  const body = await shapeTracePage(ctx, rows, (some) => loadTraces(ctx, some, request), {
    includeActions: request.includeActions,
    supportedActionTypes: requestedTypes(settings.actionsVersion, request.supportedActionTypes),
    noAddressBook: settings.noAddressBook,
    noMetadata: settings.noMetadata,
  });
  return { body, immutable: false };
}

/** GET /api/v3/events: TON Center's deprecated alias of `/traces`, with the actions always and the list under `events`. */
export async function getEvents(ctx: RequestContext, request: TracesRequest, settings: RequestSettings) {
  const { body } = await getTraces(ctx, { ...request, includeActions: true }, settings);
  const { traces, ...rest } = body;
  return { body: { events: traces, ...rest }, immutable: false };
}
