import type { DecodedBody } from '../../encoding/body';
import type { WireMessage, WireMessageContent } from '../../wire/message';
import { builder } from '../builder';

const DecodedBodyRef = builder.objectRef<DecodedBody>('DecodedBody').implement({
  description: 'A message body decoded: text comments carry `comment`.',
  fields: (t) => ({
    type: t.exposeString('type'),
    comment: t.exposeString('comment', { nullable: true }),
    data: t.field({ type: 'JSON', nullable: true, description: 'Decoded fields of other body types; null (only text comments are decoded).', resolve: () => null }),
  }),
});

export const MessageContent = builder.objectRef<WireMessageContent>('MessageContent').implement({
  description: 'A message body or init state: a BOC (base64) and its hash.',
  fields: (t) => ({
    hash: t.exposeString('hash', { nullable: true }),
    body: t.exposeString('body', { nullable: true }),
    decoded: t.expose('decoded', { type: DecodedBodyRef, nullable: true }),
  }),
});

export const Message = builder.objectRef<WireMessage>('Message').implement({
  description: 'A message: internal (source and destination set), external in (no source) or external out (no destination).',
  fields: (t) => ({
    hash: t.exposeString('hash'),
    hashNorm: t.exposeString('hash_norm', { nullable: true, description: 'Normalized hash of an external-in message.' }),
    source: t.exposeString('source', { nullable: true }),
    destination: t.exposeString('destination', { nullable: true }),
    value: t.expose('value', { type: 'BigInt', nullable: true }),
    valueExtraCurrencies: t.expose('value_extra_currencies', { type: 'JSON', nullable: true }),
    fwdFee: t.expose('fwd_fee', { type: 'BigInt', nullable: true }),
    ihrFee: t.expose('ihr_fee', { type: 'BigInt', nullable: true }),
    importFee: t.expose('import_fee', { type: 'BigInt', nullable: true }),
    extraFlags: t.expose('extra_flags', { type: 'BigInt', nullable: true }),
    createdLt: t.expose('created_lt', { type: 'BigInt', nullable: true }),
    createdAt: t.expose('created_at', { type: 'BigInt', nullable: true }),
    opcode: t.expose('opcode', { type: 'UInt32', nullable: true, description: 'First 32 bits of the body, unsigned; null for shorter bodies.' }),
    decodedOpcode: t.exposeString('decoded_opcode', {
      nullable: true,
      description: "The opcode's name as TON Center gives it (ton-marker's, e.g. `jetton_transfer`); null when unknown.",
    }),
    ihrDisabled: t.exposeBoolean('ihr_disabled', { nullable: true }),
    bounce: t.exposeBoolean('bounce', { nullable: true }),
    bounced: t.exposeBoolean('bounced', { nullable: true }),
    inMsgTxHash: t.exposeString('in_msg_tx_hash', { nullable: true }),
    outMsgTxHash: t.exposeString('out_msg_tx_hash', { nullable: true }),
    messageContent: t.expose('message_content', { type: MessageContent, nullable: true }),
    initState: t.expose('init_state', { type: MessageContent, nullable: true }),
  }),
});

