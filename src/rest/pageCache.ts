import type { Coding } from '../http/acceptEncoding';

export interface CachedPage {
  /** UTF-8 bytes, encoded once rather than on every hit. */
  payload: Buffer;
  etag: string;
  /** When a part that can change (the address book) may have gone stale; absent: never. */
  expiresAt?: number;
  /** The payload compressed, per coding, made when a client first asks for it. */
  variants?: Partial<Record<Coding, Buffer>>;
}

const costOf = (key: string, page: CachedPage) =>
  page.payload.length + Object.values(page.variants ?? {}).reduce((sum, bytes) => sum + bytes.length, 0) + key.length * 2 + 64;

/**
 * Responses of data that can never change (pages of finalized masterchain blocks), kept in memory up to a byte
 * budget and evicted least recently used first; a page carrying an address book only until it expires. A Map iterates in insertion order, so re-inserting on a hit keeps the
 * most recent entries at the end.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxBytes: number,
    readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string): CachedPage | undefined {
    let page = this.entries.get(key);
    if (page?.expiresAt !== undefined && page.expiresAt <= this.now()) {
      this.delete(key);
      page = undefined;
    }
    if (!page) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    const cost = costOf(key, page);
    if (!this.enabled || cost > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += cost;
    this.evict();
  }

  /** Keeps a compressed copy with its page, counted in the budget while the page is the one cached under `key`. */
  keepVariant(key: string, page: CachedPage, coding: Coding, bytes: Buffer): void {
    if (page.variants?.[coding]) return;
    page.variants = { ...page.variants, [coding]: bytes };
    if (this.entries.get(key) !== page) return;
    this.bytes += bytes.length;
    this.evict();
  }

  private evict(): void {
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= costOf(key, page);
  }
}
