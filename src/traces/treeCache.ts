import { LRUCache } from 'lru-cache';
import type { TraceTransaction } from './model';
import type { TreeNode } from './tree';

/** A finalized trace's tree and its transactions' rows, as navigation reads them. */
export interface CachedTree {
  root: TreeNode | null;
  warning: string | null;
  transactions: TraceTransaction[];
}

// What a transaction's row (the trace columns), its tree node and map entries hold, about: an estimate, as
// the rows are JavaScript objects whose size cannot be read.
const BYTES_PER_TRANSACTION = 1500;
const BYTES_PER_TREE = 300;

/**
 * The trees of traces that can never change (complete, and finalized by a masterchain block that has a
 * successor), up to an estimated byte budget, least recently used evicted first, keyed by trace id. Navigating
 * into such a trace (`Trace.root`, its children) then reads neither its transactions nor their messages again.
 */
export class TraceTreeCache {
  private readonly lru?: LRUCache<string, CachedTree>;
  hits = 0;
  misses = 0;

  constructor(maxBytes: number) {
    if (maxBytes > 0)
      this.lru = new LRUCache<string, CachedTree>({
        maxSize: maxBytes,
        sizeCalculation: (tree) => BYTES_PER_TREE + tree.transactions.length * BYTES_PER_TRANSACTION,
      });
  }

  get enabled(): boolean {
    return this.lru !== undefined;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.lru?.size ?? 0, bytes: this.lru?.calculatedSize ?? 0 };
  }

  get(traceId: string): CachedTree | undefined {
    const hit = this.lru?.get(traceId);
    if (hit) this.hits += 1;
    else this.misses += 1;
    return hit;
  }

  set(traceId: string, tree: CachedTree): void {
    this.lru?.set(traceId, tree);
  }
}
