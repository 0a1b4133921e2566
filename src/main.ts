import { Command } from 'commander';
import { ConfigError, loadConfig } from './config';
import { openForServing } from './db/open';
import { createHttpServer } from './http/server';
import { EmulatorRepository } from './emulator/repository';
import { connected, openRedis } from './emulator/redis';
import { createLogger } from './log';
import { PageCache } from './rest/pageCache';
import { Limiter } from './http/limiter';
import { RateLimiter } from './http/rateLimit';

/** Every setting is an environment variable and the same-named flag (PG_POOL_MAX is --pg-pool-max); flags win. */
const SETTINGS: [env: string, help: string][] = [
  ['PORT', 'HTTP port (default 8080)'],
  ['HOST', 'address to listen on (default 0.0.0.0)'],
  ['DATABASE_URL', 'PostgreSQL of ton-indexer, read-only; default: embedded PGlite in DATA_DIR'],
  ['DATABASE_REPLICA_URLS', 'read replicas, comma-separated'],
  ['DATA_DIR', 'embedded database directory (default ./data)'],
  ['REDIS_URL', "the trace emulator's Redis, for pending traces (read-only)"],
  ['TON_NETWORK', 'mainnet or testnet, for user-friendly addresses (default: from the data, else mainnet)'],
  ['STATEMENT_TIMEOUT_MS', 'SQL statement timeout (default 3000)'],
  ['PG_POOL_MAX', 'PostgreSQL connections (default 10)'],
  ['PG_CONNECT_TIMEOUT_MS', 'how long to wait for a pool connection (default 2000)'],
  ['CACHE_MAX_MB', 'memory for finalized block pages served again, 0 to turn off (default 64)'],
  ['MAX_CONCURRENT_REQUESTS', 'requests building responses at once, the rest queue (default 4)'],
  ['MAX_TRACE_TRANSACTIONS', 'traces with more transactions are returned incomplete (default 4000)'],
  ['GRAPHQL_MAX_DEPTH', 'GraphQL depth limit (default 15)'],
  ['GRAPHQL_MAX_ALIASES', 'GraphQL alias limit (default 30)'],
  ['GRAPHQL_MAX_TOKENS', 'GraphQL token limit (default 2000)'],
  ['GRAPHQL_MAX_COST', 'GraphQL cost limit, list fields priced by their limit (default 1000000)'],
  ['GRAPHQL_MAX_DOCUMENT_BYTES', 'GraphQL document size limit (default 100000)'],
  ['GRAPHQL_INTROSPECTION', 'true/false (default true)'],
  ['GRAPHIQL', 'serve GraphiQL, true/false (default true)'],
  ['API_KEYS', 'accepted API keys, comma-separated'],
  ['REQUIRE_API_KEY', 'true: requests need a key'],
  ['RATE_LIMIT_IP', 'requests per second per client address, 0 off'],
  ['RATE_LIMIT_IP_BURST', 'burst per client address (default twice the rate)'],
  ['RATE_LIMIT_KEY', 'requests per second per API key, 0 off'],
  ['RATE_LIMIT_KEY_BURST', 'burst per API key (default twice the rate)'],
  ['RATE_LIMIT_REDIS_URL', 'Redis shared by instances for rate limits'],
  ['TRUST_PROXY', 'true: client address from X-Forwarded-For'],
  ['LOG_LEVEL', 'pino log level (default info)'],
];

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
  const log = createLogger(config.logLevel);
  const { db, network, apiVersion } = await openForServing(config, log);
  const redis = config.redisUrl ? openRedis(config.redisUrl, { log, name: 'redis' }) : undefined;
  const rateLimitRedis = config.access.redisUrl ? openRedis(config.access.redisUrl, { log, name: 'rate-limit redis' }) : undefined;
  if (redis) {
    // Serving starts either way: while Redis is away, pendingTraces answers from the database with a warning.
    await connected(redis).catch((err: Error) => log.warn(`Redis: ${err.message}; pending traces come from the database until it answers`));
  }
  const services = {
    db, network, apiVersion, statementTimeoutMs: config.statementTimeoutMs, log,
    emulator: redis && new EmulatorRepository(redis),
    pageCache: new PageCache(config.cacheMaxMb * 1024 * 1024),
    limiter: new Limiter(config.maxConcurrentRequests),
    maxTraceTransactions: config.maxTraceTransactions,
    access: { policy: { ...config.access, apiKeys: new Set(config.access.apiKeys) }, limiter: new RateLimiter(rateLimitRedis) },
  };
  const { server } = createHttpServer(services, config.graphql);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info({ port, database: config.databaseUrl ? 'postgres' : `pglite:${config.dataDir}`, redis: Boolean(redis), network }, `listening on http://localhost:${port}`);
  });
  const stop = () => {
    log.info('shutting down');
    server.close(() => {
      redis?.disconnect();
      rateLimitRedis?.disconnect();
      db.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? `configuration error: ${err.message}` : `cannot start: ${(err as Error).message}`);
  process.exit(1);
});
