import type { RequestContext } from '../../context';
import { accountMessages, ACCOUNT_MESSAGE_KEY, MESSAGE_COLUMNS, MESSAGE_KEY_COLUMNS, messagesPage, type MessageColumn } from '../../data/messages';
import type { GraphQLResolveInfo } from 'graphql';
import { graphqlSource } from '../../params/spec';
import { MESSAGES, messagesRequest } from '../../operations/messages';
import { keysetConnection } from '../connection';
import { limitComplexity, routeArgs } from '../params';
import { selectedColumns } from '../selection';
import type { DefaultConnectionArguments } from '@pothos/plugin-relay';
import type { MessageRow, MessageWithContent } from '../../data/rows';
import type { DecodedBody } from '../../decode/cache';
import { opcodeToUnsigned } from '../../encoding/numbers';
import { builder } from '../builder';
import { ParsedBody } from './parsedBody';

/** A message as GraphQL reads it: its row, with the bodies when the read brought them (REST's join, the emulator). */
export type MessageSource = MessageRow &
  Partial<Pick<MessageWithContent, 'body' | 'init_state_body'>> & {
    /** Both ends, when the read found them (`/messages`); otherwise the side the row was read from tells one. */
    in_msg_tx_hash?: string | null;
    out_msg_tx_hash?: string | null;
  };

/** A body or init state by hash; `body` undefined until loaded; init states are never decoded. */
interface ContentRef {
  hash: string;
  body: string | null | undefined;
  initState: boolean;
}

/** The `messages` columns a field reads, declared next to it (see `selectedColumns`). */
export const reads = (...columns: MessageColumn[]) => ({ columns });

const bodyOf = async (c: ContentRef, ctx: RequestContext): Promise<string | null> =>
  c.body !== undefined ? c.body : ((await ctx.loaders.messageContent.load(c.hash))?.body ?? null);

const DecodedBodyRef = builder.objectRef<DecodedBody>('DecodedBody').implement({
  description:
    "A message body decoded as TON Center decodes it (ton-marker's TL-B schemas: jettons, NFTs, DNS, wallets, DEXes, staking, …). For fields typed one by one, select `MessageContent.parsed`.",
  fields: (t) => ({
    type: t.exposeString('type', {
      description: 'The constructor the body decoded as (`jetton_notify`, `text_comment`, `empty_cell`, `wallet_signed_v4`, …).',
    }),
    comment: t.exposeString('comment', {
      nullable: true,
      description: 'The text of a text comment (strict UTF-8; a body that is not is not a comment); null for other bodies.',
    }),
    data: t.field({
      type: 'JSON',
      description:
        'TON Center\'s JSON of the body (`message_content.decoded`): `@type` first, integers as decimal strings, bits as uppercase hex, inner cells decoded or as base64 BOCs; a top-level comment in its legacy `{"@type", "comment", "type"}` form.',
      resolve: (d) => JSON.parse(d.json),
    }),
  }),
});

export const MessageContent = builder.objectRef<ContentRef>('MessageContent').implement({
  description:
    'A message body or init state: a cell as a BOC and its hash (ton-indexer `message_contents`, keyed by `messages.body_hash` or `init_state_hash`).',
  fields: (t) => ({
    hash: t.exposeString('hash', { nullable: true, description: 'Hash of the cell (base64 of 32 bytes).' }),
    body: t.string({
      nullable: true,
      description: 'The cell serialized as a bag of cells (BOC), in standard base64; null when the indexer did not store it.',
      resolve: (c, _args, ctx) => bodyOf(c, ctx),
    }),
    decoded: t.field({
      type: DecodedBodyRef,
      nullable: true,
      description: 'The body decoded as TON Center decodes it; null when no schema parses it, and for init states.',
      resolve: async (c, _args, ctx) => (c.initState ? null : ctx.services.decoder.decoded(c.hash, await bodyOf(c, ctx))),
    }),
    parsed: t.field({
      type: ParsedBody,
      nullable: true,
      description:
        "The body decoded into typed objects, as TON Center's decoder reads it (the same decoding as `/api/v3/decode`, with comments as `TextComment`): one object type per TL-B constructor, inner cells decoded too. Null when it does not decode, and for init states. Decoded only when selected, once per body per process (cached by hash).",
      resolve: async (c, _args, ctx) => (c.initState ? null : ctx.services.decoder.parsed(c.hash, await bodyOf(c, ctx))),
    }),
  }),
});

