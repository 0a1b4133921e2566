import { Command } from 'commander';
import { ConfigError, loadConfig } from './config';
import { openForServing } from './db/open';
import { createHttpServer } from './http/server';
import { EmulatorRepository } from './emulator/repository';
import { connected, openRedis } from './emulator/redis';
import { createLogger } from './log';
import { PageCache } from './rest/pageCache';
import { MasterchainTip } from './data/blocks';
import { Limiter } from './http/limiter';
import { BodyBudget } from './http/body';
import { RateLimiter } from './http/rateLimit';
import { proxyTrust } from './http/access';
import { LiveRuntime } from './live/runtime';
import { RedisLiveSource } from './live/redisSource';
import { DatabaseFinalityWatcher } from './live/dbWatcher';
import { readAccountState } from './live/accountState';
import { LiveDemo, liveDemoOn } from './live/demo';

/** Every setting is an environment variable and the same-named flag (PG_POOL_MAX is --pg-pool-max); flags win. */
const SETTINGS: [env: string, help: string][] = [
  ['PORT', 'HTTP port (default 8080)'],
  ['HOST', 'address to listen on (default 0.0.0.0)'],
  ['DATABASE_URL', 'PostgreSQL of ton-indexer, read-only; default: embedded PGlite in DATA_DIR'],
  ['DATABASE_REPLICA_URLS', 'read replicas, comma-separated; health-checked, a failed or lagging one is skipped'],
  ['READ_FROM_PRIMARY', 'fallback: the primary serves reads when no replica can (default); never; always'],
  ['MAX_REPLICA_LAG_MS', 'a replica further behind the primary is skipped (default 2000)'],
  ['REPLICA_PROBE_MS', 'how often each database source is probed (default 1000)'],
  ['DATA_DIR', 'embedded database directory (default ./data)'],
  ['REDIS_URL', "the trace emulator's Redis, for pending traces (read-only)"],
  ['TON_NETWORK', 'mainnet or testnet, for user-friendly addresses (default: from the data, else mainnet)'],
  ['STATEMENT_TIMEOUT_MS', 'SQL statement timeout (default 3000)'],
  ['PG_POOL_MAX', 'PostgreSQL connections (default 10)'],
  ['PG_CONNECT_TIMEOUT_MS', 'how long to wait for a pool connection (default 2000)'],
  ['CACHE_MAX_MB', 'memory for finalized block pages served again, 0 to turn off (default 64)'],
  ['MAX_CONCURRENT_REQUESTS', 'requests building responses at once, the rest queue (default 4)'],
  [
    'MAX_CONCURRENT_TRANSACTIONS',
    'rows shaped at once over those requests; a page weighs its limit, a trace page its transactions, a GraphQL request the sum of its pages; a heavier one runs alone (default 1500)',
  ],
  ['REQUEST_TIMEOUT_MS', "how long a request's work may run once it has its turn; then 504 (default 30000)"],
  ['MAX_BUFFERED_BODY_BYTES', 'request bodies held in memory at once, over every connection; past it 503 (default 67108864)'],
  ['BODY_TIMEOUT_MS', 'how long a request body may take to arrive; then 408 (default 10000)'],
  ['MAX_QUEUED_REQUESTS', 'requests that may wait for a turn; more get 503 with Retry-After (default 256)'],
  ['MAX_QUEUE_WAIT_MS', 'longest wait for a turn before 503 (default 5000)'],
  ['ADDRESS_BOOK_MAX_AGE_MS', 'longest a finalized page may be cached with its address book, 0: not cached (default 60000)'],
  ['MAX_TRACE_TRANSACTIONS', 'traces with more transactions are returned incomplete (default 4000)'],
  ['GRAPHQL_MAX_DEPTH', 'GraphQL depth limit (default 15)'],
  ['GRAPHQL_MAX_ALIASES', 'GraphQL alias limit (default 30)'],
  ['GRAPHQL_MAX_TOKENS', 'GraphQL token limit (default 2000)'],
  ['GRAPHQL_MAX_COST', 'GraphQL cost limit, list fields priced by their limit (default 1000000)'],
  ['GRAPHQL_MAX_DOCUMENT_BYTES', 'GraphQL document size limit (default 100000)'],
  ['GRAPHQL_CACHE_MB', 'memory for parsed GraphQL documents, counted by their length; 0 off (default 16)'],
  ['GRAPHQL_INTROSPECTION', 'true/false (default true)'],
  ['GRAPHIQL', 'serve GraphiQL, true/false (default true)'],
  ['API_KEYS', 'accepted API keys, comma-separated'],
  ['REQUIRE_API_KEY', 'true: requests need a key'],
  ['RATE_LIMIT_IP', 'requests per second per client address, 0 off'],
  ['RATE_LIMIT_IP_BURST', 'burst per client address (default twice the rate)'],
  ['RATE_LIMIT_KEY', 'requests per second per API key, 0 off'],
  ['RATE_LIMIT_KEY_BURST', 'burst per API key (default twice the rate)'],
  ['RATE_LIMIT_REDIS_URL', 'Redis shared by instances for rate limits'],
  ['TRUST_PROXY', 'proxies in front whose X-Forwarded-For is believed: a hop count (true is 1) or addresses/CIDRs, comma-separated'],
  ['SHUTDOWN_DRAIN_MS', 'on SIGTERM, keep serving this long with /ready answering 503 (default 5000)'],
  ['SHUTDOWN_TIMEOUT_MS', 'then wait this long for requests in flight before exiting 1 (default 10000)'],
  ['LIVE_POLL_MS', 'how often the database is polled for newly finalized traces, for live events; 0 off (default 1000)'],
  ['LIVE_DEMO', 'auto: play the demo traces to live subscribers on the embedded demo database without REDIS_URL (default); on; off'],
  ['LIVE_QUEUE', 'events a live subscriber may have waiting; a slower one loses the oldest (default 64)'],
  ['LIVE_MAX_SUBSCRIBERS', 'live subscribers (SSE, WebSocket, GraphQL subscriptions) on this instance (default 10000)'],
  ['LIVE_MAX_SUBSCRIBERS_PER_IP', 'live subscribers per client address (default 100)'],
  ['LIVE_MAX_SUBSCRIBERS_PER_KEY', 'live subscribers per API key (default 1000)'],
  ['LIVE_MAX_ADDRESSES', 'addresses one live subscription may name (default 1000)'],
  ['LIVE_MAX_ADDRESSES_PER_IP', 'addresses followed by all live subscriptions of one client address, summed (default 10000)'],
  ['LIVE_MAX_ADDRESSES_PER_KEY', 'addresses followed by all live subscriptions of one API key, summed (default 100000)'],
  ['LIVE_MAX_ADDRESSES_TOTAL', 'addresses followed by all live subscriptions of this instance, summed; about 700 bytes each (default 400000, ~280 MB)'],
  ['LOG_LEVEL', 'pino log level (default info)'],
  ['LOG_BUFFER_BYTES', 'log output that may wait for a slow reader of standard output; more is dropped and counted in /metrics (default 4194304)'],
];

