import type { Logger } from 'pino';
import { createRequestContext, type Services } from '../context';
import { latestMasterchainSeqno, tracesCompletedIn } from '../data/traces';
import { dependencyLog } from '../log';
import { databaseTraces } from '../traces/pending';
import { headerKey, traceKey } from '../traces/model';
import type { LiveHub } from './hub';

/** Polls in a row a block range may fail before its first block is passed over. */
const MAX_FAILURES = 5;

export interface WatcherOptions {
  intervalMs: number;
  /** Blocks read per poll at most, so a long outage is caught up step by step. */
  maxBlocksPerPoll: number;
}

/**
 * Finality from the database: polls for newly indexed masterchain blocks and announces the traces they
 * completed as finalized. The stream then works without an emulator, and a finalization Redis did not
 * announce (or announced while this process was away) still reaches subscribers; one it already announced
 * is not repeated.
 */
export class DatabaseFinalityWatcher {
  private timer?: NodeJS.Timeout;
  private last: number | null = null;
  private failed = 0;
  private running?: Promise<void>;
  private readonly failures;
  readonly stats = { polls: 0, blocks: 0, traces: 0 };

  constructor(
    private readonly services: Services,
    private readonly hub: LiveHub,
    private readonly opts: WatcherOptions,
    log?: Logger,
  ) {
    this.failures = dependencyLog(log, 'live events (database)');
  }

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.poll().finally(() => (this.running = undefined));
    }, this.opts.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One poll: announces what the blocks indexed since the last poll finalized. */
  async poll(): Promise<void> {
    this.stats.polls++;
    try {
      const ctx = createRequestContext(this.services);
      const tip = await latestMasterchainSeqno(ctx.db);
      if (tip === null) return;
      if (this.last === null || tip < this.last) {
        // the first poll starts from now: earlier blocks were final before anyone subscribed
        this.last = tip;
        return;
      }
      if (tip === this.last) return;
      const to = Math.min(tip, this.last + this.opts.maxBlocksPerPoll);
      // with nobody listening there is nothing to read: the blocks are passed over
      if (this.hub.subscriberCount > 0) {
        const rows = await tracesCompletedIn(ctx.db, this.last + 1, to);
        const traces = await databaseTraces(
          ctx,
          rows.filter((r) => !this.hub.wasFinalized(headerKey(r))),
        );
        // the hub drops one finalized meanwhile by the emulator
        for (const trace of traces) this.hub.publish({ kind: 'trace', key: traceKey(trace), stage: 'finalized', trace });
        this.stats.traces += traces.length;
      }
      this.stats.blocks += to - this.last;
      this.last = to;
      this.failed = 0;
      this.failures.recovered();
    } catch (err) {
      this.failures.error(err as Error);
      // a range that keeps failing (a trace that cannot be read) is passed over rather than retried for ever
      if (++this.failed >= MAX_FAILURES && this.last !== null) {
        this.last += 1;
        this.failed = 0;
      }
    }
  }
}
