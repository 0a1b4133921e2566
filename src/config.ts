import path from 'node:path';
import proxyaddr from 'proxy-addr';

export type Network = 'mainnet' | 'testnet';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /** The trace emulator's Redis (pending traces); optional. */
  redisUrl?: string;
  /** undefined: taken from the database (what the importer recorded), else mainnet. */
  network?: Network;
  statementTimeoutMs: number;
  poolMax: number;
  /** How long a request waits for a pool connection before it is answered 503. */
  connectTimeoutMs: number;
  logLevel: string;
  /** Log output that may wait for a slow reader of standard output; more is dropped (and counted). */
  logBufferBytes: number;
  /** Memory for finalized block pages served again; 0 turns the cache off. */
  cacheMaxMb: number;
  /** Requests building responses at once; more wait (each large page holds tens of MB meanwhile). */
  maxConcurrentRequests: number;
  /** Transactions shaped at once, over the requests building (a page weighs its limit). */
  maxConcurrentTransactions: number;
  /** Requests that may wait for a turn, and for how long, before they are answered 503. */
  maxQueuedRequests: number;
  maxQueueWaitMs: number;
  /** How long a request's work may run once it has its turn (it stops before its next statement after that). */
  requestTimeoutMs: number;
  /** Request bodies held in memory at once, over every connection, and how long one may take to arrive. */
  maxBufferedBodyBytes: number;
  bodyTimeoutMs: number;
  shutdown: { drainMs: number; timeoutMs: number };
  /** How long an address book may be served from a cache, ours or the client's. */
  addressBookMaxAgeMs: number;
  maxTraceTransactions: number;
  access: {
    apiKeys: string[];
    requireKey: boolean;
    perIp?: { rate: number; burst: number };
    perKey?: { rate: number; burst: number };
    /**
     * Which peers are our proxies, so their X-Forwarded-For entries are believed: a hop count (0: none, the
     * socket address is the client) or addresses, CIDRs and proxy-addr's presets.
     */
    trustProxy: number | string[];
    /** Where rate-limit counters are shared between instances. Not REDIS_URL: the emulator's Redis is only read. */
    redisUrl?: string;
  };
  /** Read-only replicas, health-checked (db/routing.ts). */
  replicaUrls: string[];
  replicas: { readFromPrimary: 'fallback' | 'never' | 'always'; maxLagMs: number; probeMs: number };
  /** Live events: the database poll, per-subscriber queues and subscriber limits. */
  live: LiveLimits & {
    pollMs: number;
    /** Whether the service plays its demo traces to live subscribers; auto: on the embedded demo database without REDIS_URL. */
    demo: 'auto' | 'on' | 'off';
  };
  graphql: {
    limits: { maxDepth: number; maxAliases: number; maxTokens: number; maxCost: number; maxDocumentBytes: number };
    /** Memory for parsed documents and their errors, by the documents' length. */
    cacheMb: number;
    introspection: boolean;
    graphiql: boolean;
  };
}

export interface LiveLimits {
  /** Events a subscriber may have waiting; a slower one loses the oldest (default 64, TON Center's). */
  queue: number;
  maxSubscribers: number;
  maxPerIp: number;
  maxPerKey: number;
  /** Addresses one subscription may name. */
  maxAddresses: number;
  /**
   * Followed addresses (each subscription's addresses and trace keys, summed over a client's subscriptions) per
   * client address, per API key and per instance: what the hub's indexes hold, so what bounds their memory.
   */
  maxAddressesPerIp: number;
  maxAddressesPerKey: number;
  maxAddressesTotal: number;
}

