import { setMaxListeners } from 'node:events';
import type { ServerResponse } from 'node:http';
import { ApiError } from '../errors';

export interface LimiterOptions {
  /** Requests building a response at once. */
  max: number;
  /**
   * Transactions being shaped at once, summed over the requests building (a block page weighs its limit, a
   * GraphQL query its cost in transactions): a bound on memory that still lets small requests through. A request
   * heavier than this runs alone. Unbounded when absent.
   */
  maxWeight?: number;
  /** Requests allowed to wait for a turn; more are refused at once. */
  maxQueue: number;
  /** How long a request may wait for a turn before it is refused. */
  maxWaitMs: number;
}

/** Refused for lack of capacity: 503 with a Retry-After. */
export class BusyError extends ApiError {
  readonly retryAfter = 1;
  constructor(message: string) {
    super(503, message, 'SERVICE_UNAVAILABLE');
  }
}

/** The client went away: nobody is left to answer (its work stops at the next statement). */
export class ClientGoneError extends ApiError {
  constructor() {
    super(499, 'the client closed the connection', 'BAD_USER_INPUT');
  }
}

interface Waiter {
  weight: number;
  start: () => void;
}

/** A turn held: `grow` makes it weigh more once a request learns what it will shape (it waits, holding nothing). */
export interface Slot {
  grow(extra: number, signal?: AbortSignal): Promise<void>;
  /**
   * Adds weight at once, without waiting: for work that learns its size while it runs (GraphQL resolvers in
   * parallel), where giving the turn back would leave its siblings running without one. Requests admitted
   * after it wait for it.
   */
  charge(extra: number): void;
}

/** The work of a request ran past its deadline: 504. */
export class DeadlineError extends ApiError {
  constructor(ms: number) {
    super(504, `the request did not finish within ${ms} ms`, 'TIMEOUT');
  }
}

/**
 * An AbortSignal for a request's work: aborted when its client goes (its connection closes before the response
 * finished, so a queued request of a client that left is dropped; a response that finished closes too, and is not
 * aborted then), and `deadlineMs` after `start()` is called (when the work gets its turn, not while it waits).
 * `reason` tells which.
 */
export function workSignal(res: ServerResponse, deadlineMs: number | undefined) {
  const controller = new AbortController();
  // each statement running for the request listens for the abort (to cancel it): as many as run in parallel
  setMaxListeners(0, controller.signal);
  let timer: NodeJS.Timeout | undefined;
  res.once('close', () => {
    clearTimeout(timer);
    if (!res.writableFinished) controller.abort(new ClientGoneError());
  });
  return {
    signal: controller.signal,
    start() {
      if (deadlineMs === undefined || timer) return;
      timer = setTimeout(() => controller.abort(new DeadlineError(deadlineMs)), deadlineMs);
      timer.unref();
    },
    stop: () => clearTimeout(timer),
  };
}

/** Why a request's work was aborted: its client gone, or its deadline. */
export const abortReason = (signal: AbortSignal): Error => (signal.reason instanceof ApiError ? signal.reason : new ClientGoneError());

/**
 * At most `max` requests build responses at once, and together at most `maxWeight` transactions; the rest wait
 * their turn, in order, in a bounded queue for a bounded time. With two cores, more concurrent work adds no
 * throughput, only memory: each 1000-transaction page holds tens of MB while it is shaped. A slot is held only
 * while a response is built, never while a body uploads or a response drains to a slow client.
 */
export class Limiter {
  private active = 0;
  private weight = 0;
  private readonly waiting: Waiter[] = [];
  refused = 0;

  constructor(private readonly opts: LimiterOptions) {}

  async run<T>(work: (slot: Slot) => Promise<T>, signal?: AbortSignal, weight = 1): Promise<T> {
    let release = await this.acquire(weight, signal);
    let held = weight;
    let done = false;
    let charged = 0;
    let growing: Promise<void> = Promise.resolve();
    const slot: Slot = {
      charge: (extra) => {
        if (extra <= 0 || done) return;
        charged += extra;
        this.weight += extra;
      },
      // Given back and taken again, heavier, at the head of the queue: a request that waits to grow holds
      // nothing, so two growing requests cannot wait for each other. One growth at a time per slot.
      grow: (extra, growSignal = signal) => {
        const next = growing.then(async () => {
          if (extra <= 0 || done) return;
          release();
          release = () => {};
          held += extra;
          const taken = await this.acquire(held, growSignal, true);
          if (done) taken();
          else release = taken;
        });
        growing = next.catch(() => {});
        return next;
      },
    };
    try {
      return await work(slot);
    } finally {
      done = true;
      this.weight -= charged;
      release();
    }
  }

  /** A turn of `weight`, to give back once; waits (bounded) while the service is full. */
  async acquire(weight: number, signal?: AbortSignal, first = false): Promise<() => void> {
    if ((this.waiting.length === 0 || first) && this.fits(weight)) this.take(weight);
    else await this.turn(weight, signal, first);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.weight -= weight;
      this.pump();
    };
  }

  /** Starts waiters in order while the head of the queue fits. */
  private pump() {
    while (this.waiting.length > 0 && this.fits(this.waiting[0].weight)) {
      const next = this.waiting.shift()!;
      this.take(next.weight);
      next.start();
    }
  }

  private fits(weight: number): boolean {
    return this.active < this.opts.max && (this.active === 0 || this.opts.maxWeight === undefined || this.weight + weight <= this.opts.maxWeight);
  }

  private take(weight: number) {
    this.active += 1;
    this.weight += weight;
  }

  private turn(weight: number, signal?: AbortSignal, first = false): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.waiting.length >= this.opts.maxQueue && !first) {
      this.refused += 1;
      return Promise.reject(new BusyError(`the service is busy: ${this.opts.maxQueue} requests are already waiting; retry shortly`));
    }
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', gone);
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        // A heavy head leaving can let the lighter ones behind it run.
        this.pump();
      };
      const gone = () => (leave(), reject(abortReason(signal!)));
      const timer = setTimeout(() => {
        leave();
        this.refused += 1;
        reject(new BusyError(`the service is busy: no turn within ${this.opts.maxWaitMs} ms; retry shortly`));
      }, this.opts.maxWaitMs);
      const waiter: Waiter = { weight, start: () => (clearTimeout(timer), signal?.removeEventListener('abort', gone), resolve()) };
      signal?.addEventListener('abort', gone, { once: true });
      if (first) this.waiting.unshift(waiter);
      else this.waiting.push(waiter);
    });
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Requests building a response now. */
  get running(): number {
    return this.active;
  }
}
