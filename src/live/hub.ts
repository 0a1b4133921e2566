import type { Logger } from 'pino';
import { END, laterOf, type Position } from './cursor';
import { accountsOf, type LiveEvent } from './events';
import { BoundedQueue } from './queue';

/** What a subscriber wants to hear about: events that touch these accounts, or these traces (by trace key). */
export interface Interest {
  accounts: ReadonlySet<string>;
  traceKeys: ReadonlySet<string>;
}

export interface HubStats {
  published: number;
  delivered: number;
  dropped: number;
  /** Replays of the log begun (resumes, and refills after a gap), and the events they told. */
  replays: number;
  replayed: number;
}

/** How long the hub remembers who was sent a trace that is not final yet, for its invalidation. */
const INVALIDATION_MEMORY_MS = 10 * 60_000;
/** How many finalized trace keys the hub remembers (a few minutes of mainnet traffic). */
const FINALIZED_MEMORY = 50_000;
/** How many jetton wallets' last finalized lt the hub remembers (minutes of mainnet jetton traffic). */
const FINAL_JETTON_MEMORY = 50_000;

export class LiveSubscription {
  readonly queue: BoundedQueue<LiveEvent>;

  constructor(
    private readonly hub: LiveHub,
    public interest: Interest,
    capacity: number,
  ) {
    this.queue = new BoundedQueue<LiveEvent>(capacity, () => hub.stats.dropped++);
  }

  /** Replaces what the subscriber hears about (WebSocket subscribe / unsubscribe). */
  update(interest: Interest): void {
    this.hub.reindex(this, interest);
  }

  close(): void {
    this.hub.remove(this);
    this.queue.close();
  }
}

/**
 * The fan-out of one process: every event from the sources goes to the subscribers interested in one of its
 * accounts or in its trace, each through its own bounded queue. Publishing never waits for a subscriber.
 * An invalidation goes only to those that were sent the trace before it was final.
 */
export class LiveHub {
  readonly stats: HubStats = { published: 0, delivered: 0, dropped: 0, replays: 0, replayed: 0 };
  private readonly byAccount = new Map<string, Set<LiveSubscription>>();
  private readonly byKey = new Map<string, Set<LiveSubscription>>();
  private readonly all = new Set<LiveSubscription>();
  /** Traces announced finalized lately, and by which source, so later news of them is not sent again. */
  private readonly finalized = new Map<string, 'emulator' | 'database'>();
  /** trace key → who was sent it while not final, and when it was last sent. */
  private readonly unfinal = new Map<string, { to: Set<LiveSubscription>; at: number }>();
  /** jetton wallet → the lt of the newest finalized state announced of it, by either source. */
  private readonly finalJettons = new Map<string, bigint>();
  /** How far the live log has been published (null until the database watcher's first poll). */
  position: Position | null = null;

  constructor(
    readonly queueCapacity: number,
    private readonly log?: Logger,
  ) {}

  subscribe(interest: Interest, capacity = this.queueCapacity): LiveSubscription {
    const sub = new LiveSubscription(this, { accounts: new Set(), traceKeys: new Set() }, capacity);
    this.all.add(sub);
    this.reindex(sub, interest);
    return sub;
  }

  get subscriberCount(): number {
    return this.all.size;
  }

  /** How many subscriptions follow an account. */
  followersOf(account: string): number {
    return this.byAccount.get(account)?.size ?? 0;
  }

  reindex(sub: LiveSubscription, interest: Interest): void {
    this.unindex(sub);
    // copies: the caller may change its own sets later, and the index must know what it holds
    interest = { accounts: new Set(interest.accounts), traceKeys: new Set(interest.traceKeys) };
    sub.interest = interest;
    for (const a of interest.accounts) (this.byAccount.get(a) ?? this.byAccount.set(a, new Set()).get(a)!).add(sub);
    for (const k of interest.traceKeys) (this.byKey.get(k) ?? this.byKey.set(k, new Set()).get(k)!).add(sub);
  }

  remove(sub: LiveSubscription): void {
    this.unindex(sub);
    this.all.delete(sub);
    // its entries in `unfinal` go when those traces end or expire (an invalidation skips closed subscribers)
  }

  private unindex(sub: LiveSubscription): void {
    const drop = (index: Map<string, Set<LiveSubscription>>, keys: Iterable<string>) => {
      for (const k of keys) {
        const set = index.get(k);
        if (!set) continue;
        set.delete(sub);
        if (set.size === 0) index.delete(k);
      }
    };
    drop(this.byAccount, sub.interest.accounts);
    drop(this.byKey, sub.interest.traceKeys);
  }

