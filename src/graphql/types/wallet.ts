/**
 * Accounts as wallets and contracts: `Account.wallet` and `Account.interfaces`, and the twins of `accountStates`,
 * `walletStates` and `topAccountsByBalance`.
 */
import { ACCOUNT_BALANCE_KEY, accountsByBalanceKeyset, type AccountBalanceRow } from '../../data/accountStates';
import { detectInterfaces, methodIds } from '../../encoding/interfaces';
import { ACCOUNT_STATES, accountStatesRequest, findAccountStates } from '../../operations/accountStates';
import { asWallet, findWalletStates, WALLET_STATES, walletStatesRequest } from '../../operations/walletStates';
import { graphqlSource } from '../../params/spec';
import { toWireAccountState, toWireWalletState, type WireAccountState, type WireWalletState } from '../../wire/accounts';
import { builder } from '../builder';
import { keysetConnection, pageComplexity } from '../connection';
import { perAddressComplexity, routeArgs } from '../params';
import { Account } from './account';
import { AccountStatus } from './enums';
import { Transaction } from './transaction';

/** A wallet as its latest state shows it. */
interface WalletModel {
  type: string;
  seqno: number | null;
  walletId: number | null;
  isSignatureAllowed: boolean | null;
  status: string | null;
}

const Wallet = builder.objectRef<WalletModel>('Wallet').implement({
  description:
    "An account whose code is one of the wallet contracts TON Center recognises (v1 to v5), with what its data cell holds (REST's `walletStates` / `walletInformation`).",
  fields: (t) => ({
    type: t.exposeString('type', { description: 'The wallet contract, as TON Center names it by code hash (`wallet v4 r2`, `wallet v5 r1`, …).' }),
    seqno: t.field({
      type: 'UInt32',
      nullable: true,
      description: 'The seqno the next external message must carry; null when the data cell cannot be read.',
      resolve: (w) => w.seqno,
    }),
    walletId: t.field({
      type: 'UInt32',
      nullable: true,
      description: 'The wallet id (subwallet id) of v3, v4 and v5 wallets, unsigned; null for v1 and v2 and when the data cell cannot be read.',
      resolve: (w) => w.walletId,
    }),
    isSignatureAllowed: t.boolean({
      nullable: true,
      description: 'v5 only: whether the wallet accepts messages signed by its key (an extension may have turned that off).',
      resolve: (w) => w.isSignatureAllowed,
    }),
    status: t.field({ type: AccountStatus, nullable: true, description: 'Status of the account.', resolve: (w) => w.status }),
  }),
});

builder.objectFields(Account, (t) => ({
  wallet: t.field({
    type: Wallet,
    nullable: true,
    description: "The account as a wallet (type, seqno, wallet id, …) when its latest state's code is a wallet's; null otherwise.",
    resolve: async (a, _args, ctx) => {
      const row = await ctx.loaders.stateWithMethods.load(a.address);
      const wallet = row && asWallet(row).wallet;
      if (!row || !wallet) return null;
      return {
        type: wallet.type,
        seqno: wallet.fields?.seqno ?? null,
        walletId: wallet.fields?.walletId ?? null,
        isSignatureAllowed: wallet.fields?.isSignatureAllowed ?? null,
        status: row.account_status,
      };
    },
  }),
  interfaces: t.stringList({
    nullable: true,
    description:
      "Contract interfaces of its latest state as TON Center detects them (REST's `accountStates` `interfaces`): the one a known code hash names, else every interface whose get-methods the code all has; null when the index has no state of it or none matches.",
    resolve: async (a, _args, ctx) => {
      const row = await ctx.loaders.stateWithMethods.load(a.address);
      return row && detectInterfaces(row.code_hash, methodIds(row.methods));
    },
  }),
}));

const LatestAccountState = builder.objectRef<WireAccountState>('LatestAccountState').implement({
  description:
    "An account's latest state with its get-methods and interfaces (REST's `accountStates` entry; ton-indexer `latest_account_states` and `contract_methods`).",
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address, `<workchain>:<64 uppercase hex>`.' }),
    account: t.field({ type: Account, description: 'The account.', resolve: (s) => ({ address: s.address }) }),
    hash: t.exposeString('account_state_hash', { description: 'Hash of the state (base64).' }),
    balance: t.expose('balance', { type: 'BigInt', nullable: true, description: 'Balance in nanotons.' }),
    extraCurrencies: t.expose('extra_currencies', {
      type: 'JSON',
      nullable: true,
      description: 'Extra-currency balances: `{"<currency id>": "<amount>"}`, amounts as decimal strings.',
    }),
    status: t.expose('status', { type: AccountStatus, nullable: true, description: 'Status of the account.' }),
    frozenHash: t.string({
      nullable: true,
      description: 'For a frozen account, the hash of the state it had when frozen.',
      resolve: (s) => s.frozen_hash ?? null,
    }),
    lastTransactionHash: t.exposeString('last_transaction_hash', { nullable: true, description: 'Hash of the transaction that left this state.' }),
    lastTransactionLt: t.expose('last_transaction_lt', { type: 'BigInt', nullable: true, description: 'Logical time of that transaction.' }),
    lastTransaction: t.field({
      type: Transaction,
      nullable: true,
      description: 'The transaction that left this state; null when not indexed.',
      resolve: (s) => s.last_transaction_hash,
    }),
    dataHash: t.string({ nullable: true, description: "Hash of the contract's data cell (base64).", resolve: (s) => s.data_hash ?? null }),
    codeHash: t.string({ nullable: true, description: "Hash of the contract's code cell (base64).", resolve: (s) => s.code_hash ?? null }),
    dataBoc: t.string({ nullable: true, description: 'The data cell, a base64 BOC; null with `includeBoc: false`.', resolve: (s) => s.data_boc ?? null }),
    codeBoc: t.string({ nullable: true, description: 'The code cell, a base64 BOC; null with `includeBoc: false`.', resolve: (s) => s.code_boc ?? null }),
    contractMethods: t.intList({
      nullable: true,
      description: "Ids of the code's get-methods as the index knows them (ton-indexer `contract_methods`); null when it knows none.",
      resolve: (s) => s.contract_methods,
    }),
    interfaces: t.stringList({
      nullable: true,
      description: 'Contract interfaces as TON Center detects them (its names, such as `wallet_v4r2`, `jetton_wallet`); null when none matches.',
      resolve: (s) => s.interfaces,
    }),
  }),
});

