import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { dependencyLog } from '../log';
import type { EmulatorRepository } from '../emulator/repository';
import type { LiveHub } from './hub';
import type { AccountStateEvent, TraceEvent } from './events';

/** The channels the trace emulator and the classifier publish on (reference §10.4). */
export const CHANNELS = {
  pending: 'new_pending_trace',
  confirmed: 'new_confirmed_txs',
  finalized: 'new_finalized_txs',
  classified: 'classified_trace',
  invalidated: 'invalidated_traces',
  accountState: 'new_account_state',
} as const;

export interface RedisSourceOptions {
  /** Traces with more transactions are announced as headers only. */
  maxTransactions: number;
  readAccountState?: (key: string) => Promise<AccountStateEvent | null>;
}

/**
 * The emulator as a source of live events: one dedicated connection subscribed to its channels, and each
 * announced key read at once (emulated traces live for seconds). Messages about one trace are handled in the
 * order they came, so its pending, confirmed and finalized events reach subscribers in that order.
 */
export class RedisLiveSource {
  private readonly subscriber: Redis;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly failures;
  readonly stats = { messages: 0, failed: 0 };

  constructor(
    url: string,
    private readonly repository: EmulatorRepository,
    private readonly hub: LiveHub,
    private readonly opts: RedisSourceOptions,
    log?: Logger,
  ) {
    this.failures = dependencyLog(log, 'live events (Redis)');
    // Unlike request connections this one queues its SUBSCRIBE until connected and subscribes again after a reconnect.
    this.subscriber = new Redis(url, { lazyConnect: true, autoResubscribe: true, maxRetriesPerRequest: null, retryStrategy: (n) => Math.min(n * 250, 2000) });
    this.subscriber.on('error', (err) => this.failures.error(err));
    this.subscriber.on('ready', () => this.failures.recovered());
    this.subscriber.on('message', (channel: string, message: string) => this.onMessage(channel, message));
  }

  async start(): Promise<void> {
    this.subscriber.connect().catch(() => {});
    await this.subscriber.subscribe(...Object.values(CHANNELS));
  }

  async stop(): Promise<void> {
    this.subscriber.disconnect();
    await Promise.allSettled([...this.chains.values()]);
  }

  private onMessage(channel: string, message: string): void {
    this.stats.messages++;
    switch (channel) {
      case CHANNELS.pending:
        return this.readTrace(message, 'pending');
      case CHANNELS.confirmed:
      case CHANNELS.finalized:
        // "<trace key>:<tx hash>,<tx hash>…": the key is standard base64, which has no colon
        return this.readTrace(
          message.slice(0, message.indexOf(':') < 0 ? undefined : message.indexOf(':')),
          channel === CHANNELS.confirmed ? 'confirmed' : 'finalized',
        );
      case CHANNELS.classified:
        return this.readTrace(message, 'classified');
      case CHANNELS.invalidated:
        return this.inOrder(message, async () => this.hub.publish({ kind: 'invalidated', key: message }));
      case CHANNELS.accountState:
        return this.inOrder(message, async () => {
          const event = await this.opts.readAccountState?.(message);
          if (event) this.hub.publish(event);
        });
    }
  }

  private readTrace(key: string, stage: TraceEvent['stage']): void {
    this.inOrder(key, async () => {
      const [trace] = await this.repository.tracesByKeys([key], this.opts.maxTransactions);
      // a key already gone (expired, or replaced) has nothing left to tell
      if (trace) this.hub.publish({ kind: 'trace', key, stage, trace });
    });
  }

  /** Runs the work for a key after the earlier work for the same key; a failure is logged, not thrown. */
  private inOrder(key: string, work: () => Promise<void>): void {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((err) => {
        this.stats.failed++;
        this.failures.error(err);
      })
      .finally(() => {
        if (this.chains.get(key) === next) this.chains.delete(key);
      });
    this.chains.set(key, next);
  }
}
