import type { LimitFunction } from 'p-limit';
import type { Services } from '../context';
import { ALL_TOLD, comparePositions, encodeCursor, END, laterOf, UNKNOWN_BLOCK, type Cursor, type Position } from './cursor';
import { jettonChangeOf, type LiveEvent } from './events';
import type { Interest, LiveHub, LiveSubscription } from './hub';
import { isGap } from './queue';
import { replayEnd, replayLog, unfinalTraces, type ReplayInterest } from './replay';
import type { LiveRuntime } from './runtime';

/** What a resumable stream hands its transport, in order. */
export type FeedItem =
  | {
      kind: 'event';
      event: LiveEvent;
      /** Notifications of this event the subscriber already has (a resume from the middle of it). */
      skip: number;
      at: Position | null;
      ahead: ReadonlyMap<string, number>;
    }
  /** Events were lost (a slow reader): the log refills what it can right after, and `id` is where it resumes. */
  | { kind: 'gap'; lost: number; at: Position | null; ahead: ReadonlyMap<string, number> }
  /** The resume asked for more blocks than are replayed: the stream goes on from `oldest`. */
  | { kind: 'resume_too_old'; oldest: string };

export interface FeedOptions {
  /** Resume after this event id. */
  after?: Cursor;
  /** Blocks a replay reads at most (LIVE_RESUME_MAX_BLOCKS). */
  maxBlocks: number;
  /** Runs each step of a replay, so that a reconnect storm reads the database a few steps at a time. */
  steps: LimitFunction;
  /** Whether a replay step brings along what the Streaming API renders its events from (`TraceEvent.brought`). */
  brings: boolean;
}

/** Keys of traces told by a replay that the stream remembers, so that the emulator's late finalization is not told again. */
const MAX_REPLAYED_KEYS = 1000;
/** Traces told ahead of the log that the stream remembers while it runs (an id carries the newest 32). */
const MAX_AHEAD_KEPT = 1000;
/** Jetton wallets whose newest finalized state told the stream remembers, so the log's repeat of it is not told. */
const MAX_JETTONS_KEPT = 1000;
/**
 * Blocks an id may name beyond the newest this instance has: another instance's database may be ahead. An id
 * further on names no block of this database (another network, or made up): the stream starts from its newest.
 */
const AHEAD_SLACK_BLOCKS = 100;

/**
 * A subscription's events, each placed in the live log (cursor.ts) so that the transport can give every
 * notification an id, and resumable: after an id (`after`) or a gap, the log is replayed from there through
 * what the hub has published (finalized traces and jetton wallet changes, each once), then the emulator's
 * unfinished traces are told again as they now are, then the live events follow, less those the replay told.
 */
export class LiveFeed implements AsyncIterableIterator<FeedItem> {
  private at: Position | null;
  private ahead: Map<string, number>;
  private readonly buffer: FeedItem[] = [];
  private replaying?: AsyncGenerator<FeedItem[]>;
  private readonly replayedKeys = new Set<string>();
  /** The last logged event an id was made for, and how many of its notifications were numbered. */
  private numbered?: { at: Position; told: number };
  /** jetton wallet → the lt of the newest finalized state told. */
  private readonly finalJettons = new Map<string, bigint>();
  private closed = false;
  /**
   * The last id made for a notification, or where the stream starts (none before the log's place is known): what
   * a client resumes from whether or not it got an event yet. The event at the start, if any, came before the
   * subscription: all of it told.
   */
  private last: string | undefined;

  constructor(
    private readonly services: Services,
    private readonly hub: LiveHub,
    readonly sub: LiveSubscription,
    private readonly opts: FeedOptions,
  ) {
    this.at = opts.after?.at ?? hub.position;
    this.ahead = new Map(opts.after?.ahead ?? []);
    this.last = opts.after
      ? encodeCursor(opts.after)
      : this.at
        ? encodeCursor({ at: this.at, told: this.at.ord === END ? 0 : ALL_TOLD, ahead: new Map() })
        : undefined;
    if (opts.after) this.replaying = this.replay(opts.after);
  }

