/**
 * Jettons: masters, wallets, transfers and burns, the twins of the `jetton/*` routes as connections with keyset
 * cursors, the holder lists by balance, and the navigation between them, accounts, transactions and traces, each
 * batched by a per-request loader.
 */
import type { DefaultConnectionArguments } from '@pothos/plugin-relay';
import type { RequestContext } from '../../context';
import { EVENT_KEY } from '../../data/events';
import {
  HOLDER_KEY,
  jettonBurnsKeyset,
  jettonMasterKey,
  jettonMastersKeyset,
  jettonTransfersKeyset,
  jettonWalletKey,
  jettonWalletsKeyset,
  type JettonBurnRow,
  type JettonEventParent,
  type JettonMasterRow,
  type JettonTransferRow,
  type JettonWalletParent,
  type JettonWalletRow,
} from '../../data/jettons';
import { JETTON_BURNS, jettonBurnsRequest } from '../../operations/jettonBurns';
import { JETTON_MASTERS, jettonMastersRequest } from '../../operations/jettonMasters';
import {
  JETTON_TRANSFERS,
  jettonTransfersRequest,
  withInlineForwardPayload,
  type JettonTransfer as JettonTransferModel,
} from '../../operations/jettonTransfers';
import { JETTON_WALLETS, jettonWalletsRequest } from '../../operations/jettonWallets';
import { graphqlSource, parseParams, type RouteParams } from '../../params/spec';
import { hasMintlessInfo, toWireJettonMaster } from '../../wire/jettons';
import { accountOf, addressRoute, eventFields, eventLists, loadAt, parsedPayload } from '../assets';
import { builder } from '../builder';
import { filteredConnection, pageComplexity, parentConnection } from '../connection';
import { OFFSET_PAGING, routeArgs } from '../params';
import { Account } from './account';
import { AddressMetadata, metadataOf } from './metadata';
import { ParsedBody } from './parsedBody';

const MASTER_ADDRESS = addressRoute('jetton master');
const WALLET_ADDRESS = addressRoute('jetton wallet');

/** The holder lists' own filter (JettonMaster.wallets, Account.jettons), checked as jetton/wallets checks it. */
const HOLDINGS = {
  params: { exclude_zero_balance: JETTON_WALLETS.params.exclude_zero_balance },
} as const satisfies RouteParams;

const JettonMaster = builder.objectRef<JettonMasterRow>('JettonMaster');
const JettonWallet = builder.objectRef<JettonWalletRow>('JettonWallet');
const JettonTransfer = builder.objectRef<JettonTransferRow>('JettonTransfer');
const JettonBurn = builder.objectRef<JettonBurnRow>('JettonBurn');

const JettonMasterConnection = builder.connectionObject(
  { type: JettonMaster, name: 'JettonMasterConnection', description: 'A page of jetton masters with keyset cursors (Relay connection).' },
  { name: 'JettonMasterEdge', description: 'A jetton master in a page, with its cursor.' },
);
const JettonWalletConnection = builder.connectionObject(
  { type: JettonWallet, name: 'JettonWalletConnection', description: 'A page of jetton wallets with keyset cursors (Relay connection).' },
  { name: 'JettonWalletEdge', description: 'A jetton wallet in a page, with its cursor.' },
);
const JettonTransferConnection = builder.connectionObject(
  { type: JettonTransfer, name: 'JettonTransferConnection', description: 'A page of jetton transfers with keyset cursors (Relay connection).' },
  { name: 'JettonTransferEdge', description: 'A jetton transfer in a page, with its cursor.' },
);
const JettonBurnConnection = builder.connectionObject(
  { type: JettonBurn, name: 'JettonBurnConnection', description: 'A page of jetton burns with keyset cursors (Relay connection).' },
  { name: 'JettonBurnEdge', description: 'A jetton burn in a page, with its cursor.' },
);

/**
 * A holder list (a jetton's wallets, an owner's) as a connection, largest balance first, its page read with the
 * other parents' of the tick in one statement. The cursor holds (balance, id): a wallet whose balance does not
 * change while a client pages is returned exactly once, however the others' balances move.
 */
