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

const noop = () => {};

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
  // Cancels go through a connection of their own, so that a full pool cannot hold them up.
  let cancels: pg.Pool | undefined;
  const cancel = (pid: number) => {
    cancels ??= new pg.Pool({ connectionString: opts.connectionString, max: 1, application_name: 'tonql-cancel' });
    return cancels.query('select pg_cancel_backend($1)', [pid]).then(noop, (err) => errors.error(err));
  };
  /**
   * One statement on a client of its own (with `timeoutMs`, under that statement timeout), cancelled by
   * PostgreSQL when `signal` aborts while it runs. The client goes back to the pool only once a cancel sent has
   * been delivered, so that it cannot reach the next statement run on that connection.
   */
  const onClient = async <R>(text: string, params: readonly unknown[] | undefined, timeoutMs: number | undefined, signal: AbortSignal | undefined) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    let cancelled: Promise<void> | undefined;
    const onAbort = () => {
      cancelled ??= cancel((client as unknown as { processID: number }).processID);
    };
    try {
      if (timeoutMs !== undefined) await client.query(`set statement_timeout = ${Math.max(1, Math.trunc(timeoutMs))}`);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
      return await run<R>(client, text, params, opts.prepare);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      await cancelled;
      if (timeoutMs !== undefined) await client.query('reset statement_timeout').catch((err: Error) => (broken = err));
      // A client whose timeout could not be reset must not go back to the pool.
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
    close: async () => {
      await Promise.all([pool.end(), cancels?.end()]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