/** The longest wait at exit for log lines standard output has not taken yet. */
const EXIT_FLUSH_MS = 1000;

const flagName = (env: string) => env.toLowerCase().replace(/_/g, '-');
const optionKey = (env: string) => flagName(env).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const program = new Command().name('tonql').description('Serves TON traces and transactions over GraphQL and TON Center v3 compatible REST');
for (const [env, help] of SETTINGS) program.option(`--${flagName(env)} <value>`, `${help} (env ${env})`);
program.parse();

/** The environment with the command line's flags laid over it. */
function settings(): NodeJS.ProcessEnv {
  const flags = program.opts<Record<string, string | undefined>>();
  const overlay = Object.fromEntries(SETTINGS.flatMap(([env]) => (flags[optionKey(env)] === undefined ? [] : [[env, flags[optionKey(env)]]])));
  return { ...process.env, ...overlay };
}

async function main() {
  const config = loadConfig(settings());
  const { log, drained: logDrained } = createLogger(config.logLevel, config.logBufferBytes);
  const { db, network, apiVersion, demo: demoDatabase } = await openForServing(config, log);
  const redis = config.redisUrl ? openRedis(config.redisUrl, { log, name: 'redis' }) : undefined;
  const rateLimitRedis = config.access.redisUrl ? openRedis(config.access.redisUrl, { log, name: 'rate-limit redis' }) : undefined;
  if (redis) {
    // Serving starts either way: while Redis is away, pendingTraces answers from the database with a warning.
    await connected(redis).catch((err: Error) => log.warn(`Redis: ${err.message}; pending traces come from the database until it answers`));
  }
  const services = {
    db,
    network,
    apiVersion,
    statementTimeoutMs: config.statementTimeoutMs,
    log,
    emulator: redis && new EmulatorRepository(redis, log),
    masterchainTip: new MasterchainTip(),
    pageCache: new PageCache(config.cacheMaxMb * 1024 * 1024),
    addressBookMaxAgeMs: config.addressBookMaxAgeMs,
    limiter: new Limiter({
      max: config.maxConcurrentRequests,
      maxWeight: config.maxConcurrentTransactions,
      maxQueue: config.maxQueuedRequests,
      maxWaitMs: config.maxQueueWaitMs,
    }),
    maxTraceTransactions: config.maxTraceTransactions,
    requestTimeoutMs: config.requestTimeoutMs,
    bodies: new BodyBudget(config.maxBufferedBodyBytes, config.bodyTimeoutMs),
    access: {
      policy: { ...config.access, apiKeys: new Set(config.access.apiKeys), trustProxy: proxyTrust(config.access.trustProxy) },
      limiter: new RateLimiter({ redis: rateLimitRedis }),
    },
  };
  const live = new LiveRuntime(config.live, log);
  const liveServices = { ...services, live };
  // One source per process: the emulator's channels (when Redis is configured) and the database's new blocks.
  const source =
    redis && config.redisUrl
      ? new RedisLiveSource(
          config.redisUrl,
          liveServices.emulator!,
          live.hub,
          { maxTransactions: config.maxTraceTransactions, readAccountState: (key) => readAccountState(redis, key) },
          log,
        )
      : undefined;
  source?.start().catch((err: Error) => log.warn(`live events from Redis: ${err.message}`));
  const watcher =
    config.live.pollMs > 0 ? new DatabaseFinalityWatcher(liveServices, live.hub, { intervalMs: config.live.pollMs, maxBlocksPerPoll: 32 }, log) : undefined;
  watcher?.start();
  const demo = liveDemoOn(config.live.demo, { demoDatabase, redis: Boolean(config.redisUrl) }) ? new LiveDemo(live.hub, { log }) : undefined;
  live.demo = demo;
  demo?.start();
  if (demo) log.info(`live demo: playing ${demo.traces} demo traces (testnet, July 2025) to live subscribers in a loop; LIVE_DEMO=off stops it`);
  if (demo && network !== 'testnet') log.warn(`live demo: the demo traces are testnet's, but this service presents addresses as ${network}`);
  const { server, shutdown } = createHttpServer(liveServices, config.graphql);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info(
      { port, database: config.databaseUrl ? 'postgres' : `pglite:${config.dataDir}`, redis: Boolean(redis), network },
      `listening on http://localhost:${port}`,
    );
  });
  // SIGTERM is a deploy: drain for the balancer. SIGINT is a person at a terminal: no drain. A second signal
  // stops at once. Either way the process ends by the deadline, whatever the database or standard output do.
  const stop = async (signal: NodeJS.Signals) => {
    const drainMs = signal === 'SIGINT' ? 0 : config.shutdown.drainMs;
    const deadline = Date.now() + drainMs + config.shutdown.timeoutMs;
    const left = () => Math.max(0, deadline - Date.now());
    const exit = async (code: number) => {
      await logDrained(Math.min(EXIT_FLUSH_MS, left()));
      process.exit(code);
    };
    // Streams end first, cleanly: their clients reconnect to an instance that stays.
    live.close();
    await Promise.all([source?.stop(), watcher?.stop(), demo?.stop()]);
    const finished = await shutdown.stop({ ...config.shutdown, drainMs });
    // Abandoned statements still hold pool connections: closing the pool would wait for them.
    if (!finished) return exit(1);
    redis?.disconnect();
    rateLimitRedis?.disconnect();
    // The embedded database closes after a statement a client gave up on (X-Timeout) has finished.
    const closing = db.close().catch((err: Error) => log.warn({ err }, 'closing the database'));
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, left()).unref())]);
    log.info('stopped');
    await exit(0);
  };
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    stop(signal).catch((err) => (log.error({ err }, 'shutdown failed'), process.exit(1)));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? `configuration error: ${err.message}` : `cannot start: ${(err as Error).message}`);
  process.exit(1);
});