const holders = (field: string, parent: JettonWalletParent, address: string, args: DefaultConnectionArguments, ctx: RequestContext) =>
  parentConnection(field, HOLDER_KEY, args, ctx.loaders.jettons.walletPages, address, parent);

/** The transfers of a jetton or a wallet as a connection, newest first, batched the same way. */
const parentTransfers = (field: string, of: JettonEventParent, address: string, args: DefaultConnectionArguments, ctx: RequestContext) =>
  parentConnection(field, EVENT_KEY, args, ctx.loaders.jettons.transferPages, address, of);

/** The burns of a jetton or a wallet as a connection, newest first, batched the same way. */
const parentBurns = (field: string, of: JettonEventParent, address: string, args: DefaultConnectionArguments, ctx: RequestContext) =>
  parentConnection(field, EVENT_KEY, args, ctx.loaders.jettons.burnPages, address, of);

const holdingsOf = (of: JettonWalletParent['of'], args: Record<string, unknown>): JettonWalletParent => ({
  of,
  excludeZeroBalance: parseParams(HOLDINGS, graphqlSource(args)).exclude_zero_balance === true,
});

/** Each transfer row's completed form, made once however many of its payload fields a selection reads. */
const completions = new WeakMap<JettonTransferRow, Promise<JettonTransferModel>>();

/** The transfer with its forward payload as REST serves it: the stored one, else the inline one of its in-message body (read in one batch per tick). */
function completed(x: JettonTransferRow, ctx: RequestContext): Promise<JettonTransferModel> {
  let done = completions.get(x);
  if (!done) {
    done = (async () => withInlineForwardPayload(x, x.forward_payload !== null ? null : await ctx.loaders.jettons.inMessageBody.load(x.tx_hash)))();
    completions.set(x, done);
  }
  return done;
}

JettonMaster.implement({
  description:
    'A jetton master (TEP-74 minter; ton-indexer `jetton_masters`): its supply, admin and content, with its holders by balance, its transfers and its burns as connections with keyset cursors.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address of the master contract, `<workchain>:<64 uppercase hex>`.' }),
    account: t.field({ type: Account, description: 'The master contract as an account (its state, history, …).', resolve: (m) => ({ address: m.address }) }),
    totalSupply: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Jettons in circulation, in the smallest units (divide by 10^decimals, see `metadata`).',
      resolve: (m) => m.total_supply,
    }),
    mintable: t.exposeBoolean('mintable', { nullable: true, description: 'Whether the admin can still mint more.' }),
    adminAddress: t.exposeString('admin_address', { nullable: true, description: "The admin's address as stored (raw); null when the jetton has none." }),
    admin: t.field({
      type: Account,
      nullable: true,
      description: 'The admin (who may mint and change the content); null when the jetton has none (admin rights renounced).',
      resolve: (m) => accountOf(m.admin_address),
    }),
    content: t.field({
      type: 'JSON',
      nullable: true,
      description: "The jetton's content as the indexer parsed it (`jetton_content`: an off-chain `uri` or on-chain fields), keys sorted as REST gives them.",
      resolve: (m) => toWireJettonMaster(m).jetton_content,
    }),
    jettonWalletCodeHash: t.exposeString('jetton_wallet_code_hash', { nullable: true, description: "Hash of its wallets' code (base64)." }),
    codeHash: t.exposeString('code_hash', { nullable: true, description: "Hash of the master's code (base64)." }),
    dataHash: t.exposeString('data_hash', { nullable: true, description: "Hash of the master's data (base64)." }),
    lastTransactionLt: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Logical time of the last transaction the indexer read the master at.',
      resolve: (m) => m.last_transaction_lt,
    }),
    metadata: t.field({
      type: AddressMetadata,
      nullable: true,
      description:
        "The jetton's token metadata (name, symbol, decimals, image, … once fetched; TON Center v3's `metadata[address]`); null when the index has none.",
      resolve: (m, _args, ctx) => metadataOf(m.address, ctx),
    }),
    wallets: t.field({
      type: JettonWalletConnection,
      args: { ...routeArgs(t.arg, HOLDINGS), ...t.arg.connectionArgs() },
      complexity: pageComplexity,
      description:
        "Its holders: its wallets, largest balance first, equal balances by wallet id (largest first), as a connection with keyset cursors (jetton_wallets_index_4). Paging is stable: a wallet whose balance does not change while you page is returned exactly once, whatever happens to the others (REST's offset pages over `jetton/wallets?sort=desc` can skip or repeat wallets whose neighbours' balances move). The pages of every jetton of a request are read in one statement.",
      resolve: (m, args, ctx) => holders('JettonMaster.wallets', holdingsOf('jetton', args), m.address, args, ctx),
    }),
    transfers: t.field({
      type: JettonTransferConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description:
        "Its transfers (REST's `jetton/transfers?jetton_master=`), aborted ones left out, newest (highest lt, then transaction hash) first, as a connection with keyset cursors.",
      resolve: (m, args, ctx) => parentTransfers('JettonMaster.transfers', 'master', m.address, args, ctx),
    }),
    burns: t.field({
      type: JettonBurnConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description: "Its burns (REST's `jetton/burns?jetton_master=`), aborted ones included, newest first, as a connection with keyset cursors.",
      resolve: (m, args, ctx) => parentBurns('JettonMaster.burns', 'master', m.address, args, ctx),
    }),
  }),
});

