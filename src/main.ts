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

const program = new Command()
  .name('tonql')
  .description('Serves TON traces and transactions over GraphQL and TON Center v3 compatible REST')
  .option('--port <port>', 'HTTP port (env PORT, default 8080)')
  .option('--host <host>', 'address to listen on (env HOST, default 0.0.0.0)')
  .option('--database-url <url>', 'PostgreSQL of ton-indexer, read-only (env DATABASE_URL); default: embedded PGlite')
  .option('--data-dir <dir>', 'embedded database directory (env DATA_DIR, default ./data)')
  .option('--redis-url <url>', "the trace emulator's Redis, for pending traces (env REDIS_URL); optional")
  .option('--network <network>', 'mainnet or testnet, for user-friendly addresses (env TON_NETWORK)')
  .option('--statement-timeout <ms>', 'SQL statement timeout (env STATEMENT_TIMEOUT_MS, default 3000)')
  .option('--cache-max-mb <mb>', 'memory for finalized block pages served again, 0 to turn off (env CACHE_MAX_MB, default 64)')
  .option('--max-concurrent-requests <n>', 'requests building responses at once, the rest queue (env MAX_CONCURRENT_REQUESTS, default 4)')
  .option('--log-level <level>', 'pino log level (env LOG_LEVEL, default info)')
  .parse();

async function main() {
  const config = loadConfig(process.env, program.opts());
  const log = createLogger(config.logLevel);
  const { db, network, apiVersion } = await openForServing(config, log);
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  const rateLimitRedis = config.access.redisUrl ? openRedis(config.access.redisUrl) : undefined;
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
