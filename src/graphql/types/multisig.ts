/**
 * Multisig v2 wallets and their orders (ton-indexer `multisig`, `multisig_orders`): the twins of
 * `multisig/wallets` and `multisig/orders` as connections with keyset cursors, the orders' actions typed, and
 * `Account.multisigs` (the multisigs an account signs or proposes for), each navigation batched by a loader.
 */
import { numberOrNull } from '../../encoding/numbers';
import { Cell } from '@ton/core';
import type { DefaultConnectionArguments } from '@pothos/plugin-relay';
import type { RequestContext } from '../../context';
import {
  MULTISIG_ORDER_KEY,
  multisigKey,
  multisigOrdersKeyset,
  multisigsKeyset,
  type MultisigKeyRow,
  type MultisigOrderRow,
  type MultisigRow,
} from '../../data/multisig';
import { parseOrderActions, type OrderAction as OrderActionModel } from '../../multisig/orderActions';
import { MULTISIG_ORDERS, MULTISIG_WALLETS, multisigOrdersRequest, multisigWalletsRequest } from '../../operations/multisig';
import { graphqlSource } from '../../params/spec';
import { builder } from '../builder';
import { filteredConnection, keysetConnection, pageComplexity, parentConnection } from '../connection';
import { OFFSET_PAGING, routeArgs } from '../params';
import { accountOf } from '../assets';
import { Account } from './account';
import { MessageContent } from './message';

/** A multisig as a list of an account's holds it: with the account, so its edge can say how it takes part. */
type MemberMultisig = MultisigKeyRow & { member: string };

const Multisig = builder.objectRef<MultisigRow & { id?: string }>('Multisig');
const MultisigOrder = builder.objectRef<MultisigOrderRow>('MultisigOrder');

const MultisigRole = builder.enumType('MultisigRole', {
  description: 'How an account takes part in a multisig.',
  values: {
    SIGNER: { value: 'signer', description: 'One of its signers: it may propose orders and approve them.' },
    PROPOSER: { value: 'proposer', description: 'One of its proposers: it may propose orders but not approve them.' },
  },
});

const MultisigConnection = builder.connectionObject(
  { type: Multisig, name: 'MultisigConnection', description: 'A page of multisig wallets with keyset cursors (Relay connection).' },
  { name: 'MultisigEdge', description: 'A multisig wallet in a page, with its cursor.' },
);

const AccountMultisigConnection = builder.connectionObject(
  {
    type: Multisig,
    name: 'AccountMultisigConnection',
    description: "A page of an account's multisig wallets with keyset cursors (Relay connection); each edge says how the account takes part.",
  },
  {
    name: 'AccountMultisigEdge',
    description: "One of the account's multisig wallets, with its cursor and the account's roles in it.",
    fields: (t) => ({
      roles: t.field({
        type: [MultisigRole],
        description: 'How the account takes part in this multisig: signer, proposer, or both.',
        resolve: (edge) => {
          const m = edge.node as MemberMultisig;
          return [...(m.signers?.includes(m.member) ? ['signer' as const] : []), ...(m.proposers?.includes(m.member) ? ['proposer' as const] : [])];
        },
      }),
    }),
  },
);

const MultisigOrderConnection = builder.connectionObject(
  { type: MultisigOrder, name: 'MultisigOrderConnection', description: 'A page of multisig orders with keyset cursors (Relay connection).' },
  { name: 'MultisigOrderEdge', description: 'A multisig order in a page, with its cursor.' },
);

/** An address list column as accounts, in its order (an item that is not a raw address is null). */
const accountsOf = (addresses: string[] | null) => addresses?.map(accountOf) ?? [];