const MintlessInfo = builder.objectRef<JettonWalletRow & { mintless_amount: string }>('MintlessInfo').implement({
  description:
    "An unclaimed mintless airdrop on a jetton wallet (REST's `mintless_info`): the amount the owner may claim with a custom payload from the jetton's claim API.",
  fields: (t) => ({
    amount: t.field({ type: 'BigInt', description: 'The amount to claim, in the smallest units.', resolve: (w) => w.mintless_amount }),
    startFrom: t.field({ type: 'BigInt', nullable: true, description: 'Unix time from which it can be claimed.', resolve: (w) => w.mintless_start_from }),
    expireAt: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Unix time after which it can no longer be claimed.',
      resolve: (w) => w.mintless_expire_at,
    }),
    customPayloadApiUri: t.stringList({
      nullable: true,
      description: "The jetton's claim APIs (`mintless_jetton_masters.custom_payload_api_uri`), which give the custom payload a claim needs.",
      resolve: (w) => w.custom_payload_api_uri,
    }),
  }),
});

JettonWallet.implement({
  description:
    "A jetton wallet (TEP-74; ton-indexer `jetton_wallets`): one owner's balance of one jetton, with the transfers it sent and its burns as connections with keyset cursors.",
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address of the wallet contract, `<workchain>:<64 uppercase hex>`.' }),
    account: t.field({ type: Account, description: 'The wallet contract as an account (its state, history, …).', resolve: (w) => ({ address: w.address }) }),
    balance: t.field({
      type: 'BigInt',
      nullable: true,
      description: "Its balance in the jetton's smallest units (not nanotons: divide by 10^decimals of the jetton's metadata).",
      resolve: (w) => w.balance,
    }),
    ownerAddress: t.exposeString('owner', { nullable: true, description: "The owner's address as stored (raw)." }),
    owner: t.field({
      type: Account,
      nullable: true,
      description: 'The account that owns the wallet (and may send its jettons).',
      resolve: (w) => accountOf(w.owner),
    }),
    jettonAddress: t.exposeString('jetton', { nullable: true, description: "The jetton master's address as stored (raw)." }),
    jetton: t.field({
      type: JettonMaster,
      nullable: true,
      description: 'The jetton (its master); null when the master is not indexed.',
      resolve: (w, _args, ctx) => loadAt(ctx.loaders.jettons.master, w.jetton),
    }),
    lastTransactionLt: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Logical time of the last transaction the indexer read the wallet at.',
      resolve: (w) => w.last_transaction_lt,
    }),
    codeHash: t.exposeString('code_hash', { nullable: true, description: "Hash of the wallet's code (base64)." }),
    dataHash: t.exposeString('data_hash', { nullable: true, description: "Hash of the wallet's data (base64)." }),
    mintlessInfo: t.field({
      type: MintlessInfo,
      nullable: true,
      description: "An unclaimed mintless amount (REST's `mintless_info`, shown on the same rule); null otherwise.",
      resolve: (w) => (hasMintlessInfo(w) ? w : null),
    }),
    metadata: t.field({
      type: AddressMetadata,
      nullable: true,
      description: "The wallet's token metadata (TON Center v3's `metadata[address]`: its jetton's); null when the index has none.",
      resolve: (w, _args, ctx) => metadataOf(w.address, ctx),
    }),
    transfers: t.field({
      type: JettonTransferConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description:
        "The transfers it sent (REST's `jetton/transfers?jetton_wallet=`), aborted ones left out, newest first, as a connection with keyset cursors; the pages of every wallet of a request are read in one statement.",
      resolve: (w, args, ctx) => parentTransfers('JettonWallet.transfers', 'wallet', w.address, args, ctx),
    }),
    burns: t.field({
      type: JettonBurnConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description: "Its burns (REST's `jetton/burns?jetton_wallet=`), aborted ones included, newest first, as a connection with keyset cursors.",
      resolve: (w, args, ctx) => parentBurns('JettonWallet.burns', 'wallet', w.address, args, ctx),
    }),
  }),
});