export const Message = builder.objectRef<MessageSource>('Message').implement({
  description:
    "A message between accounts (ton-indexer `messages`): internal (source and destination set), external in (no source: sent from outside the chain, e.g. a signed wallet request) or external out (no destination: a log or event). Internal and external-out messages are created by a transaction's action phase; each is processed by at most one transaction of its destination.",
  fields: (t) => ({
    hash: t.exposeString('msg_hash', {
      extensions: reads('msg_hash'),
      description: 'Hash of the message cell (base64 of 32 bytes; ton-indexer `messages.msg_hash`).',
    }),
    hashNorm: t.exposeString('msg_hash_norm', {
      extensions: reads('msg_hash_norm'),
      nullable: true,
      description:
        'Normalized hash of an external-in message (base64): the hash with the source, import fee and state init cleared and the body as a reference, so it does not depend on how the sender serialized the message. ton-indexer sets it only where it differs from `hash`.',
    }),
    source: t.exposeString('source', {
      extensions: reads('source'),
      nullable: true,
      description: 'Sender, raw `<workchain>:<64 uppercase hex>`; null for an external-in message.',
    }),
    destination: t.exposeString('destination', {
      extensions: reads('destination'),
      nullable: true,
      description: 'Recipient, raw `<workchain>:<64 uppercase hex>`; null for an external-out message.',
    }),
    value: t.expose('value', {
      extensions: reads('value'),
      type: 'BigInt',
      nullable: true,
      description: 'TON the message carries, in nanotons (1 TON = 10^9 nanotons); null for external messages.',
    }),
    valueExtraCurrencies: t.expose('value_extra_currencies', {
      extensions: reads('value_extra_currencies'),
      type: 'JSON',
      nullable: true,
      description:
        'Extra currencies the message carries: `{"<currency id>": "<amount>"}`, amounts as decimal strings; `{}` when none, null for external messages read from the database.',
    }),
    fwdFee: t.expose('fwd_fee', {
      extensions: reads('fwd_fee'),
      type: 'BigInt',
      nullable: true,
      description:
        "Forwarding fee in nanotons, paid by the sender: what remains of the message's full forwarding fee after the share collected in the sender's action phase. Null for external messages.",
    }),
    ihrFee: t.expose('ihr_fee', {
      extensions: reads('ihr_fee'),
      type: 'BigInt',
      nullable: true,
      description: 'Instant Hypercube Routing fee, in nanotons; IHR is not in use, and since global version 12 this is 0.',
    }),
    importFee: t.expose('import_fee', {
      extensions: reads('import_fee'),
      type: 'BigInt',
      nullable: true,
      description: 'Fee for importing an external-in message, in nanotons, paid by the receiving account.',
    }),
    extraFlags: t.expose('extra_flags', {
      extensions: reads('extra_flags'),
      type: 'BigInt',
      nullable: true,
      description: 'Extra flags of an internal message, a decimal integer; ton-indexer fills it for messages since global version 12, null before.',
    }),
    createdLt: t.expose('created_lt', {
      extensions: reads('created_lt'),
      type: 'BigInt',
      nullable: true,
      description:
        "Logical time at which the sender created the message, greater than the sending transaction's lt; null for external-in messages. Out-messages are ordered by it.",
    }),
    createdAt: t.expose('created_at', {
      extensions: reads('created_at'),
      type: 'BigInt',
      nullable: true,
      description: "Unix time (seconds) at which the message was created: the sending transaction's `now`; null for external-in messages.",
    }),
    opcode: t.field({
      extensions: reads('opcode'),
      type: 'UInt32',
      nullable: true,
      resolve: (m) => opcodeToUnsigned(m.opcode),
      description:
        'First 32 bits of the body, unsigned (0 is a text comment, 0x0f8a7ea5 = 260734629 a jetton transfer); null for bodies shorter than 32 bits. TON Center v3 writes it as "0x%08x".',
    }),
    decodedOpcode: t.string({
      extensions: reads('opcode'),
      nullable: true,
      resolve: (m, _args, ctx) => ctx.services.decoder.opcodeName(m.opcode),
      description:
        "The opcode's name as TON Center gives it (`decoded_opcode`): the first constructor of its TL-B schemas with that tag (`jetton_transfer`, `text_comment` for opcode 0 even when the body is not UTF-8); null for an opcode no schema names.",
    }),
    ihrDisabled: t.exposeBoolean('ihr_disabled', {
      extensions: reads('ihr_disabled'),
      nullable: true,
      description: 'Whether Instant Hypercube Routing is disabled for this internal message; null for external messages.',
    }),
    bounce: t.exposeBoolean('bounce', {
      extensions: reads('bounce'),
      nullable: true,
      description: 'Bounceable: if processing fails at the destination, the remaining value comes back in a bounced message. Null for external messages.',
    }),
    bounced: t.exposeBoolean('bounced', {
      extensions: reads('bounced'),
      nullable: true,
      description: 'True for a bounced message: one returned to its sender because processing the original failed. Null for external messages.',
    }),
    inMsgTxHash: t.string({
      extensions: reads('direction', 'tx_hash'),
      nullable: true,
      resolve: (m) => m.in_msg_tx_hash ?? (m.direction === 'in' ? m.tx_hash : null),
      description:
        'Hash of the transaction this message is the inbound message of, when it was read as such (under `Transaction.inMsg` or `TraceNode.inMsg`); otherwise null, see `destinationTransaction`.',
    }),
    outMsgTxHash: t.string({
      extensions: reads('direction', 'tx_hash'),
      nullable: true,
      resolve: (m) => m.out_msg_tx_hash ?? (m.direction === 'out' ? m.tx_hash : null),
      description:
        'Hash of the transaction that sent this message, when it was read as one of its out-messages (under `Transaction.outMsgs`); otherwise null, see `sourceTransaction`.',
    }),
    messageContent: t.field({
      extensions: reads('body_hash'),
      type: MessageContent,
      nullable: true,
      description: 'The body; null when the indexer stored none.',
      resolve: (m) => (m.body_hash === null ? null : { hash: m.body_hash, body: m.body, initState: false }),
    }),
    initState: t.field({
      extensions: reads('init_state_hash'),
      type: MessageContent,
      nullable: true,
      resolve: (m) => (m.init_state_hash === null ? null : { hash: m.init_state_hash, body: m.init_state_body, initState: true }),
      description: 'The state init (code and data) the message carries to deploy its destination; null when it carries none.',
    }),
  }),
});