Multisig.implement({
  description:
    'A multisig v2 wallet (ton-indexer `multisig`): its signers approve orders, its proposers propose them, and an order runs once `threshold` signers approved it.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address of the multisig contract, `<workchain>:<64 uppercase hex>`.' }),
    account: t.field({ type: Account, description: 'The multisig contract as an account (its state, history, …).', resolve: (m) => ({ address: m.address }) }),
    nextOrderSeqno: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The seqno the next order will take (a new order may also take any free seqno when the multisig allows it).',
      resolve: (m) => m.next_order_seqno,
    }),
    threshold: t.int({
      nullable: true,
      description: 'How many signers must approve an order for it to run.',
      resolve: (m) => numberOrNull(m.threshold),
    }),
    signerAddresses: t.stringList({
      nullable: true,
      description: 'Its signers, raw, in their index order (an approval mask counts bits in it).',
      resolve: (m) => m.signers,
    }),
    signers: t.field({
      type: [Account],
      nullable: { list: false, items: true },
      description: 'Its signers as accounts, in their index order; empty when the indexer stored none (an item is null for an address that is not a raw one).',
      resolve: (m) => accountsOf(m.signers),
    }),
    proposerAddresses: t.stringList({ nullable: true, description: 'Its proposers, raw; null when it has none.', resolve: (m) => m.proposers }),
    proposers: t.field({
      type: [Account],
      nullable: { list: false, items: true },
      description: 'Its proposers as accounts; empty when it has none.',
      resolve: (m) => accountsOf(m.proposers),
    }),
    orders: t.field({
      type: MultisigOrderConnection,
      args: t.arg.connectionArgs(),
      complexity: pageComplexity,
      description:
        "Its orders, newest (highest id: the order the indexer first stored them in) first, as a connection with keyset cursors (multisig_orders_index_2); REST's `include_orders` carries at most the newest 100, this pages through all of them. The pages of every multisig of a request are read in one statement.",
      resolve: (m, args, ctx) => parentConnection('Multisig.orders', MULTISIG_ORDER_KEY, args, ctx.loaders.multisig.orderPages, m.address, null),
    }),
    lastTransactionLt: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Logical time of the last transaction the indexer read the multisig at.',
      resolve: (m) => m.last_transaction_lt,
    }),
    codeHash: t.exposeString('code_hash', { nullable: true, description: "Hash of the multisig's code (base64)." }),
    dataHash: t.exposeString('data_hash', { nullable: true, description: "Hash of the multisig's data (base64)." }),
  }),
});

/** The signers an approval mask names: bit i is signer i (multisig v2's `approvals_mask`). */
function approvers(o: MultisigOrderRow) {
  if (o.approvals_mask === null || o.signers === null) return [];
  const mask = BigInt(o.approvals_mask);
  return o.signers.filter((_, i) => (mask >> BigInt(i)) & 1n).map(accountOf);
}

MultisigOrder.implement({
  description:
    'An order of a multisig v2 wallet (ton-indexer `multisig_orders`): a set of actions (messages to send, a change of signers) that runs once `threshold` signers approved it, before it expires.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address of the order contract.' }),
    account: t.field({ type: Account, description: 'The order contract as an account (its state, history, …).', resolve: (o) => ({ address: o.address }) }),
    multisigAddress: t.exposeString('multisig_address', { nullable: true, description: 'Raw address of the multisig it belongs to.' }),
    multisig: t.field({
      type: Multisig,
      nullable: true,
      description: 'The multisig it belongs to; null when `multisig` does not hold it.',
      resolve: (o, _args, ctx) => (o.multisig_address === null ? null : ctx.loaders.multisig.byAddress.load(o.multisig_address)),
    }),
    orderSeqno: t.field({ type: 'BigInt', nullable: true, description: 'Its seqno in the multisig.', resolve: (o) => o.order_seqno }),
    threshold: t.int({
      nullable: true,
      description: "How many approvals it needs to run (the multisig's threshold when it was made).",
      resolve: (o) => numberOrNull(o.threshold),
    }),
    sentForExecution: t.exposeBoolean('sent_for_execution', {
      nullable: true,
      description: 'Whether it gathered its approvals and was sent back to the multisig to run.',
    }),
    approvalsMask: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Which signers approved it: bit i set for signer i of `signers`.',
      resolve: (o) => o.approvals_mask,
    }),
    approvalsNum: t.int({ nullable: true, description: 'How many signers approved it.', resolve: (o) => numberOrNull(o.approvals_num) }),
    approvals: t.field({
      type: [Account],
      nullable: { list: false, items: true },
      description: 'The signers that approved it, read from `approvalsMask` over `signers`, in their index order.',
      resolve: (o) => approvers(o),
    }),
    expirationDate: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Unix time (seconds) after which it can no longer be approved or run.',
      resolve: (o) => o.expiration_date,
    }),
    orderBoc: t.exposeString('order_boc', { nullable: true, description: 'The order as the multisig stores it: its action dictionary as a base64 BOC.' }),
    signerAddresses: t.stringList({
      nullable: true,
      description: "The signers who may approve it, raw, in their index order (the multisig's when it was made).",
      resolve: (o) => o.signers,
    }),
    signers: t.field({
      type: [Account],
      nullable: { list: false, items: true },
      description: 'The signers who may approve it, as accounts, in their index order.',
      resolve: (o) => accountsOf(o.signers),
    }),
    actions: t.field({
      type: [OrderAction],
      nullable: true,
      complexity: { field: 1, multiplier: 4 },
      description:
        "Its actions read from `orderBoc` as TON Center reads them (REST's `parse_actions`), in dictionary order: messages to send, with their bodies typed, and changes of the multisig's parameters; null when it has no BOC or the BOC does not read.",
      resolve: (o) => parseOrderActions(o.order_boc),
    }),
    lastTransactionLt: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Logical time of the last transaction the indexer read the order at.',
      resolve: (o) => o.last_transaction_lt,
    }),
    codeHash: t.exposeString('code_hash', { nullable: true, description: "Hash of the order's code (base64)." }),
    dataHash: t.exposeString('data_hash', { nullable: true, description: "Hash of the order's data (base64)." }),
  }),
});

