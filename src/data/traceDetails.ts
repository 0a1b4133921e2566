import { DEX_TRANSFER_FIELDS, PEER_SWAP_FIELDS, detailsOf } from '../actions/details';
import { expandActionTypes, isShown } from '../actions/supported';
import type { RequestContext } from '../context';
import type { Trace } from '../traces/model';
import { toWireAction, type WireAction } from '../wire/action';
import { toWireTrace } from '../wire/trace';
import type { ActionRow } from './actions';
import { addressesOf, bookAndMetadata, completeTraceTransactions } from './transactionDetails';

/** The actions a client that supports `types` sees (actions/supported.ts); TON Center's default `latest` when unsaid. */
export const selectActions = (rows: ActionRow[], types: ReadonlySet<string> = LATEST): ActionRow[] => rows.filter((a) => isShown(types, a));

const LATEST = expandActionTypes([]);

/** Every address an action names, for the address book and metadata. */
export function addressesOfAction(action: WireAction): string[] {
  const out = new Set(action.accounts);
  const add = (v: unknown) => typeof v === 'string' && out.add(v);
  for (const field of detailsOf(action.type)) {
    const value = action.details[field.key];
    if (field.kind === 'address') add(value);
    else if (field.kind === 'dexTransfer' && value) for (const [name, kind] of DEX_TRANSFER_FIELDS) kind === 'address' && add((value as Record<string, unknown>)[name]);
    else if (field.kind === 'peerSwaps') for (const swap of value as Record<string, unknown>[]) for (const [name, kind] of PEER_SWAP_FIELDS) kind === 'address' && add(swap[name]);
  }
  return [...out];
}

export interface TraceShapeOptions {
  supportedActionTypes?: ReadonlySet<string>;
  noAddressBook: boolean;
  noMetadata: boolean;
}

/**
 * The `{traces, address_book, metadata}` body: all transactions of all traces completed in one batch, the
 * address book and metadata over every account, message peer and action address, fetched concurrently.
 */
export async function shapeTraces(ctx: RequestContext, traces: Trace[], opts: TraceShapeOptions) {
  const wire = await completeTraceTransactions(ctx, traces.flatMap((t) => t.transactions));
  const byHash = new Map(wire.map((tx) => [tx.hash, tx]));
  const shaped = traces.map((t) => toWireTrace(t, byHash, selectActions(t.actions, opts.supportedActionTypes).map(toWireAction)));
  return { traces: shaped, ...(await bookAndMetadata(ctx, [...addressesOf(wire), ...shaped.flatMap((t) => t.actions.flatMap(addressesOfAction))], opts)) };
}
