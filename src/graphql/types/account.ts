import { toFriendlyAddress } from '../../encoding/address';
import { ACCOUNT } from '../../operations/account';
import { graphqlSource, parseParams } from '../../params/spec';
import { routeArgs, supportedActionTypesArg, SUPPORTED_ACTION_TYPES_ARG } from '../params';
import { toWireAddressBookEntry } from '../../wire/addressBook';
import { builder } from '../builder';
import { pageComplexity } from '../connection';
import { AccountState } from './accountState';
import { AddressBookEntry } from './addressBook';
import { accountMessageConnection, MessageConnection } from './message';
import { AddressMetadata, metadataOf } from './metadata';
import { Transaction, TransactionConnection, transactionConnection } from './transaction';
import { TraceConnection, traceConnection } from './trace';
import { ActionConnection, actionConnection } from './action';
import { expandActionTypes } from '../../actions/supported';

/** An account is its raw address; everything else is loaded when selected. */
export const Account = builder.objectRef<{ address: string }>('Account').implement({
  description:
    'An account (a contract or a wallet) by its address: its forms, its latest state, its address-book entry and token metadata, and its history as connections with keyset cursors.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw form, `<workchain>:<64 uppercase hex>`.' }),
    bounceable: t.string({
      description: 'User-friendly bounceable form (EQ…, testnet kQ…), for contracts; the testnet flag follows `TON_NETWORK`.',
      resolve: (a, _args, ctx) => toFriendlyAddress(a.address, true, ctx.services.network)!,
    }),
    nonBounceable: t.string({
      description: 'User-friendly non-bounceable form (UQ…, testnet 0Q…), for wallets and accounts without code.',
      resolve: (a, _args, ctx) => toFriendlyAddress(a.address, false, ctx.services.network)!,
    }),
    addressBook: t.field({
      type: AddressBookEntry,
      description: "Its address-book entry (TON Center v3's `address_book[address]`): the form to show, its domain, its interfaces.",
      resolve: async (a, _args, ctx) => ({
        address: a.address,
        ...toWireAddressBookEntry(await ctx.loaders.addressInfo.load(a.address), ctx.services.network),
      }),
    }),
    state: t.field({
      type: AccountState,
      nullable: true,
      description: 'Its latest state (ton-indexer `latest_account_states`), with its code and data BOCs; null when the indexer has none.',
      resolve: async (a, _args, ctx) => {
        const row = await ctx.loaders.latestState.load(a.address);
        return (
          row && {
            hash: row.hash,
            balance: row.balance,
            extra_currencies: row.balance_extra_currencies,
            account_status: row.account_status,
            frozen_hash: row.frozen_hash,
            data_hash: row.data_hash,
            code_hash: row.code_hash,
            data_boc: row.data_boc,
            code_boc: row.code_boc,
          }
        );
      },
    }),
    stateUpdatedAt: t.int({
      nullable: true,
      description: 'Unix time (seconds) of the transaction that left the latest state.',
      resolve: async (a, _args, ctx) => (await ctx.loaders.latestState.load(a.address))?.timestamp ?? null,
    }),
    lastTransaction: t.field({
      type: Transaction,
      nullable: true,
      description: 'The transaction that left the latest state; null when not indexed.',
      resolve: async (a, _args, ctx) => (await ctx.loaders.latestState.load(a.address))?.last_trans_hash ?? null,
    }),
    metadata: t.field({
      type: AddressMetadata,
      nullable: true,
      description:
        "Token metadata when the account is a jetton wallet or master, an NFT item or collection (TON Center v3's `metadata[address]`); null otherwise.",
      resolve: (a, _args, ctx) => metadataOf(a.address, ctx),
    }),
    transactions: t.field({
      type: TransactionConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description: 'Its transactions, newest (highest lt) first, as a connection with keyset cursors: a deep page costs what the first does.',
      resolve: (a, args, ctx, info) => transactionConnection('Account.transactions', { account: a.address }, args, ctx, info),
    }),
    traces: t.field({
      type: TraceConnection,
      args: { ...t.arg.connectionArgs(), supportedActionTypes: t.arg.stringList({ description: SUPPORTED_ACTION_TYPES_ARG }) },
      complexity: pageComplexity,
      description: 'The traces it took part in (a transaction of it), newest end first, as a connection with keyset cursors.',
      resolve: (a, args, ctx) =>
        traceConnection(
          'Account.traces',
          { account: a.address, traceIds: [], txHashes: [], msgHashes: [] },
          supportedActionTypesArg(args.supportedActionTypes) ?? expandActionTypes([]),
          args,
          ctx,
        ),
    }),
    actions: t.field({
      type: ActionConnection,
      args: { ...t.arg.connectionArgs(), supportedActionTypes: t.arg.stringList({ description: SUPPORTED_ACTION_TYPES_ARG }) },
      complexity: pageComplexity,
      description: 'The actions involving it (its `action_accounts` rows), newest trace end first, as a connection with keyset cursors.',
      resolve: (a, args, ctx) =>
        actionConnection(
          'Account.actions',
          {
            account: a.address,
            txHashes: [],
            msgHashes: [],
            actionIds: [],
            traceIds: [],
            types: [],
            excludeTypes: [],
            supported: supportedActionTypesArg(args.supportedActionTypes) ?? expandActionTypes([]),
          },
          args,
          ctx,
        ),
    }),
    messages: t.field({
      type: MessageConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description:
        'The messages its transactions received and sent, newest transaction first (within one: its out-messages, then its inbound message, each side by hash), as a connection with keyset cursors.',
      resolve: (a, args, ctx, info) => accountMessageConnection(a.address, args, ctx, info),
    }),
  }),
});

builder.queryField('account', (t) =>
  t.field({
    type: Account,
    description: 'An account by its address (raw or user-friendly, any flags); every address has one, indexed or not.',
    args: routeArgs(t.arg, ACCOUNT),
    resolve: (_root, args) => ({ address: parseParams(ACCOUNT, graphqlSource(args)).address }),
  }),
);
