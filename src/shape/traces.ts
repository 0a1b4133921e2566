import { addressesInDetails } from '../actions/shape';
import { selectActions } from '../actions/supported';
import type { RequestContext } from '../context';
import type { Trace } from '../traces/model';
import { DETAILS_TYPE, toWireAction, type WireAction } from '../wire/action';
import { toWireTrace } from '../wire/trace';
import { addressesOf, bookAndMetadata, completeTraceTransactions } from './transactions';

/** Every address an action names, for the address book and metadata. */
export const addressesOfAction = (action: WireAction): string[] => [
  ...new Set([...action.accounts, ...addressesInDetails(action[DETAILS_TYPE], action.details)]),
];

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
  const wire = await completeTraceTransactions(
    ctx,
    traces.flatMap((t) => t.transactions),
  );
  const byHash = new Map(wire.map((tx) => [tx.hash, tx]));
  const shaped = traces.map((t) =>
    toWireTrace(
      t,
      byHash,
      selectActions(t.actions, opts.supportedActionTypes).map((a) => toWireAction(a, ctx.services.network)),
    ),
  );
  return { traces: shaped, ...(await bookAndMetadata(ctx, [...addressesOf(wire), ...shaped.flatMap((t) => t.actions.flatMap(addressesOfAction))], opts)) };
}
