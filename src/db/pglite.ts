import { PgliteThread, type ThreadRequest } from './pgliteThread';
import type { Database, Queryable } from './types';

export interface PgliteOptions {
  /** Statements that run longer fail with PostgreSQL's statement timeout error (57014). */
  statementTimeoutMs?: number;
  /** Every transaction read-only, as the server's PostgreSQL sessions are. */
  readOnly?: boolean;
}

const noop = () => {};
const statementTimeout = () => Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
/** Whether `promise` settles (either way) within `ms`; the timer holds the process only when `hold`. */
function settlesWithin(promise: Promise<unknown>, ms: number, hold = true): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<boolean>((resolve) => {
    timer = setTimeout(resolve, Math.max(1, ms), false);
    if (!hold) timer.unref();
  });
  return Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    expired,
  ]).finally(() => clearTimeout(timer));
}
const closedError = () => Object.assign(new Error('the embedded database is closed'), { code: '57P01' });

/**
 * Embedded PostgreSQL; `dataDir` undefined means in memory. PGlite is one session: statements run one at a
 * time, on a thread of their own so the process keeps serving while one runs. PGlite ignores
 * statement_timeout and cannot cancel a statement, so one that outlives the service's timeout is answered
 * with 57014 and, on a directory, its thread is terminated and a new one opened on the same files (PostgreSQL
 * recovers as after a crash; statements waiting behind run there). In memory the data would go with the
 * thread: the statement is left to finish and the ones behind it wait.
 *
 * A caller's lower timeout (a client's X-Timeout) is answered with 57014 at that deadline, but the statement
 * is left to finish under the service's timeout: a restart costs every other user seconds, so a client that
 * asks for a 1 ms timeout in a loop would otherwise keep the database restarting.
 */
export async function openPglite(dataDir?: string, opts: PgliteOptions = {}): Promise<Database> {
  const setup = opts.readOnly ? ['set default_transaction_read_only = on'] : [];
  let closed = false;
  const start = async () => {
    const thread = new PgliteThread(dataDir, setup, (err) => {
      if (closed) return;
      current = dataDir ? start() : Promise.reject(err);
      current.catch(noop);
    });
    try {
      await thread.ready;
    } catch (err) {
      await thread.terminate();
      throw err;
    }
    return thread;
  };
  let current = start();
  await current;

  /** The open thread; a failed restart is tried again by the next statement. */
  async function thread(): Promise<PgliteThread> {
    try {
      return await current;
    } catch (err) {
      if (closed || !dataDir) throw err;
      current = start();
      return current;
    }
  }

  /** Terminates `thread` for a statement past the service's timeout, opening a new one (on a directory). */
  function replace(thread: PgliteThread) {
    if (!dataDir || !thread.usable) return;
    // Closing waits for this statement: end it, and open nothing.
    if (closed) return void thread.terminate();
    current = thread.terminate().then(start);
    current.catch(noop);
  }

  /** The open thread once no abandoned statement runs on it: one past the service's timeout replaces it. */
  async function idleThread(): Promise<PgliteThread> {
    for (;;) {
      const open = await thread();
      await open.idle();
      if (open.usable) return open;
    }
  }

  async function timed(thread: PgliteThread, req: ThreadRequest, callerMs?: number): Promise<unknown[] | undefined> {
    await thread.idle();
    const reply = thread.request(req);
    const serviceMs = opts.statementTimeoutMs;
    const timeoutMs = Math.min(callerMs ?? Infinity, serviceMs ?? Infinity);
    if (timeoutMs === Infinity) return reply;
    if (!(await settlesWithin(reply, timeoutMs))) {
      reply.catch(noop);
      if (timeoutMs === serviceMs) replace(thread);
      // The caller's own deadline: the statement goes on, and only the service's timeout may end its thread.
      else if (serviceMs) void settlesWithin(reply, serviceMs - timeoutMs, false).then((settled) => settled || replace(thread));
      throw statementTimeout();
    }
    return reply;
  }

  // Statements and transactions take turns, as on PGlite's one session.
  let gate: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const result = gate.then(task);
    gate = result.catch(noop);
    return result;
  };
  const statement = (req: ThreadRequest, timeoutMs?: number) => exclusive(async () => timed(await idleThread(), req, timeoutMs));

  return {
    kind: 'pglite',
    async query(text, params) {
      return (await statement({ op: 'query', text, params })) as never[];
    },
    async queryWithTimeout(text, params, timeoutMs) {
      return (await statement({ op: 'query', text, params }, timeoutMs)) as never[];
    },
    async exec(sql) {
      await statement({ op: 'exec', text: sql });
    },
    async copyFrom(table, columns, text) {
      await statement({ op: 'copy', text: `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, data: text });
    },
    transaction: (fn) =>
      exclusive(async () => {
        // The transaction's statements go to its own thread: if that one is replaced, they fail instead of
        // running outside the transaction on the next.
        const own = await thread();
        const tx: Queryable = { query: async (text, params) => (await timed(own, { op: 'query', text, params })) as never[] };
        await tx.query('begin');
        try {
          const result = await fn(tx);
          await tx.query('commit');
          return result;
        } catch (err) {
          await tx.query('rollback').catch(noop);
          throw err;
        }
      }),
    close: () =>
      exclusive(async () => {
        if (closed) return;
        closed = true;
        const last = await current.catch(() => undefined);
        current = Promise.reject(closedError());
        current.catch(noop);
        if (!last) return;
        try {
          await last.idle();
          if (last.usable) await last.request({ op: 'close' });
        } finally {
          await last.terminate();
        }
      }),
  };
}
