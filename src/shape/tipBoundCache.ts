import { LRUCache } from 'lru-cache';
import type { CacheFigures } from '../memo';

// An entry's object, its key and the LRU's bookkeeping, beyond the strings it holds (an estimate).
const ENTRY_OVERHEAD = 150;

/**
 * Values read from the database as of the newest masterchain block this process has seen: reused by every
 * response until it sees a later one, then all dropped at once. What they hold (account states, domains, token
 * metadata, jetton balances, the transactions a page lists) changes only as the indexer adds blocks, so a response is as fresh as the tip the
 * service follows (its live watcher's or its own poll), as a replica within `MAX_REPLICA_LAG_MS` would be. A read
 * that began under an older tip is not kept. Bounded in estimated bytes, least recently used evicted first.
 */
export class TipBoundCache<V extends {}> implements CacheFigures {
  private readonly lru?: LRUCache<string, V>;
  private tip = -1;
  hits = 0;
  misses = 0;

  /** `maxAgeMs` bounds an entry's life also while the tip stands still (data the indexer does not write with blocks: token metadata, flags). */
  constructor(maxBytes: number, sizeOf: (value: V, key: string) => number, maxAgeMs = 0) {
    if (maxBytes > 0)
      this.lru = new LRUCache<string, V>({
        maxSize: maxBytes,
        sizeCalculation: (v, k) => sizeOf(v, k) + k.length + ENTRY_OVERHEAD,
        ...(maxAgeMs > 0 ? { ttl: maxAgeMs } : {}),
      });
  }

  /** Whether it keeps anything (a size above 0). */
  get enabled(): boolean {
    return this.lru !== undefined;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.lru?.size ?? 0, bytes: this.lru?.calculatedSize ?? 0 };
  }

  /**
   * The values of `keys` (each once), those cached under the current tip (`tipNow()`, -1 when unknown: nothing is
   * cached) taken from here, the rest from `read`, which answers every key it is given.
   */
  async getMany(keys: readonly string[], tipNow: () => number, read: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
    const tip = tipNow();
    if (!this.lru || !this.at(tip)) return read([...keys]);
    const found = new Map<string, V>();
    const missing: string[] = [];
    for (const key of keys) {
      const hit = this.lru.get(key);
      if (hit) found.set(key, hit);
      else missing.push(key);
    }
    this.hits += found.size;
    this.misses += missing.length;
    if (missing.length === 0) return found;
    const fetched = await read(missing);
    const keep = tipNow() === tip && this.tip === tip;
    for (const [key, value] of fetched) {
      found.set(key, value);
      if (keep) this.lru.set(key, value);
    }
    return found;
  }

  /** The value kept for `key` under `tip` (the current one; -1, unknown: nothing is kept). */
  get(key: string, tip: number): V | undefined {
    if (!this.lru || !this.at(tip)) return undefined;
    const hit = this.lru.get(key);
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  /** Keeps `value`, read while `tip` was the current one, unless a later tip has been seen since. */
  set(key: string, value: V, tip: number): void {
    if (this.lru && tip >= 0 && this.tip === tip) this.lru.set(key, value);
  }

  /** Moves to `tip`, dropping everything kept under an earlier one; false when nothing can be kept under it. */
  private at(tip: number): boolean {
    if (tip < 0 || tip < this.tip) return false;
    if (tip !== this.tip) {
      this.lru?.clear();
      this.tip = tip;
    }
    return true;
  }
}