function live(env: NodeJS.ProcessEnv): Config['live'] {
  return {
    pollMs: integer('LIVE_POLL_MS', env.LIVE_POLL_MS, 1000, 0, 600_000),
    demo: oneOf('LIVE_DEMO', env.LIVE_DEMO, ['auto', 'on', 'off'] as const, 'auto'),
    queue: integer('LIVE_QUEUE', env.LIVE_QUEUE, 64, 1, 100_000),
    maxSubscribers: integer('LIVE_MAX_SUBSCRIBERS', env.LIVE_MAX_SUBSCRIBERS, 10_000, 0, 1_000_000),
    maxPerIp: integer('LIVE_MAX_SUBSCRIBERS_PER_IP', env.LIVE_MAX_SUBSCRIBERS_PER_IP, 100, 0, 1_000_000),
    maxPerKey: integer('LIVE_MAX_SUBSCRIBERS_PER_KEY', env.LIVE_MAX_SUBSCRIBERS_PER_KEY, 1000, 0, 1_000_000),
    maxAddresses: integer('LIVE_MAX_ADDRESSES', env.LIVE_MAX_ADDRESSES, 1000, 1, 1_000_000),
    maxAddressesPerIp: integer('LIVE_MAX_ADDRESSES_PER_IP', env.LIVE_MAX_ADDRESSES_PER_IP, 10_000, 0, 100_000_000),
    maxAddressesPerKey: integer('LIVE_MAX_ADDRESSES_PER_KEY', env.LIVE_MAX_ADDRESSES_PER_KEY, 100_000, 0, 100_000_000),
    maxAddressesTotal: integer('LIVE_MAX_ADDRESSES_TOTAL', env.LIVE_MAX_ADDRESSES_TOTAL, 400_000, 0, 100_000_000),
  };
}

function access(env: NodeJS.ProcessEnv): Config['access'] {
  const bucket = (rateName: string, burstName: string) => {
    const rate = integer(rateName, env[rateName], 0, 0, 1_000_000);
    return rate === 0 ? undefined : { rate, burst: integer(burstName, env[burstName], rate * 2, 1, 10_000_000) };
  };
  const redisUrl = env.RATE_LIMIT_REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('RATE_LIMIT_REDIS_URL must be a redis:// or rediss:// URL');
  const apiKeys = (env.API_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const requireKey = flag('REQUIRE_API_KEY', env.REQUIRE_API_KEY, false);
  if (requireKey && apiKeys.length === 0) throw new ConfigError('REQUIRE_API_KEY needs API_KEYS');
  return {
    apiKeys,
    requireKey,
    perIp: bucket('RATE_LIMIT_IP', 'RATE_LIMIT_IP_BURST'),
    perKey: bucket('RATE_LIMIT_KEY', 'RATE_LIMIT_KEY_BURST'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    redisUrl,
  };
}

const TRUST_PROXY_FORMS =
  'false, true (one proxy), a number of proxies from 0 to 100, or addresses and CIDRs (and loopback, linklocal, uniquelocal) separated by commas';

/** `true` is one proxy (a balancer in front), not every hop: trusting all would take the leftmost entry, which the client writes. */
function trustProxy(raw: string | undefined): number | string[] {
  if (raw === undefined || raw === '' || /^(false|no|off)$/i.test(raw)) return 0;
  if (/^(true|yes|on)$/i.test(raw)) return 1;
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 100) throw new ConfigError(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}, got "${raw}"`);
    return Number(raw);
  }
  const list = raw.split(',').map((entry) => entry.trim());
  try {
    if (list.includes('')) throw new Error('empty entry');
    proxyaddr.compile(list);
  } catch (err) {
    throw new ConfigError(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}, got "${raw}" (${(err as Error).message})`);
  }
  return list;
}

function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export class ConfigError extends Error {}

