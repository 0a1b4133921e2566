import { addressesInDetails } from '../actions/shape';
import { selectActions } from '../actions/supported';
import type { RequestContext } from '../context';
import type { Trace, TraceTransaction } from '../traces/model';
import { DETAILS_TYPE, toWireAction, type WireAction } from '../wire/action';
import { toWireTrace, viewOf, type TraceTransactionView } from '../wire/trace';
import type { CachedTransaction } from './transactionCache';
import { addressesOf, bookAndMetadata, cacheEntry, completeTraceTransactions } from './transactions';

/** Every address an action names, for the address book and metadata. */
export const addressesOfAction = (action: WireAction): string[] => [
  ...new Set([...action.accounts, ...addressesInDetails(action[DETAILS_TYPE], action.details)]),
];

export interface TraceShapeOptions {
  supportedActionTypes?: ReadonlySet<string>;
  noAddressBook: boolean;
  noMetadata: boolean;
}

/** Whether a trace's transaction is written exactly as the transaction lists write it (so its cached JSON serves). */
const asListed = (t: TraceTransaction) => !t.messages && !t.emulated && t.finality === 'finalized' && t.traceExternalHash === null;

/** A cached transaction as a trace writes it: markers of its JSON and of its in_msg's within it; none without its node. */
function cachedView(ctx: RequestContext, { json, node }: CachedTransaction): TraceTransactionView | undefined {
  if (!node) return undefined;
  return { ...node, inMsg: node.inMsg && ctx.raw.mark(json.subarray(node.inMsg[0], node.inMsg[1])), transaction: ctx.raw.mark(json) };
}

/**
 * The `{traces, address_book, metadata}` body: all transactions of all traces completed in one batch, the
 * address book and metadata over every account, message peer and action address, fetched concurrently. A
 * finalized transaction the transaction cache holds is written from its cached JSON, and one completed here
 * goes into it.
 */
export async function shapeTraces(ctx: RequestContext, traces: Trace[], opts: TraceShapeOptions) {
  const { transactionCache: cache, masterchainTip: tip } = ctx.services;
  const cacheable = (t: TraceTransaction) => cache?.enabled === true && tip !== undefined && asListed(t) && tip.isFinal(t.row.mc_block_seqno);
  const all = traces.flatMap((t) => t.transactions);
  const views = new Map<string, TraceTransactionView>();
  /** Each transaction's address-book addresses, gathered in the traces' order below as the uncached path does. */
  const addressesBy = new Map<string, string[]>();
  for (const t of all) {
    const hit = cacheable(t) ? cache!.get(t.row.hash) : undefined;
    const view = hit && cachedView(ctx, hit);
    if (!view) continue;
    views.set(t.row.hash, view);
    addressesBy.set(t.row.hash, hit!.addresses);
  }
  const toComplete = all.filter((t) => !views.has(t.row.hash));
  const wire = await completeTraceTransactions(ctx, toComplete);
  wire.forEach((tx, i) => {
    if (!cacheable(toComplete[i]) || !cache!.admits()) {
      views.set(tx.hash, viewOf(tx));
      addressesBy.set(tx.hash, addressesOf([tx]));
      return;
    }
    const entry = cacheEntry(ctx, tx);
    cache!.set(tx.hash, entry);
    addressesBy.set(tx.hash, entry.addresses);
    views.set(tx.hash, cachedView(ctx, entry) ?? { ...viewOf(tx), transaction: ctx.raw.mark(entry.json) });
  });
  const addresses = new Set(all.flatMap((t) => addressesBy.get(t.row.hash) ?? []));
  const shaped = traces.map((t) =>
    toWireTrace(
      t,
      views,
      selectActions(t.actions, opts.supportedActionTypes).map((a) => toWireAction(a, ctx.services.network)),
    ),
  );
  return { traces: shaped, ...(await bookAndMetadata(ctx, [...addresses, ...shaped.flatMap((t) => t.actions.flatMap(addressesOfAction))], opts)) };
}