JettonTransfer.implement({
  description:
    "A jetton transfer (TEP-74 `transfer`, ton-indexer `jetton_transfers`): the sender's wallet processing it in a transaction, the owners on both sides, the amount and the payloads it carried. Lists leave out aborted transfers, as REST does; `Transaction.jettonTransfers` and `Trace.jettonTransfers` show them (`aborted`).",
  fields: (t) => ({
    ...eventFields(t, { tx: "sender's wallet transaction", event: 'transfer', aborted: 'no jettons moved' }),
    queryId: t.field({ type: 'BigInt', nullable: true, description: 'The query id the sender chose (a 64-bit value).', resolve: (x) => x.query_id }),
    amount: t.field({ type: 'BigInt', nullable: true, description: 'Jettons transferred, in the smallest units.', resolve: (x) => x.amount }),
    sourceAddress: t.exposeString('source', { nullable: true, description: 'The sender (the owner of the source wallet), as stored (raw).' }),
    source: t.field({ type: Account, nullable: true, description: 'The sender: the owner of the source wallet.', resolve: (x) => accountOf(x.source) }),
    destinationAddress: t.exposeString('destination', { nullable: true, description: 'The recipient (the new owner of the jettons), as stored (raw).' }),
    destination: t.field({
      type: Account,
      nullable: true,
      description: 'The recipient: the owner the jettons go to.',
      resolve: (x) => accountOf(x.destination),
    }),
    sourceWalletAddress: t.exposeString('jetton_wallet_address', { nullable: true, description: "The sender's jetton wallet, as stored (raw)." }),
    sourceWallet: t.field({
      type: JettonWallet,
      nullable: true,
      description: "The sender's jetton wallet, as it is now; null when it is not indexed.",
      resolve: (x, _args, ctx) => loadAt(ctx.loaders.jettons.wallet, x.jetton_wallet_address),
    }),
    jettonAddress: t.exposeString('jetton_master_address', { nullable: true, description: "The jetton's master, as stored (raw)." }),
    jetton: t.field({
      type: JettonMaster,
      nullable: true,
      description: 'The jetton transferred (its master); null when it is not indexed.',
      resolve: (x, _args, ctx) => loadAt(ctx.loaders.jettons.master, x.jetton_master_address),
    }),
    responseDestinationAddress: t.exposeString('response_destination', {
      nullable: true,
      description: 'Where the excess TON goes, as stored (raw, or `addr_none`).',
    }),
    responseDestination: t.field({
      type: Account,
      nullable: true,
      description: 'The account the excess TON goes to; null when none.',
      resolve: (x) => accountOf(x.response_destination),
    }),
    forwardTonAmount: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Nanotons forwarded to the recipient with the transfer notification.',
      resolve: (x) => x.forward_ton_amount,
    }),
    customPayload: t.exposeString('custom_payload', { nullable: true, description: 'The custom payload, a base64 BOC; null when none.' }),
    customPayloadParsed: t.field({
      type: ParsedBody,
      nullable: true,
      description:
        "The custom payload decoded into typed objects as TON Center's decoder reads it (REST's `decoded_custom_payload`, typed); null when none or when it does not decode.",
      resolve: (x, _args, ctx) => parsedPayload(x.custom_payload, ctx),
    }),
    forwardPayload: t.string({
      nullable: true,
      description:
        "The forward payload sent on to the recipient, a base64 BOC; null when none. As REST serves it: ton-indexer stores it only when it is carried in a reference, so a payload carried inline is read from the transfer's in-message body (`forwardPayloadInline`).",
      resolve: async (x, _args, ctx) => (await completed(x, ctx)).forward_payload,
    }),
    forwardPayloadInline: t.boolean({
      description: "True when `forwardPayload` was read from the transfer's in-message body (carried inline), not from ton-indexer's table.",
      resolve: async (x, _args, ctx) => (await completed(x, ctx)).forward_payload_inline,
    }),
    forwardPayloadParsed: t.field({
      type: ParsedBody,
      nullable: true,
      description:
        "The forward payload decoded into typed objects (a comment as `TextComment`), as TON Center's decoder reads it (REST's `decoded_forward_payload`, typed); null when none or when it does not decode.",
      resolve: async (x, _args, ctx) => parsedPayload((await completed(x, ctx)).forward_payload, ctx),
    }),
  }),
});

