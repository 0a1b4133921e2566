import { Command } from 'commander';
import { ConfigError, loadConfig } from './config';
import { openForServing } from './db/open';
import { createHttpServer } from './http/server';
import { EmulatorRepository } from './emulator/repository';
import { connected, openRedis } from './emulator/redis';
import { createLogger } from './log';
import { PageCache } from './rest/pageCache';
import { addressBookCaches } from './shape/addressBookCache';
import { pageKeyCache } from './shape/pageKeys';
import { TraceJsonCache } from './shape/traceCache';
import { TransactionCache } from './shape/transactionCache';
import { TraceTreeCache } from './traces/treeCache';
import { MasterchainTip } from './data/blocks';
import { Limiter } from './http/limiter';
import { BodyBudget } from './http/body';
import { bodyDecoder } from './decode/cache';
import { RateLimiter } from './http/rateLimit';
import { proxyTrust } from './http/access';
import { LiveRuntime } from './live/runtime';
import { RedisLiveSource } from './live/redisSource';
import { DatabaseFinalityWatcher } from './live/dbWatcher';
import { readAccountState } from './live/accountState';
import { addSettingFlags, withFlags } from './settings/flags';
import { LiveDemo, liveDemoOn } from './live/demo';
import { TonApiV2 } from './upstream/tonApiV2';

/** The longest wait at exit for log lines standard output has not taken yet. */
const EXIT_FLUSH_MS = 1000;

const program = new Command().name('tonql').description('Serves TON traces and transactions over GraphQL and TON Center v3 compatible REST');
addSettingFlags(program).addHelpText('after', '\nEvery flag is also an environment variable (PG_POOL_MAX is --pg-pool-max); flags win.');
program.parse();

async function main() {
  const config = loadConfig(withFlags(program.opts()));
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
    transactionCache: new TransactionCache(config.transactionCacheMb * 1024 * 1024),
    traceTrees: new TraceTreeCache(config.traceTreeCacheMb * 1024 * 1024),
    traceJson: new TraceJsonCache(config.traceCacheMb * 1024 * 1024),
    addressBookCaches: addressBookCaches(config.addressBookCacheMb * 1024 * 1024, config.addressBookMaxAgeMs),
    pageKeys: pageKeyCache(config.pageKeyCacheMb * 1024 * 1024),
    addressBookMaxAgeMs: config.addressBookMaxAgeMs,
    limiter: new Limiter({
      max: config.maxConcurrentRequests,
      maxWeight: config.maxConcurrentTransactions,
      maxQueue: config.maxQueuedRequests,
      maxWaitMs: config.maxQueueWaitMs,
    }),
    maxTraceTransactions: config.maxTraceTransactions,
    requestTimeoutMs: config.requestTimeoutMs,
    headersTimeoutMs: config.headersTimeoutMs,
    bodies: new BodyBudget(config.maxBufferedBodyBytes, config.bodyTimeoutMs),
    decoder: bodyDecoder(config.decode),
    tonApiV2: config.tonApiV2.url === undefined ? undefined : new TonApiV2({ ...config.tonApiV2, url: config.tonApiV2.url }),
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
  // Without the watcher, the tip that tells the transaction cache what is final is followed on its own.
  const stopFollowingTip = watcher ? undefined : services.masterchainTip.follow(db, 1000);
  const demo = liveDemoOn(config.live.demo, { demoDatabase, redis: Boolean(config.redisUrl) }) ? new LiveDemo(live.hub, { log }) : undefined;
  live.demo = demo;
  demo?.start();
  if (demo) log.info(`live demo: playing ${demo.traces} demo traces (mainnet, 2025) to live subscribers in a loop; LIVE_DEMO=off stops it`);
  if (demo && network !== 'mainnet') log.warn(`live demo: the demo traces are mainnet's, but this service presents addresses as ${network}`);
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
    stopFollowingTip?.();
    await Promise.all([source?.stop(), watcher?.stop(), demo?.stop()]);
    const finished = await shutdown.stop({ ...config.shutdown, drainMs });
    // Abandoned statements still hold pool connections: closing the pool would wait for them.
    if (!finished) return exit(1);
    redis?.disconnect();
    rateLimitRedis?.disconnect();
    services.tonApiV2?.close();
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
