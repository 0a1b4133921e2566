/**
 * Every setting of the service, once: its environment variable (also a flag, PG_POOL_MAX is --pg-pool-max), its
 * default, what it accepts and what it does. `loadConfig` (config.ts) reads the environment through these rows,
 * `--help` lists them (flags.ts), and README's Configuration table is generated from them (readme.ts).
 */

interface Common {
  env: string;
  /** What it does, for `--help` and README. */
  help: string;
}

export interface IntegerSetting extends Common {
  kind: 'integer';
  min: number;
  max: number;
  /** Absent: derived from another setting, as `shown` says. */
  default?: number;
  shown?: string;
}

export interface BooleanSetting extends Common {
  kind: 'boolean';
  default: boolean;
}

export interface ChoiceSetting extends Common {
  kind: 'choice';
  choices: readonly string[];
  /** Absent: unset, as `shown` says. */
  default?: string;
  shown?: string;
  /** How the error message and README name the choices, when not as a plain list. */
  accepts?: string;
}

/** Free text, or text that must match `pattern` (each entry of a comma-separated `list`). */
export interface TextSetting extends Common {
  kind: 'text';
  default?: string;
  shown?: string;
  pattern?: RegExp;
  accepts?: string;
  list?: true;
  /**
   * How the CLI's commands that write to it take it, where the service's default and help do not fit: `emulate`
   * and `replay` write to a local Redis when none is named, the service reads none.
   */
  cli?: { default: string; help: string };
}

export type Setting = IntegerSetting | BooleanSetting | ChoiceSetting | TextSetting;

const POSTGRES_URL = /^postgres(ql)?:\/\//;
const REDIS_URL = /^rediss?:\/\//;
const HTTP_URL = /^https?:\/\//;

export const TRUST_PROXY_FORMS =
  'false, true (one proxy), a number of proxies from 0 to 100, or addresses and CIDRs (and loopback, linklocal, uniquelocal) separated by commas';

