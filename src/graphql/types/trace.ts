import type { ActionRow } from '../../data/actions';
import { selectActions } from '../../actions/supported';
import { findPendingTransactions, PENDING_TRANSACTIONS, pendingTransactionsRequest } from '../../operations/pendingTransactions';
import { findPendingActions, PENDING_ACTIONS, pendingActionsRequest } from '../../operations/pendingActions';
import { TRACE_KEY, tracesKeyset, type TraceFilter, type TraceRow } from '../../data/traces';
import { TRACES, tracesRequest } from '../../operations/traces';
import { keysetConnection, pageComplexity } from '../connection';
import type { DefaultConnectionArguments } from '@pothos/plugin-relay';
import { parseHash } from '../../encoding/hash';
import type { RequestContext } from '../../context';
import { PENDING_TRACES, pendingTracesRequest } from '../../operations/pendingTraces';
import { graphqlSource } from '../../params/spec';
import { limitComplexity, OFFSET_PAGING, routeArgs, supportedActionTypesArg, SUPPORTED_ACTION_TYPES_ARG } from '../params';
import { maxTraceTransactions } from '../../traces/cap';
import { headerOnly, isTooLarge, TOO_LARGE_WARNING } from '../../traces/size';
import { isFinalTrace, type Trace as TraceModel, type TraceTransaction } from '../../traces/model';
import { databaseTraces, findPendingTraces } from '../../traces/pending';
import { buildTree, type TreeNode } from '../../traces/tree';
import { toWireAction } from '../../wire/action';
import { builder } from '../builder';
import { badUserInput } from '../errors';
import { Action } from './action';
import { Message, type MessageSource } from './message';
import { fromDatabase, messagesOf, selectedMessageColumns, Transaction, TRACE_TRANSACTION_COLUMNS } from './transaction';
import { MESSAGE_KEY_COLUMNS } from '../../data/messages';

/** A trace as GraphQL holds it: its lists may be loaded already (pendingTraces) or on demand (navigation). */
export type TraceRef = Omit<TraceModel, 'transactions' | 'actions'> & {
  transactions?: TraceTransaction[];
  actions?: ActionRow[];
  supportedActionTypes?: ReadonlySet<string>;
};

/** A node of a built tree, with what the whole tree shares: its transactions and in-messages by hash. */
interface NodeRef {
  node: TreeNode;
  tree: { txs: Map<string, TraceTransaction> };
}

/** Traces whose transactions a request has been weighed for (RequestContext.grow), once each. */
const weighed = new WeakMap<RequestContext, Set<string>>();

async function transactionsOf(trace: TraceRef, ctx: RequestContext): Promise<TraceTransaction[]> {
  if (trace.transactions) return trace.transactions;
  const id = trace.header.trace_id;
  if (id === null) return [];
  if (ctx.grow) {
    const seen = weighed.get(ctx) ?? weighed.set(ctx, new Set()).get(ctx)!;
    if (!seen.has(id)) {
      seen.add(id);
      await ctx.grow(Number(trace.header.nodes_ ?? 1));
    }
  }
  return (await ctx.loaders.transactionsByTrace.load(id)).map(fromDatabase);
}

const trees = new WeakMap<TraceRef, Promise<{ root: NodeRef | null; warning: string | null }>>();

/**
 * What reading a stored trace already told, given to the loaders: its transactions by hash, and for each of its
 * messages the transaction that sent or received it. Navigation inside the trace then reads nothing again.
 */
function primeLoaders(ctx: RequestContext, txs: TraceTransaction[], messages: MessageSource[][]) {
  txs.forEach((tx, i) => {
    if (tx.emulated) return;
    ctx.loaders.transaction.prime(tx.row.hash, tx.row);
    for (const m of messages[i]) {
      (m.direction === 'out' ? ctx.loaders.sourceTransactionHash : ctx.loaders.destinationTransactionHash).prime(m.msg_hash, m.tx_hash);
    }
  });
}

/** A trace transaction with its row cut to the columns trace navigation reads (the rest load when selected). */
const projected = (tx: TraceTransaction): TraceTransaction => ({
  ...tx,
  row: Object.fromEntries(TRACE_TRANSACTION_COLUMNS.map((c) => [c, tx.row[c as keyof typeof tx.row]])) as unknown as TraceTransaction['row'],
});

