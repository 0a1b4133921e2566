import { MESSAGE_COLUMNS, MESSAGE_KEY_COLUMNS, messageColumnSet, sortOutMessages, type MessageColumn } from '../../data/messages';
import type { GraphQLResolveInfo } from 'graphql';
import type { TransactionHeaderRow, TransactionRow } from '../../data/rows';
import { withMessagesPrimed } from '../../data/loaders';
import {
  adjacentTransactions,
  existingBlockPage,
  existingBlockPageWithMessages,
  transactionKey,
  transactionsByMessageFilter,
  transactionsKeyset,
  transactionsKeysetWithMessages,
  transactionsPage,
  transactionsPageWithMessages,
  TRANSACTION_HEADER_COLUMNS,
  type RowsWithMessages,
  type TransactionColumn,
  type TransactionScope,
} from '../../data/transactions';
import { DESCRIPTION_COLUMNS } from '../../transactions/description';
import { parseHash } from '../../encoding/hash';
import type { RequestContext } from '../../context';
import { TRANSACTIONS_BY_MESSAGE, transactionsByMessageRequest } from '../../operations/transactionsByMessage';
import { BLOCK_PAGE } from '../../operations/transactionsByMasterchainBlock';
import { TRANSACTIONS, transactionsRequest } from '../../operations/transactions';
import { graphqlSource, parseParams } from '../../params/spec';
import { limitComplexity, routeArgs } from '../params';
import type { TraceTransaction } from '../../traces/model';
import { toWireAddressBookEntry } from '../../wire/addressBook';
import { toWireAccountState, toWireBlockRef, toWireDescription } from '../../wire/transaction';
import { builder } from '../builder';
import { badUserInput } from '../errors';
import { AccountState } from './accountState';
import { AddressBookEntry } from './addressBook';
import { AddressMetadata, metadataOf } from './metadata';
import { BlockRef } from './blockRef';
import { TransactionDescription } from './description';
import { AccountStatus, Finality } from './enums';
import { Message, reads as readsMessage, type MessageSource } from './message';
import { selectedColumns, selectsField } from '../selection';
import { notFound } from '../../errors';
import { Block } from './block';
import { keysetConnection, pageComplexity } from '../connection';
import { ADJACENT_TRANSACTIONS, adjacentTransactionsRequest } from '../../operations/adjacentTransactions';
import type { DefaultConnectionArguments } from '@pothos/plugin-relay';

/** A transaction as GraphQL holds it: a whole row, or a database row read without its description columns. */
export type TransactionRef = TraceTransaction<TransactionHeaderRow>;

export const fromDatabase = <R extends TransactionHeaderRow>(row: R): TraceTransaction<R> => ({
  row,
  emulated: false,
  finality: 'finalized',
  traceExternalHash: null,
});

/** `prev_trans_hash` of an account's first transaction: no previous one. */
const FIRST = 'A'.repeat(43) + '=';

const hasDescription = (row: TransactionHeaderRow): row is TransactionRow => 'descr' in row;

/** The `transactions` columns a field reads, declared next to it: a page reads only those its selection needs. */
const reads = (...columns: TransactionColumn[]) => ({ columns });

/**
 * Messages of a transaction: carried by emulator transactions, loaded (batched, bodies left out) for database
 * ones, with the columns a selection reads.
 */
export const messagesOf = async (tx: TransactionRef, ctx: RequestContext, columns: readonly MessageColumn[]): Promise<MessageSource[]> =>
  tx.messages ?? ctx.loaders.messageRowsByTransaction.load(tx.row.hash, messageColumnSet(columns));

export const selectedMessageColumns = (info: GraphQLResolveInfo) => selectedColumns(info, MESSAGE_KEY_COLUMNS, MESSAGE_COLUMNS);

/** The `transactions` columns a page's selection reads (its key always). */
const pageColumns = (info: GraphQLResolveInfo) => selectedColumns(info, ['hash'], TRANSACTION_HEADER_COLUMNS);

/**
 * The message columns a page's selection reads under `inMsg` and `outMsgs` (a column set), or undefined when it
 * selects neither: then its messages are read with the page, in its statement.
 */
function pageMessageColumns(info: GraphQLResolveInfo, path: readonly string[]): string | undefined {
  const fields = MESSAGE_FIELDS.filter((name) => selectsField(info, name, path));
  if (fields.length === 0) return undefined;
  return messageColumnSet(fields.flatMap((name) => selectedColumns(info, MESSAGE_KEY_COLUMNS, MESSAGE_COLUMNS, [...path, name])));
}

