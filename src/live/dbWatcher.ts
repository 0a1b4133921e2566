import type { Logger } from 'pino';
import { createRequestContext, type RequestContext, type Services } from '../context';
import { jettonWalletsChangedIn, type JettonWalletChange } from '../data/jettons';
import { latestMasterchainSeqno } from '../data/blocks';
import { tracesCompletedIn } from '../data/traces';
import { dependencyLog } from '../log';
import type { LiveHub } from './hub';
import { loggedEvents } from './log';

/** Polls in a row a block range may fail before its first block is passed over. */
const MAX_FAILURES = 5;
/** Jetton wallet changes read per poll at most (32 busy mainnet blocks hold a few thousand). */
const MAX_JETTON_CHANGES = 20_000;

export interface WatcherOptions {
  intervalMs: number;
  /** Blocks read per poll at most, so a long outage is caught up step by step. */
  maxBlocksPerPoll: number;
}

/**
 * Finality from the database: polls for newly indexed masterchain blocks and announces the traces they
 * completed, and the jetton wallets whose state their transactions left, as finalized. The stream then works
 * without an emulator, and a finalization Redis did not announce (or announced while this process was away)
 * still reaches subscribers; one it already announced is not repeated.
 */
export class DatabaseFinalityWatcher {
  private timer?: NodeJS.Timeout;
  private last: number | null = null;
  private failed = 0;
  private running?: Promise<void>;
  private readonly failures;
  readonly stats = { polls: 0, blocks: 0, traces: 0, jettons: 0, jettonsPassedOver: 0 };

  constructor(
    private readonly services: Services,
    private readonly hub: LiveHub,
    private readonly opts: WatcherOptions,
    private readonly log?: Logger,
  ) {
    this.failures = dependencyLog(log, 'live events (database)');
  }

  start(): void {
    const tick = () => {
      this.running ??= this.poll().finally(() => (this.running = undefined));
    };
    // at once: until the first poll the log's place is unknown, and events carry no id
    tick();
    this.timer = setInterval(tick, this.opts.intervalMs);
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
      this.services.masterchainTip?.raise(tip);
      if (this.last === null || tip < this.last) {
        // the first poll starts from now (earlier blocks were final before anyone subscribed), or from where a
        // replay that came before it ended
        this.last = this.hub.firstBlock(tip);
        this.hub.advance(this.last);
        if (this.last === tip) return;
      }
      if (tip === this.last) return;
      const to = Math.min(tip, this.last + this.opts.maxBlocksPerPoll);
      // with nobody listening there is nothing to read: the blocks are passed over
      if (this.hub.subscriberCount > 0) {
        const rows = await tracesCompletedIn(ctx.db, this.last + 1, to);
        const jettons = await this.jettons(ctx, this.last + 1, to);
        // every one, those the emulator finalized first too: each subscriber's feed knows whether it was told
        const events = await loggedEvents(ctx, rows, jettons);
        for (const event of events) this.hub.publish(event);
        this.stats.traces += rows.length;
        this.stats.jettons += jettons.length;
      }
      this.hub.advance(to);
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

  /**
   * The jetton wallets the blocks changed, each with its stored state; a wallet changed again by a later block
   * is announced with that state once (its row no longer holds the earlier one).
   */
  private async jettons(ctx: RequestContext, from: number, to: number): Promise<JettonWalletChange[]> {
    const rows = await jettonWalletsChangedIn(ctx.db, from, to, MAX_JETTON_CHANGES + 1);
    if (rows.length > MAX_JETTON_CHANGES) {
      this.stats.jettonsPassedOver += rows.length - MAX_JETTON_CHANGES;
      this.log?.warn({ from, to, max: MAX_JETTON_CHANGES }, 'live events (database): more jetton wallet changes than a poll announces; the newest passed over');
    }
    return rows.slice(0, MAX_JETTON_CHANGES);
  }
}
