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