const MESSAGE_FIELDS = ['inMsg', 'outMsgs'];

/**
 * A page of transactions with the columns its selection reads (under `path`: a connection's nodes), and with
 * their messages when it reads those.
 */
async function pageOf(
  ctx: RequestContext,
  columns: readonly TransactionColumn[],
  info: GraphQLResolveInfo,
  path: readonly string[],
  read: (columns: readonly TransactionColumn[]) => Promise<TransactionRow[]>,
  readWithMessages: (columns: readonly TransactionColumn[], messageColumns: string) => Promise<RowsWithMessages>,
): Promise<TransactionRef[]> {
  const messageColumns = pageMessageColumns(info, path);
  const rows =
    messageColumns === undefined ? await read(columns) : withMessagesPrimed(ctx.loaders, await readWithMessages(columns, messageColumns), messageColumns);
  return rows.map(fromDatabase);
}

/**
 * What GraphQL reads of a trace's transactions: all but the description (loaded when `description` is
 * selected), plus `aborted` for `TraceNode.transactionAborted`.
 */
export const TRACE_TRANSACTION_COLUMNS: readonly TransactionColumn[] = [...TRANSACTION_HEADER_COLUMNS, 'aborted'];

export const Transaction = builder.loadableObject('Transaction', {
  description:
    "A transaction: one account processing one inbound message (or a tick-tock or storage event) through storage, credit, compute, action and bounce phases, and sending out-messages (ton-indexer `transactions`). Read from the database, or from TON Center's trace emulator for pending traces (`emulated`, `finality`).",
  load: async (hashes: string[], ctx: RequestContext) => {
    const unknown = hashes.filter((h) => !ctx.emulated.transactions.has(h));
    const rows = await ctx.loaders.transaction.loadMany(unknown);
    const stored = new Map(unknown.map((h, i) => [h, rows[i]]));
    return hashes.map((h) => {
      const row = stored.get(h);
      if (row instanceof Error) return row;
      return ctx.emulated.transactions.get(h) ?? (row ? fromDatabase(row) : null);
    }) as TransactionRef[];
  },
  fields: (t) => ({
    account: t.string({
      extensions: reads('account'),
      description: 'The account the transaction belongs to, raw `<workchain>:<64 uppercase hex>`.',
      resolve: (tx) => tx.row.account,
    }),
    hash: t.string({ extensions: reads('hash'), description: 'Hash of the transaction (base64 of 32 bytes); identifies it.', resolve: (tx) => tx.row.hash }),
    lt: t.field({
      extensions: reads('lt'),
      type: 'BigInt',
      description:
        "Logical time of the transaction: a counter that increases monotonically along each account's chain and past the lt of every message it receives, so it orders an account's transactions and puts causes before effects.",
      resolve: (tx) => tx.row.lt,
    }),
    now: t.int({
      extensions: reads('now'),
      nullable: true,
      description: 'Unix time (seconds) of the transaction: the generation time of its block.',
      resolve: (tx) => tx.row.now,
    }),
    mcBlockSeqno: t.int({
      extensions: reads('mc_block_seqno'),
      nullable: true,
      description:
        "Seqno of the masterchain block that committed the transaction's block (the block's own seqno for a masterchain transaction); for an emulated transaction, the masterchain block the emulation ran on.",
      resolve: (tx) => tx.row.mc_block_seqno,
    }),
    traceId: t.string({
      extensions: reads('trace_id'),
      nullable: true,
      description: "Id of the trace the transaction belongs to: the hash of the trace's root transaction (base64); null while the root is only emulated.",
      resolve: (tx) => tx.row.trace_id,
    }),
    traceExternalHash: t.string({
      extensions: reads(),
      nullable: true,
      description: 'Hash of the external message that started the trace (base64); set for transactions served as part of a pending trace, null otherwise.',
      resolve: (tx) => tx.traceExternalHash,
    }),
    prevTransHash: t.string({
      extensions: reads('prev_trans_hash'),
      nullable: true,
      description: "Hash of the account's previous transaction (base64); all zeros (`AAAA…=`) for its first.",
      resolve: (tx) => tx.row.prev_trans_hash,
    }),
    prevTransLt: t.field({
      extensions: reads('prev_trans_lt'),
      type: 'BigInt',
      nullable: true,
      description: "Logical time of the account's previous transaction; 0 for its first.",
      resolve: (tx) => tx.row.prev_trans_lt,
    }),
    origStatus: t.field({
      extensions: reads('orig_status'),
      type: AccountStatus,
      nullable: true,
      description: 'Status of the account before the transaction.',
      resolve: (tx) => tx.row.orig_status,
    }),
    endStatus: t.field({
      extensions: reads('end_status'),
      type: AccountStatus,
      nullable: true,
      description: 'Status of the account after the transaction.',
      resolve: (tx) => tx.row.end_status,
    }),
    totalFees: t.field({
      extensions: reads('total_fees'),
      type: 'BigInt',
      nullable: true,
      description: 'All fees the transaction collected from the account, in nanotons: storage, import, gas and action fees.',
      resolve: (tx) => tx.row.total_fees,
    }),
    totalFeesExtraCurrencies: t.field({
      extensions: reads('total_fees_extra_currencies'),
      type: 'JSON',
      nullable: true,
      description: 'Fees collected in extra currencies: `{"<currency id>": "<amount>"}`, amounts as decimal strings.',
      resolve: (tx) => tx.row.total_fees_extra_currencies,
    }),
    description: t.field({
      extensions: reads(...DESCRIPTION_COLUMNS),
      type: TransactionDescription,
      description: 'Its phases: what each did and what it cost.',
      // Pages read the description with the rest when it is selected; otherwise it is one batched read here.
      resolve: async (tx, _args, ctx) => {
        const row = hasDescription(tx.row) ? tx.row : await ctx.loaders.description.load(tx.row.hash);
        if (row === null) throw notFound(`transaction ${tx.row.hash} is no longer in the database`);
        return toWireDescription(row);
      },
    }),
    blockRef: t.field({
      extensions: reads('block_workchain', 'block_shard', 'block_seqno'),
      type: BlockRef,
      description: 'The shard block holding the transaction.',
      resolve: (tx) => toWireBlockRef(tx.row),
    }),
    block: t.field({
      extensions: reads('block_workchain', 'block_shard', 'block_seqno'),
      type: Block,
      nullable: true,
      description: 'The block holding the transaction; null when it is not indexed (and for an emulated transaction, whose block is still to come).',
      resolve: (tx, _args, ctx) => {
        const { block_workchain: workchain, block_shard: shard, block_seqno: seqno } = tx.row;
        return tx.emulated || workchain === null || shard === null || seqno === null ? null : ctx.loaders.block.load({ workchain, shard, seqno });
      },
    }),
    emulated: t.boolean({
      extensions: reads(),
      description:
        "True while the transaction exists only in emulation (TON Center's trace emulator predicted it; finality PENDING); false once it is in a block.",
      resolve: (tx) => tx.emulated,
    }),
    finality: t.field({
      extensions: reads(),
      type: Finality,
      description: 'How final the transaction is: PENDING, CONFIRMED or FINALIZED.',
      resolve: (tx) => tx.finality,
    }),
    inMsg: t.field({
      extensions: reads('hash'),
      type: Message,
      nullable: true,
      description: 'The inbound message the transaction processed; null for transactions without one (tick-tock, storage, split and merge).',
      resolve: async (tx, _args, ctx, info) => {
        return (await messagesOf(tx, ctx, selectedMessageColumns(info))).find((m) => m.direction === 'in') ?? null;
      },
    }),
    outMsgs: t.field({
      extensions: reads('hash'),
      type: [Message],
      description: 'Messages the transaction sent, in order of `createdLt`, then hash.',
      complexity: { field: 1, multiplier: 4 },
      resolve: async (tx, _args, ctx, info) => sortOutMessages((await messagesOf(tx, ctx, selectedMessageColumns(info))).filter((m) => m.direction === 'out')),
    }),
    accountStateBefore: t.field({
      extensions: reads('account_state_hash_before'),
      type: AccountState,
      nullable: true,
      description: 'State of the account before the transaction (ton-indexer `account_state_hash_before`).',
      resolve: async (tx, _args, ctx) => {
        const hash = tx.row.account_state_hash_before;
        return toWireAccountState(hash, hash === null || tx.messages ? null : await ctx.loaders.accountState.load(hash));
      },
    }),
    accountStateAfter: t.field({
      extensions: reads('account_state_hash_after'),
      type: AccountState,
      nullable: true,
      description: 'State of the account after the transaction (ton-indexer `account_state_hash_after`).',
      resolve: async (tx, _args, ctx) => {
        const hash = tx.row.account_state_hash_after;
        return toWireAccountState(hash, hash === null || tx.messages ? null : await ctx.loaders.accountState.load(hash));
      },
    }),
    accountInfo: t.field({
      extensions: reads('account'),
      type: AddressBookEntry,
      description: "The account's address-book entry: user-friendly form, domain, interfaces (TON Center v3's `address_book[account]`).",
      resolve: async (tx, _args, ctx) => ({
        address: tx.row.account,
        ...toWireAddressBookEntry(await ctx.loaders.addressInfo.load(tx.row.account), ctx.services.network),
      }),
    }),
    accountMetadata: t.field({
      extensions: reads('account'),
      type: AddressMetadata,
      nullable: true,
      description:
        "Token metadata when the account is a jetton wallet or master, an NFT item or collection (TON Center v3's `metadata[account]`); null otherwise.",
      resolve: (tx, _args, ctx) => metadataOf(tx.row.account, ctx),
    }),
  }),
});

