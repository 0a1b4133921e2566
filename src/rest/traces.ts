import { expandActionTypes, requestedTypes } from '../actions/supported';
import type { RequestContext } from '../context';
import { windowsOf } from '../data/filters';
import { shapeTraces } from '../data/traceDetails';
import { tracesPage, type TraceFilter } from '../data/traces';
import { TRACES } from '../params/routes';
import { parseParams, type ParamSource } from '../params/spec';
import { databaseTraces } from '../traces/pending';
import type { RequestSettings } from '../params/requestSettings';

export interface TracesRequest {
  filter: TraceFilter;
  page: { limit: number; offset: number; sort: 'asc' | 'desc' };
  includeActions: boolean;
  supportedActionTypes: ReadonlySet<string>;
}

/** Shared by REST and GraphQL: the checked parameters as a filter, a page and what to include. */
export function tracesRequest(source: ParamSource): TracesRequest {
  const p = parseParams(TRACES, source);
  return {
    filter: { ...windowsOf(p), account: p.account, traceIds: p.trace_id, txHashes: p.tx_hash, msgHashes: p.msg_hash, mcSeqno: p.mc_seqno },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
    includeActions: p.include_actions ?? false,
    supportedActionTypes: expandActionTypes(p.supported_action_types),
  };
}

/** GET /api/v3/traces: `{traces, address_book, metadata}`, each trace whole (its actions when asked for). */
export async function getTraces(ctx: RequestContext, request: TracesRequest, settings: RequestSettings) {
  const rows = await tracesPage(ctx.db, request.filter, request.page);
  const traces = await databaseTraces(ctx, rows, { actions: request.includeActions });
  const body = await shapeTraces(ctx, traces, {
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
