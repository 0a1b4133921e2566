import { beginCell, Cell } from '@ton/core';

const ENCRYPTED_COMMENT = 0x2167da4b;
const JETTON_TRANSFER = 0x0f8a7ea5;

/** The bytes of a snake-encoded tail: this cell's remaining whole bytes, then each first reference's, in turn. */
function snakeBytes(slice: ReturnType<Cell['beginParse']>): Buffer {
  const parts: Buffer[] = [];
  for (let s = slice; ; ) {
    if (s.remainingBits % 8 !== 0) throw new Error('a snake cell holds a partial byte');
    parts.push(s.loadBuffer(s.remainingBits / 8));
    if (s.remainingRefs === 0) break;
    s = s.loadRef().beginParse();
  }
  return Buffer.concat(parts);
}

/**
 * The comment an NFT transfer's forward payload carries, as TON Center decodes it: text after opcode 0; for
 * an encrypted comment (0x2167da4b) its bytes in base64; `encrypted` false for any other payload and both null
 * when there is no payload or it is not a BOC.
 */
export function forwardPayloadComment(payload: string | null): { comment: string | null; encrypted: boolean | null } {
  if (payload === null || payload === undefined) return { comment: null, encrypted: null };
  if (payload === '') return { comment: null, encrypted: false };
  let slice;
  try {
    slice = Cell.fromBase64(payload).beginParse();
  } catch {
    return { comment: null, encrypted: null };
  }
  if (slice.remainingBits < 32) return { comment: null, encrypted: false };
  const tag = slice.loadUint(32);
  try {
    if (tag === 0) return { comment: snakeBytes(slice).toString('utf8'), encrypted: false };
    if (tag === ENCRYPTED_COMMENT) return { comment: snakeBytes(slice).toString('base64'), encrypted: true };
  } catch {
    return { comment: null, encrypted: false };
  }
  return { comment: null, encrypted: false };
}

/**
 * The forward payload a jetton `transfer#0f8a7ea5` body carries inline (its `Either Cell ^Cell` bit 0), which
 * ton-indexer does not store: a new cell of the body's remaining bits and references, as a base64 BOC with
 * CRC32C and no index (the form the indexer stores a referenced payload in). Null when the body is not such a
 * transfer, the payload is in a reference, or nothing follows the bit.
 */
export function inlineForwardPayload(body: string): string | null {
  try {
    const s = Cell.fromBase64(body).beginParse();
    if (s.remainingBits < 32 || s.loadUint(32) !== JETTON_TRANSFER) return null;
    s.skip(64); // query_id
    s.loadCoins(); // amount
    s.loadAddressAny(); // destination
    s.loadAddressAny(); // response_destination
    if (s.loadBit()) s.loadRef(); // custom_payload
    s.loadCoins(); // forward_ton_amount
    if (s.loadBit() || (s.remainingBits === 0 && s.remainingRefs === 0)) return null;
    return beginCell().storeSlice(s).endCell().toBoc({ idx: false, crc32: true }).toString('base64');
  } catch {
    return null;
  }
}