/**
 * The trace's tree, built once per trace object; every transaction's messages load in one batch. A final
 * trace's tree is kept in the process-wide tree cache (TRACE_TREE_CACHE_MB) and taken from it.
 */
function treeOf(trace: TraceRef, ctx: RequestContext) {
  let tree = trees.get(trace);
  if (!tree) {
    tree = (async () => {
      const cache = ctx.services.traceTrees;
      const final = cache?.enabled === true && !trace.incomplete && isFinalTrace(trace, ctx.services.masterchainTip);
      const cached = final ? cache!.get(trace.header.trace_id!) : undefined;
      if (cached) {
        for (const tx of cached.transactions) ctx.loaders.transaction.prime(tx.row.hash, tx.row);
        const txs = new Map(cached.transactions.map((tx) => [tx.row.hash, tx]));
        return { root: cached.root && { node: cached.root, tree: { txs } }, warning: cached.warning };
      }
      const txs = await transactionsOf(trace, ctx);
      const messages = await Promise.all(txs.map((tx) => messagesOf(tx, ctx, MESSAGE_KEY_COLUMNS)));
      primeLoaders(ctx, txs, messages);
      const built = buildTree(
        txs.map((tx, i) => {
          const inMsg = messages[i].find((m) => m.direction === 'in') ?? null;
          return {
            hash: tx.row.hash,
            inMsgHash: inMsg?.msg_hash ?? null,
            outMsgHashes: messages[i].filter((m) => m.direction === 'out').map((m) => m.msg_hash),
          };
        }),
      );
      // only a whole trace (a replica that fell behind mid-request may have answered part of it), its rows cut to
      // the columns trace navigation reads (a live event's trace holds whole rows)
      if (final && txs.length === Number(trace.header.nodes_ ?? -1))
        cache!.set(trace.header.trace_id!, { root: built.root, warning: built.warning, transactions: txs.map(projected) });
      const tree = { txs: new Map(txs.map((tx) => [tx.row.hash, tx])) };
      return { root: built.root && { node: built.root, tree }, warning: built.warning };
    })();
    trees.set(trace, tree);
  }
  return tree;
}

const TraceInfo = builder.objectRef<TraceRef['header']>('TraceInfo').implement({
  description: "State and size of a trace (TON Center v3's `trace_info`, from ton-indexer's `traces` row or counted from the emulator's nodes).",
  fields: (t) => ({
    traceState: t.exposeString('state', {
      nullable: true,
      description:
        "complete (every message delivered), pending (messages still in flight, or emulated) or broken (the indexer could not assemble it); ton-indexer `traces.state`. Not the same as a transaction's finality.",
    }),
    classificationState: t.exposeString('classification_state', {
      nullable: true,
      description: 'Whether actions were classified from the trace: unclassified (not yet), ok, failed or broken (ton-indexer `traces.classification_state`).',
    }),
    messages: t.int({
      nullable: true,
      description: 'Number of messages in the trace (ton-indexer `traces.edges_`; for an emulated trace, every out-message plus the external-in message).',
      resolve: (h) => (h.edges_ === null ? null : Number(h.edges_)),
    }),
    transactions: t.int({
      nullable: true,
      description: 'Number of transactions in the trace (ton-indexer `traces.nodes_`).',
      resolve: (h) => (h.nodes_ === null ? null : Number(h.nodes_)),
    }),
    pendingMessages: t.int({
      nullable: true,
      description:
        'Number of messages not yet processed by an indexed transaction (ton-indexer `traces.pending_edges_`); for an emulated trace, the messages of its emulated transactions.',
      resolve: (h) => (h.pending_edges_ === null ? null : Number(h.pending_edges_)),
    }),
  }),
});

