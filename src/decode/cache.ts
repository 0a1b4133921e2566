import { LRUCache } from 'lru-cache';
import { ownBytes } from '../encoding/ownBytes.js';
import { type DecodedBody, decodeBody, decodedOpcode, decodeParsedText, loadDecoder, type ParsedObject } from './decode.js';

export type { DecodedBody, ParsedObject };

/**
 * A decoded body with its JSON text as UTF-8 bytes, which a response copies as they are: a page of a hundred
 * transactions writes a few hundred of them, and encoding each text again for every response costs more than the
 * bytes a cached entry holds.
 */
export interface WrittenBody extends DecodedBody {
  bytes: Buffer;
}

/** Stands for "decodes to null" in the cache (lru-cache keeps no null values). */
const NOTHING = Symbol('nothing');
type Entry = WrittenBody | typeof NOTHING;

/**
 * A value by its body's hash from the cache, or computed and kept. An entry weighs its texts as UTF-16 (a typed
 * value is counted from the JSON text it was parsed from: its objects are of that order, not measured), its key, and about 96 bytes of objects around them.
 */
function remembered<V extends object>(
  cache: LRUCache<string, V | typeof NOTHING> | undefined,
  hash: string,
  compute: () => { value: V | null; size: number | null },
): V | null {
  const found = cache?.get(hash);
  if (found !== undefined) return found === NOTHING ? null : found;
  const { value, size } = compute();
  cache?.set(hash, value ?? NOTHING, { size: (size ?? 0) * 2 + hash.length * 2 + 96 });
  return value;
}

export interface BodyDecoderOptions {
  /** Whether `message_content.decoded` and GraphQL's `parsed` are computed (DECODE_BODIES); `decoded_opcode` is named either way. */
  enabled: boolean;
  /**
   * Memory for decoded bodies (DECODE_CACHE_MB), in bytes, for each form kept (TON Center's JSON text, the
   * typed values of GraphQL's `parsed`); 0 keeps none (each body decoded per use).
   */
  cacheBytes: number;
}

/**
 * Message bodies decoded as TON Center decodes them, each distinct body once per process: a body is named by
 * its cell hash, so an entry never goes stale, and the least recently used go past the byte bound.
 */
export class BodyDecoder {
  private readonly cache?: LRUCache<string, Entry>;
  /** The typed values (GraphQL's `parsed`), in an LRU of their own: a form nobody asks for holds no memory. */
  private readonly parsedCache?: LRUCache<string, ParsedObject | typeof NOTHING>;
  readonly enabled: boolean;

  constructor(options: BodyDecoderOptions) {
    this.enabled = options.enabled;
    if (options.cacheBytes > 0) {
      this.cache = new LRUCache<string, Entry>({ maxSize: options.cacheBytes });
      this.parsedCache = new LRUCache<string, ParsedObject | typeof NOTHING>({ maxSize: options.cacheBytes });
    }
  }

  /** Compiles the schemas now rather than on the first body; returns the milliseconds it took. */
  load(): number {
    return loadDecoder();
  }

  /**
   * A body's `decoded` (null when TON Center shows null, or decoding is off), with its text's bytes: of their own
   * when kept (a slice of Node's shared pool would hold its 8 KB slab as long as the entry lives).
   */
  decoded(hash: string, body: string | null | undefined): WrittenBody | null {
    if (!this.enabled || !body) return null;
    return remembered(this.cache, hash, () => {
      const value = decodeBody(body);
      if (value === null) return { value: null, size: null };
      const bytes = this.cache ? ownBytes(value.json) : Buffer.from(value.json);
      // `remembered` weighs every length as UTF-16 (twice): the bytes (and about 100 of a buffer of their own) as half
      return { value: { ...value, bytes }, size: value.json.length + (bytes.length + 100) / 2 + value.type.length + (value.comment?.length ?? 0) };
    });
  }

  /**
   * A body in the decoder's typed mode (GraphQL's `parsed`; decode.ts `ParsedObject`): null when it does not
   * decode, or decoding is off. The value is shared by every reader: it must not be changed.
   */
  parsed(hash: string, body: string | null | undefined): ParsedObject | null {
    if (!this.enabled || !body) return null;
    return remembered(this.parsedCache, hash, () => {
      const json = decodeParsedText(body);
      return { value: json === null ? null : (JSON.parse(json) as ParsedObject), size: json?.length ?? null };
    });
  }

  /** `decoded_opcode`: the name TON Center gives the stored opcode, or null. */
  opcodeName(opcode: number | null | undefined): string | null {
    return decodedOpcode(opcode);
  }

  /** Entries and bytes held (the JSON texts; `parsed`: the typed values), for metrics and tests. */
  get size(): { entries: number; bytes: number; parsed: { entries: number; bytes: number } } {
    return {
      entries: this.cache?.size ?? 0,
      bytes: this.cache?.calculatedSize ?? 0,
      parsed: { entries: this.parsedCache?.size ?? 0, bytes: this.parsedCache?.calculatedSize ?? 0 },
    };
  }
}

/** The decoder of the settings, its schemas compiled now so that no request waits for them. */
export function bodyDecoder(settings: { enabled: boolean; cacheMb: number }): BodyDecoder {
  const decoder = new BodyDecoder({ enabled: settings.enabled, cacheBytes: settings.cacheMb * 1024 * 1024 });
  decoder.load();
  return decoder;
}
