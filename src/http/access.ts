import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { ApiError } from '../errors';
import type { Bucket, RateLimiter } from './rateLimit';

export interface AccessPolicy {
  /** Known API keys; empty: keys are not checked. */
  apiKeys: ReadonlySet<string>;
  /** Reject requests without a key. */
  requireKey: boolean;
  perIp?: Bucket;
  perKey?: Bucket;
  /** Which hops are our proxies (`proxyTrust`); the client is the address the last of them saw. */
  trustProxy: ProxyTrust;
}

/** Whether hop `i` is one of our proxies: 0 is the socket's peer, then X-Forwarded-For from its right end. */
export type ProxyTrust = (addr: string, i: number) => boolean;

/** Compiles TRUST_PROXY (a hop count or addresses, see config) once, at startup. */
export function proxyTrust(spec: number | string[]): ProxyTrust {
  return typeof spec === 'number' ? (_addr, i) => i < spec : proxyaddr.compile(spec);
}

export const accessEnabled = (p: AccessPolicy) => p.requireKey || p.apiKeys.size > 0 || p.perIp !== undefined || p.perKey !== undefined;

export function apiKeyOf(req: IncomingMessage, rawQuery: string): string | undefined {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const match = /(?:^|&)api_key=([^&]*)/.exec(rawQuery);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * Walks X-Forwarded-For from the right while the hops are trusted and stops at the first address a trusted proxy
 * saw. Entries left of it were written by the client, so the leftmost is never taken on trust.
 */
export function clientIp(req: IncomingMessage, trust: ProxyTrust): string {
  return proxyaddr(req, trust) ?? 'unknown';
}

/**
 * Checks the API key and takes a token from the client's bucket (per key when it has one, else per IP).
 * Throws 401 or 429 errors; a 429 says when to retry.
 */
export async function checkAccess(req: IncomingMessage, rawQuery: string, policy: AccessPolicy, limiter: RateLimiter): Promise<void> {
  const key = apiKeyOf(req, rawQuery);
  if (key !== undefined && policy.apiKeys.size > 0 && !policy.apiKeys.has(key)) throw new ApiError(401, 'unknown API key', 'BAD_USER_INPUT');
  if (key === undefined && policy.requireKey) {
    throw new ApiError(401, 'an API key is required: send it in the X-Api-Key header or the api_key parameter', 'BAD_USER_INPUT');
  }
  const known = key !== undefined && policy.apiKeys.has(key);
  const bucket = known ? policy.perKey : policy.perIp;
  if (!bucket) return;
  const id = known ? `key:${key}` : `ip:${clientIp(req, policy.trustProxy)}`;
  const verdict = await limiter.take(id, bucket);
  if (!verdict.allowed) {
    const error = new ApiError(
      429,
      `rate limit of ${bucket.rate} requests per second (burst ${bucket.burst}) exceeded; retry in ${verdict.retryAfter} s`,
      'BAD_USER_INPUT',
    );
    (error as ApiError & { retryAfter?: number }).retryAfter = verdict.retryAfter;
    throw error;
  }
}

/** Who is asking, as the server determines it: the client address (through trusted proxies) and the API key sent. */
export function clientIdentity(req: IncomingMessage, policy: AccessPolicy | undefined): { ip: string; key: string | undefined } {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return { ip: clientIp(req, policy?.trustProxy ?? proxyTrust(0)), key: apiKeyOf(req, q < 0 ? '' : url.slice(q + 1)) };
}
