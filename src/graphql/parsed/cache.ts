import { LRUCache } from 'lru-cache';
import { decodeParsedText, type ParsedObject } from '../../decode/index';

/** Stands for "does not decode" (lru-cache keeps no null values). */
const NOTHING = Symbol('nothing');

/** Memory for typed bodies kept per process, in bytes (an estimate: the JSON text as UTF-16, times 3 for the objects). */
const CACHE_BYTES = 32 * 1024 * 1024;

const cache = new LRUCache<string, ParsedObject | typeof NOTHING>({ maxSize: CACHE_BYTES, sizeCalculation: (_v, key) => key.length * 2 + 96 });

/** A body's typed value by its hash, decoded once per process while it stays among the recently used. */
export function parsedBody(hash: string, body: string | null | undefined): ParsedObject | null {
  if (!body) return null;
  const found = cache.get(hash);
  if (found !== undefined) return found === NOTHING ? null : found;
  const json = decodeParsedText(body);
  const value = json === null ? NOTHING : (JSON.parse(json) as ParsedObject);
  cache.set(hash, value, { size: (json?.length ?? 0) * 6 + hash.length * 2 + 96 });
  return value === NOTHING ? null : value;
}
