import { expandActionTypes } from '../../actions/supported';
import { parseAddress } from '../../encoding/address';
import type { Finality } from '../../traces/model';
import { FINALITIES } from '../../traces/model';
import { CursorError, parseCursor, type Cursor } from '../cursor';
import { addressLimitMessage } from '../runtime';
import { MAX_SUPPORTED_ACTION_TYPES } from '../../params/common';

/** Items a list other than addresses may have (event types, action types, supported action types). */
export const MAX_LIST_ITEMS = 256;
/** Characters a request id may have: it is echoed in every reply. */
export const MAX_ID_LENGTH = 128;

/** The event types a Streaming API v2 client subscribes to (`trace_invalidated` comes unasked). */
export const EVENT_TYPES = ['transactions', 'actions', 'trace', 'account_state_change', 'jettons_change'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a client asked for, parsed and checked. */
export interface ClientSettings {
  id?: string;
  types: Set<EventType>;
  addresses: Set<string>;
  traceKeys: Set<string>;
  minFinality: Finality;
  includeAddressBook: boolean;
  includeMetadata: boolean;
  /** Only these action types (empty: all). */
  actionTypes: Set<string>;
  /** The expanded supported action types (TON Center's rule: actions/supported.ts). */
  supported: ReadonlySet<string>;
}

/** A refused subscription: the message TON Center gives, and the request's id to echo. */
export class SubscriptionError extends Error {
  constructor(
    message: string,
    readonly id?: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;

/** A list of strings, refused past `max` items (before any of them is looked at). */
const strings = (body: Body, key: string, id?: string, max = MAX_LIST_ITEMS): string[] | undefined => {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new SubscriptionError(`${key} must be an array of strings`, id);
  if (v.length > max) throw new SubscriptionError(`${key} has ${v.length} items; at most ${max} are accepted`, id);
  if (v.some((x) => typeof x !== 'string')) throw new SubscriptionError(`${key} must be an array of strings`, id);
  return v as string[];
};

/** A value quoted in an error, cut short: a reply never echoes more than a few hundred bytes of what was sent. */
export const shown = (value: string) => (value.length > MAX_ID_LENGTH ? `${value.slice(0, MAX_ID_LENGTH)}…` : value);

export const listLength = (v: unknown) => (Array.isArray(v) ? v.length : 0);

/** A request's id as it is echoed; one too long to echo is refused without it. */
export function requestId(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  // an object is no id (and String() of one may throw: {"toString": false})
  if (typeof value === 'object') throw new SubscriptionError('id must be a string');
  const id = String(value);
  if (id.length > MAX_ID_LENGTH) throw new SubscriptionError(`id is ${id.length} characters long; at most ${MAX_ID_LENGTH} are accepted`);
  return id;
}

const flag = (body: Body, key: string, id?: string): boolean | undefined => {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw new SubscriptionError(`${key} must be true or false`, id);
  return v;
};

export function parseAddresses(list: string[], id?: string): string[] {
  return [
    ...new Set(
      list.map((a) => {
        const raw = parseAddress(a);
        if (raw === undefined) throw new SubscriptionError(`invalid address: ${shown(a)}`, id);
        return raw;
      }),
    ),
  ];
}

export function parseTraceKeys(list: string[], id?: string): string[] {
  const keys = list.map((k) => k.trim());
  if (keys.some((k) => k === '')) throw new SubscriptionError('trace_external_hash_norms contains empty value', id);
  return [...new Set(keys)];
}

/**
 * A subscription as TON Center's Streaming API v2 reads it (an SSE body, or a WebSocket `subscribe`), with its
 * validation order and messages. `wsWording` selects the WebSocket variants of two messages; `previous` (a
 * WebSocket client's current settings) supplies what a subscribe leaves unsaid.
 */
export function parseSubscription(
  body: unknown,
  opts: { headerVersions?: string[]; previous?: ClientSettings; ws?: boolean; maxAddresses?: number } = {},
): ClientSettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new SubscriptionError('the subscription must be a JSON object');
  const b = body as Body;
  const id = requestId(b.id);
  const types = strings(b, 'types', id) ?? [];
  if (types.length === 0) throw new SubscriptionError(opts.ws ? 'types are required' : 'types are required for subscription', id);
  for (const t of types) if (!(EVENT_TYPES as readonly string[]).includes(t)) throw new SubscriptionError(`invalid event type: ${shown(t)}`, id);
  // counted as given, before each is parsed: the limit bounds the work too
  const given = listLength(b.addresses) + listLength(b.trace_external_hash_norms);
  if (opts.maxAddresses !== undefined && given > opts.maxAddresses)
    throw new SubscriptionError(addressLimitMessage(given, opts.maxAddresses, opts.ws ?? false), id);
  const addresses = parseAddresses(strings(b, 'addresses', id, Infinity) ?? [], id);
  const traceKeys = parseTraceKeys(strings(b, 'trace_external_hash_norms', id, Infinity) ?? [], id);
  if (traceKeys.length > 0 && !types.includes('trace')) throw new SubscriptionError('trace_external_hash_norms requires type "trace"', id);
  if (types.includes('trace') && traceKeys.length === 0) throw new SubscriptionError('trace_external_hash_norms are required for trace subscription', id);
  if (types.some((t) => t !== 'trace') && addresses.length === 0)
    throw new SubscriptionError(opts.ws ? 'addresses are required' : 'addresses are required for subscription', id);
  const min = b.min_finality;
  if (min !== undefined && min !== null && !FINALITIES.includes(min as Finality)) {
    throw new SubscriptionError(`invalid min_finality: ${shown(String(min))} (pending, confirmed or finalized)`, id);
  }
  // action type names take the cap they have on every route
  const actionTypes = strings(b, 'action_types', id, MAX_SUPPORTED_ACTION_TYPES);
  const supported = strings(b, 'supported_action_types', id, MAX_SUPPORTED_ACTION_TYPES);
  const previous = opts.previous;
  return {
    id,
    types: new Set(types as EventType[]),
    addresses: new Set(addresses),
    traceKeys: new Set(traceKeys),
    minFinality: (min as Finality | undefined) ?? previous?.minFinality ?? 'finalized',
    includeAddressBook: flag(b, 'include_address_book', id) ?? previous?.includeAddressBook ?? false,
    includeMetadata: flag(b, 'include_metadata', id) ?? previous?.includeMetadata ?? false,
    actionTypes: actionTypes && actionTypes.length > 0 ? new Set(actionTypes) : (previous?.actionTypes ?? new Set()),
    supported: supported && supported.length > 0 ? expandActionTypes(supported) : (previous?.supported ?? expandActionTypes(opts.headerVersions ?? [])),
  };
}

/** A WebSocket client before its first subscribe: nothing, finalized, supported types from its header. */
export const initialSettings = (headerVersions: string[]): ClientSettings => ({
  types: new Set(),
  addresses: new Set(),
  traceKeys: new Set(),
  minFinality: 'finalized',
  includeAddressBook: false,
  includeMetadata: false,
  actionTypes: new Set(),
  supported: expandActionTypes(headerVersions),
});

/** The event id a client resumes after; SubscriptionError naming what is wrong with one this service did not make. */
export function resumeCursor(value: unknown, what: string, id?: string): Cursor | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new SubscriptionError(`${what} must be an event id (a string)`, id);
  try {
    return parseCursor(value);
  } catch (err) {
    if (err instanceof CursorError) throw new SubscriptionError(`${what}: ${err.message}`, id);
    throw err;
  }
}
