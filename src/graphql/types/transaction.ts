import { sortOutMessages } from '../../data/messages';
import type { MessageWithContent } from '../../data/rows';
import { blockPage } from '../../data/transactions';
import { parseHash } from '../../encoding/hash';
import type { RequestContext } from '../../context';
import { checkInteger } from '../../rest/query';
import { MAX_SEQNO } from '../../rest/transactionsByMasterchainBlock';
import type { TraceTransaction } from '../../traces/model';
import { toWireAddressBookEntry } from '../../wire/addressBook';
import { toWireMessage } from '../../wire/message';
import { toWireMetadata } from '../../wire/metadata';
import { toWireAccountState, toWireBlockRef, toWireDescription } from '../../wire/transaction';
import { builder } from '../builder';
import { badUserInput } from '../errors';
import { AccountState } from './accountState';
import { AddressBookEntry } from './addressBook';
import { AddressMetadata } from './metadata';
import { BlockRef } from './blockRef';
import { TransactionDescription } from './description';
import { AccountStatus, Finality, SortOrder } from './enums';
import { Message } from './message';

export const fromDatabase = (row: TraceTransaction['row']): TraceTransaction => ({ row, emulated: false, finality: 'finalized', traceExternalHash: null });

/** Messages of a transaction: carried by emulator transactions, loaded (batched) for database ones. */
export const messagesOf = async (tx: TraceTransaction, ctx: RequestContext): Promise<MessageWithContent[]> =>
  tx.messages ?? ctx.loaders.messagesByTransaction.load(tx.row.hash);

export const Transaction = builder.loadableObject('Transaction', {
  description: 'A transaction of one account, with its messages and the account states around it.',
  load: async (hashes: string[], ctx: RequestContext) => {
    const unknown = hashes.filter((h) => !ctx.emulated.transactions.has(h));
    const rows = await ctx.loaders.transaction.loadMany(unknown);
    const stored = new Map(unknown.map((h, i) => [h, rows[i]]));
    return hashes.map((h) => {
      const row = stored.get(h);
      if (row instanceof Error) return row;
      return ctx.emulated.transactions.get(h) ?? (row ? fromDatabase(row) : null);
    }) as TraceTransaction[];
  },
  toKey: (tx: TraceTransaction) => tx.row.hash,
  fields: (t) => ({
    account: t.string({ resolve: (tx) => tx.row.account }),
    hash: t.string({ resolve: (tx) => tx.row.hash }),
    lt: t.field({ type: 'BigInt', resolve: (tx) => tx.row.lt }),
    now: t.int({ nullable: true, resolve: (tx) => tx.row.now }),
    mcBlockSeqno: t.int({ nullable: true, resolve: (tx) => tx.row.mc_block_seqno }),
    traceId: t.string({ nullable: true, resolve: (tx) => tx.row.trace_id }),
    traceExternalHash: t.string({ nullable: true, description: 'Set for transactions of pending traces.', resolve: (tx) => tx.traceExternalHash }),
    prevTransHash: t.string({ nullable: true, resolve: (tx) => tx.row.prev_trans_hash }),
    prevTransLt: t.field({ type: 'BigInt', nullable: true, resolve: (tx) => tx.row.prev_trans_lt }),
    origStatus: t.field({ type: AccountStatus, nullable: true, resolve: (tx) => tx.row.orig_status }),
    endStatus: t.field({ type: AccountStatus, nullable: true, resolve: (tx) => tx.row.end_status }),
    totalFees: t.field({ type: 'BigInt', nullable: true, resolve: (tx) => tx.row.total_fees }),
    totalFeesExtraCurrencies: t.field({ type: 'JSON', nullable: true, resolve: (tx) => tx.row.total_fees_extra_currencies }),
    description: t.field({ type: TransactionDescription, resolve: (tx) => toWireDescription(tx.row) }),
    blockRef: t.field({ type: BlockRef, resolve: (tx) => toWireBlockRef(tx.row) }),
    emulated: t.boolean({ description: 'True while the transaction exists only in emulation.', resolve: (tx) => tx.emulated }),
    finality: t.field({ type: Finality, resolve: (tx) => tx.finality }),
    inMsg: t.field({
      type: Message,
      nullable: true,
      resolve: async (tx, _args, ctx) => {
        const row = (await messagesOf(tx, ctx)).find((m) => m.direction === 'in');
        return row ? toWireMessage(row) : null;
      },
    }),
    outMsgs: t.field({
      type: [Message],
      description: 'Ordered by created_lt.',
      complexity: { field: 1, multiplier: 4 },
      resolve: async (tx, _args, ctx) => sortOutMessages((await messagesOf(tx, ctx)).filter((m) => m.direction === 'out')).map(toWireMessage),
    }),
    accountStateBefore: t.field({
      type: AccountState,
      nullable: true,
      resolve: async (tx, _args, ctx) => {
        const hash = tx.row.account_state_hash_before;
        return toWireAccountState(hash, hash === null || tx.messages ? null : await ctx.loaders.accountState.load(hash));
      },
    }),
    accountStateAfter: t.field({
      type: AccountState,
      nullable: true,
      resolve: async (tx, _args, ctx) => {
        const hash = tx.row.account_state_hash_after;
        return toWireAccountState(hash, hash === null || tx.messages ? null : await ctx.loaders.accountState.load(hash));
      },
    }),
    accountInfo: t.field({
      type: AddressBookEntry,
      description: "The account's address-book entry.",
      resolve: async (tx, _args, ctx) => ({
        address: tx.row.account,
        ...toWireAddressBookEntry(await ctx.loaders.addressInfo.load(tx.row.account), ctx.services.network),
      }),
    }),
    accountMetadata: t.field({
      type: AddressMetadata,
      nullable: true,
      description: 'Token metadata when the account is a jetton wallet or master, an NFT item or collection.',
      resolve: async (tx, _args, ctx) => {
        const entry = toWireMetadata(await ctx.loaders.metadata.load(tx.row.account))[tx.row.account];
        return entry ? { address: tx.row.account, ...entry } : null;
      },
    }),
  }),
});

