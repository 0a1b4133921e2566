import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let probe: Promise<boolean> | undefined;

/** Whether Redis answers; on CI a missing server is an error, elsewhere its tests skip with a message. */
export function redisAvailable(): Promise<boolean> {
  probe ??= (async () => {
    const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      return true;
    } catch (err) {
      if (process.env.CI) throw new Error(`CI requires Redis at ${REDIS_URL}: ${(err as Error).message}`);
      console.warn(`Redis is not reachable at ${REDIS_URL} (${(err as Error).message}): skipping its tests. Set TEST_REDIS_URL to run them.`);
      return false;
    } finally {
      client.disconnect();
    }
  })();
  return probe;
}

/** A URL on a database index of its own, emptied, so test files never see each other's keys. */
export async function freshRedisUrl(index: number): Promise<string> {
  const url = new URL(REDIS_URL);
  url.pathname = `/${index}`;
  const client = new Redis(url.toString());
  await client.flushdb();
  client.disconnect();
  return url.toString();
}

/**
 * The commands Redis executes on the database of `url` (MONITOR) for the connection of `client`, to measure
 * what a reader reads on the real server, whoever else uses it. `take()` returns those executed since the last
 * call.
 */
export async function watchCommands(url: string, client: Redis) {
  const index = Number(new URL(url).pathname.slice(1) || 0);
  const source = `${client.stream.localAddress}:${client.stream.localPort}`;
  const watcher = new Redis(url);
  const monitor = await watcher.monitor();
  const seen: string[][] = [];
  let marker: { id: string; seen: () => void } | undefined;
  monitor.on('monitor', (_time: string, args: string[], from: string, database: string) => {
    if (marker && args[0].toLowerCase() === 'echo' && args[1] === marker.id) marker.seen();
    else if (from === source && Number(database) === index) seen.push([args[0].toLowerCase(), ...args.slice(1)]);
  });
  return {
    async take(): Promise<string[][]> {
      // MONITOR reports in execution order: once a marker sent now arrives, everything before it has.
      const arrived = new Promise<void>((resolve) => (marker = { id: randomUUID(), seen: resolve }));
      await watcher.echo(marker!.id);
      await arrived;
      return seen.splice(0);
    },
    close(): void {
      monitor.disconnect();
      watcher.disconnect();
    },
  };
}
