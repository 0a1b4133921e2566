import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Logger } from 'pino';
import { dependencyLog } from '../log';
import { defaults } from '../config';
import { classifyDbError } from '../errors';
import { REPLAN, type Database } from './types';

export interface PostgresOptions {
  connectionString: string;
  /** Every session is read-only: the server never writes to a database. */
  readOnly: boolean;
  statementTimeoutMs?: number;
  /** Connections in the pool; default PG_POOL_MAX's. */
  max?: number;
  connectionTimeoutMs?: number;
  /** Where the pool's connection errors go (rate-limited), under `name` (default "postgres"). */
  log?: Logger;
  name?: string;
  /**
   * Run `query` and `queryWithTimeout` as named prepared statements, parsed and planned once per connection
   * (the service's reads: a few dozen fixed texts). Off for writers, whose batch inserts vary in text.
   */
  prepare?: boolean;
}

/** Distinct texts that get a prepared statement on each connection; texts past it run unnamed. */
const MAX_PREPARED = 500;

// pg returns int8 and numeric as strings by default; jsonb is parsed (our jsonb values hold strings only).
export function openPostgres(opts: PostgresOptions): Database {
  const settings: string[] = [];
  if (opts.readOnly) settings.push('-c default_transaction_read_only=on');
  if (opts.statementTimeoutMs) settings.push(`-c statement_timeout=${Math.trunc(opts.statementTimeoutMs)}`);
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max ?? defaults().poolMax,
    connectionTimeoutMillis: opts.connectionTimeoutMs ?? 5000,
    options: settings.join(' ') || undefined,
    application_name: 'tonql',
  });
  // An idle client losing its connection must not take the process down; the next query reconnects.
  const errors = dependencyLog(opts.log, opts.name ?? 'postgres');
  pool.on('error', (err) => errors.error(err));
  pool.on('connect', (client) => {
    errors.recovered();
    // A connection the server ends (a replica shut down, an administrator's kill) reports it once more after
    // its query failed, when no one listens: without this listener that report would end the process.
    client.on('error', (err) => errors.error(err));
  });

  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `tonql_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
      names.set(text, name);
    }
    return name;
  };
  const run = async <R>(q: pg.Pool | pg.PoolClient, text: string, params?: readonly unknown[], prepared = false) =>
    (await q.query({ text, values: params as unknown[], name: prepared && !text.startsWith(REPLAN) ? nameOf(text) : undefined })).rows as R[];
  /**
   * One statement on a client of its own (with `timeoutMs`, under that statement timeout), cancelled when `signal`
   * aborts while it runs. A client a cancel was sent for is closed rather than pooled: a cancel still on its way
   * must not reach the next statement run on that connection.
   */
  const onClient = async <R>(text: string, params: readonly unknown[] | undefined, timeoutMs: number | undefined, signal: AbortSignal | undefined) => {
    const client = await pool.connect();
    let broken: Error | boolean | undefined;
    const onAbort = () => {
      broken ??= true;
      cancelStatement(client, opts.connectionString, opts.connectionTimeoutMs ?? defaults().connectTimeoutMs);
    };
    try {
      if (timeoutMs !== undefined) await client.query(`set statement_timeout = ${Math.max(1, Math.trunc(timeoutMs))}`);
      signal?.throwIfAborted();
      signal?.addEventListener('abort', onAbort, { once: true });
      return await run<R>(client, text, params, opts.prepare);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (timeoutMs !== undefined && !broken) await client.query('reset statement_timeout').catch((err: Error) => (broken = err));
      // A client whose timeout could not be reset, or that a cancel was sent for, must not go back to the pool.
      client.release(broken);
    }
  };
  // A server refusing new connections fails requests without any pool event: their errors are logged here.
  const reported = <T>(work: Promise<T>): Promise<T> =>
    work.catch((err) => {
      if (classifyDbError(err)?.code === 'SERVICE_UNAVAILABLE') errors.error(err);
      throw err;
    });

  return {
    kind: 'postgres',
    query: (text, params, signal) => reported(signal ? onClient(text, params, undefined, signal) : run(pool, text, params, opts.prepare)),
    queryWithTimeout: (text, params, timeoutMs, signal) => reported(onClient(text, params, timeoutMs, signal)),
    async exec(sql) {
      await pool.query(sql);
    },
    async copyFrom(table, columns, text) {
      const client = await pool.connect();
      try {
        const sink = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
        await pipeline(Readable.from([text]), sink);
      } finally {
        client.release();
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (text, params) => run(client, text, params) });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * PostgreSQL's cancel request for the statement a client is running: a short connection of its own that sends the
 * client's backend key and is closed by the server (it takes no connection slot, and a pooler in front forwards it
 * to the session it belongs to). At most `timeoutMs` is spent on it; a failure leaves the statement to its timeout.
 */
function cancelStatement(client: pg.PoolClient, connectionString: string, timeoutMs: number): void {
  const running = (client as unknown as { activeQuery?: unknown }).activeQuery;
  if (!running) return;
  const canceller = new pg.Client({ connectionString });
  const connection = (canceller as unknown as { connection: pg.Connection }).connection;
  const timer = setTimeout(() => connection.end(), timeoutMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  connection.once('end', done);
  connection.on('error', done);
  // pg's Client#cancel (not in its types): connects, sends the cancel request for `client` if `running` is still its statement
  (canceller as unknown as { cancel(client: pg.PoolClient, query: unknown): void }).cancel(client, running);
}
