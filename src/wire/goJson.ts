/** JSON as TON Center's Go service writes it: int64 and uint64 as exact numbers, maps with their keys sorted. */
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

/** A JSON object as Go writes a map: keys sorted (byte order) at every level (jsonb keeps its own order). */
export function goMap(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(goMap);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out[key] = goMap((value as Record<string, unknown>)[key]);
  return out;
}
