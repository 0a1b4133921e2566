import { LRUCache } from 'lru-cache';

/**
 * A bounded cache for pure functions of content-addressed input (a message body by its hash, an address
 * form): a key always maps to the same value, so entries never go stale; past `max` the oldest are dropped.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly max: number) {}

  getOr(key: K, compute: () => V): V {
    if (this.entries.has(key)) return this.entries.get(key)!;
    const value = compute();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
    return value;
  }
}

/** What `/metrics` reads of a cache: what it holds, and how its lookups went. */
export interface CacheFigures {
  readonly size: { entries: number; bytes: number };
  readonly hits: number;
  readonly misses: number;
}

/**
 * A process-wide cache of what cannot change, bounded in bytes (`sizeOf` each entry), least recently used evicted
 * first, its lookups counted; off (it holds and finds nothing) at 0 bytes.
 */
export class ByteBoundedCache<V extends {}> implements CacheFigures {
  protected readonly lru?: LRUCache<string, V>;
  hits = 0;
  misses = 0;

  constructor(
    readonly maxBytes: number,
    sizeOf: (value: V, key: string) => number,
  ) {
    if (maxBytes > 0) this.lru = new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: sizeOf });
  }

  get enabled(): boolean {
    return this.lru !== undefined;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.lru?.size ?? 0, bytes: this.lru?.calculatedSize ?? 0 };
  }

  get(key: string): V | undefined {
    const hit = this.lru?.get(key);
    if (hit) this.hits += 1;
    else this.misses += 1;
    return hit;
  }

  /** Whether `key` is cached, without counting a lookup or refreshing its place. */
  has(key: string): boolean {
    return this.lru?.has(key) ?? false;
  }

  set(key: string, value: V): void {
    this.lru?.set(key, value);
  }
}
