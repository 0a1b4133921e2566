import { ByteBoundedCache } from '../memo';
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
export class TraceTreeCache extends ByteBoundedCache<CachedTree> {
  constructor(maxBytes: number) {
    super(maxBytes, (tree) => BYTES_PER_TREE + tree.transactions.length * BYTES_PER_TRANSACTION);
  }
}