const TraceNode = builder.objectRef<NodeRef>('TraceNode');
TraceNode.implement({
  description:
    'A transaction in the trace tree; its children are the transactions its out-messages caused (an out-message of one node is the in-message of a child).',
  fields: (t) => ({
    transactionHash: t.string({ description: "Hash of the node's transaction (base64 of 32 bytes).", resolve: (n) => n.node.hash }),
    txHash: t.string({ description: "Same as `transactionHash`, under TON Center v3's name (`tx_hash`).", resolve: (n) => n.node.hash }),
    transactionLt: t.field({ type: 'BigInt', description: "Logical time of the node's transaction.", resolve: (n) => n.tree.txs.get(n.node.hash)!.row.lt }),
    transactionNow: t.int({
      nullable: true,
      description: "Unix time (seconds) of the node's transaction.",
      resolve: (n) => n.tree.txs.get(n.node.hash)!.row.now,
    }),
    transactionAborted: t.boolean({
      nullable: true,
      description: "Whether the node's transaction was aborted (see `TransactionDescription.aborted`).",
      resolve: (n) => n.tree.txs.get(n.node.hash)!.row.aborted,
    }),
    inMsgHash: t.string({
      nullable: true,
      description: 'Hash of the inbound message that caused this transaction (base64); null when it has none.',
      resolve: (n) => n.node.inMsgHash,
    }),
    inMsg: t.field({
      type: Message,
      nullable: true,
      description: "The inbound message that caused this transaction: the external-in message at the root, a parent's out-message below it.",
      // The tree holds the in-message's keys only: its fields are read with what the selection needs.
      resolve: async (n, _args, ctx, info) => {
        if (n.node.inMsgHash === null) return null;
        const messages = await messagesOf(n.tree.txs.get(n.node.hash)!, ctx, selectedMessageColumns(info));
        return messages.find((m) => m.direction === 'in') ?? null;
      },
    }),
    transaction: t.field({ type: Transaction, description: "The node's transaction, in full.", resolve: (n) => n.tree.txs.get(n.node.hash)! }),
    children: t.field({
      type: [TraceNode],
      description: "The transactions this node's out-messages caused, one per delivered message.",
      complexity: { field: 1, multiplier: 4 },
      resolve: (n) => n.node.children.map((node) => ({ node, tree: n.tree })),
    }),
  }),
});

const TraceSource = builder.enumType('TraceSource', {
  description: 'Where a trace was read from.',
  values: {
    DATABASE: { value: 'database', description: "ton-indexer's database (`traces`, `transactions`, `messages`, `actions`): transactions in blocks." },
    EMULATOR: { value: 'emulator', description: "The Redis that TON Center's trace emulator fills: the emulated view of a trace still in flight." },
  },
});

