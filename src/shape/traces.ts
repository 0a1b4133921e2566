import { addressesInDetails } from '../actions/shape';
import { selectActions } from '../actions/supported';
import type { RequestContext } from '../context';
import type { TraceRow } from '../data/traces';
import { isFinalTrace, type Trace, type TraceTransaction } from '../traces/model';
import { DETAILS_TYPE, toWireAction, type WireAction } from '../wire/action';
import { toWireTrace, viewOf, type TraceTransactionView, type WireTrace } from '../wire/trace';
import { actionTypesKey, type CachedTrace, traceJsonKey } from './traceCache';
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

/** Traces written: each one's wire value, and the addresses it puts in the address book. */
interface WrittenTraces {
  shaped: WireTrace[];
  addresses: string[][];
}

/**
 * All transactions of all traces completed in one batch. A finalized transaction the transaction cache holds is
 * written from its cached JSON, and one completed here goes into it.
 */
async function writeTraces(ctx: RequestContext, traces: Trace[], opts: TraceShapeOptions): Promise<WrittenTraces> {
  const { transactionCache: cache, masterchainTip: tip } = ctx.services;
  const cacheable = (t: TraceTransaction) => cache?.enabled === true && tip !== undefined && asListed(t) && tip.isFinal(t.row.mc_block_seqno);
  const all = traces.flatMap((t) => t.transactions);
  const views = new Map<string, TraceTransactionView>();
  /** Each transaction's address-book addresses. */
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
    if (!cacheable(toComplete[i]) || !cache!.admits(tx.hash)) {
      views.set(tx.hash, viewOf(tx));
      addressesBy.set(tx.hash, addressesOf([tx]));
      return;
    }
    const entry = cacheEntry(ctx, tx);
    cache!.set(tx.hash, entry);
    addressesBy.set(tx.hash, entry.addresses);
    views.set(tx.hash, cachedView(ctx, entry) ?? { ...viewOf(tx), transaction: ctx.raw.mark(entry.json) });
  });
  const shaped = traces.map((t) =>
    toWireTrace(
      t,
      views,
      selectActions(t.actions, opts.supportedActionTypes).map((a) => toWireAction(a, ctx.services.network)),
    ),
  );
  const addresses = traces.map((t, i) => [
    ...new Set([...t.transactions.flatMap((tx) => addressesBy.get(tx.row.hash) ?? []), ...shaped[i].actions.flatMap(addressesOfAction)]),
  ]);
  return { shaped, addresses };
}

/** The `{traces, address_book, metadata}` body: the traces, and the address book and metadata over every address they name. */
export async function shapeTraces(ctx: RequestContext, traces: Trace[], opts: TraceShapeOptions) {
  const { shaped, addresses } = await writeTraces(ctx, traces, opts);
  return { traces: shaped, ...(await bookAndMetadata(ctx, addresses.flat(), opts)) };
}

/**
 * A page of stored traces as `shapeTraces` writes it, with the trace cache between: a final trace it holds
 * (written the same way: with no actions, or those of the same types) is spliced in from its JSON, unread; the
 * rest are loaded (`load`, in the page's order) and written, and the final ones among them kept whole.
 */
export async function shapeTracePage(
  ctx: RequestContext,
  rows: TraceRow[],
  load: (rows: TraceRow[]) => Promise<Trace[]>,
  opts: TraceShapeOptions & { includeActions: boolean },
) {
  const { traceJson: cache, masterchainTip: tip } = ctx.services;
  const typesKey = actionTypesKey(opts.includeActions ? opts.supportedActionTypes : undefined);
  const keyOf = (header: Trace['header']) => traceJsonKey(header.trace_id!, header.classification_state, typesKey);
  const final = (trace: Pick<Trace, 'source' | 'header'>) => cache?.enabled === true && isFinalTrace(trace, tip);
  const hits = new Map<string, CachedTrace>();
  for (const header of rows) {
    const hit = final({ source: 'database', header }) ? cache!.get(keyOf(header)) : undefined;
    if (hit) hits.set(header.trace_id, hit);
  }
  const loaded = await load(rows.filter((r) => !hits.has(r.trace_id)));
  const { shaped, addresses } = await writeTraces(ctx, loaded, opts);
  const written = new Map<string, { value: WireTrace | string; addresses: readonly string[] }>();
  loaded.forEach((trace, i) => {
    const id = trace.header.trace_id!;
    // only a whole trace (a replica that fell behind mid-request may have answered part of it)
    const whole = !trace.incomplete && trace.transactions.length === Number(trace.header.nodes_ ?? -1);
    if (!whole || !final(trace)) return written.set(id, { value: shaped[i], addresses: addresses[i] });
    const key = keyOf(trace.header);
    const entry: CachedTrace = { json: ctx.raw.ownBytes(shaped[i]), addresses: addresses[i] };
    cache!.set(key, entry);
    written.set(id, { value: ctx.raw.mark(entry.json, () => cache!.deflated(key, entry)), addresses: entry.addresses });
  });
  for (const header of rows) {
    const entry = hits.get(header.trace_id);
    if (entry) written.set(header.trace_id, { value: ctx.raw.mark(entry.json, () => cache!.deflated(keyOf(header), entry)), addresses: entry.addresses });
  }
  const page = rows.flatMap((r) => written.get(r.trace_id) ?? []);
  return {
    traces: page.map((w) => w.value),
    ...(await bookAndMetadata(
      ctx,
      page.flatMap((w) => w.addresses),
      opts,
    )),
  };
}