/** TON Center's parsed body as GraphQL's JSON carries it: 64-bit query ids (bigints) as decimal strings. */
const jsonOf = (value: unknown): unknown =>
  typeof value === 'bigint'
    ? value.toString()
    : Array.isArray(value)
      ? value.map(jsonOf)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonOf(v)]))
        : value;

const UPDATE_PARAMS = 'multisig_update_params';

/** The body of a send_message action as a message content: its cell hash names it for the decoder's cache. */
function bodyOf(a: OrderActionModel) {
  if (a.body_raw === null) return null;
  let hash: string;
  try {
    hash = Cell.fromBase64(a.body_raw).hash().toString('base64');
  } catch {
    return null;
  }
  return { hash, body: a.body_raw, initState: false };
}

const OrderAction = builder.interfaceRef<OrderActionModel>('OrderAction').implement({
  description:
    "An action of a multisig order (REST's `actions` entry with `parse_actions`): a message to send (`OrderSendMessage`), a change of the multisig's signers and threshold (`OrderUpdateParams`), or one that did not read (`UnreadableOrderAction`).",
  resolveType: (a) => (!a.parsed ? 'UnreadableOrderAction' : a.parsed_body_type === UPDATE_PARAMS ? 'OrderUpdateParams' : 'OrderSendMessage'),
  fields: (t) => ({
    parsed: t.exposeBoolean('parsed', { description: 'Whether the action read (false: see `error`).' }),
    error: t.exposeString('error', { nullable: true, description: 'Why the action did not read, as TON Center words it; null when it read.' }),
    parsedBodyType: t.exposeString('parsed_body_type', {
      description:
        "What TON Center's order parser read: for a message, its body's kind (`jetton_transfer`, `nft_transfer`, `text_comment`, …, `unknown`); `multisig_update_params` for a change of parameters; `unknown` when the action did not read.",
    }),
    parsedBody: t.field({
      type: 'JSON',
      nullable: true,
      description:
        "TON Center's `parsed_body`: the body as its order parser reads it (64-bit query ids as decimal strings). For the body typed field by field, select `OrderSendMessage.body.parsed`.",
      resolve: (a) => jsonOf(a.parsed_body),
    }),
  }),
});

builder.objectRef<OrderActionModel>('OrderSendMessage').implement({
  description: 'An order action that sends a message from the multisig (`send_message`): to whom, how much, with which body and send mode.',
  interfaces: [OrderAction],
  fields: (t) => ({
    destinationAddress: t.exposeString('destination', { nullable: true, description: 'The recipient, raw; null for an external message.' }),
    destination: t.field({
      type: Account,
      nullable: true,
      description: 'The recipient as an account; null for an external message.',
      resolve: (a) => accountOf(a.destination),
    }),
    value: t.field({ type: 'BigInt', nullable: true, description: 'Nanotons the message carries.', resolve: (a) => a.value }),
    sendMode: t.exposeInt('send_mode', {
      description: 'The send mode the multisig sends it with (flags: 1 pay fees separately, 2 ignore errors, 64, 128 carry value, …).',
    }),
    bodyBoc: t.exposeString('body_raw', { nullable: true, description: "The message body as a base64 BOC (TON Center's `body_raw`)." }),
    body: t.field({
      type: MessageContent,
      nullable: true,
      description:
        'The message body: its hash, its BOC, decoded as TON Center decodes message bodies (`decoded`) and typed field by field (`parsed`: the `ParsedBody` union, decoded once per body per process).',
      resolve: (a) => bodyOf(a),
    }),
  }),
});