export const SETTINGS = [
  { env: 'PORT', kind: 'integer', default: 8080, min: 0, max: 65535, help: 'HTTP port' },
  { env: 'HOST', kind: 'text', default: '0.0.0.0', help: 'address to listen on' },
  {
    env: 'DATABASE_URL',
    kind: 'text',
    shown: 'embedded PGlite in DATA_DIR',
    pattern: POSTGRES_URL,
    accepts: 'a postgres:// or postgresql:// connection string',
    help: 'PostgreSQL of ton-indexer; the server opens read-only sessions',
  },
  { env: 'DATA_DIR', kind: 'text', default: './data', help: 'embedded database directory' },
  {
    env: 'TON_NETWORK',
    kind: 'choice',
    choices: ['mainnet', 'testnet'],
    shown: 'from the data, else mainnet',
    accepts: '"mainnet" or "testnet"',
    help: 'the network of user-friendly addresses',
  },
  {
    env: 'REDIS_URL',
    kind: 'text',
    shown: 'none',
    pattern: REDIS_URL,
    accepts: 'a redis:// or rediss:// URL',
    help: "the trace emulator's Redis, for pending traces and live events (read-only)",
    cli: { default: 'redis://127.0.0.1:6379', help: 'Redis to write to' },
  },
  {
    env: 'TON_API_V2_URL',
    kind: 'text',
    shown: 'none (the forwarding routes answer 501)',
    pattern: HTTP_URL,
    accepts: 'an http:// or https:// URL',
    help: "a TON HTTP API v2 (ton-http-api) endpoint such as https://toncenter.com/api/v2: `message`, `runGetMethod`, `estimateFee` and `use_v2=true` are forwarded to it, as TON Center's `-v2` does",
  },
  {
    env: 'TON_API_V2_API_KEY',
    kind: 'text',
    shown: 'none',
    help: 'the key sent to TON_API_V2_URL as its `api_key` query parameter, as TON Center sends its `-v2-apikey`',
  },
  {
    env: 'TON_API_V2_TIMEOUT_MS',
    kind: 'integer',
    default: 10_000,
    min: 1,
    max: 600_000,
    help: 'how long a forwarded request may take, connection to last byte (a lower `x_timeout` lowers it); then 504',
  },
  {
    env: 'STATEMENT_TIMEOUT_MS',
    kind: 'integer',
    default: 3000,
    min: 1,
    max: 600_000,
    help: 'SQL statement timeout, on PostgreSQL and the embedded database',
  },
  { env: 'PG_POOL_MAX', kind: 'integer', default: 10, min: 1, max: 1000, help: 'PostgreSQL connections' },
  {
    env: 'PG_CONNECT_TIMEOUT_MS',
    kind: 'integer',
    default: 2000,
    min: 1,
    max: 600_000,
    help: 'how long to wait for a pool connection before answering 503',
  },
  {
    env: 'DATABASE_REPLICA_URLS',
    kind: 'text',
    shown: 'none',
    pattern: POSTGRES_URL,
    list: true,
    accepts: 'postgres:// connection strings separated by commas',
    help: 'read replicas, comma-separated; health-checked, a failed or lagging one is skipped',
  },
  {
    env: 'READ_FROM_PRIMARY',
    kind: 'choice',
    choices: ['fallback', 'never', 'always'],
    default: 'fallback',
    help: '`fallback`: the primary serves reads when no replica can; `never`; `always`',
  },
  { env: 'MAX_REPLICA_LAG_MS', kind: 'integer', default: 2000, min: 0, max: 3_600_000, help: 'a replica further behind the primary is skipped' },
  { env: 'REPLICA_PROBE_MS', kind: 'integer', default: 1000, min: 100, max: 600_000, help: 'how often each database source is probed' },
  {
    env: 'CACHE_MAX_MB',
    kind: 'integer',
    default: 64,
    min: 0,
    max: 65536,
    help: 'memory for pages of finalized blocks served again without SQL; 0 turns it off',
  },
  {
    env: 'TRANSACTION_CACHE_MB',
    kind: 'integer',
    default: 64,
    min: 0,
    max: 65536,
    help: "memory for finalized transactions' response JSON, reused by every page that lists them (their messages, states and bodies not read again); 0 turns it off",
  },
  {
    env: 'TRACE_TREE_CACHE_MB',
    kind: 'integer',
    default: 16,
    min: 0,
    max: 65536,
    help: "memory for final traces' trees (their transactions and how they link), so GraphQL navigation into a trace reads neither again; 0 turns it off",
  },
  {
    env: 'TRACE_CACHE_MB',
    kind: 'integer',
    default: 32,
    min: 0,
    max: 65536,
    help: "memory for final traces' response JSON whole (and its gzip once asked for), so a page of a busy account's traces reads and writes only what is new; 0 turns it off",
  },
  {
    env: 'ADDRESS_BOOK_CACHE_MB',
    kind: 'integer',
    default: 16,
    min: 0,
    max: 65536,
    help: 'memory for address-book entries and metadata as of the newest masterchain block seen, reused by every response until a later one is seen; 0 reads them for each response',
  },
  {
    env: 'PAGE_KEY_CACHE_MB',
    kind: 'integer',
    default: 8,
    min: 0,
    max: 65536,
    help: 'memory for the transactions each `/transactions` page lists (their hashes) as of the newest masterchain block seen, so the same page asked again reads no statement for them until a later one is seen; 0 reads them for each request',
  },
  {
    env: 'DECODE_BODIES',
    kind: 'boolean',
    default: true,
    help: 'decode message bodies as TON Center does (`message_content.decoded`, GraphQL `parsed`); off, both are null (`decoded_opcode` is named either way)',
  },
  {
    env: 'DECODE_CACHE_MB',
    kind: 'integer',
    default: 32,
    min: 0,
    max: 65536,
    help: 'memory for decoded message bodies, for each form served (REST JSON, GraphQL typed values), each distinct body decoded once; 0 decodes a body each time it is served',
  },
  {
    env: 'MAX_CONCURRENT_REQUESTS',
    kind: 'integer',
    default: 4,
    min: 1,
    max: 10_000,
    help: 'requests building a response at once; the rest queue (bounds memory)',
  },
  {
    env: 'MAX_CONCURRENT_TRANSACTIONS',
    kind: 'integer',
    default: 1500,
    min: 1,
    max: 100_000_000,
    help: "rows shaped at once over those requests (a page weighs its `limit`; a trace page its traces' transactions; a GraphQL request the sum of its pages, aliases included, nested pages multiplied); a request heavier than this runs alone. Keeps two 1000-transaction pages from being built together (peak RSS)",
  },
  {
    env: 'REQUEST_TIMEOUT_MS',
    kind: 'integer',
    default: 30_000,
    min: 1,
    max: 3_600_000,
    help: "how long a request's work may run once it has its turn; past it no further statement starts and the client gets 504",
  },
  {
    env: 'MAX_BUFFERED_BODY_BYTES',
    kind: 'integer',
    default: 64 * 1024 * 1024,
    min: 1024 * 1024,
    max: 64 * 1024 * 1024 * 1024,
    help: 'request bodies held in memory at once, over every connection; past it a body is refused with 503',
  },
  { env: 'BODY_TIMEOUT_MS', kind: 'integer', default: 10_000, min: 1, max: 600_000, help: 'how long a request body may take to arrive; then 408' },
  {
    env: 'HEADERS_TIMEOUT_MS',
    kind: 'integer',
    default: 10_000,
    min: 100,
    max: 300_000,
    help: "how long a request's line and headers may take to arrive (up to 128 KiB held per connection meanwhile); then 408 and the connection is closed",
  },
  {
    env: 'MAX_QUEUED_REQUESTS',
    kind: 'integer',
    default: 256,
    min: 0,
    max: 1_000_000,
    help: 'requests that may wait for a turn; more get 503 with `Retry-After`',
  },
  { env: 'MAX_QUEUE_WAIT_MS', kind: 'integer', default: 5000, min: 1, max: 600_000, help: 'longest wait for a turn before 503' },
  {
    env: 'ADDRESS_BOOK_MAX_AGE_MS',
    kind: 'integer',
    default: 60_000,
    min: 0,
    max: 86_400_000,
    help: 'longest a finalized page is cached (here and by clients) with its address book; 0: not cached',
  },
  {
    env: 'MAX_TRACE_TRANSACTIONS',
    kind: 'integer',
    default: 4000,
    min: 1,
    max: 1_000_000,
    help: 'larger traces are returned as incomplete headers',
  },
  { env: 'GRAPHQL_MAX_DEPTH', kind: 'integer', default: 15, min: 1, max: 1000, help: 'GraphQL depth limit (graphql-armor)' },
  { env: 'GRAPHQL_MAX_ALIASES', kind: 'integer', default: 30, min: 0, max: 100_000, help: 'GraphQL alias limit' },
  { env: 'GRAPHQL_MAX_TOKENS', kind: 'integer', default: 2000, min: 10, max: 1_000_000, help: 'GraphQL token limit' },
  {
    env: 'GRAPHQL_MAX_COST',
    kind: 'integer',
    // A full 1000-transaction page (every field, messages included) costs about 250,000, the nested trace query
    // of the benchmark about as much: room for that, and a few of them aliased together are refused.
    default: 1_000_000,
    min: 1,
    max: 1_000_000_000,
    help: 'GraphQL cost limit: every field costs 1, list fields multiply by their `limit` (a full 1000-transaction page ≈ 250000)',
  },
  { env: 'GRAPHQL_MAX_DOCUMENT_BYTES', kind: 'integer', default: 100_000, min: 100, max: 100_000_000, help: 'GraphQL document size limit' },
  {
    env: 'GRAPHQL_CACHE_MB',
    kind: 'integer',
    default: 16,
    min: 0,
    max: 65536,
    help: 'parsed GraphQL documents (three quarters) and the errors of invalid ones (a quarter) kept for reuse, in all, counted as 20 bytes per byte of document text (16 MB: about 600 KB of documents); 0 turns the caches off',
  },
  { env: 'GRAPHQL_INTROSPECTION', kind: 'boolean', default: true, help: 'schema introspection; switch it off for production' },
  { env: 'GRAPHIQL', kind: 'boolean', default: true, help: 'serve the GraphiQL page; switch it off for production' },
  { env: 'API_KEYS', kind: 'text', list: true, shown: 'none', help: 'accepted API keys, comma-separated' },
  { env: 'REQUIRE_API_KEY', kind: 'boolean', default: false, help: 'true: requests without a key get 401 (needs API_KEYS)' },
  { env: 'RATE_LIMIT_IP', kind: 'integer', default: 0, min: 0, max: 1_000_000, help: 'requests per second per client address; 0 is off' },
  { env: 'RATE_LIMIT_IP_BURST', kind: 'integer', shown: 'twice the rate', min: 1, max: 10_000_000, help: 'burst per client address' },
  { env: 'RATE_LIMIT_KEY', kind: 'integer', default: 0, min: 0, max: 1_000_000, help: 'requests per second per API key; 0 is off' },
  { env: 'RATE_LIMIT_KEY_BURST', kind: 'integer', shown: 'twice the rate', min: 1, max: 10_000_000, help: 'burst per API key' },
  {
    env: 'RATE_LIMIT_REDIS_URL',
    kind: 'text',
    shown: 'none',
    pattern: REDIS_URL,
    accepts: 'a redis:// or rediss:// URL',
    help: "Redis shared by instances for rate limits (the emulator's REDIS_URL stays read-only)",
  },
  {
    env: 'TRUST_PROXY',
    kind: 'text',
    default: 'false',
    accepts: TRUST_PROXY_FORMS,
    help: 'proxies in front whose X-Forwarded-For is believed',
  },
  {
    env: 'SHUTDOWN_DRAIN_MS',
    kind: 'integer',
    default: 5000,
    min: 0,
    max: 600_000,
    help: 'on SIGTERM, keep serving this long with `/ready` answering 503',
  },
  {
    env: 'SHUTDOWN_TIMEOUT_MS',
    kind: 'integer',
    default: 10_000,
    min: 1,
    max: 600_000,
    help: 'then wait this long for requests in flight before exiting 1',
  },
  {
    env: 'LIVE_POLL_MS',
    kind: 'integer',
    default: 1000,
    min: 0,
    max: 600_000,
    help: 'how often the database is polled for newly finalized traces (live events); 0 off',
  },
  {
    env: 'LIVE_DEMO',
    kind: 'choice',
    choices: ['auto', 'on', 'off'],
    default: 'auto',
    help: '`auto`: the service plays its demo traces to live subscribers on the embedded demo database without `REDIS_URL`; `on`; `off`',
  },
  {
    env: 'LIVE_QUEUE',
    kind: 'integer',
    // TON Center's
    default: 64,
    min: 1,
    max: 100_000,
    help: 'events a live subscriber may have waiting; a slower one loses the oldest',
  },
  {
    env: 'LIVE_MAX_SUBSCRIBERS',
    kind: 'integer',
    default: 10_000,
    min: 0,
    max: 1_000_000,
    help: 'live subscribers (SSE, WebSocket, GraphQL subscriptions) on this instance',
  },
  { env: 'LIVE_MAX_SUBSCRIBERS_PER_IP', kind: 'integer', default: 100, min: 0, max: 1_000_000, help: 'live subscribers per client address' },
  { env: 'LIVE_MAX_SUBSCRIBERS_PER_KEY', kind: 'integer', default: 1000, min: 0, max: 1_000_000, help: 'live subscribers per API key' },
  {
    env: 'LIVE_MAX_ADDRESSES',
    kind: 'integer',
    default: 1000,
    min: 1,
    max: 1_000_000,
    help: 'addresses (and trace keys) one live subscription may name',
  },
  {
    env: 'LIVE_MAX_ADDRESSES_PER_IP',
    kind: 'integer',
    default: 10_000,
    min: 0,
    max: 100_000_000,
    help: 'addresses followed by all live subscriptions of one client address, summed',
  },
  {
    env: 'LIVE_MAX_ADDRESSES_PER_KEY',
    kind: 'integer',
    default: 100_000,
    min: 0,
    max: 100_000_000,
    help: 'addresses followed by all live subscriptions of one API key, summed',
  },
  {
    env: 'LIVE_MAX_ADDRESSES_TOTAL',
    kind: 'integer',
    default: 400_000,
    min: 0,
    max: 100_000_000,
    help: 'addresses followed by all live subscriptions of this instance, summed; about 700 bytes each (~280 MB by default)',
  },
  {
    env: 'LIVE_RESUME_MAX_BLOCKS',
    kind: 'integer',
    default: 1000,
    min: 0,
    max: 1_000_000,
    help: 'masterchain blocks a resumed live stream replays at most; from further back it starts with a `resume_too_old` event',
  },
  {
    env: 'LIVE_RESUME_CONCURRENCY',
    kind: 'integer',
    default: 4,
    min: 1,
    max: 1000,
    help: 'steps of live stream replays (resumes and refills after a gap) that read the database at once; the rest wait their turn',
  },
  { env: 'LOG_LEVEL', kind: 'text', default: 'info', help: 'pino log level (JSON logs)' },
  {
    env: 'LOG_BUFFER_BYTES',
    kind: 'integer',
    default: 4 * 1024 * 1024,
    min: 65_536,
    max: 1024 * 1024 * 1024,
    help: 'log output that may wait for a slow reader of standard output; more is dropped and counted in `/metrics`',
  },
] as const satisfies readonly Setting[];

export type SettingName = (typeof SETTINGS)[number]['env'];
export type NameOf<K extends Setting['kind']> = Extract<(typeof SETTINGS)[number], { kind: K }>['env'];

const BY_NAME = new Map<string, Setting>(SETTINGS.map((s) => [s.env, s]));

export const setting = (name: SettingName): Setting => BY_NAME.get(name)!;

/** What a setting accepts, in words: the error messages' and README's. */
export function accepts(s: Setting): string {
  switch (s.kind) {
    case 'integer':
      return `an integer from ${s.min} to ${s.max}`;
    case 'boolean':
      return 'true or false';
    case 'choice':
      return s.accepts ?? s.choices.join(', ');
    case 'text':
      return s.accepts ?? (s.list ? 'a comma-separated list' : 'text');
  }
}

/** A setting as the CLI takes it: with its CLI default and help when it has its own. */
export const forCli = (s: Setting): Setting => (s.kind === 'text' && s.cli ? { ...s, ...s.cli } : s);

/** Its default as shown to a person. */
export function shownDefault(s: Setting): string | undefined {
  return s.default === undefined ? s.shown : String(s.default);
}
