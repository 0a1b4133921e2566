import { Worker } from 'node:worker_threads';
import { packagePath } from '../packageRoot';

// Plain JavaScript, started as it is from src/ also when this module runs bundled in dist/.
const SCRIPT = packagePath('src/db/pglite.worker.js');

export type ThreadRequest =
  | { op: 'query'; text: string; params?: readonly unknown[] }
  | { op: 'exec'; text: string }
  | { op: 'copy'; text: string; data: string }
  | { op: 'close' };

type ErrorFields = { message: string } & Record<string, string | number | boolean | null>;
type Reply = { ready: boolean; error?: ErrorFields } | { id: number; rows?: unknown[]; error?: ErrorFields };

/** PGlite's errors with their PostgreSQL fields (code, detail, …), as the in-process driver threw them. */
const revive = ({ message, ...rest }: ErrorFields) => Object.assign(new Error(message), rest);

/**
 * One PGlite on a worker thread: PGlite runs a statement synchronously on the thread that calls it and cannot
 * cancel it, so the database gets a thread of its own that the adapter can terminate (pglite.ts).
 */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (rows: unknown[] | undefined) => void; reject: (err: Error) => void }>();
  private seq = 0;
  private drained?: { promise: Promise<void>; resolve: () => void };
  private opened = false;
  private stopping = false;
  private exited?: Error;
  /** Settles when PGlite has opened the directory (and run `setup`), or failed to. */
  readonly ready: Promise<void>;

  /** `onCrash` is told when the thread stops by itself after it opened (not on `terminate()`). */
  constructor(dataDir: string | undefined, setup: readonly string[], onCrash: (err: Error) => void) {
    this.worker = new Worker(SCRIPT, { workerData: { dataDir, setup }, execArgv: [] });
    let settleReady!: (err?: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => (settleReady = (err) => (err ? reject(err) : resolve())));
    let failure: Error | undefined;
    this.worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        this.opened = reply.ready;
        settleReady(reply.error && revive(reply.error));
        return this.settled();
      }
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error) waiter?.reject(revive(reply.error));
      else waiter?.resolve(reply.rows);
      this.settled();
    });
    this.worker.on('error', (err) => (failure = err));
    this.worker.on('exit', (code) => {
      const err = Object.assign(new Error(`the embedded database stopped (${failure?.message ?? `thread exit code ${code}`})`), { code: '57P01' });
      this.exited = err;
      settleReady(err);
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
      this.settled();
      if (this.opened && !this.stopping) onCrash(err);
    });
  }

  /** Neither terminated nor stopped by itself: requests may still go to it. */
  get usable(): boolean {
    return !this.stopping && !this.exited;
  }

  request(req: ThreadRequest): Promise<unknown[] | undefined> {
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(this.exited);
      const id = (this.seq += 1);
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      try {
        this.worker.postMessage({ id, ...req });
      } catch (err) {
        this.pending.delete(id);
        this.settled();
        reject(err as Error);
      }
    });
  }

  /** Resolves when no request is in flight (a statement past its timeout may still run in memory). */
  idle(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    if (!this.drained) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.drained = { promise, resolve };
    }
    return this.drained.promise;
  }

  async terminate(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
  }

  // An idle thread must not keep the process alive; one with a request in flight must.
  private settled() {
    if (this.pending.size > 0) return;
    this.worker.unref();
    this.drained?.resolve();
    this.drained = undefined;
  }
}