export const Trace = builder.objectRef<TraceRef>('Trace').implement({
  description:
    'A trace: the tree of transactions that one external message (or a tick-tock) set off, each caused by a message from its parent, with the actions classified from it (ton-indexer `traces`, or the trace emulator for pending traces).',
  fields: (t) => ({
    traceId: t.string({
      nullable: true,
      description: 'Id of the trace: the hash of its root transaction (base64 of 32 bytes); null while the root is only emulated.',
      resolve: (tr) => tr.header.trace_id,
    }),
    externalHash: t.string({
      nullable: true,
      description: 'Hash of the external-in message that started the trace (base64); null for traces without one (tick-tock).',
      resolve: (tr) => tr.header.external_hash,
    }),
    source: t.field({ type: TraceSource, description: 'Where the trace was read from.', resolve: (tr) => tr.source }),
    mcSeqnoStart: t.field({
      type: 'BigInt',
      nullable: true,
      description:
        'Seqno of the masterchain block that committed the root transaction (for an emulated trace, the one the emulation ran on); a decimal string, as in TON Center v3.',
      resolve: (tr) => tr.header.mc_seqno_start,
    }),
    mcSeqnoEnd: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Seqno of the masterchain block that committed the last transaction so far; a decimal string.',
      resolve: (tr) => tr.header.mc_seqno_end,
    }),
    startLt: t.field({ type: 'BigInt', nullable: true, description: 'Logical time of the root transaction.', resolve: (tr) => tr.header.start_lt }),
    startUtime: t.int({ nullable: true, description: 'Unix time (seconds) of the root transaction.', resolve: (tr) => tr.header.start_utime }),
    endLt: t.field({
      type: 'BigInt',
      nullable: true,
      description: "Highest logical time of the trace's transactions so far.",
      resolve: (tr) => tr.header.end_lt,
    }),
    endUtime: t.int({ nullable: true, description: 'Unix time (seconds) of the latest transaction so far.', resolve: (tr) => tr.header.end_utime }),
    traceInfo: t.field({ type: TraceInfo, description: 'State and size of the trace.', resolve: (tr) => tr.header }),
    isIncomplete: t.boolean({
      description: 'True for a trace with more transactions than the service serves (`MAX_TRACE_TRANSACTIONS`, default 4000): only its header is returned.',
      resolve: (tr) => tr.incomplete ?? false,
    }),
    warning: t.string({
      nullable: true,
      description:
        'Why the trace is not whole: `trace is too large` for an incomplete trace, `missing node in trace found` when a transaction could not be placed in the tree; null otherwise.',
      resolve: async (tr, _args, ctx) => (tr.incomplete ? TOO_LARGE_WARNING : (await treeOf(tr, ctx)).warning),
    }),
    root: t.field({
      type: TraceNode,
      nullable: true,
      description: 'The root of the tree, the transaction that started the trace (the spec and TON Center v3 call it `trace`); null for an incomplete trace.',
      resolve: async (tr, _args, ctx) => (await treeOf(tr, ctx)).root,
    }),
    trace: t.field({
      type: TraceNode,
      nullable: true,
      description: "Same as `root`, under the spec's and TON Center v3's name.",
      resolve: async (tr, _args, ctx) => (await treeOf(tr, ctx)).root,
    }),
    transactions: t.field({
      type: [Transaction],
      description: 'Every transaction of the trace, by logical time ascending (TON Center v3 gives a map by hash).',
      complexity: { field: 1, multiplier: 50 },
      resolve: (tr, _args, ctx) => transactionsOf(tr, ctx),
    }),
    transactionsOrder: t.stringList({
      description: 'Hashes of the transactions, by logical time ascending.',
      resolve: async (tr, _args, ctx) => (await transactionsOf(tr, ctx)).map((tx) => tx.row.hash),
    }),
    actions: t.field({
      type: [Action],
      complexity: { field: 1, multiplier: 5 },
      description:
        'Actions classified from the trace, as a client that supports `supportedActionTypes` sees them (by default the list given to `pendingTraces`, else `latest`).',
      args: {
        supportedActionTypes: t.arg.stringList({
          description: SUPPORTED_ACTION_TYPES_ARG,
        }),
      },
      resolve: async (tr, args, ctx) => {
        const rows = tr.actions ?? (tr.header.trace_id === null ? [] : await ctx.loaders.actionsByTrace.load(tr.header.trace_id));
        const types = supportedActionTypesArg(args.supportedActionTypes) ?? tr.supportedActionTypes;
        return selectActions(rows, types).map((a) => toWireAction(a, ctx.services.network));
      },
    }),
  }),
});

/** A database trace whose lists load when selected (transactionsOf, treeOf, actions); one too large never gets them. */
const lazyTrace = (ctx: RequestContext, header: TraceRow, supportedActionTypes?: ReadonlySet<string>): TraceRef =>
  isTooLarge(header.nodes_, maxTraceTransactions(ctx)) ? headerOnly('database', header) : { source: 'database', header, supportedActionTypes };

/** A stored trace by its id (through the trace loader), lazy as `lazyTrace`; null without an id or when it is not in the database. */
export const traceById = async (id: string | null, ctx: RequestContext): Promise<TraceRef | null> => {
  if (id === null) return null;
  const header = await ctx.loaders.trace.load(id);
  return header && lazyTrace(ctx, header);
};

/** Every trace connection: the same edge and page shapes wherever a list of traces can grow without bound. */
export const TraceConnection = builder.connectionObject(
  { type: Trace, name: 'TraceConnection', description: 'A page of traces with keyset cursors (Relay connection).' },
  { name: 'TraceEdge', description: 'A trace in a page, with its cursor.' },
);

/** A trace connection over a filter, newest end first. */
export const traceConnection = (field: string, filter: TraceFilter, types: ReadonlySet<string>, args: DefaultConnectionArguments, ctx: RequestContext) =>
  keysetConnection(
    field,
    TRACE_KEY,
    args,
    (tr: TraceRef) => tr.header,
    async (page) => (await tracesKeyset(ctx.db, filter, page)).map((header) => lazyTrace(ctx, header, types)),
  );

builder.objectFields(Action, (t) => ({
  transactionsFull: t.field({
    type: [Transaction],
    nullable: { list: false, items: true },
    complexity: { field: 1, multiplier: 5 },
    description:
      "The transactions the action spans, whole, in `transactions`' order (REST's `transactions_full`); emulated ones while the trace is pending; null for one the database does not hold.",
    resolve: (a) => a.transactions,
  }),
  trace: t.field({
    type: Trace,
    nullable: true,
    description: 'The trace the action was classified from; null while its root is only emulated.',
    resolve: (a, _args, ctx) => traceById(a.trace_id, ctx),
  }),
}));