function oneOf<T extends string>(name: string, raw: string | undefined, choices: readonly T[], fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be ${choices.join(', ')}, got "${raw}"`);
  return raw as T;
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

/** Reads the configuration from the environment; flags given on the command line override it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, flags: Partial<Record<string, string>> = {}): Config {
  const get = (flag: string, name: string) => flags[flag] ?? env[name];
  const network = get('network', 'TON_NETWORK');
  if (network !== undefined && network !== '' && network !== 'mainnet' && network !== 'testnet') {
    throw new ConfigError(`TON_NETWORK must be "mainnet" or "testnet", got "${network}"`);
  }
  const databaseUrl = get('databaseUrl', 'DATABASE_URL') || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }
  const redisUrl = get('redisUrl', 'REDIS_URL') || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  return {
    redisUrl,
    port: integer('PORT', get('port', 'PORT'), 8080, 0, 65535),
    host: get('host', 'HOST') || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(get('dataDir', 'DATA_DIR') || './data'),
    network: (network || undefined) as Network | undefined,
    statementTimeoutMs: integer('STATEMENT_TIMEOUT_MS', get('statementTimeout', 'STATEMENT_TIMEOUT_MS'), 3000, 1, 600_000),
    poolMax: integer('PG_POOL_MAX', get('poolMax', 'PG_POOL_MAX'), 10, 1, 1000),
    connectTimeoutMs: integer('PG_CONNECT_TIMEOUT_MS', env.PG_CONNECT_TIMEOUT_MS, 2000, 1, 600_000),
    logLevel: get('logLevel', 'LOG_LEVEL') || 'info',
    logBufferBytes: integer('LOG_BUFFER_BYTES', env.LOG_BUFFER_BYTES, 4 * 1024 * 1024, 65_536, 1024 * 1024 * 1024),
    access: access(env),
    live: live(env),
    replicas: {
      readFromPrimary: oneOf('READ_FROM_PRIMARY', env.READ_FROM_PRIMARY, ['fallback', 'never', 'always'] as const, 'fallback'),
      maxLagMs: integer('MAX_REPLICA_LAG_MS', env.MAX_REPLICA_LAG_MS, 2000, 0, 3_600_000),
      probeMs: integer('REPLICA_PROBE_MS', env.REPLICA_PROBE_MS, 1000, 100, 600_000),
    },
    replicaUrls: (env.DATABASE_REPLICA_URLS ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean)
      .map((u) => {
        if (!/^postgres(ql)?:\/\//.test(u)) throw new ConfigError('DATABASE_REPLICA_URLS must be postgres:// connection strings separated by commas');
        return u;
      }),
    maxTraceTransactions: integer('MAX_TRACE_TRANSACTIONS', env.MAX_TRACE_TRANSACTIONS, 4000, 1, 1_000_000),
    graphql: {
      limits: {
        maxDepth: integer('GRAPHQL_MAX_DEPTH', env.GRAPHQL_MAX_DEPTH, 15, 1, 1000),
        maxAliases: integer('GRAPHQL_MAX_ALIASES', env.GRAPHQL_MAX_ALIASES, 30, 0, 100_000),
        maxTokens: integer('GRAPHQL_MAX_TOKENS', env.GRAPHQL_MAX_TOKENS, 2000, 10, 1_000_000),
        maxCost: integer('GRAPHQL_MAX_COST', env.GRAPHQL_MAX_COST, 1_000_000, 1, 1_000_000_000),
        maxDocumentBytes: integer('GRAPHQL_MAX_DOCUMENT_BYTES', env.GRAPHQL_MAX_DOCUMENT_BYTES, 100_000, 100, 100_000_000),
      },
      cacheMb: integer('GRAPHQL_CACHE_MB', env.GRAPHQL_CACHE_MB, 16, 0, 65536),
      introspection: flag('GRAPHQL_INTROSPECTION', env.GRAPHQL_INTROSPECTION, true),
      graphiql: flag('GRAPHIQL', env.GRAPHIQL, true),
    },
    maxConcurrentRequests: integer('MAX_CONCURRENT_REQUESTS', get('maxConcurrentRequests', 'MAX_CONCURRENT_REQUESTS'), 4, 1, 10_000),
    maxConcurrentTransactions: integer('MAX_CONCURRENT_TRANSACTIONS', get('maxConcurrentTransactions', 'MAX_CONCURRENT_TRANSACTIONS'), 1500, 1, 100_000_000),
    maxQueuedRequests: integer('MAX_QUEUED_REQUESTS', env.MAX_QUEUED_REQUESTS, 256, 0, 1_000_000),
    maxQueueWaitMs: integer('MAX_QUEUE_WAIT_MS', env.MAX_QUEUE_WAIT_MS, 5000, 1, 600_000),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000, 1, 3_600_000),
    maxBufferedBodyBytes: integer('MAX_BUFFERED_BODY_BYTES', env.MAX_BUFFERED_BODY_BYTES, 64 * 1024 * 1024, 1024 * 1024, 64 * 1024 * 1024 * 1024),
    bodyTimeoutMs: integer('BODY_TIMEOUT_MS', env.BODY_TIMEOUT_MS, 10_000, 1, 600_000),
    shutdown: {
      drainMs: integer('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 5000, 0, 600_000),
      timeoutMs: integer('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000, 1, 600_000),
    },
    addressBookMaxAgeMs: integer('ADDRESS_BOOK_MAX_AGE_MS', env.ADDRESS_BOOK_MAX_AGE_MS, 60_000, 0, 86_400_000),
    cacheMaxMb: integer('CACHE_MAX_MB', get('cacheMaxMb', 'CACHE_MAX_MB'), 64, 0, 65536),
  };
}
