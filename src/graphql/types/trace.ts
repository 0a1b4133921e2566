import type { ActionRow } from '../../data/actions';
import type { MessageWithContent } from '../../data/rows';
import { selectActions } from '../../data/traceDetails';
import { parseHash } from '../../encoding/hash';
import type { RequestContext } from '../../context';
import { pendingTracesQuery } from '../../rest/pendingTraces';
import { headerOnly, isTooLarge, maxTraceTransactions, TOO_LARGE_WARNING } from '../../traces/cap';
import type { Trace as TraceModel, TraceTransaction } from '../../traces/model';
import { databaseTraces, findPendingTraces } from '../../traces/pending';
import { buildTree, type TreeNode } from '../../traces/tree';
import { toWireAction } from '../../wire/action';
import { toWireMessage } from '../../wire/message';
import { builder } from '../builder';
import { badUserInput } from '../errors';
import { Action } from './action';
import { Message } from './message';
import { fromDatabase, messagesOf, Transaction } from './transaction';

/** A trace as GraphQL holds it: its lists may be loaded already (pendingTraces) or on demand (navigation). */
export type TraceRef = Omit<TraceModel, 'transactions' | 'actions'> & {
  transactions?: TraceTransaction[];
  actions?: ActionRow[];
  supportedActionTypes?: string[];
};

/** A node of a built tree, with what the whole tree shares: its transactions and in-messages by hash. */
interface NodeRef {
  node: TreeNode;
  tree: { txs: Map<string, TraceTransaction>; inMsgs: Map<string, MessageWithContent | null> };
}

async function transactionsOf(trace: TraceRef, ctx: RequestContext): Promise<TraceTransaction[]> {
  if (trace.transactions) return trace.transactions;
  const id = trace.header.trace_id;
  return id === null ? [] : (await ctx.loaders.transactionsByTrace.load(id)).map(fromDatabase);
}

const trees = new WeakMap<TraceRef, Promise<{ root: NodeRef | null; warning: string | null }>>();

/** The trace's tree, built once per trace object; every transaction's messages load in one batch. */
function treeOf(trace: TraceRef, ctx: RequestContext) {
  let tree = trees.get(trace);
  if (!tree) {
    tree = (async () => {
      const txs = await transactionsOf(trace, ctx);
      const messages = await Promise.all(txs.map((tx) => messagesOf(tx, ctx)));
      const inMsgs = new Map<string, MessageWithContent | null>();
      const built = buildTree(
        txs.map((tx, i) => {
          const inMsg = messages[i].find((m) => m.direction === 'in') ?? null;
          inMsgs.set(tx.row.hash, inMsg);
          return { hash: tx.row.hash, inMsgHash: inMsg?.msg_hash ?? null, outMsgHashes: messages[i].filter((m) => m.direction === 'out').map((m) => m.msg_hash) };
        }),
      );
      const tree = { txs: new Map(txs.map((tx) => [tx.row.hash, tx])), inMsgs };
      return { root: built.root && { node: built.root, tree }, warning: built.warning };
    })();
    trees.set(trace, tree);
  }
  return tree;
}

const TraceInfo = builder.objectRef<TraceRef['header']>('TraceInfo').implement({
  description: 'State and size of a trace.',
  fields: (t) => ({
    traceState: t.exposeString('state', { nullable: true, description: 'complete, pending or broken' }),
    classificationState: t.exposeString('classification_state', { nullable: true, description: 'unclassified, failed, ok or broken' }),
    messages: t.int({ nullable: true, resolve: (h) => (h.edges_ === null ? null : Number(h.edges_)) }),
    transactions: t.int({ nullable: true, resolve: (h) => (h.nodes_ === null ? null : Number(h.nodes_)) }),
    pendingMessages: t.int({ nullable: true, resolve: (h) => (h.pending_edges_ === null ? null : Number(h.pending_edges_)) }),
  }),
});

const TraceNode = builder.objectRef<NodeRef>('TraceNode');
TraceNode.implement({
  description: 'A transaction in the trace tree; its children are the transactions its out-messages caused.',
  fields: (t) => ({
    transactionHash: t.string({ resolve: (n) => n.node.hash }),
    txHash: t.string({ description: "toncenter's name for transactionHash", resolve: (n) => n.node.hash }),
    transactionLt: t.field({ type: 'BigInt', resolve: (n) => n.tree.txs.get(n.node.hash)!.row.lt }),
    transactionNow: t.int({ nullable: true, resolve: (n) => n.tree.txs.get(n.node.hash)!.row.now }),
    transactionAborted: t.boolean({ nullable: true, resolve: (n) => n.tree.txs.get(n.node.hash)!.row.aborted }),
    inMsgHash: t.string({ nullable: true, resolve: (n) => n.node.inMsgHash }),
    inMsg: t.field({
      type: Message,
      nullable: true,
      resolve: (n) => {
        const message = n.tree.inMsgs.get(n.node.hash);
        return message ? toWireMessage(message) : null;
      },
    }),
    transaction: t.field({ type: Transaction, resolve: (n) => n.tree.txs.get(n.node.hash)! }),
    children: t.field({ type: [TraceNode], complexity: { field: 1, multiplier: 4 }, resolve: (n) => n.node.children.map((node) => ({ node, tree: n.tree })) }),
  }),
});

