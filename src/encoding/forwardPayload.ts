import { Cell } from '@ton/core';

const ENCRYPTED_COMMENT = 0x2167da4b;

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