  async next(): Promise<IteratorResult<FeedItem>> {
    for (;;) {
      if (this.closed) return { value: undefined, done: true };
      if (this.buffer.length > 0) return { value: this.buffer.shift()!, done: false };
      if (this.replaying) {
        const replaying = this.replaying;
        // a stream closed while waiting for its turn reads nothing
        const step = await this.opts.steps(() => (this.closed ? Promise.resolve({ value: undefined, done: true as const }) : replaying.next()));
        if (step.done) this.replaying = undefined;
        else this.buffer.push(...step.value);
        continue;
      }
      const item = await this.sub.queue.next();
      if (item.done) return { value: undefined, done: true };
      const event = item.value;
      if (isGap(event)) {
        this.buffer.push({ kind: 'gap', lost: event.gap, at: this.at, ahead: this.ahead });
        if (this.at) this.replaying = this.replay({ at: this.at, told: this.toldAt(this.at), ahead: this.ahead });
        continue;
      }
      if (this.alreadyTold(event)) continue;
      this.buffer.push(this.place(event, 0));
    }
  }

  /**
   * The id of notification `i` (counted from 0, skipped ones included) an item renders to; none before the log's
   * place is known. Called in the order the notifications are sent: an id of a logged event's notification also
   * records how many of it were numbered, which the ids of the events placed at the same place carry.
   */
  id(item: FeedItem, i = 0): string | undefined {
    if (item.kind === 'resume_too_old') return (this.last = item.oldest);
    if (!item.at) return undefined;
    if (item.kind === 'event' && item.event.logged) {
      this.numbered = { at: item.at, told: i + 1 };
      return (this.last = encodeCursor({ at: item.at, told: i + 1, ahead: item.ahead }));
    }
    return (this.last = encodeCursor({ at: item.at, told: this.toldAt(item.at), ahead: item.ahead }));
  }

  /** The id a frame that is not an event carries (SSE `connected` and keepalives, a WebSocket subscribe's reply). */
  get lastId(): string | undefined {
    return this.last;
  }

  private toldAt(at: Position): number {
    return this.numbered && comparePositions(this.numbered.at, at) === 0 ? this.numbered.told : 0;
  }

  /** Whether the subscriber already has this event (from a replay, or from before its resume). */
  private alreadyTold(event: LiveEvent): boolean {
    if (event.logged && event.at && this.at && comparePositions(event.at, this.at) <= 0) return true;
    if (event.kind === 'jetton' && event.logged) {
      const known = this.finalJettons.get(event.wallet.address);
      return known !== undefined && /^\d{1,20}$/.test(event.wallet.last_transaction_lt ?? '') && BigInt(event.wallet.last_transaction_lt!) <= known;
    }
    if (event.kind !== 'trace' || event.stage !== 'finalized') return false;
    // the log's finalization of a trace the emulator finalized first, or the emulator's of one the replay told
    return event.logged ? this.ahead.has(event.key) : this.replayedKeys.has(event.key);
  }

  /** Moves the stream's place to the event's and makes its item. */
  private place(event: LiveEvent, skip: number): FeedItem {
    if (event.at) this.at = this.at ? laterOf(this.at, event.at) : event.at;
    if (event.kind === 'trace' && event.stage === 'finalized' && event.trace.source === 'emulator' && !event.logged) {
      // copied on change: items already made keep the map they were made with
      this.ahead = new Map(this.ahead);
      this.ahead.delete(event.key);
      this.ahead.set(event.key, event.trace.header.mc_seqno_end ?? UNKNOWN_BLOCK);
      if (this.ahead.size > MAX_AHEAD_KEPT) this.ahead.delete(this.ahead.keys().next().value!);
    }
    const jetton = jettonChangeOf(event);
    if (jetton?.finality === 'finalized' && /^\d{1,20}$/.test(jetton.wallet.last_transaction_lt ?? '')) {
      const lt = BigInt(jetton.wallet.last_transaction_lt!);
      if ((this.finalJettons.get(jetton.wallet.address) ?? -1n) < lt) {
        this.finalJettons.delete(jetton.wallet.address);
        this.finalJettons.set(jetton.wallet.address, lt);
        if (this.finalJettons.size > MAX_JETTONS_KEPT) this.finalJettons.delete(this.finalJettons.keys().next().value!);
      }
    }
    this.prune();
    return { kind: 'event', event, skip, at: this.at, ahead: this.ahead };
  }