interface UpdateParamsBody {
  new_threshold: number;
  new_signers: (string | null)[] | null;
  new_proposers: (string | null)[] | null;
}
const update = (a: OrderActionModel) => a.parsed_body as unknown as UpdateParamsBody;

builder.objectRef<OrderActionModel>('OrderUpdateParams').implement({
  description: "An order action that changes the multisig's parameters (`update_multisig_params`): its threshold, signers and proposers.",
  interfaces: [OrderAction],
  fields: (t) => ({
    newThreshold: t.int({ description: 'The new threshold.', resolve: (a) => update(a).new_threshold }),
    newSignerAddresses: t.stringList({
      nullable: { list: true, items: true },
      description: 'The new signers, raw, in their index order (null for an address that is not a standard one); null when the list is empty.',
      resolve: (a) => update(a).new_signers,
    }),
    newSigners: t.field({
      type: [Account],
      nullable: { list: false, items: true },
      description: 'The new signers as accounts, in their index order.',
      resolve: (a) => (update(a).new_signers ?? []).map(accountOf),
    }),
    newProposerAddresses: t.stringList({
      nullable: { list: true, items: true },
      description: 'The new proposers, raw (null for an address that is not a standard one); null when there are none.',
      resolve: (a) => update(a).new_proposers,
    }),
    newProposers: t.field({
      type: [Account],
      nullable: { list: false, items: true },
      description: 'The new proposers as accounts.',
      resolve: (a) => (update(a).new_proposers ?? []).map(accountOf),
    }),
  }),
});

builder.objectRef<OrderActionModel>('UnreadableOrderAction').implement({
  description: 'An order action that did not read (an unknown action type, a malformed message): `error` says why.',
  interfaces: [OrderAction],
  fields: () => ({}),
});

/** The multisigs an account signs or proposes for, as a connection, its page read with the other accounts' of the tick. */
const memberMultisigs = (account: string, args: DefaultConnectionArguments, ctx: RequestContext) =>
  keysetConnection(
    'Account.multisigs',
    multisigKey(true),
    args,
    (m: MemberMultisig) => m,
    async (page) => (await ctx.loaders.multisig.memberPages.load({ parent: account, group: null, page })).map((m) => ({ ...m, member: account })),
  );

builder.objectFields(Account, (t) => ({
  multisigs: t.field({
    type: AccountMultisigConnection,
    args: t.arg.connectionArgs(),
    complexity: pageComplexity,
    description:
      "The multisig v2 wallets the account is a signer or a proposer of (REST's `multisig/wallets?wallet_address=`), newest first (by id), as a connection with keyset cursors; each edge says which (`roles`). The pages of every account of a request are read in one statement.",
    resolve: (a, args, ctx) => memberMultisigs(a.address, args, ctx),
  }),
}));

builder.queryFields((t) => ({
  multisigWallets: t.field({
    type: MultisigConnection,
    args: { ...routeArgs(t.arg, MULTISIG_WALLETS, [...OFFSET_PAGING, 'include_orders']), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Multisig v2 wallets matching every filter (REST's `multisig/wallets` filters: give `address` or `walletAddress`, a signer or proposer), newest first (by id, unique), as a connection with keyset cursors; their orders are the `orders` connection.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('multisigWallets', args, () => {
        const { filter } = multisigWalletsRequest(graphqlSource(args));
        return { key: multisigKey(filter.members.length > 0), fetch: (page) => multisigsKeyset(ctx.db, filter, page) };
      });
    },
  }),
  multisigOrders: t.field({
    type: MultisigOrderConnection,
    args: { ...routeArgs(t.arg, MULTISIG_ORDERS, [...OFFSET_PAGING, 'parse_actions']), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Multisig orders matching every filter (REST's `multisig/orders` filters: give `address` or `multisigAddress`), newest first (by id, unique), as a connection with keyset cursors; their actions are read from the BOC when `actions` is selected.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('multisigOrders', args, () => {
        const { filter } = multisigOrdersRequest(graphqlSource(args));
        return { key: MULTISIG_ORDER_KEY, fetch: (page) => multisigOrdersKeyset(ctx.db, filter, page) };
      });
    },
  }),
}));