// A message's two ends, found through per-request loaders (emulator transactions through what the request read).
builder.objectFields(Message, (t) => ({
  sourceTransaction: t.field({
    type: Transaction,
    nullable: true,
    description: 'The transaction that sent this message (null for an external-in message).',
    resolve: async (m, _args, ctx) =>
      m.out_msg_tx_hash ?? ctx.emulated.senders.get(m.hash) ?? (m.source === null ? null : await ctx.loaders.sourceTransactionHash.load(m.hash)),
  }),
  destinationTransaction: t.field({
    type: Transaction,
    nullable: true,
    description: 'The transaction that received this message (null for an external-out message or one not delivered yet).',
    resolve: async (m, _args, ctx) =>
      m.in_msg_tx_hash ??
      ctx.emulated.receivers.get(m.hash) ??
      (m.destination === null ? null : await ctx.loaders.destinationTransactionHash.load(m.hash)),
  }),
}));

builder.queryFields((t) => ({
  transactionsByMasterchainBlock: t.field({
    type: [Transaction],
    description: 'Transactions of a masterchain block and of every shard block it commits, by (lt, account).',
    complexity: (args) => ({ field: 1, multiplier: Math.max(1, args.limit ?? 10) }),
    args: {
      seqno: t.arg({ type: 'UInt32', required: true }),
      limit: t.arg.int({ defaultValue: 10 }),
      offset: t.arg.int({ defaultValue: 0 }),
      sort: t.arg({ type: SortOrder, defaultValue: 'desc' }),
    },
    resolve: async (_root, args, ctx) => {
      const page = {
        seqno: checkInteger('seqno', String(args.seqno), 0, MAX_SEQNO),
        limit: checkInteger('limit', String(args.limit), 1, 1000),
        offset: checkInteger('offset', String(args.offset), 0, 2 ** 31 - 1),
        sort: args.sort === 'asc' ? ('asc' as const) : ('desc' as const),
      };
      return (await blockPage(ctx.db, page)).rows.map(fromDatabase);
    },
  }),
  transaction: t.field({
    type: Transaction,
    nullable: true,
    description: 'A transaction by its hash (hex, base64 or base64url).',
    args: { hash: t.arg.string({ required: true }) },
    resolve: (_root, args) => {
      const hash = parseHash(args.hash);
      if (!hash) throw badUserInput(`hash must be 64 hex digits or base64/base64url of 32 bytes, got "${args.hash.slice(0, 80)}"`);
      return hash;
    },
  }),
}));
