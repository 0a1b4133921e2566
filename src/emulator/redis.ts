import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { dependencyLog } from '../log';

/**
 * A Redis client that fails fast instead of queueing while Redis is away (a request must not hang on it),
 * and reconnects by itself in the background.
 */
export function openRedis(url: string, opts: { log?: Logger; name?: string } = {}): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2000),
  });
  // Connection errors surface on the commands that fail; the event itself must not kill the process.
  const errors = dependencyLog(opts.log, opts.name ?? 'redis');
  redis.on('error', (err) => errors.error(err));
  redis.on('ready', () => errors.recovered());
  redis.connect().catch(() => {});
  return redis;
}

/** Waits for the first connection (for commands that must not start before it). */
export async function connected(redis: Redis, timeoutMs = 3000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
    redis.once('ready', () => (clearTimeout(timer), resolve()));
  });
}
