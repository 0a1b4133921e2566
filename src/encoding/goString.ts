/**
 * Bytes as a Go `string` reaches JSON through encoding/json: valid UTF-8 as it is, and each byte that does not
 * start a valid sequence as one U+FFFD (Node's decoder replaces a truncated sequence once, Go byte by byte).
 */
export function goString(bytes: Buffer): string {
  let out = '';
  let from = 0;
  let i = 0;
  const flush = (to: number) => {
    if (to > from) out += bytes.toString('utf8', from, to);
  };
  while (i < bytes.length) {
    const n = validSequence(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    flush(i);
    out += '\ufffd';
    i += 1;
    from = i;
  }
  flush(i);
  return out;
}

/** The length of the valid UTF-8 sequence at `i` (shortest form, no surrogates, at most U+10FFFF), or 0. */
function validSequence(b: Buffer, i: number): number {
  const c = b[i];
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < b.length && b[i + k] >= lo && b[i + k] <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((c >= 0xe1 && c <= 0xec) || c === 0xee || c === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}
