import type { BodyDecoder } from '../decode/cache';
import { opcodeToUnsigned } from '../encoding/numbers';
import type { ExtraCurrencies, MessageWithContent } from '../data/rows';
import type { RawTexts } from './rawJson';

export interface WireMessageContent {
  hash: string | null;
  body: string | null;
  /** TON Center's decoded body: a marker its response's RawTexts writes as the JSON text (see rawJson.ts). */
  decoded: string | null;
}

/** A Message in the v3 wire form; keys in toncenter's order, plus the spec's fields it leaves out. */
export interface WireMessage {
  hash: string;
  source: string | null;
  destination: string | null;
  value: string | null;
  value_extra_currencies: ExtraCurrencies | null;
  fwd_fee: string | null;
  ihr_fee: string | null;
  extra_flags: string | null;
  created_lt: string | null;
  created_at: string | null;
  opcode: number | null;
  decoded_opcode: string | null;
  ihr_disabled: boolean | null;
  bounce: boolean | null;
  bounced: boolean | null;
  import_fee: string | null;
  in_msg_tx_hash: string | null;
  out_msg_tx_hash: string | null;
  message_content: WireMessageContent | null;
  init_state: WireMessageContent | null;
  hash_norm: string | null;
}

/** How a response writes message bodies: the decoder, and the response's registry of raw JSON texts (a request context is one). */
export interface BodyWriter {
  services: { decoder: BodyDecoder };
  raw: RawTexts;
}

/** A body's `decoded` as TON Center shows it (a marker for its JSON text), or null. */
function wireDecoded({ services, raw }: BodyWriter, hash: string, body: string | null): string | null {
  const decoded = services.decoder.decoded(hash, body);
  return decoded && raw.mark(decoded.bytes);
}

export function toWireMessage(row: MessageWithContent, bodies: BodyWriter): WireMessage {
  return {
    hash: row.msg_hash,
    source: row.source,
    destination: row.destination,
    value: row.value,
    value_extra_currencies: row.value_extra_currencies,
    fwd_fee: row.fwd_fee,
    ihr_fee: row.ihr_fee,
    extra_flags: row.extra_flags,
    created_lt: row.created_lt,
    created_at: row.created_at,
    opcode: opcodeToUnsigned(row.opcode),
    decoded_opcode: bodies.services.decoder.opcodeName(row.opcode),
    ihr_disabled: row.ihr_disabled,
    bounce: row.bounce,
    bounced: row.bounced,
    import_fee: row.import_fee,
    // The row knows one side of the message: the transaction it was read from.
    in_msg_tx_hash: row.direction === 'in' ? row.tx_hash : null,
    out_msg_tx_hash: row.direction === 'out' ? row.tx_hash : null,
    message_content:
      row.body_hash === null
        ? null
        : {
            hash: row.body_hash,
            body: row.body,
            decoded: wireDecoded(bodies, row.body_hash, row.body),
          },
    init_state: row.init_state_hash === null ? null : { hash: row.init_state_hash, body: row.init_state_body, decoded: null },
    hash_norm: row.msg_hash_norm,
  };
}