// A message's two ends, found through per-request loaders (emulator transactions through what the request read).
const senderOf = async (m: MessageSource, ctx: RequestContext): Promise<string | null> =>
  m.out_msg_tx_hash ??
  (m.direction === 'out' ? m.tx_hash : null) ??
  ctx.emulated.senders.get(m.msg_hash) ??
  (m.source === null ? null : await ctx.loaders.sourceTransactionHash.load(m.msg_hash));

const receiverOf = async (m: MessageSource, ctx: RequestContext): Promise<string | null> =>
  m.in_msg_tx_hash ??
  (m.direction === 'in' ? m.tx_hash : null) ??
  ctx.emulated.receivers.get(m.msg_hash) ??
  (m.destination === null ? null : await ctx.loaders.destinationTransactionHash.load(m.msg_hash));

builder.objectFields(Message, (t) => ({
  sourceTransaction: t.field({
    extensions: readsMessage('source'),
    type: Transaction,
    nullable: true,
    description: 'The transaction that sent this message (null for an external-in message).',
    resolve: (m, _args, ctx) => senderOf(m, ctx),
  }),
  destinationTransaction: t.field({
    extensions: readsMessage('destination'),
    type: Transaction,
    nullable: true,
    description: 'The transaction that received this message (null for an external-out message or one not delivered yet).',
    resolve: (m, _args, ctx) => receiverOf(m, ctx),
  }),
}));

