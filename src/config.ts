import path from 'node:path';
import proxyaddr from 'proxy-addr';
import {
  accepts,
  type BooleanSetting,
  type ChoiceSetting,
  type IntegerSetting,
  type NameOf,
  type SettingName,
  setting,
  type TextSetting,
  TRUST_PROXY_FORMS,
} from './settings/table';

export type Network = 'mainnet' | 'testnet';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /** The trace emulator's Redis (pending traces); optional. */
  redisUrl?: string;
  /** The TON HTTP API v2 endpoint the forwarding routes call (TON Center's `-v2`); without `url` they answer 501. */
  tonApiV2: { url?: string; apiKey?: string; timeoutMs: number };
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
  /** Memory for finalized transactions' response JSON (TRANSACTION_CACHE_MB). */
  transactionCacheMb: number;
  /** Memory for final traces' trees, for GraphQL navigation (TRACE_TREE_CACHE_MB). */
  traceTreeCacheMb: number;
  /** Memory for final traces' response JSON, for REST trace pages (TRACE_CACHE_MB). */
  traceCacheMb: number;
  /** Memory for the transactions `/transactions` pages list, as of the current masterchain tip (PAGE_KEY_CACHE_MB). */
  pageKeyCacheMb: number;
  /** Memory for address-book entries and metadata of the current masterchain tip (ADDRESS_BOOK_CACHE_MB). */
  addressBookCacheMb: number;
  /** Message bodies decoded as TON Center does, and the memory that keeps them. */
  decode: { enabled: boolean; cacheMb: number };
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
  /** How long a request's line and headers may take to arrive (unfinished headers are memory too). */
  headersTimeoutMs: number;
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
  graphql: GraphQLSettings;
}

export interface GraphQLSettings {
  limits: { maxDepth: number; maxAliases: number; maxTokens: number; maxCost: number; maxDocumentBytes: number };
  /** Memory for parsed documents and their errors, by the documents' length. */
  cacheMb: number;
  introspection: boolean;
  graphiql: boolean;
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
  /** Masterchain blocks a resumed stream replays at most. */
  resumeMaxBlocks: number;
  /** Replay steps reading the database at once. */
  resumeConcurrency: number;
}

function live(env: NodeJS.ProcessEnv): Config['live'] {
  return {
    pollMs: integer(env, 'LIVE_POLL_MS'),
    demo: choice<Config['live']['demo']>(env, 'LIVE_DEMO')!,
    queue: integer(env, 'LIVE_QUEUE'),
    maxSubscribers: integer(env, 'LIVE_MAX_SUBSCRIBERS'),
    maxPerIp: integer(env, 'LIVE_MAX_SUBSCRIBERS_PER_IP'),
    maxPerKey: integer(env, 'LIVE_MAX_SUBSCRIBERS_PER_KEY'),
    maxAddresses: integer(env, 'LIVE_MAX_ADDRESSES'),
    maxAddressesPerIp: integer(env, 'LIVE_MAX_ADDRESSES_PER_IP'),
    maxAddressesPerKey: integer(env, 'LIVE_MAX_ADDRESSES_PER_KEY'),
    maxAddressesTotal: integer(env, 'LIVE_MAX_ADDRESSES_TOTAL'),
    resumeMaxBlocks: integer(env, 'LIVE_RESUME_MAX_BLOCKS'),
    resumeConcurrency: integer(env, 'LIVE_RESUME_CONCURRENCY'),
  };
}

function access(env: NodeJS.ProcessEnv): Config['access'] {
  const bucket = (rateName: NameOf<'integer'>, burstName: NameOf<'integer'>) => {
    const rate = integer(env, rateName);
    return rate === 0 ? undefined : { rate, burst: integer(env, burstName, rate * 2) };
  };
  const apiKeys = list(env, 'API_KEYS');
  const requireKey = flag(env, 'REQUIRE_API_KEY');
  if (requireKey && apiKeys.length === 0) throw new ConfigError('REQUIRE_API_KEY needs API_KEYS');
  return {
    apiKeys,
    requireKey,
    perIp: bucket('RATE_LIMIT_IP', 'RATE_LIMIT_IP_BURST'),
    perKey: bucket('RATE_LIMIT_KEY', 'RATE_LIMIT_KEY_BURST'),
    trustProxy: trustProxy(text(env, 'TRUST_PROXY')!),
    redisUrl: text(env, 'RATE_LIMIT_REDIS_URL'),
  };
}

function tonApiV2(env: NodeJS.ProcessEnv): Config['tonApiV2'] {
  const url = text(env, 'TON_API_V2_URL');
  if (url !== undefined && !URL.canParse(url)) throw new ConfigError('TON_API_V2_URL must be an http:// or https:// URL');
  return { url, apiKey: text(env, 'TON_API_V2_API_KEY'), timeoutMs: integer(env, 'TON_API_V2_TIMEOUT_MS') };
}

