import { masterchainBlockStatus } from '../../data/blocks';
import { sortOutMessages } from '../../data/messages';
import type { TransactionRow } from '../../data/rows';
import { transactionsByMasterchainBlock } from '../../data/transactions';
import { notFound } from '../../errors';
import { parseHash } from '../../encoding/hash';
import { checkInteger } from '../../rest/query';
import { MAX_SEQNO } from '../../rest/transactionsByMasterchainBlock';
import { toWireAddressBookEntry } from '../../wire/addressBook';
import { toWireMessage } from '../../wire/message';
import { toWireAccountState, toWireBlockRef, toWireDescription } from '../../wire/transaction';
import { builder } from '../builder';
import { badUserInput, withGraphQLErrors } from '../errors';
import { AccountState } from './accountState';
import { AddressBookEntry } from './addressBook';
import { BlockRef } from './blockRef';
import { AccountStatus, Finality, SortOrder } from './enums';
import { TransactionDescription } from './description';
import { Message } from './message';


export const Transaction = builder.loadableObject('Transaction', {
  description: 'A transaction of one account, with its messages and the account states around it.',
  load: (hashes: string[], ctx) => ctx.loaders.transaction.loadMany(hashes),
  toKey: (tx: TransactionRow) => tx.hash,
  fields: (t) => ({
    account: t.exposeString('account'),
    hash: t.exposeString('hash'),
    lt: t.expose('lt', { type: 'BigInt' }),
    now: t.exposeInt('now', { nullable: true }),
    mcBlockSeqno: t.exposeInt('mc_block_seqno', { nullable: true }),
    traceId: t.exposeString('trace_id', { nullable: true }),
    traceExternalHash: t.string({ nullable: true, description: 'Set for pending transactions only.', resolve: () => null }),
    prevTransHash: t.exposeString('prev_trans_hash', { nullable: true }),
    prevTransLt: t.expose('prev_trans_lt', { type: 'BigInt', nullable: true }),
    origStatus: t.expose('orig_status', { type: AccountStatus, nullable: true }),
    endStatus: t.expose('end_status', { type: AccountStatus, nullable: true }),
    totalFees: t.expose('total_fees', { type: 'BigInt', nullable: true }),
    totalFeesExtraCurrencies: t.expose('total_fees_extra_currencies', { type: 'JSON', nullable: true }),
    description: t.field({ type: TransactionDescription, resolve: toWireDescription }),
    blockRef: t.field({ type: BlockRef, resolve: toWireBlockRef }),
    emulated: t.boolean({ resolve: () => false }),
    finality: t.field({ type: Finality, resolve: () => 'finalized' }),
    inMsg: t.field({
      type: Message,
      nullable: true,
      resolve: async (tx, _args, ctx) => {
        const row = (await ctx.loaders.messagesByTransaction.load(tx.hash)).find((m) => m.direction === 'in');
        return row ? toWireMessage(row) : null;
      },
    }),
    outMsgs: t.field({
      type: [Message],
      description: 'Ordered by created_lt.',
      resolve: async (tx, _args, ctx) =>
        sortOutMessages((await ctx.loaders.messagesByTransaction.load(tx.hash)).filter((m) => m.direction === 'out')).map(toWireMessage),
    }),
    accountStateBefore: t.field({
      type: AccountState,
      nullable: true,
      resolve: async (tx, _args, ctx) => {
        const hash = tx.account_state_hash_before;
        return toWireAccountState(hash, hash === null ? null : await ctx.loaders.accountState.load(hash));
      },
    }),
    accountStateAfter: t.field({
      type: AccountState,
      nullable: true,
      resolve: async (tx, _args, ctx) => {
        const hash = tx.account_state_hash_after;
        return toWireAccountState(hash, hash === null ? null : await ctx.loaders.accountState.load(hash));
      },
    }),
    accountInfo: t.field({
      type: AddressBookEntry,
      description: "The account's address-book entry.",
      resolve: async (tx, _args, ctx) => ({
        address: tx.account,
        ...toWireAddressBookEntry(await ctx.loaders.addressInfo.load(tx.account), ctx.services.network),
      }),
    }),
  }),
});

builder.queryFields((t) => ({
  transactionsByMasterchainBlock: t.field({
    type: [Transaction],
    description: 'Transactions of a masterchain block and of every shard block it commits, by (lt, account).',
    args: {
      seqno: t.arg({ type: 'UInt32', required: true }),
      limit: t.arg.int({ defaultValue: 10 }),
      offset: t.arg.int({ defaultValue: 0 }),
      sort: t.arg({ type: SortOrder, defaultValue: 'desc' }),
    },
    resolve: (_root, args, ctx) =>
      withGraphQLErrors(async () => {
        const page = {
          seqno: checkInteger('seqno', String(args.seqno), 0, MAX_SEQNO),
          limit: checkInteger('limit', String(args.limit), 1, 1000),
          offset: checkInteger('offset', String(args.offset), 0, 2 ** 31 - 1),
          sort: args.sort === 'asc' ? ('asc' as const) : ('desc' as const),
        };
        const [rows, block] = await Promise.all([
          transactionsByMasterchainBlock(ctx.db, page),
          masterchainBlockStatus(ctx.db, page.seqno),
        ]);
        if (!block.exists) throw notFound(`masterchain block ${page.seqno} not found`);
        return rows;
      }),
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
