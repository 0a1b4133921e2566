import type { Finality } from '../traces/model';

/** How many not-yet-final traces one subscriber remembers; the oldest are forgotten first. */
const MAX_REMEMBERED = 10_000;

/**
 * The traces one subscriber was sent before they were final: only those earn it a `trace_invalidated` (TON
 * Center's rule). Bounded, so a long-lived connection that misses the end of some traces (lost in a gap,
 * expired unannounced) does not grow without end.
 */
export class SentTraces {
  private readonly keys = new Set<string>();

  sent(key: string, finality: Finality): void {
    this.keys.delete(key);
    if (finality === 'finalized') return;
    this.keys.add(key);
    if (this.keys.size > MAX_REMEMBERED) this.keys.delete(this.keys.values().next().value!);
  }

  /** Whether the subscriber should hear of the invalidation; it is forgotten either way. */
  invalidated(key: string): boolean {
    return this.keys.delete(key);
  }
}