  /** Forgets the traces ahead of the log that the log has since passed. */
  private prune(): void {
    const at = this.at;
    if (!at || this.ahead.size === 0) return;
    const passed = [...this.ahead].filter(([, seqno]) => seqno < at.seqno || (seqno === at.seqno && at.ord === END));
    if (passed.length === 0) return;
    this.ahead = new Map(this.ahead);
    for (const [key] of passed) this.ahead.delete(key);
  }

  /** The log after `from` through what the hub has published, then the emulator's unfinished traces. */
  private async *replay(from: Cursor): AsyncGenerator<FeedItem[]> {
    // what the subscription follows when the replay starts (a WebSocket client may change it later)
    const interest: ReplayInterest = { accounts: [...this.sub.interest.accounts], traceKeys: [...this.sub.interest.traceKeys] };
    this.hub.stats.replays++;
    const to = await replayEnd(this.services, this.hub);
    // the watcher, not polled yet, starts where this replay ends
    this.hub.needFrom(to);
    let start = from.at;
    if (start.seqno > to + AHEAD_SLACK_BLOCKS) {
      this.services.log.warn({ block: start.seqno, newest: to }, 'live resume: the event id names a block far beyond the newest; resuming from the newest');
      start = { seqno: to, ord: END };
      this.at = start;
    }
    if (to - start.seqno > this.opts.maxBlocks) {
      start = { seqno: to - this.opts.maxBlocks, ord: END };
      this.at = start;
      yield [{ kind: 'resume_too_old', oldest: encodeCursor({ at: start, told: 0, ahead: new Map() }) }];
    }
    for await (const events of replayLog(this.services, interest, start, to, this.opts.brings)) {
      const items: FeedItem[] = [];
      for (const event of events) {
        const exact = comparePositions(event.at!, start) === 0;
        if (!exact && this.alreadyTold(event)) continue;
        if (event.kind === 'trace') this.remember(event.key);
        items.push(this.place(event, exact ? from.told : 0));
      }
      this.hub.stats.replayed += items.length;
      yield items;
    }
    this.at = laterOf(this.at ?? { seqno: to, ord: END }, { seqno: to, ord: END });
    this.prune();
    yield (await unfinalTraces(this.services, interest)).map((event) => this.place({ ...event, at: this.at! }, 0));
  }

  private remember(key: string): void {
    this.replayedKeys.add(key);
    if (this.replayedKeys.size > MAX_REPLAYED_KEYS) this.replayedKeys.delete(this.replayedKeys.values().next().value!);
  }

  /** Ends the stream: its subscription, and any replay, which stops before its next step. */
  return(): Promise<IteratorResult<FeedItem>> {
    this.closed = true;
    this.buffer.length = 0;
    this.sub.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}

/** A subscription to `interest` as a resumable feed, replaying first what came after `after` when given. */
/**
 * A feed of `interest`'s events, after `after` when given; `brings` for the Streaming API, which renders replayed
 * events from what their steps read (GraphQL resolves its selected fields itself).
 */
export function openFeed(services: Services, live: LiveRuntime, interest: Interest, after?: Cursor, brings = false): LiveFeed {
  return new LiveFeed(services, live.hub, live.hub.subscribe(interest), { after, maxBlocks: live.limits.resumeMaxBlocks, steps: live.replaySteps, brings });
}