builder.queryField('messages', (t) =>
  t.field({
    type: [Message],
    description:
      'Messages matching every filter, each once with the transactions at both ends (`inMsgTxHash`, `outMsgTxHash`), as offset pages; the same rules and data as REST\'s `/api/v3/messages`. `source: "null"` selects external-in messages, `destination: "null"` external-out ones.',
    complexity: limitComplexity(MESSAGES),
    args: routeArgs(t.arg, MESSAGES),
    resolve: (_root, args, ctx, info) => {
      const { filter, page } = messagesRequest(graphqlSource(args));
      return messagesPage(ctx.db, filter, page, selectedColumns(info, MESSAGE_KEY_COLUMNS, MESSAGE_COLUMNS));
    },
  }),
);

/** Every message connection: the same edge and page shapes wherever a list of messages can grow without bound. */
export const MessageConnection = builder.connectionObject(
  { type: Message, name: 'MessageConnection', description: 'A page of messages with keyset cursors (Relay connection).' },
  { name: 'MessageEdge', description: 'A message in a page, with its cursor.' },
);

/** The messages of an account's transactions as a connection, newest first, reading what the nodes' selection needs. */
export const accountMessageConnection = (account: string, args: DefaultConnectionArguments, ctx: RequestContext, info: GraphQLResolveInfo) => {
  const columns = selectedColumns(info, MESSAGE_KEY_COLUMNS, MESSAGE_COLUMNS, ['edges', 'node']);
  return keysetConnection(
    'Account.messages',
    ACCOUNT_MESSAGE_KEY,
    args,
    (m: MessageSource) => m,
    (page) => accountMessages(ctx.db, account, page, columns),
  );
};
