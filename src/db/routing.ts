import type { Logger } from 'pino';
import { ApiError, classifyDbError } from '../errors';
import { MASTERCHAIN_SHARD } from '../encoding/numbers';
import type { Database, Queryable, SourceState } from './types';

/** Where reads may go: replicas only, replicas then the primary when none can serve, or the primary only. */
export type ReadFromPrimary = 'fallback' | 'never' | 'always';

export interface RoutingOptions {
  readFromPrimary: ReadFromPrimary;
  /** A replica further behind than this is skipped. */
  maxLagMs: number;
  /** How often every source is probed (state, lag, newest masterchain block). */
  probeMs: number;
  log?: Logger;
}

interface Source extends SourceState {
  db: Database;
}

type Session = Queryable & Pick<Database, 'queryWithTimeout'>;

const TIP_SQL = `(select seqno from blocks where workchain = -1 and shard = ${MASTERCHAIN_SHARD} order by seqno desc limit 1)`;

/** A connection-class failure (the source is gone), as opposed to an error in the statement itself. */
const sourceFailed = (err: unknown) => classifyDbError(err)?.code === 'SERVICE_UNAVAILABLE';

/**
 * Reads spread over read-only replicas, with health: each replica is probed in the background (reachable, in
 * recovery, replay lag against the primary's WAL position, newest masterchain block). A replica that fails a
 * statement or a probe leaves the rotation at once and comes back when a probe finds it well; one further
 * behind than `maxLagMs` is skipped. With no replica able to serve, reads go to the primary (`fallback`) or
 * fail with 503 (`never`). A request's statements all run on one source (`session()`); if that source fails
 * mid-request, the request moves on to another.
 */
export class ReadRouter implements Database {
  readonly kind = 'postgres' as const;
  private readonly sources: Source[];
  private turn = 0;
  private timer?: NodeJS.Timeout;
  private probing?: Promise<void>;

  constructor(
    private readonly primary: Database,
    replicas: { name: string; db: Database }[],
    private readonly opts: RoutingOptions,
  ) {
    const source = (name: string, role: 'primary' | 'replica', db: Database): Source => ({
      name,
      role,
      db,
      state: 'up',
      lagMs: role === 'primary' ? 0 : null,
      tip: null,
      error: null,
    });
    this.sources = [source('primary', 'primary', primary), ...replicas.map((r) => source(r.name, 'replica', r.db))];
  }

