import { ByteBoundedCache } from '../memo';
import { Doorkeeper } from './doorkeeper';
import type { TraceNodeFacts } from '../wire/trace';

/** A finalized transaction as a response writes it: its JSON text as UTF-8, and the addresses it puts in an address book. */
export interface CachedTransaction {
  json: Buffer;
  addresses: string[];
  /** What a trace's tree needs of it, with where its in_msg's JSON lies within `json` (none: not served in traces). */
  node?: TransactionNode;
}

/** A transaction as a trace's tree node names it, with the byte range of its `in_msg`'s JSON in its JSON (null: none). */
export type TransactionNode = TraceNodeFacts & { inMsg: [number, number] | null };

/** How full the cache is before it admits only a sample of what misses, and the least share it admits then. */
const FULL = 0.9;
const MIN_ADMISSION = 0.1;

// A Buffer object, the entry and its addresses array, beyond the bytes themselves (an estimate).
const ENTRY_OVERHEAD = 200;

/**
 * The shaped JSON of transactions that can never change (their masterchain block has a successor indexed), kept
 * up to a byte budget, least recently used evicted first, keyed by hash. A page then costs its rows' statement
 * and the address book; messages, account states, body decoding and JSON writing are skipped for every hit.
 */
export class TransactionCache extends ByteBoundedCache<CachedTransaction> {
  /** The share of recent lookups that hit (a moving average over about the last thousand). */
  recentHitRatio = 0;
  private readonly doorkeeper = new Doorkeeper();

  constructor(maxBytes: number) {
    super(
      maxBytes,
      (v, key) =>
        v.json.length +
        key.length +
        v.addresses.reduce((sum, a) => sum + a.length + 16, 0) +
        (v.node?.outMsgHashes ?? []).reduce((sum, h) => sum + h.length + 16, 0) +
        ENTRY_OVERHEAD,
    );
  }

  override get(hash: string): CachedTransaction | undefined {
    const hit = super.get(hash);
    this.recentHitRatio += ((hit ? 1 : 0) - this.recentHitRatio) / 1000;
    return hit;
  }

  /**
   * Whether most recent lookups hit: then a page is worth reading as keys first (and its rows' account states are
   * not worth reading with them, as the cached JSON holds them).
   */
  get mostlyHits(): boolean {
    return this.enabled && this.recentHitRatio >= 0.5;
  }

  /**
   * Whether to keep a transaction just written for a response: never on its first sighting (the doorkeeper), so
   * traffic that does not repeat (a walk through history) pays nothing for entries nobody reads. Seen before:
   * while the cache has room, always; once it is full (each entry then evicts another), only a sample as large
   * as the recent hit ratio, at least one in ten, so what repeats rarely does not flush what repeats often.
   */
  admits(hash: string): boolean {
    if (!this.lru || !this.doorkeeper.seenBefore(hash)) return false;
    if (this.lru.calculatedSize < this.maxBytes * FULL) return true;
    return Math.random() < Math.max(MIN_ADMISSION, this.recentHitRatio);
  }
}