JettonBurn.implement({
  description:
    "A jetton burn (TEP-74 `burn`, ton-indexer `jetton_burns`): an owner's wallet destroying jettons, reported to the master. Aborted burns are included (`aborted`), as REST lists them: then nothing was burned.",
  fields: (t) => ({
    ...eventFields(t, { tx: "wallet's transaction", event: 'burn', aborted: 'nothing was burned' }),
    queryId: t.field({ type: 'BigInt', nullable: true, description: 'The query id the owner chose (a 64-bit value).', resolve: (x) => x.query_id }),
    amount: t.field({ type: 'BigInt', nullable: true, description: 'Jettons burned, in the smallest units.', resolve: (x) => x.amount }),
    ownerAddress: t.exposeString('owner', { nullable: true, description: 'The owner who burned them, as stored (raw).' }),
    owner: t.field({ type: Account, nullable: true, description: 'The owner who burned them.', resolve: (x) => accountOf(x.owner) }),
    jettonWalletAddress: t.exposeString('jetton_wallet_address', { nullable: true, description: "The owner's jetton wallet, as stored (raw)." }),
    jettonWallet: t.field({
      type: JettonWallet,
      nullable: true,
      description: "The owner's jetton wallet, as it is now; null when it is not indexed.",
      resolve: (x, _args, ctx) => loadAt(ctx.loaders.jettons.wallet, x.jetton_wallet_address),
    }),
    jettonAddress: t.exposeString('jetton_master_address', { nullable: true, description: "The jetton's master, as stored (raw)." }),
    jetton: t.field({
      type: JettonMaster,
      nullable: true,
      description: 'The jetton burned (its master); null when it is not indexed.',
      resolve: (x, _args, ctx) => loadAt(ctx.loaders.jettons.master, x.jetton_master_address),
    }),
    responseDestinationAddress: t.exposeString('response_destination', {
      nullable: true,
      description: 'Where the excess TON goes, as stored (raw, or `addr_none`).',
    }),
    responseDestination: t.field({
      type: Account,
      nullable: true,
      description: 'The account the excess TON goes to; null when none.',
      resolve: (x) => accountOf(x.response_destination),
    }),
    customPayload: t.exposeString('custom_payload', { nullable: true, description: 'The custom payload, a base64 BOC; null when none.' }),
    customPayloadParsed: t.field({
      type: ParsedBody,
      nullable: true,
      description:
        "The custom payload decoded into typed objects as TON Center's decoder reads it (REST's `decoded_custom_payload`, typed); null when none or when it does not decode.",
      resolve: (x, _args, ctx) => parsedPayload(x.custom_payload, ctx),
    }),
  }),
});