builder.objectField(Transaction, 'previous', (t) =>
  t.field({
    extensions: reads('prev_trans_hash'),
    type: Transaction,
    nullable: true,
    description: "The account's previous transaction (`prevTransHash`); null for its first one, or when that one is not indexed.",
    resolve: (tx) => (tx.row.prev_trans_hash === null || tx.row.prev_trans_hash === FIRST ? null : tx.row.prev_trans_hash),
  }),
);

builder.objectField(Message, 'transactions', (t) =>
  t.field({
    extensions: readsMessage('source', 'destination'),
    type: [Transaction],
    description: 'The transactions at its two ends: the one that sent it, then the one that received it (each when there is one).',
    resolve: async (m, _args, ctx) => {
      const fields = [senderOf(m, ctx), receiverOf(m, ctx)];
      return (await Promise.all(fields)).filter((h): h is string => h !== null);
    },
  }),
);

/** Every transaction connection: the same edge and page shapes wherever a list of transactions can grow without bound. */
export const TransactionConnection = builder.connectionObject(
  { type: Transaction, name: 'TransactionConnection', description: 'A page of transactions with keyset cursors (Relay connection).' },
  { name: 'TransactionEdge', description: 'A transaction in a page, with its cursor.' },
);

/** Where a connection's transactions are in its selection. */
const NODES = ['edges', 'node'];

/** A transaction connection over a scope: its page reads the columns the nodes' selection needs. */
export const transactionConnection = (
  field: string,
  scope: TransactionScope,
  args: DefaultConnectionArguments,
  ctx: RequestContext,
  info: GraphQLResolveInfo,
) => {
  const columns = selectedColumns(info, ['hash', 'lt', 'account'], TRANSACTION_HEADER_COLUMNS, NODES);
  return keysetConnection(
    field,
    transactionKey(scope),
    args,
    (tx: TransactionRef) => tx.row,
    (page) =>
      pageOf(
        ctx,
        columns,
        info,
        NODES,
        (columns) => transactionsKeyset(ctx.db, scope, page, columns),
        (columns, messageColumns) => transactionsKeysetWithMessages(ctx.db, scope, page, columns, messageColumns),
      ),
  );
};