const WalletState = builder.objectRef<WireWalletState>('WalletState').implement({
  description: "An account's latest state read as a wallet (REST's `walletStates` entry): wallet fields when its code is a wallet's.",
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address, `<workchain>:<64 uppercase hex>`.' }),
    account: t.field({ type: Account, description: 'The account.', resolve: (s) => ({ address: s.address }) }),
    isWallet: t.exposeBoolean('is_wallet', { description: "Whether its code is a wallet contract's and its data cell is stored." }),
    walletType: t.string({
      nullable: true,
      description: 'The wallet contract (`wallet v4 r2`, …); null when not a wallet.',
      resolve: (s) => s.wallet_type ?? null,
    }),
    seqno: t.field({ type: 'UInt32', nullable: true, description: 'The seqno; null when not a wallet or unreadable.', resolve: (s) => s.seqno ?? null }),
    walletId: t.field({ type: 'UInt32', nullable: true, description: 'The wallet id, unsigned; null when it has none.', resolve: (s) => s.wallet_id ?? null }),
    balance: t.field({ type: 'BigInt', nullable: true, description: 'Balance in nanotons.', resolve: (s) => s.balance ?? null }),
    extraCurrencies: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Extra-currency balances, when it holds any: `{"<currency id>": "<amount>"}`.',
      resolve: (s) => s.extra_currencies ?? null,
    }),
    isSignatureAllowed: t.boolean({
      nullable: true,
      description: 'v5 only: whether signed messages are accepted.',
      resolve: (s) => s.is_signature_allowed ?? null,
    }),
    status: t.field({ type: AccountStatus, nullable: true, description: 'Status of the account.', resolve: (s) => s.status ?? null }),
    codeHash: t.string({ nullable: true, description: "Hash of the contract's code (base64).", resolve: (s) => s.code_hash ?? null }),
    lastTransactionHash: t.exposeString('last_transaction_hash', { nullable: true, description: 'Hash of the transaction that left the state.' }),
    lastTransactionLt: t.expose('last_transaction_lt', { type: 'BigInt', nullable: true, description: 'Logical time of that transaction.' }),
  }),
});

const AccountBalance = builder.objectRef<AccountBalanceRow>('AccountBalance').implement({
  description: "An account and its balance (REST's `topAccountsByBalance` entry).",
  fields: (t) => ({
    address: t.exposeString('account', { description: 'Raw address, `<workchain>:<64 uppercase hex>`.' }),
    account: t.field({ type: Account, description: 'The account.', resolve: (b) => ({ address: b.account }) }),
    balance: t.expose('balance', { type: 'BigInt', description: 'Balance in nanotons.' }),
  }),
});

const AccountBalanceConnection = builder.connectionObject(
  { type: AccountBalance, name: 'AccountBalanceConnection', description: 'A page of accounts by balance with keyset cursors (Relay connection).' },
  { name: 'AccountBalanceEdge', description: 'An account in a page, with its cursor.' },
);

builder.queryFields((t) => ({
  accountStates: t.field({
    type: [LatestAccountState],
    complexity: perAddressComplexity,
    description:
      "The latest states of the accounts given that the index has (REST's `accountStates`), by address, with their get-methods and interfaces; `codeHash` keeps those with one of these code hashes.",
    args: routeArgs(t.arg, ACCOUNT_STATES),
    resolve: async (_root, args, ctx) => (await findAccountStates(ctx, accountStatesRequest(graphqlSource(args)))).map(toWireAccountState),
  }),
  walletStates: t.field({
    type: [WalletState],
    complexity: perAddressComplexity,
    description:
      "The latest states of the accounts given, read as wallets (REST's `walletStates`), by address; accounts the index has no state of are left out.",
    args: routeArgs(t.arg, WALLET_STATES),
    resolve: async (_root, args, ctx) => (await findWalletStates(ctx, walletStatesRequest(graphqlSource(args)))).map(toWireWalletState),
  }),
  topAccountsByBalance: t.field({
    type: AccountBalanceConnection,
    args: t.arg.connectionArgs(),
    complexity: pageComplexity,
    description:
      "The richest accounts (REST's `topAccountsByBalance`), by balance descending, ties by address descending, as a connection with keyset cursors (latest_account_states_index_1); accounts without a balance are left out.",
    resolve: (_root, args, ctx) =>
      keysetConnection(
        'topAccountsByBalance',
        ACCOUNT_BALANCE_KEY,
        args,
        (b: AccountBalanceRow) => b,
        (page) => accountsByBalanceKeyset(ctx.db, page),
      ),
  }),
}));