builder.objectFields(Transaction, (t) => ({
  actions: t.field({
    type: [Action],
    complexity: { field: 1, multiplier: 5 },
    description: 'The actions of its trace that span this transaction, as a client of `supportedActionTypes` sees them (default latest).',
    args: { supportedActionTypes: t.arg.stringList({ description: SUPPORTED_ACTION_TYPES_ARG }) },
    extensions: { columns: ['hash', 'trace_id'] },
    resolve: async (tx, args, ctx) => {
      if (tx.row.trace_id === null) return [];
      const rows = await ctx.loaders.actionsByTrace.load(tx.row.trace_id);
      const types = supportedActionTypesArg(args.supportedActionTypes);
      return selectActions(
        rows.filter((a) => a.tx_hashes?.includes(tx.row.hash)),
        types,
      ).map((a) => toWireAction(a, ctx.services.network));
    },
  }),
  trace: t.field({
    type: Trace,
    nullable: true,
    description: 'The trace this transaction belongs to (by `traceId`); null when it has none yet.',
    extensions: { columns: ['trace_id'] },
    resolve: (tx, _args, ctx) => traceById(tx.row.trace_id, ctx),
  }),
}));

builder.queryFields((t) => ({
  pendingTraces: t.field({
    type: [Trace],
    complexity: limitComplexity(PENDING_TRACES),
    description:
      "Traces still in flight (trace state pending: messages not yet delivered, or only emulated) for an account or started by external messages, from ton-indexer's database and TON Center's trace emulator, newest first; the same data as REST's `pendingTraces`. Degradations (the emulator's Redis unreachable) are listed in `extensions.warnings`.",
    args: routeArgs(t.arg, PENDING_TRACES),
    resolve: async (_root, args, ctx) => {
      const request = pendingTracesRequest(graphqlSource(args));
      const { traces } = await findPendingTraces(ctx, request.query);
      return traces.map((tr) => ({ ...tr, supportedActionTypes: request.supportedActionTypes }));
    },
  }),
  pendingTransactions: t.field({
    type: [Transaction],
    complexity: { field: 1, multiplier: 100 },
    description:
      "The accounts' transactions in traces still in flight, from the database and the trace emulator, newest first (emulated ones with `emulated` and `finality`); the same data as REST's `pendingTransactions`, NOT_FOUND when no trace of the accounts is in flight.",
    args: routeArgs(t.arg, PENDING_TRANSACTIONS),
    resolve: (_root, args, ctx) => findPendingTransactions(ctx, pendingTransactionsRequest(graphqlSource(args))),
  }),
  pendingActions: t.field({
    type: [Action],
    complexity: { field: 1, multiplier: 100 },
    description:
      "The actions of traces still in flight (by account those involving it, by external message all of its trace), with their `finality`; the same data as REST's `pendingActions`.",
    args: routeArgs(t.arg, PENDING_ACTIONS, ['include_transactions']),
    resolve: async (_root, args, ctx) => {
      const request = pendingActionsRequest(graphqlSource(args));
      return (await findPendingActions(ctx, request, request.supportedActionTypes)).rows.map((a) => toWireAction(a, ctx.services.network));
    },
  }),
  traces: t.field({
    type: TraceConnection,
    args: { ...routeArgs(t.arg, TRACES, [...OFFSET_PAGING, 'include_actions']), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Traces matching every filter (REST's `/api/v3/traces` filters, at most one of `account`, `traceId`, `txHash`, `msgHash`), newest end (lt, then trace id) first whatever the windows, as a connection with keyset cursors; a trace without an end lt yet is not listed. Actions and transactions load when selected.",
    resolve: (_root, args, ctx) => {
      const { filter, supportedActionTypes } = tracesRequest(graphqlSource(args));
      return traceConnection('traces', filter, supportedActionTypes, args, ctx);
    },
  }),
  trace: t.field({
    type: Trace,
    nullable: true,
    description: "A trace by its id (the root transaction's hash), or a pending one by its external message hash.",
    args: {
      id: t.arg.string({ required: true, description: 'Trace id (the root transaction hash) or external message hash: 64 hex digits, base64 or base64url.' }),
    },
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