builder.objectFields(Account, (t) => ({
  jettons: t.field({
    type: JettonWalletConnection,
    args: { ...routeArgs(t.arg, HOLDINGS), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Its jetton wallets (REST's `jetton/wallets?owner_address=&sort=desc`), largest balance first, equal balances by wallet id, as a connection with keyset cursors (jetton_wallets_index_5); the pages of every account of a request are read in one statement.",
    resolve: (a, args, ctx) => holders('Account.jettons', holdingsOf('owner', args), a.address, args, ctx),
  }),
}));

eventLists(
  'jettonTransfers',
  JettonTransfer,
  {
    transaction: 'The jetton transfer this transaction of a jetton wallet processed, if any (at most one; an aborted one included).',
    trace: 'The jetton transfers of the trace, by logical time (aborted ones included); empty for a trace only emulated so far.',
  },
  (ctx) => ctx.loaders.jettons,
);

// Roots: the twins of jetton/masters, jetton/wallets, jetton/transfers and jetton/burns, and lookups by address.

builder.queryFields((t) => ({
  jettonMaster: t.field({
    type: JettonMaster,
    nullable: true,
    description: 'A jetton master by its address; null when it is not indexed.',
    args: routeArgs(t.arg, MASTER_ADDRESS),
    resolve: (_root, args, ctx) => ctx.loaders.jettons.master.load(parseParams(MASTER_ADDRESS, graphqlSource(args)).address),
  }),
  jettonMasters: t.field({
    type: JettonMasterConnection,
    args: { ...routeArgs(t.arg, JETTON_MASTERS, OFFSET_PAGING), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Jetton masters matching every filter (REST's `jetton/masters` filters) in REST's order (by address when addresses are given, else in the order they were first indexed), as a connection with keyset cursors.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('jettonMasters', args, () => {
        const { filter } = jettonMastersRequest(graphqlSource(args));
        return { key: jettonMasterKey(filter), fetch: (page) => jettonMastersKeyset(ctx.db, filter, page) };
      });
    },
  }),
  jettonWallet: t.field({
    type: JettonWallet,
    nullable: true,
    description: 'A jetton wallet by its address; null when it is not indexed.',
    args: routeArgs(t.arg, WALLET_ADDRESS),
    resolve: (_root, args, ctx) => ctx.loaders.jettons.wallet.load(parseParams(WALLET_ADDRESS, graphqlSource(args)).address),
  }),
  jettonWallets: t.field({
    type: JettonWalletConnection,
    args: { ...routeArgs(t.arg, JETTON_WALLETS, ['limit', 'offset']), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Jetton wallets matching every filter (REST's `jetton/wallets` filters and `sort`), in REST's order for the filters given, each ending with the wallet id (by id; by balance then id with `sort`; by address for addresses alone; with several owners, by owner in the sort's direction, where REST keeps owners ascending), as a connection with keyset cursors: pages by balance are stable while balances change.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('jettonWallets', args, () => {
        const { filter, page } = jettonWalletsRequest(graphqlSource(args));
        return { key: jettonWalletKey(filter, page.sort).columns, fetch: (keyPage) => jettonWalletsKeyset(ctx.db, filter, page.sort, keyPage) };
      });
    },
  }),
  jettonTransfers: t.field({
    type: JettonTransferConnection,
    args: { ...routeArgs(t.arg, JETTON_TRANSFERS, OFFSET_PAGING), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Jetton transfers matching every filter (REST's `jetton/transfers` filters: owners with `direction`, wallets, jetton, windows, `completeTracesOnly`), aborted ones left out, newest (highest lt, then transaction hash) first whatever the windows, as a connection with keyset cursors.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('jettonTransfers', args, () => {
        const { filter } = jettonTransfersRequest(graphqlSource(args));
        return { key: EVENT_KEY, fetch: (page) => jettonTransfersKeyset(ctx.db, filter, page) };
      });
    },
  }),
  jettonBurns: t.field({
    type: JettonBurnConnection,
    args: { ...routeArgs(t.arg, JETTON_BURNS, OFFSET_PAGING), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Jetton burns matching every filter (REST's `jetton/burns` filters), aborted ones included, newest (highest lt, then transaction hash) first whatever the windows, as a connection with keyset cursors.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('jettonBurns', args, () => {
        const { filter } = jettonBurnsRequest(graphqlSource(args));
        return { key: EVENT_KEY, fetch: (page) => jettonBurnsKeyset(ctx.db, filter, page) };
      });
    },
  }),
}));
