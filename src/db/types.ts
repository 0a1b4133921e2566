/**
 * The one interface the data layer talks to. Both adapters return int8 and numeric values as decimal
 * strings, never as JS numbers, so 64-bit quantities stay exact.
 */
export type Row = Record<string, unknown>;

/** Marks a statement whose best plan depends on its values (see `replanned`). */
export const REPLAN = '/* replan */ ';

/**
 * A statement planned for each execution's values instead of once per connection. The service prepares its
 * reads, and PostgreSQL then settles on a generic plan after five runs; where values are skewed (an account
 * with thousands of traces among accounts with a few) the generic plan can be tens of times slower.
 */
export const replanned = (text: string) => REPLAN + text;

export interface Queryable {
  /**
   * Runs one statement; when `signal` aborts while it runs (its client gone, its deadline passed), PostgreSQL is
   * asked to cancel it rather than let it run to its timeout.
   */
  query<R = Row>(text: string, params?: readonly unknown[], signal?: AbortSignal): Promise<R[]>;
  /** With replicas: makes the rest of this request read where masterchain block `seqno` is indexed. */
  catchUp?(seqno: number): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs one statement under a statement timeout lower than the session's (toncenter's X-Timeout). */
  queryWithTimeout<R = Row>(text: string, params: readonly unknown[] | undefined, timeoutMs: number, signal?: AbortSignal): Promise<R[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Bulk-loads rows given in COPY text format (tab-separated, \\N for null) into table(columns). */
  copyFrom(table: string, columns: readonly string[], text: string): Promise<void>;
  /** Runs fn inside one transaction: all of it is committed or none of it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** A handle for one request's statements (with replicas: all on the same one). */
  session?(): Queryable & Pick<Database, 'queryWithTimeout'>;
  /** With replicas: each source's state, for /ready and /metrics. */
  readonly states?: readonly SourceState[];
  /** With replicas: whether any source can serve reads. */
  readonly serving?: boolean;
  /** Connection pool figures, for metrics (absent for the single-session embedded database). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** What the router knows of one source, as /ready and /metrics report it. */
export interface SourceState {
  name: string;
  role: 'primary' | 'replica';
  state: 'up' | 'down' | 'lagging';
  /** Replay lag (replicas): 0 when caught up with the primary. */
  lagMs: number | null;
  /** The newest masterchain block it holds. */
  tip: number | null;
  error: string | null;
}
