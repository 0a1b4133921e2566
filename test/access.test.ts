import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres';
import { ReadRouter } from '../src/db/routing';
import { connected, openRedis } from '../src/emulator/redis';
import { loadConfig } from '../src/config';
import { proxyTrust, type AccessPolicy } from '../src/http/access';
import { RateLimiter } from '../src/http/rateLimit';
import { createHttpServer } from '../src/http/server';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureText } from './helpers/fixtures';
import { freshRedisUrl, redisAvailable } from './helpers/redis';
import { testServices } from './helpers/service';
import type { Database } from '../src/db/types';

const ROUTE = '/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=1';
const withRedis = await redisAvailable();

async function serve(db: Database, policy: AccessPolicy, limiter: RateLimiter) {
  const { server } = createHttpServer({ ...testServices(db), access: { policy, limiter } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { get: (path: string, init?: RequestInit) => fetch(base + path, init), close: () => new Promise((r) => server.close(r)) };
}

/** A clock only the test moves, so no refill happens between requests unless the test says so. */
function fakeClock(start = 1_700_000_000_000) {
  let ms = start;
  return { now: () => ms, advance: (by: number) => void (ms += by) };
}

const policy = (over: Partial<AccessPolicy>): AccessPolicy => ({ apiKeys: new Set(['k1', 'k2']), requireKey: false, trustProxy: proxyTrust(0), ...over });

describe('API keys and rate limits', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
  });
  afterAll(async () => db?.drop());

  it('rejects unknown keys and, when required, missing ones with 401', async () => {
    const service = await serve(db.reader, policy({ requireKey: true }), new RateLimiter());
    try {
      const missing = await service.get(ROUTE);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ error: 'an API key is required: send it in the X-Api-Key header or the api_key parameter', code: 401 });
      expect(await (await service.get(ROUTE, { headers: { 'X-Api-Key': 'nope' } })).json()).toEqual({ error: 'unknown API key', code: 401 });
      expect((await service.get(ROUTE, { headers: { 'X-Api-Key': 'k1' } })).status).toBe(200);
      expect((await service.get(`${ROUTE}&api_key=k2`)).status).toBe(200);
      expect((await service.get('/graphql?query={__typename}')).status).toBe(401);
      expect((await service.get('/health')).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('answers 429 with Retry-After once a client has used its bucket, refills at exactly the rate; keys have buckets of their own', async () => {
    const clock = fakeClock();
    const service = await serve(db.reader, policy({ perIp: { rate: 1, burst: 3 }, perKey: { rate: 1, burst: 5 } }), new RateLimiter({ now: clock.now }));
    const statuses = async (n: number, init?: RequestInit) => {
      const out = [];
      for (let i = 0; i < n; i += 1) out.push((await service.get(ROUTE, init)).status);
      return out;
    };
    try {
      expect(await statuses(4)).toEqual([200, 200, 200, 429]);
      const limited = await service.get(ROUTE);
      expect(limited.headers.get('retry-after')).toBe('1');
      expect(await limited.json()).toEqual({ error: 'rate limit of 1 requests per second (burst 3) exceeded; retry in 1 s', code: 429 });
      clock.advance(999);
      expect(await statuses(1)).toEqual([429]);
      clock.advance(1);
      expect(await statuses(2)).toEqual([200, 429]);
      clock.advance(60_000);
      expect(await statuses(4)).toEqual([200, 200, 200, 429]);
      expect(await statuses(6, { headers: { 'X-Api-Key': 'k1' } })).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await service.close();
    }
  });

  it.each([
    ['TRUST_PROXY=true (one hop)', proxyTrust(loadConfig({ TRUST_PROXY: 'true' }).access.trustProxy), '6.6.6.6, 203.0.113.7'],
    ['two hops', proxyTrust(2), '6.6.6.6, 203.0.113.7, 10.1.2.3'],
    ['a list of proxies', proxyTrust(['loopback', '10.0.0.0/8']), '6.6.6.6, 203.0.113.7, 10.1.2.3'],
  ])('behind trusted proxies (%s), limits the address the last of them saw, not what the client wrote left of it', async (_name, trust, forwarded) => {
    const service = await serve(db.reader, policy({ perIp: { rate: 1, burst: 2 }, trustProxy: trust }), new RateLimiter({ now: fakeClock().now }));
    const from = async (xff: string) => (await service.get(ROUTE, { headers: { 'X-Forwarded-For': xff } })).status;
    try {
      // the client rewrites the leftmost entry on every request; it still draws from 203.0.113.7's bucket
      const spoofed = [];
      for (const fake of ['6.6.6.6', '7.7.7.7', '8.8.8.8', '9.9.9.9']) spoofed.push(await from(forwarded.replace('6.6.6.6', fake)));
      expect(spoofed).toEqual([200, 200, 429, 429]);
      expect(await from(forwarded.replace('6.6.6.6, ', ''))).toBe(429);
      // another client behind the same proxies has a bucket of its own
      expect(await from(forwarded.replace('203.0.113.7', '203.0.113.8'))).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('ignores X-Forwarded-For when the peer is not one of the trusted proxies', async () => {
    const service = await serve(
      db.reader,
      policy({ perIp: { rate: 1, burst: 2 }, trustProxy: proxyTrust(['10.0.0.0/8']) }),
      new RateLimiter({ now: fakeClock().now }),
    );
    try {
      const statuses = [];
      for (const xff of ['1.1.1.1', '2.2.2.2, 10.1.2.3', '3.3.3.3']) statuses.push((await service.get(ROUTE, { headers: { 'X-Forwarded-For': xff } })).status);
      // all three are 127.0.0.1, the socket's peer
      expect(statuses).toEqual([200, 200, 429]);
      expect((await service.get(ROUTE)).status).toBe(429);
    } finally {
      await service.close();
    }
  });

  it.skipIf(!withRedis)('shares buckets between two instances through Redis, refilled by the same clock', async () => {
    const url = await freshRedisUrl(10);
    const [r1, r2] = [openRedis(url), openRedis(url)];
    await Promise.all([connected(r1), connected(r2)]);
    const clock = fakeClock();
    const p = policy({ perIp: { rate: 1, burst: 4 } });
    const [a, b] = [
      await serve(db.reader, p, new RateLimiter({ redis: r1, now: clock.now })),
      await serve(db.reader, p, new RateLimiter({ redis: r2, now: clock.now })),
    ];
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await a.get(ROUTE)).status, (await b.get(ROUTE)).status);
      // six requests from one address across both instances: the shared bucket of 4 runs out
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      clock.advance(999);
      expect([(await a.get(ROUTE)).status, (await b.get(ROUTE)).status]).toEqual([429, 429]);
      clock.advance(1);
      expect([(await b.get(ROUTE)).status, (await a.get(ROUTE)).status]).toEqual([200, 429]);
    } finally {
      await a.close();
      await b.close();
      r1.disconnect();
      r2.disconnect();
    }
  });
});

describe('RateLimiter', () => {
  const backends = withRedis ? ['local', 'redis'] : ['local'];
  it.each(backends)('refills %s buckets from the injected clock, exactly at the rate and up to the burst', async (backend) => {
    const redis = backend === 'redis' ? openRedis(await freshRedisUrl(10)) : undefined;
    if (redis) await connected(redis);
    const clock = fakeClock();
    const limiter = new RateLimiter({ redis, now: clock.now });
    const bucket = { rate: 2, burst: 2 };
    const take = async (n: number) => {
      const out = [];
      for (let i = 0; i < n; i += 1) out.push((await limiter.take('client', bucket)).allowed);
      return out;
    };
    try {
      expect(await take(3)).toEqual([true, true, false]);
      clock.advance(499);
      expect(await limiter.take('client', bucket)).toEqual({ allowed: false, retryAfter: 1 });
      clock.advance(1);
      expect(await take(2)).toEqual([true, false]);
      clock.advance(1000);
      expect(await take(3)).toEqual([true, true, false]);
      clock.advance(3_600_000);
      expect(await take(3)).toEqual([true, true, false]);
    } finally {
      redis?.disconnect();
    }
  });
});

describe.skipIf(!(await availableBackends()).includes('postgres'))('read replicas', () => {
  it('with reads from the primary off and no replica reachable: 503 for reads, /ready 503 naming the sources', async () => {
    const db = await createTestDatabase('postgres');
    const gone = openPostgres({ connectionString: 'postgres://postgres@127.0.0.1:1/none', readOnly: true, connectionTimeoutMs: 500 });
    const router = new ReadRouter(openPostgres({ connectionString: db.url!, readOnly: true }), [{ name: 'replica', db: gone }], {
      readFromPrimary: 'never',
      maxLagMs: 2000,
      probeMs: 60_000,
    });
    await router.start();
    const service = await serve(router, policy({}), new RateLimiter());
    try {
      expect(router.states.map((s) => [s.name, s.state])).toEqual([
        ['primary', 'up'],
        ['replica', 'down'],
      ]);
      const res = await service.get(ROUTE);
      expect(res.status).toBe(503);
      expect((await res.json()).error).toMatch(/no database source can serve reads/);
      const ready = await service.get('/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        ready: false,
        database: 'unavailable',
        sources: [
          { name: 'primary', state: 'up' },
          { name: 'replica', state: 'down' },
        ],
      });
    } finally {
      await service.close();
      await router.close();
      await db.drop();
    }
  });

  it('keeps every statement of a request on one replica, and spreads requests over both', async () => {
    const db = await createTestDatabase('postgres');
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    const counts = [0, 0];
    const replica = (i: number): Database => {
      const pool = openPostgres({ connectionString: db.url!, readOnly: true });
      return {
        ...pool,
        query: (t, p) => ((counts[i] += 1), pool.query(t, p)),
        queryWithTimeout: (t, p, ms) => ((counts[i] += 1), pool.queryWithTimeout(t, p, ms)),
      };
    };
    const primary = openPostgres({ connectionString: db.url!, readOnly: true });
    const spread = new ReadRouter(
      primary,
      [
        { name: 'a', db: replica(0) },
        { name: 'b', db: replica(1) },
      ],
      { readFromPrimary: 'never', maxLagMs: 2000, probeMs: 60_000 },
    );
    await spread.start();
    counts.fill(0);
    const service = await serve(spread, policy({}), new RateLimiter());
    try {
      // one request at a time, so the statements counted between two responses are that request's
      const perRequest: number[][] = [];
      for (let i = 0; i < 4; i += 1) {
        const before = [...counts];
        expect((await service.get(ROUTE)).status).toBe(200);
        perRequest.push(counts.map((n, r) => n - before[r]));
      }
      for (const statements of perRequest) {
        // a block page runs several statements, so turns taken per statement would reach both replicas
        expect(statements[0] + statements[1]).toBeGreaterThan(1);
        expect(statements.filter((n) => n > 0)).toHaveLength(1);
      }
      expect(new Set(perRequest.map((statements) => statements.findIndex((n) => n > 0)))).toEqual(new Set([0, 1]));
    } finally {
      await service.close();
      await spread.close();
      await db.drop();
    }
  });
});
