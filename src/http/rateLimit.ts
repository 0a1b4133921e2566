import type { Redis } from 'ioredis';

export interface Bucket {
  /** Tokens added per second. */
  rate: number;
  /** Most tokens a bucket holds: the burst allowed after a quiet period. */
  burst: number;
}

export interface Verdict {
  allowed: boolean;
  /** Seconds until a token is available, when not allowed. */
  retryAfter: number;
}

/** Takes one token; tokens refill continuously at `rate` per second up to `burst`. Returns [allowed, retry ms]. */
const TAKE = `
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local rate, burst, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tokens, at = tonumber(state[1]) or burst, tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local allowed = 0
local wait = 0
if tokens >= 1 then tokens = tokens - 1 allowed = 1 else wait = math.ceil((1 - tokens) * 1000 / rate) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return {allowed, wait}`;

/** Buckets an instance keeps of its own (without Redis): past this many the oldest made is dropped. */
export const MAX_LOCAL_BUCKETS = 100_000;

/**
 * Token buckets per client. With Redis the buckets live there (one atomic script per request), so every
 * instance behind a load balancer draws from the same buckets; without it, or while Redis is away, each
 * instance keeps its own.
 */
export class RateLimiter {
  private readonly local = new Map<string, { tokens: number; at: number }>();
  private readonly redis?: Redis;
  /** Milliseconds; refill is computed from it for local and Redis buckets alike. */
  private readonly now: () => number;

  constructor(options: { redis?: Redis; now?: () => number } = {}) {
    this.redis = options.redis;
    this.now = options.now ?? Date.now;
  }

  async take(key: string, bucket: Bucket): Promise<Verdict> {
    const now = this.now();
    if (this.redis && this.redis.status === 'ready') {
      try {
        const [allowed, wait] = (await this.redis.eval(TAKE, 1, `tonql:rl:${key}`, bucket.rate, bucket.burst, now)) as [number, number];
        return { allowed: allowed === 1, retryAfter: Math.ceil(wait / 1000) };
      } catch {
        // fall through to this instance's own bucket
      }
    }
    return this.takeLocal(key, bucket, now);
  }

  private takeLocal(key: string, bucket: Bucket, now: number): Verdict {
    const state = this.local.get(key) ?? { tokens: bucket.burst, at: now };
    state.tokens = Math.min(bucket.burst, state.tokens + (Math.max(0, now - state.at) * bucket.rate) / 1000);
    state.at = now;
    this.local.set(key, state);
    if (this.local.size > MAX_LOCAL_BUCKETS) this.local.delete(this.local.keys().next().value as string);
    if (state.tokens >= 1) {
      state.tokens -= 1;
      return { allowed: true, retryAfter: 0 };
    }
    return { allowed: false, retryAfter: Math.ceil((1 - state.tokens) / bucket.rate) };
  }
}
