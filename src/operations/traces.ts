/** traces, events: traces matching every filter, each whole. */
import { expandActionTypes } from '../actions/supported';
import type { RequestContext } from '../context';
import { windowsOf } from '../data/filters';
import { tracesPage, type TraceFilter, type TraceRow } from '../data/traces';
import { hashes, MAX_SEQNO, paging, SORT, SUPPORTED_ACTION_TYPES, traceEndWindows } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import { databaseTraces } from '../traces/pending';

export const TRACES = {
  params: {
    account: { kind: 'address', description: 'Traces with a transaction of this account.' },
    trace_id: hashes('Traces with these ids (the hash of the root transaction)'),
    tx_hash: hashes('The traces holding these transactions'),
    msg_hash: hashes('The traces holding these messages; a hash matches the raw or the normalized one (an external message found by its normalized hash)'),
    mc_seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      graphqlType: 'UInt32',
      description: 'Traces completed in this masterchain block (404 when it is not indexed).',
    },
    ...traceEndWindows,
    include_actions: { kind: 'boolean', description: "Include each trace's actions (TON Center's default: not)." },
    supported_action_types: SUPPORTED_ACTION_TYPES,
    ...paging('Traces'),
    sort: { ...SORT, description: 'By end lt (end time with a time window), ties by trace id, both in this direction.' },
  },
  atMostOne: [['account', 'trace_id', 'tx_hash', 'msg_hash']],
} as const satisfies RouteParams;

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

/** The page's traces: their `traces` rows, in the page's order. */
export const findTraceRows = (ctx: RequestContext, request: TracesRequest): Promise<TraceRow[]> => tracesPage(ctx.db, request.filter, request.page);

/** These traces whole (their actions when asked for), in the order given. */
export const loadTraces = (ctx: RequestContext, rows: TraceRow[], request: TracesRequest) => databaseTraces(ctx, rows, { actions: request.includeActions });
