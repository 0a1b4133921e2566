import type { ServerResponse } from 'node:http';
import { ApiError } from '../errors';

export interface LimiterOptions {
  /** Requests building a response at once. */
  max: number;
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

/** The client went away while its request waited: nobody is left to answer. */
export class ClientGoneError extends Error {}

/** Aborts when the response's connection closes, so a queued request of a client that left is dropped. */
export function clientGone(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  return gone.signal;
}

interface Waiter {
  start: () => void;
}

/**
 * At most `max` requests build responses at once; the rest wait their turn, in order, in a bounded queue for
 * a bounded time. With two cores, more concurrent work adds no throughput, only memory: each 1000-transaction
 * page holds tens of MB while it is shaped. A slot is held only while a response is built, never while a body
 * uploads or a response drains to a slow client.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  refused = 0;

  constructor(private readonly opts: LimiterOptions) {}

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.active < this.opts.max) this.active += 1;
    else await this.turn(signal);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.active -= 1;
    }
  }

  private turn(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new ClientGoneError());
    if (this.waiting.length >= this.opts.maxQueue) {
      this.refused += 1;
      return Promise.reject(new BusyError(`the service is busy: ${this.opts.maxQueue} requests are already waiting; retry shortly`));
    }
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', gone);
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
      };
      const gone = () => (leave(), reject(new ClientGoneError()));
      const timer = setTimeout(() => {
        leave();
        this.refused += 1;
        reject(new BusyError(`the service is busy: no turn within ${this.opts.maxWaitMs} ms; retry shortly`));
      }, this.opts.maxWaitMs);
      const waiter: Waiter = { start: () => (leave(), resolve()) };
      signal?.addEventListener('abort', gone, { once: true });
      this.waiting.push(waiter);
    });
  }

  get queued(): number {
    return this.waiting.length;
  }
}