  /**
   * Routes an event to every interested subscriber. Once a trace is finalized, what comes later about it is
   * stale (a late emulator stage) or a repeat (the second source's finalization) and is dropped; only the
   * classifier's actions and the log's finalization may still follow an emulator's finalization.
   */
  publish(event: LiveEvent): void {
    // an event not of the log is placed where the log stands; a logged one moves the log on, told or not
    if (event.logged && event.at) this.position = this.position ? laterOf(this.position, event.at) : event.at;
    else if (this.position) event.at ??= this.position;
    // The log's own finalization always goes out, after the emulator's too: a subscriber that resumed meanwhile has
    // only it, and one that was told the emulator's skips it (its feed remembers what it was told ahead of the log).
    if (event.kind === 'trace') {
      const final = this.finalized.get(event.key);
      if (final && !(final === 'emulator' && (event.stage === 'classified' || event.logged))) return;
    }
    if (event.kind === 'jetton' && event.finality === 'finalized' && !this.newFinalJetton(event.wallet) && !event.logged) return;
    // the account's state still goes out; only its jetton part was told already
    if (event.kind === 'accountState' && event.jetton && event.finality === 'finalized' && !this.newFinalJetton(event.jetton))
      event = { ...event, jettonRepeat: true };
    this.stats.published++;
    const targets = new Set<LiveSubscription>();
    if (event.kind === 'invalidated') {
      for (const sub of this.unfinal.get(event.key)?.to ?? []) if (this.all.has(sub)) targets.add(sub);
      this.unfinal.delete(event.key);
    } else {
      for (const account of accountsOf(event)) for (const sub of this.byAccount.get(account) ?? []) targets.add(sub);
      if (event.kind === 'trace') for (const sub of this.byKey.get(event.key) ?? []) targets.add(sub);
      if (event.kind === 'trace') this.remember(event.key, event.stage === 'finalized' ? undefined : targets);
      if (event.kind === 'trace' && event.stage === 'finalized') this.markFinalized(event.key, event.trace.source);
    }
    for (const sub of targets) {
      sub.queue.offer(event);
      this.stats.delivered++;
    }
  }

  private remember(key: string, targets: Set<LiveSubscription> | undefined): void {
    const now = Date.now();
    if (!targets) {
      this.unfinal.delete(key);
    } else if (targets.size > 0) {
      const entry = this.unfinal.get(key) ?? { to: new Set<LiveSubscription>(), at: now };
      for (const sub of targets) entry.to.add(sub);
      entry.at = now;
      // re-inserted, so the map stays in order of last use and expiry stops at the first recent entry
      this.unfinal.delete(key);
      this.unfinal.set(key, entry);
    }
    // traces that never finalize nor are invalidated (expired unannounced) are forgotten after a while
    for (const [k, entry] of this.unfinal) {
      if (now - entry.at <= INVALIDATION_MEMORY_MS) break;
      this.unfinal.delete(k);
    }
  }

  /**
   * A replay read the log through block `seqno` before the database watcher's first poll: the watcher starts
   * from there, not from the newest block, so nothing between goes unpublished.
   */
  needFrom(seqno: number): void {
    if (this.position === null) this.firstNeeded = Math.min(this.firstNeeded ?? seqno, seqno);
  }

  /** Where the watcher's first poll starts: the newest block, or an earlier one a replay reached. */
  firstBlock(tip: number): number {
    return Math.min(tip, this.firstNeeded ?? tip);
  }

  private firstNeeded?: number;

  /** The log was read through block `seqno`: what is published next stands after all of it. */
  advance(seqno: number): void {
    this.position = this.position ? laterOf(this.position, { seqno, ord: END }) : { seqno, ord: END };
  }

  /** Whether a trace was announced finalized lately. */
  wasFinalized(key: string): boolean {
    return this.finalized.has(key);
  }

  /** Forgets that a trace was finalized, so it can be played again from pending (the live demo's next round). */
  replay(key: string): void {
    this.finalized.delete(key);
  }

  private markFinalized(key: string, source: 'emulator' | 'database'): void {
    this.finalized.set(key, source);
    if (this.finalized.size > FINALIZED_MEMORY) this.finalized.delete(this.finalized.keys().next().value!);
  }

  /**
   * Whether a finalized jetton wallet state is newer than any announced before (and then remembers it): the
   * emulator and the database both announce finalized states, and one that is not newer is a repeat or stale.
   */
  private newFinalJetton(wallet: { address: string; last_transaction_lt: string | null }): boolean {
    // without an lt nothing can be compared: sent as it comes
    if (wallet.last_transaction_lt === null || !/^\d{1,20}$/.test(wallet.last_transaction_lt)) return true;
    const lt = BigInt(wallet.last_transaction_lt);
    const known = this.finalJettons.get(wallet.address);
    if (known !== undefined && lt <= known) return false;
    // re-inserted, so the oldest-announced wallet is the first forgotten
    this.finalJettons.delete(wallet.address);
    this.finalJettons.set(wallet.address, lt);
    if (this.finalJettons.size > FINAL_JETTON_MEMORY) this.finalJettons.delete(this.finalJettons.keys().next().value!);
    return true;
  }

  /** Ends every subscription (shutdown): their consumers see the end of their streams. */
  closeAll(): void {
    for (const sub of [...this.all]) sub.close();
    this.log?.info('live subscriptions closed');
  }
}
