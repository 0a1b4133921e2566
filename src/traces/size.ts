/** When a trace is too large to serve, and what is served instead (the cap itself is in cap.ts). */
import type { Trace } from './model';

export const TOO_LARGE_WARNING = 'trace is too large';

/**
 * The one rule for every path that produces a trace (toncenter's max-trace-txs): more transactions than the
 * cap is too large. The count is the `traces.nodes_` column, or an emulated trace's node fields; an unknown
 * count (null) is not too large.
 */
export const isTooLarge = (transactions: string | number | null, max: number): boolean => transactions !== null && Number(transactions) > max;

/** A trace too large to serve: its header, marked incomplete, with no transactions or actions loaded. */
export const headerOnly = (source: Trace['source'], header: Trace['header']): Trace => ({
  source,
  header,
  transactions: [],
  actions: [],
  incomplete: true,
});