/** `true` is one proxy (a balancer in front), not every hop: trusting all would take the leftmost entry, which the client writes. */
function trustProxy(raw: string): number | string[] {
  if (/^(false|no|off)$/i.test(raw)) return 0;
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

export class ConfigError extends Error {}

/** A setting's value as given; empty is unset. */
const given = (env: NodeJS.ProcessEnv, name: SettingName): string | undefined => env[name] || undefined;

function integer(env: NodeJS.ProcessEnv, name: NameOf<'integer'>, derived?: number): number {
  const s = setting(name) as IntegerSetting;
  const raw = given(env, name);
  if (raw === undefined) return (s.default ?? derived)!;
  if (!/^\d+$/.test(raw) || Number(raw) < s.min || Number(raw) > s.max) throw new ConfigError(`${name} must be ${accepts(s)}, got "${raw}"`);
  return Number(raw);
}

function flag(env: NodeJS.ProcessEnv, name: NameOf<'boolean'>): boolean {
  const s = setting(name) as BooleanSetting;
  const raw = given(env, name);
  if (raw === undefined) return s.default;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be ${accepts(s)}, got "${raw}"`);
}

function choice<T extends string>(env: NodeJS.ProcessEnv, name: NameOf<'choice'>): T | undefined {
  const s = setting(name) as ChoiceSetting;
  const raw = given(env, name);
  if (raw === undefined) return s.default as T | undefined;
  if (!s.choices.includes(raw)) throw new ConfigError(`${name} must be ${accepts(s)}, got "${raw}"`);
  return raw as T;
}

/** Text, checked against the setting's pattern (which names no value in its error: it may hold a password). */
function text(env: NodeJS.ProcessEnv, name: NameOf<'text'>): string | undefined {
  const s = setting(name) as TextSetting;
  const raw = given(env, name) ?? s.default;
  if (raw !== undefined && s.pattern && !s.pattern.test(raw)) throw new ConfigError(`${name} must be ${accepts(s)}`);
  return raw;
}

/** A text setting as the CLI reads it: its value, else the CLI's own default where the table gives one (REDIS_URL). */
export function cliText(env: NodeJS.ProcessEnv, name: NameOf<'text'>): string | undefined {
  return text(env, name) ?? (setting(name) as TextSetting).cli?.default;
}

/** A comma-separated list, entries trimmed, empty ones dropped, each checked against the pattern. */
function list(env: NodeJS.ProcessEnv, name: NameOf<'text'>): string[] {
  const s = setting(name) as TextSetting;
  const entries = (given(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (s.pattern && entries.some((entry) => !s.pattern!.test(entry))) throw new ConfigError(`${name} must be ${accepts(s)}`);
  return entries;
}

/** Reads the configuration from the environment (flags.ts lays the command line's flags over it first). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: integer(env, 'PORT'),
    host: text(env, 'HOST')!,
    databaseUrl: text(env, 'DATABASE_URL'),
    dataDir: path.resolve(text(env, 'DATA_DIR')!),
    network: choice<Network>(env, 'TON_NETWORK'),
    redisUrl: text(env, 'REDIS_URL'),
    tonApiV2: tonApiV2(env),
    statementTimeoutMs: integer(env, 'STATEMENT_TIMEOUT_MS'),
    poolMax: integer(env, 'PG_POOL_MAX'),
    connectTimeoutMs: integer(env, 'PG_CONNECT_TIMEOUT_MS'),
    replicaUrls: list(env, 'DATABASE_REPLICA_URLS'),
    replicas: {
      readFromPrimary: choice<Config['replicas']['readFromPrimary']>(env, 'READ_FROM_PRIMARY')!,
      maxLagMs: integer(env, 'MAX_REPLICA_LAG_MS'),
      probeMs: integer(env, 'REPLICA_PROBE_MS'),
    },
    cacheMaxMb: integer(env, 'CACHE_MAX_MB'),
    transactionCacheMb: integer(env, 'TRANSACTION_CACHE_MB'),
    traceTreeCacheMb: integer(env, 'TRACE_TREE_CACHE_MB'),
    traceCacheMb: integer(env, 'TRACE_CACHE_MB'),
    addressBookCacheMb: integer(env, 'ADDRESS_BOOK_CACHE_MB'),
    pageKeyCacheMb: integer(env, 'PAGE_KEY_CACHE_MB'),
    decode: { enabled: flag(env, 'DECODE_BODIES'), cacheMb: integer(env, 'DECODE_CACHE_MB') },
    maxConcurrentRequests: integer(env, 'MAX_CONCURRENT_REQUESTS'),
    maxConcurrentTransactions: integer(env, 'MAX_CONCURRENT_TRANSACTIONS'),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS'),
    maxBufferedBodyBytes: integer(env, 'MAX_BUFFERED_BODY_BYTES'),
    bodyTimeoutMs: integer(env, 'BODY_TIMEOUT_MS'),
    headersTimeoutMs: integer(env, 'HEADERS_TIMEOUT_MS'),
    maxQueuedRequests: integer(env, 'MAX_QUEUED_REQUESTS'),
    maxQueueWaitMs: integer(env, 'MAX_QUEUE_WAIT_MS'),
    addressBookMaxAgeMs: integer(env, 'ADDRESS_BOOK_MAX_AGE_MS'),
    maxTraceTransactions: integer(env, 'MAX_TRACE_TRANSACTIONS'),
    graphql: {
      limits: {
        maxDepth: integer(env, 'GRAPHQL_MAX_DEPTH'),
        maxAliases: integer(env, 'GRAPHQL_MAX_ALIASES'),
        maxTokens: integer(env, 'GRAPHQL_MAX_TOKENS'),
        maxCost: integer(env, 'GRAPHQL_MAX_COST'),
        maxDocumentBytes: integer(env, 'GRAPHQL_MAX_DOCUMENT_BYTES'),
      },
      cacheMb: integer(env, 'GRAPHQL_CACHE_MB'),
      introspection: flag(env, 'GRAPHQL_INTROSPECTION'),
      graphiql: flag(env, 'GRAPHIQL'),
    },
    access: access(env),
    shutdown: {
      drainMs: integer(env, 'SHUTDOWN_DRAIN_MS'),
      timeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS'),
    },
    live: live(env),
    logLevel: text(env, 'LOG_LEVEL')!,
    logBufferBytes: integer(env, 'LOG_BUFFER_BYTES'),
  };
}

/** Every setting at its default: for code that runs without a configuration (tests, tools). */
export const defaults = (): Config => loadConfig({});