  /** Probes now, then every `probeMs`. */
  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => {
      this.probing ??= this.probe().finally(() => (this.probing = undefined));
    }, this.opts.probeMs);
    this.timer.unref();
  }

  get states(): SourceState[] {
    return this.sources.map(({ db: _db, ...state }) => state);
  }

  /** Whether reads can be served at all. */
  get serving(): boolean {
    return this.candidates().length > 0;
  }

  /** One round of probes: the primary's WAL position, then each replica's state against it. */
  async probe(): Promise<void> {
    const [primary, ...replicas] = this.sources;
    let primaryLsn: string | null = null;
    try {
      const [row] = await primary.db.query<{ lsn: string; tip: number | null }>(`select pg_current_wal_lsn()::text as lsn, ${TIP_SQL} as tip`);
      primaryLsn = row.lsn;
      this.mark(primary, { state: 'up', tip: row.tip, error: null });
    } catch (err) {
      this.mark(primary, { state: 'down', error: (err as Error).message });
    }
    await Promise.all(
      replicas.map(async (r) => {
        try {
          const [row] = await r.db.query<{ standby: boolean; caught_up: boolean | null; behind_ms: number | null; tip: number | null }>(
            `select pg_is_in_recovery() as standby,
                    case when $1::pg_lsn is null then null else pg_last_wal_replay_lsn() >= $1::pg_lsn end as caught_up,
                    (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as behind_ms,
                    ${TIP_SQL} as tip`,
            [primaryLsn],
          );
          // caught up with the primary's position: no lag, however long ago its last write was (a server that
          // replays nothing, a copy rather than a standby, has no lag to measure)
          const current = row.caught_up || !row.standby;
          const lagMs = current ? 0 : row.behind_ms === null ? null : Math.max(0, Math.round(row.behind_ms));
          const lagging = !current && (lagMs === null || lagMs > this.opts.maxLagMs);
          this.mark(r, {
            state: lagging ? 'lagging' : 'up',
            lagMs,
            tip: row.tip,
            error: lagging ? `replay lag ${lagMs ?? 'unknown'} ms over ${this.opts.maxLagMs} ms` : null,
          });
        } catch (err) {
          this.mark(r, { state: 'down', error: (err as Error).message });
        }
      }),
    );
  }

  private mark(source: Source, change: Partial<SourceState>): void {
    const before = source.state;
    Object.assign(source, change);
    if (before !== source.state)
      this.opts.log?.[source.state === 'up' ? 'info' : 'warn'](
        { source: source.name, state: source.state, lagMs: source.lagMs, error: source.error },
        `read source ${source.name} is ${source.state}`,
      );
  }

  /** The sources a new read may use, in order of preference: healthy replicas (taking turns), then the primary. */
  private candidates(atLeastSeqno?: number): Source[] {
    const [primary, ...replicas] = this.sources;
    const fresh = (s: Source) => atLeastSeqno === undefined || (s.tip !== null && s.tip >= atLeastSeqno);
    const usable = this.opts.readFromPrimary === 'always' ? [] : replicas.filter((r) => r.state === 'up' && fresh(r));
    if (usable.length > 1) {
      const k = this.turn++ % usable.length;
      usable.push(...usable.splice(0, k));
    }
    // the primary has every block there is: a seqno no replica has yet is read there (unless reading it is off)
    return this.opts.readFromPrimary !== 'never' && primary.state !== 'down' ? [...usable, primary] : usable;
  }

  /** A handle for one request: all its statements on one source, moving on only when that source fails. */
  session(): Session & { catchUp(seqno: number): Promise<void> } {
    let current: Source | undefined;
    const pick = (atLeastSeqno?: number) => {
      const [first] = this.candidates(atLeastSeqno);
      if (!first)
        throw new ApiError(
          503,
          'no database source can serve reads (every replica is down or lagging, and reading from the primary is off)',
          'SERVICE_UNAVAILABLE',
        );
      return first;
    };
    const run = async <R>(op: (db: Database) => Promise<R>): Promise<R> => {
      for (let attempt = 0; ; attempt++) {
        current ??= pick();
        const source = current;
        try {
          return await op(source.db);
        } catch (err) {
          if (!sourceFailed(err) || attempt >= this.sources.length) throw err;
          // the source went away: out of the rotation until a probe finds it well; the request carries on elsewhere
          this.mark(source, { state: 'down', error: (err as Error).message });
          current = undefined;
        }
      }
    };
    return {
      query: (text, params, signal) => run((db) => db.query(text, params, signal)),
      queryWithTimeout: (text, params, ms, signal) => run((db) => db.queryWithTimeout(text, params, ms, signal)),
      // A request about masterchain block `seqno` reads where that block is: a client that saw it on one
      // source must not get 404 from a replica that has not replayed it yet.
      catchUp: async (seqno) => {
        if (current?.tip !== null && current?.tip !== undefined && current.tip >= seqno) return;
        if (current?.role === 'primary') return;
        // a source that has the block, if any may be read; else the request stays where it is (and may 404)
        current = this.candidates(seqno)[0] ?? current ?? pick();
      },
    };
  }

  query<R>(text: string, params?: readonly unknown[], signal?: AbortSignal): Promise<R[]> {
    return this.session().query<R>(text, params, signal);
  }

  queryWithTimeout<R>(text: string, params: readonly unknown[] | undefined, ms: number, signal?: AbortSignal): Promise<R[]> {
    return this.session().queryWithTimeout<R>(text, params, ms, signal);
  }

  exec(sql: string): Promise<void> {
    return this.primary.exec(sql);
  }

  copyFrom(table: string, columns: readonly string[], text: string): Promise<void> {
    return this.primary.copyFrom(table, columns, text);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.primary.transaction(fn);
  }

  poolStats() {
    const all = this.sources.map((s) => s.db.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 });
    return all.reduce((a, b) => ({ total: a.total + b.total, idle: a.idle + b.idle, waiting: a.waiting + b.waiting }));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.probing;
    await Promise.all(this.sources.map((s) => s.db.close()));
  }
}