const TraceSource = builder.enumType('TraceSource', {
  values: { DATABASE: { value: 'database' }, EMULATOR: { value: 'emulator' } },
});

export const Trace = builder.objectRef<TraceRef>('Trace').implement({
  description: 'Everything one external message (or tick-tock) set off: a tree of transactions, and the actions classified from it.',
  fields: (t) => ({
    traceId: t.string({ nullable: true, description: 'Hash of the root transaction; null while the root is only emulated.', resolve: (tr) => tr.header.trace_id }),
    externalHash: t.string({ nullable: true, resolve: (tr) => tr.header.external_hash }),
    source: t.field({ type: TraceSource, resolve: (tr) => tr.source }),
    mcSeqnoStart: t.field({ type: 'BigInt', nullable: true, resolve: (tr) => tr.header.mc_seqno_start }),
    mcSeqnoEnd: t.field({ type: 'BigInt', nullable: true, resolve: (tr) => tr.header.mc_seqno_end }),
    startLt: t.field({ type: 'BigInt', nullable: true, resolve: (tr) => tr.header.start_lt }),
    startUtime: t.int({ nullable: true, resolve: (tr) => tr.header.start_utime }),
    endLt: t.field({ type: 'BigInt', nullable: true, resolve: (tr) => tr.header.end_lt }),
    endUtime: t.int({ nullable: true, resolve: (tr) => tr.header.end_utime }),
    traceInfo: t.field({ type: TraceInfo, resolve: (tr) => tr.header }),
    isIncomplete: t.boolean({ description: 'True for a trace too large to serve; only its header is returned.', resolve: (tr) => tr.incomplete ?? false }),
    warning: t.string({ nullable: true, resolve: async (tr, _args, ctx) => (tr.incomplete ? TOO_LARGE_WARNING : (await treeOf(tr, ctx)).warning) }),
    root: t.field({ type: TraceNode, nullable: true, description: 'The root of the tree (the spec calls it `trace`).', resolve: async (tr, _args, ctx) => (await treeOf(tr, ctx)).root }),
    trace: t.field({ type: TraceNode, nullable: true, description: 'Same as `root`, under the spec\'s name.', resolve: async (tr, _args, ctx) => (await treeOf(tr, ctx)).root }),
    transactions: t.field({ type: [Transaction], description: 'All transactions, lt ascending.', complexity: { field: 1, multiplier: 50 }, resolve: (tr, _args, ctx) => transactionsOf(tr, ctx) }),
    transactionsOrder: t.stringList({ resolve: async (tr, _args, ctx) => (await transactionsOf(tr, ctx)).map((tx) => tx.row.hash) }),
    actions: t.field({
      type: [Action],
      complexity: { field: 1, multiplier: 5 },
      args: { supportedActionTypes: t.arg.stringList({ description: 'Only these types; default: the top-level actions.' }) },
      resolve: async (tr, args, ctx) => {
        const rows = tr.actions ?? (tr.header.trace_id === null ? [] : await ctx.loaders.actionsByTrace.load(tr.header.trace_id));
        return selectActions(rows, args.supportedActionTypes ?? tr.supportedActionTypes).map(toWireAction);
      },
    }),
  }),
});

builder.objectFields(Transaction, (t) => ({
  trace: t.field({
    type: Trace,
    nullable: true,
    description: 'The trace this transaction belongs to.',
    resolve: async (tx, _args, ctx) => {
      if (tx.row.trace_id === null) return null;
      const header = await ctx.loaders.trace.load(tx.row.trace_id);
      if (!header) return null;
      // Its lists load when selected (transactionsOf, treeOf, actions); one too large never gets them.
      return isTooLarge(header.nodes_, maxTraceTransactions(ctx)) ? headerOnly('database', header) : { source: 'database' as const, header };
    },
  }),
}));

builder.queryFields((t) => ({
  pendingTraces: t.field({
    type: [Trace],
    complexity: (args) => ({ field: 1, multiplier: Math.max(1, args.limit ?? 100) }),
    description:
      'Traces still in flight for an account or started by external messages (raw or normalized hashes), from the database and the emulator, newest first. Degradations are listed in `extensions.warnings`.',
    args: {
      account: t.arg.string(),
      extMsgHash: t.arg.stringList(),
      limit: t.arg.int({ defaultValue: 100 }),
      supportedActionTypes: t.arg.stringList(),
    },
    resolve: async (_root, args, ctx) => {
      const query = pendingTracesQuery({ account: args.account ?? undefined, extMsgHashes: args.extMsgHash ?? undefined, limit: args.limit ?? 100 });
      const { traces } = await findPendingTraces(ctx, query);
      return traces.map((tr) => ({ ...tr, supportedActionTypes: args.supportedActionTypes ?? undefined }));
    },
  }),
  trace: t.field({
    type: Trace,
    nullable: true,
    description: "A trace by its id (the root transaction's hash), or a pending one by its external message hash.",
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const id = parseHash(args.id);
      if (!id) throw badUserInput(`id must be 64 hex digits or base64/base64url of 32 bytes, got "${args.id.slice(0, 80)}"`);
      const header = await ctx.loaders.trace.load(id);
      if (header) return (await databaseTraces(ctx, [header]))[0];
      const { traces } = await findPendingTraces(ctx, { extMsgHashes: [id], limit: 1 });
      return traces[0] ?? null;
    },
  }),
}));
