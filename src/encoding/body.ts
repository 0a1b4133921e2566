import { Cell } from '@ton/core';

/**
 * A decoded body in toncenter's form up to Sep 2025, `{"type": "text_comment", "comment": …}`. Only text comments
 * are decoded; other bodies give null, as toncenter's v3 did.
 */
export interface DecodedBody {
  type: string;
  comment: string | null;
}

/**
 * Decodes a message body BOC (base64). A text comment is opcode 0 followed by a snake-encoded UTF-8
 * string; invalid UTF-8 bytes become U+FFFD and NUL characters spaces, as in toncenter's output (its
 * storage, PostgreSQL text, cannot hold NUL).
 */
export function decodeBody(bodyBase64: string | null): DecodedBody | null {
  if (!bodyBase64) return null;
  try {
    const slice = Cell.fromBase64(bodyBase64).beginParse();
    if (slice.remainingBits < 32 || slice.loadUint(32) !== 0) return null;
    return { type: 'text_comment', comment: slice.loadStringTail().replace(/\u0000/g, ' ') };
  } catch {
    return null;
  }
}

/** The opcode of a body (first 32 bits, unsigned), or null when the body has fewer than 32 bits. */
export function bodyOpcode(bodyBase64: string): number | null {
  const slice = Cell.fromBase64(bodyBase64).beginParse();
  return slice.remainingBits < 32 ? null : slice.loadUint(32);
}
