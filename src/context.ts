import type { Logger } from 'pino';
import type { MasterchainTip } from './data/blocks';
import type { Examples } from './data/examples';
import type { Network } from './config';
import type { Database, Queryable } from './db/types';
import { createLoaders, type LoaderOptions, type Loaders } from './data/loaders';
import type { EmulatorRepository } from './emulator/repository';
import type { TraceTransaction } from './traces/model';
import type { PageCache } from './rest/pageCache';
import type { AddressBookCaches } from './shape/addressBookCache';
import type { PageKeys } from './shape/pageKeys';
import type { TipBoundCache } from './shape/tipBoundCache';
import type { TraceJsonCache } from './shape/traceCache';
import type { TransactionCache } from './shape/transactionCache';
import type { TraceTreeCache } from './traces/treeCache';
import { abortReason, type Limiter } from './http/limiter';
import type { AccessPolicy } from './http/access';
import type { RateLimiter } from './http/rateLimit';
import type { LiveAdmission, LiveRuntime } from './live/runtime';
import type { BodyBudget } from './http/body';
import type { BodyDecoder } from './decode/cache';
import { RawTexts } from './wire/rawJson';
import type { TonApiV2 } from './upstream/tonApiV2';

/** What a running service shares between requests. */
export interface Services {
  db: Database;
  network: Network;
  /** Indexer schema version of the database, for X-API-Version. */
  apiVersion: string;
  statementTimeoutMs: number;
  log: Logger;
  /** The trace emulator's Redis, when configured. */
  emulator?: EmulatorRepository;
  /** The highest masterchain block seen indexed: pages of blocks below it need no finality lookup. */
  masterchainTip?: MasterchainTip;
  /** Finalized pages served again without touching the database. */
  pageCache?: PageCache;
  /** Finalized transactions' response JSON, reused by the REST transaction lists (TRANSACTION_CACHE_MB). */
  transactionCache?: TransactionCache;
  /** Final traces' trees and their transactions' rows, for GraphQL navigation (TRACE_TREE_CACHE_MB). */
  traceTrees?: TraceTreeCache;
  /** Final traces' response JSON whole, for REST trace pages (TRACE_CACHE_MB). */
  traceJson?: TraceJsonCache;
  /** The transactions a `/transactions` page lists, by key, as of the masterchain tip (PAGE_KEY_CACHE_MB). */
  pageKeys?: TipBoundCache<PageKeys>;
  /** Address-book entries and metadata rows as of the masterchain tip, reused until it moves (ADDRESS_BOOK_CACHE_MB). */
  addressBookCaches?: AddressBookCaches;
  /** Values that exist in the database, for examples that run as they are (GraphiQL tabs, docs links). */
  examples?: () => Promise<Examples>;
  /** How long a client, a cache or the page cache may keep an address book (ADDRESS_BOOK_MAX_AGE_MS). */
  addressBookMaxAgeMs: number;
  /** Bounds how many requests build responses at once (memory). */
  limiter?: Limiter;
  /** Request bodies arriving at once (bytes) and how long one may take. */
  bodies: BodyBudget;
  /** Message bodies decoded as TON Center decodes them, each once (DECODE_BODIES, DECODE_CACHE_MB). */
  decoder: BodyDecoder;
  /** How long a request's work may run once it has its turn (REQUEST_TIMEOUT_MS); unbounded when absent. */
  requestTimeoutMs?: number;
  /** How long a request's line and headers may take to arrive (HEADERS_TIMEOUT_MS); the setting's default when absent. */
  headersTimeoutMs?: number;
  /** Traces with more transactions are returned as headers only (MAX_TRACE_TRANSACTIONS). */
  maxTraceTransactions: number;
  /** Live events (the Streaming API and GraphQL subscriptions), when this process serves them. */
  live?: LiveRuntime;
  /** The TON HTTP API v2 endpoint the forwarding routes call (TON_API_V2_URL); they answer 501 without it. */
  tonApiV2?: TonApiV2;
  /** API keys and rate limits (off unless configured). */
  access?: { policy: AccessPolicy; limiter: RateLimiter };
}

/** What one request owns: its statement counter, and loaders that batch and cache only within it. */
export interface RequestContext {
  services: Services;
  db: Queryable;
  loaders: Loaders;
  stats: { statements: number };
  /**
   * Emulator transactions this request has read, so navigation finds them although the database does not
   * hold them: by hash, and who sent or received each of their messages.
   */
  emulated: { transactions: Map<string, TraceTransaction>; senders: Map<string, string>; receivers: Map<string, string> };
  /** Degradations to report alongside the data (a source that did not answer). */
  warnings: string[];
  /** The raw JSON texts (decoded bodies) of the response being built, written into it by `raw.stringify`. */
  raw: RawTexts;
  /** The GraphQL operation being run, for the log line of an unexpected error. */
  operationName?: string;
  /** Aborted when the client goes or the request's deadline passes: no statement starts after that, and the running one is cancelled. */
  signal?: AbortSignal;
  /** Makes the request weigh `extra` more rows in the limiter (REST waits its turn again; GraphQL adds them at once); absent outside one. */
  grow?: (extra: number) => Promise<void> | void;
  /** The live admission of the connection a subscription runs on (GraphQL over SSE, graphql-ws). */
  liveAdmission?: LiveAdmission;
  /** The GraphQL query's cost as the HTTP route priced it to admit it: the cost limit needs no second pricing. */
  admittedCost?: number;
}

export function createRequestContext(services: Services, opts: { timeoutMs?: number; signal?: AbortSignal } & LoaderOptions = {}): RequestContext {
  const stats = { statements: 0 };
  const lowered = opts.timeoutMs !== undefined && opts.timeoutMs < services.statementTimeoutMs ? opts.timeoutMs : undefined;
  const target = services.db.session?.() ?? services.db;
  const db: Queryable = {
    query<R>(text: string, params?: readonly unknown[]) {
      if (opts.signal?.aborted) return Promise.reject(abortReason(opts.signal));
      stats.statements += 1;
      const running = lowered === undefined ? target.query<R>(text, params, opts.signal) : target.queryWithTimeout<R>(text, params, lowered, opts.signal);
      // a statement cancelled because the request was aborted fails as the abort did (client gone, deadline), not as a database timeout
      return opts.signal ? running.catch((err) => Promise.reject(opts.signal?.aborted ? abortReason(opts.signal) : err)) : running;
    },
    ...(target.catchUp ? { catchUp: (seqno: number) => target.catchUp!(seqno) } : {}),
  };
  return {
    services,
    db,
    loaders: createLoaders(db, opts),
    stats,
    emulated: { transactions: new Map(), senders: new Map(), receivers: new Map() },
    warnings: [],
    signal: opts.signal,
    raw: new RawTexts(),
  };
}
