import type { RawTexts } from './rawJson';

/**
 * An integer TON Center emits as a JSON number (Go int64/uint64), exact: a JS number when it is safe, else its
 * digits spliced into the response as they are.
 */
export function jsonInteger(value: string | bigint | null, raw: RawTexts): number | string | null {
  if (value === null) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : raw.mark(String(value));
}
