import { LRUCache } from 'lru-cache';
import type { MetadataRow } from '../data/metadata';
import type { CacheFigures } from '../memo';
import type { WireAddressBookEntry } from '../wire/addressBook';

// An entry's object, its key and the LRU's bookkeeping, beyond the strings it holds (an estimate).
const ENTRY_OVERHEAD = 150;

/**
 * Values read from the database as of the newest masterchain block this process has seen: reused by every
 * response until it sees a later one, then all dropped at once. What they hold (account states, domains, token
 * metadata, jetton balances) changes only as the indexer adds blocks, so a response is as fresh as the tip the
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
    if (!this.lru || tip < 0) return read([...keys]);
    if (tip !== this.tip) {
      this.lru.clear();
      this.tip = tip;
    }
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
}

/** An address-book entry, and its member of the `address_book` object written once (`"<address>":{…}`, UTF-8). */
export interface BookEntry {
  entry: WireAddressBookEntry;
  json: Buffer;
}

/** The address book's entries and the metadata rows of each address (its own, and its jetton master's for a jetton wallet). */
export interface AddressBookCaches {
  book: TipBoundCache<BookEntry>;
  metadata: TipBoundCache<MetadataRow[]>;
}

/**
 * Both caches, `maxBytes` shared half and half, an entry kept at most `maxAgeMs` (ADDRESS_BOOK_MAX_AGE_MS; 0, as
 * there: nothing kept).
 */
export function addressBookCaches(maxBytes: number, maxAgeMs: number): AddressBookCaches {
  const half = maxAgeMs > 0 ? Math.floor(maxBytes / 2) : 0;
  return {
    // the entry's strings and their JSON, about twice the JSON's length
    book: new TipBoundCache<BookEntry>(half, (e) => 2 * e.json.length, maxAgeMs),
    metadata: new TipBoundCache<MetadataRow[]>(half, (rows) => (rows.length === 0 ? 0 : JSON.stringify(rows).length * 2), maxAgeMs),
  };
}