builder.objectField(Block, 'transactions', (t) =>
  t.field({
    type: TransactionConnection,
    args: t.arg.connectionArgs(),
    complexity: pageComplexity,
    description: 'The transactions of this block, newest (highest lt, then account) first, as a connection with keyset cursors.',
    resolve: (b, args, ctx, info) => {
      const columns = selectedColumns(info, ['hash', 'lt', 'account'], TRANSACTION_HEADER_COLUMNS, ['edges', 'node']);
      const block = { workchain: b.workchain, shard: b.shard, seqno: b.seqno };
      return keysetConnection(
        'Block.transactions',
        transactionKey('blocks'),
        args,
        (tx: TransactionRef) => tx.row,
        async (page) => (await ctx.loaders.blockTransactions.load({ parent: block, group: columns, page })).map(fromDatabase),
      );
    },
  }),
);

builder.queryFields((t) => ({
  transactionsByMasterchainBlock: t.field({
    type: [Transaction],
    description:
      "Transactions of a masterchain block and of every shard block it commits (`transactions.mc_block_seqno = seqno`), ordered by (lt, account); the same data as REST's `transactionsByMasterchainBlock`. NOT_FOUND when the block is not indexed.",
    complexity: limitComplexity(BLOCK_PAGE),
    args: routeArgs(t.arg, BLOCK_PAGE),
    resolve: async (_root, args, ctx, info) => {
      const page = parseParams(BLOCK_PAGE, graphqlSource(args));
      return pageOf(
        ctx,
        pageColumns(info),
        info,
        [],
        (columns) => existingBlockPage(ctx.db, page, columns),
        (columns, messageColumns) => existingBlockPageWithMessages(ctx.db, page, columns, messageColumns),
      );
    },
  }),
  transactions: t.field({
    type: [Transaction],
    description:
      "Transactions matching every filter given (all ANDed; none: the newest of the database), in TON Center's order for the filters given, as offset pages; the same rules and data as REST's `/api/v3/transactions`. NOT_FOUND when `mcSeqno` names a masterchain block that is not indexed.",
    complexity: limitComplexity(TRANSACTIONS),
    args: routeArgs(t.arg, TRANSACTIONS),
    resolve: async (_root, args, ctx, info) => {
      const { filter, page } = transactionsRequest(graphqlSource(args));
      return pageOf(
        ctx,
        pageColumns(info),
        info,
        [],
        (columns) => transactionsPage(ctx.db, filter, page, columns),
        (columns, messageColumns) => transactionsPageWithMessages(ctx.db, filter, page, columns, messageColumns),
      );
    },
  }),
  transactionsByMessage: t.field({
    type: [Transaction],
    description:
      "The transactions that sent or received messages matching every filter (at least one of `msgHash`, `bodyHash`, `opcode`), each once, by lt; the same rules and data as REST's `/api/v3/transactionsByMessage`.",
    complexity: limitComplexity(TRANSACTIONS_BY_MESSAGE),
    args: routeArgs(t.arg, TRANSACTIONS_BY_MESSAGE),
    resolve: async (_root, args, ctx, info) => {
      const { filter, page } = transactionsByMessageRequest(graphqlSource(args));
      return (await transactionsByMessageFilter(ctx.db, filter, page, pageColumns(info))).map(fromDatabase);
    },
  }),
  adjacentTransactions: t.field({
    type: [Transaction],
    description:
      "A transaction's parent (the one that sent its inbound message: `direction: IN`) and children (those that received its out-messages: `OUT`), by lt; the same rules and data as REST's `/api/v3/adjacentTransactions`, NOT_FOUND when there is none.",
    args: routeArgs(t.arg, ADJACENT_TRANSACTIONS),
    resolve: async (_root, args, ctx, info) => {
      const { hash, direction } = adjacentTransactionsRequest(graphqlSource(args));
      return (await adjacentTransactions(ctx.db, hash, direction, pageColumns(info))).map(fromDatabase);
    },
  }),
  allTransactions: t.field({
    type: TransactionConnection,
    args: t.arg.connectionArgs(),
    complexity: pageComplexity,
    description:
      'Every transaction of the database, newest (highest lt, then account) first, as a connection with keyset cursors: a page a million transactions deep costs what the first one does.',
    resolve: (_root, args, ctx, info) => transactionConnection('allTransactions', { all: true }, args, ctx, info),
  }),
  transaction: t.field({
    type: Transaction,
    nullable: true,
    description: 'A transaction by its hash, from the database or from the pending traces this request has read; null when unknown.',
    args: {
      hash: t.arg.string({
        required: true,
        description: 'Transaction hash: 64 hex digits (optionally `0x`), or base64 / base64url of 32 bytes, padded or not.',
      }),
    },
    resolve: (_root, args) => {
      const hash = parseHash(args.hash);
      if (!hash) throw badUserInput(`hash must be 64 hex digits or base64/base64url of 32 bytes, got "${args.hash.slice(0, 80)}"`);
      return hash;
    },
  }),
}));
