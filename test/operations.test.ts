import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { openPostgres } from '../src/db/postgres';
import { EmulatorRepository } from '../src/emulator/repository';
import { openRedis } from '../src/emulator/redis';
import { createTestDatabase } from './helpers/databases';
import { startService, testServices } from './helpers/service';
import { createHttpServer } from '../src/http/server';
import { Limiter } from '../src/http/limiter';
import type { Database } from '../src/db/types';
import type { AddressInfo } from 'node:net';

describe('operations endpoints', () => {
  it('/healthcheck answers TON Center style, /health says alive, /ready checks the database', async () => {
    const db = await createTestDatabase('pglite');
    const service = await startService(db.reader);
    try {
      const healthcheck = await service.get('/healthcheck');
      expect(healthcheck.status).toBe(200);
      expect(await healthcheck.text()).toBe('OK');
      expect(await (await service.get('/health')).json()).toEqual({ status: 'ok' });
      const ready = await service.get('/ready');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true, database: 'ok', redis: 'not configured' });
    } finally {
      await service.close();
      await db.drop();
    }
  });

  it('/ready is 503 and names what is down when the database or Redis does not answer', async () => {
    const db = openPostgres({ connectionString: 'postgres://postgres@127.0.0.1:1/none', readOnly: true, connectionTimeoutMs: 300 });
    const redis = openRedis('redis://127.0.0.1:1');
    const { server } = createHttpServer({ ...testServices(db), emulator: new EmulatorRepository(redis) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ready: false, database: 'unavailable', redis: 'unavailable' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
      await db.close();
    }
  });

  it('validates GraphQL limit and switch settings at start', () => {
    expect(loadConfig({ GRAPHQL_MAX_DEPTH: '8', GRAPHQL_INTROSPECTION: 'false', GRAPHIQL: 'off' }).graphql).toMatchObject({
      limits: { maxDepth: 8 },
      introspection: false,
      graphiql: false,
    });
    expect(() => loadConfig({ GRAPHQL_MAX_DEPTH: 'deep' })).toThrow(new ConfigError('GRAPHQL_MAX_DEPTH must be an integer from 1 to 1000, got "deep"'));
    expect(() => loadConfig({ GRAPHIQL: 'maybe' })).toThrow(new ConfigError('GRAPHIQL must be true or false, got "maybe"'));
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, true being one hop; refuses anything else', () => {
    const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).access.trustProxy;
    expect([trust(), trust(''), trust('false'), trust('0'), trust('true'), trust('1'), trust('2')]).toEqual([0, 0, 0, 0, 1, 1, 2]);
    expect(trust('loopback, 10.0.0.0/8,::1, 192.168.1.5')).toEqual(['loopback', '10.0.0.0/8', '::1', '192.168.1.5']);
    const accepts =
      'false, true (one proxy), a number of proxies from 0 to 100, or addresses and CIDRs (and loopback, linklocal, uniquelocal) separated by commas';
    expect(() => trust('lb.internal')).toThrow(new ConfigError(`TRUST_PROXY must be ${accepts}, got "lb.internal" (invalid IP address: lb.internal)`));
    expect(() => trust('10.0.0.0/33')).toThrow(new ConfigError(`TRUST_PROXY must be ${accepts}, got "10.0.0.0/33" (invalid range on address: 10.0.0.0/33)`));
    expect(() => trust('10.0.0.1,')).toThrow(new ConfigError(`TRUST_PROXY must be ${accepts}, got "10.0.0.1," (empty entry)`));
    expect(() => trust('101')).toThrow(new ConfigError(`TRUST_PROXY must be ${accepts}, got "101"`));
    expect(() => trust('-1')).toThrow(ConfigError);
  });
});

describe('metrics and request logs', () => {
  it('exposes Prometheus metrics by route, status, GraphQL operation, pool and cache; tags each request with an id', async () => {
    const db = await createTestDatabase('pglite');
    const lines: any[] = [];
    const log = (await import('pino')).default({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const { server } = createHttpServer({ ...testServices(db.reader), log });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const notFound = await fetch(`${base}/api/v3/transactionsByMasterchainBlock?seqno=5`, { headers: { 'X-Request-Id': 'abc-123' } });
      expect(notFound.status).toBe(404);
      expect(notFound.headers.get('x-request-id')).toBe('abc-123');
      expect(
        (await fetch(`${base}/api/v3/transactionsByMasterchainBlock?seqno=5`, { headers: { 'X-Request-Id': 'bad id!' } })).headers.get('x-request-id'),
      ).toMatch(/^[0-9a-f-]{36}$/);
      await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ transaction(hash: "RwUVL9in7fSCxZmVThP0eKM8Qvh3fJpVZQTPxU1mD8I=") { hash } }' }),
      });
      await fetch(`${base}/no/such/thing/${Math.random()}`);
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).toMatch(/tonql_http_requests_total\{route="\/api\/v3\/transactionsByMasterchainBlock",method="GET",status="404"\} 2/);
      expect(metrics).toMatch(/tonql_http_requests_total\{route="other",method="GET",status="404"\} 1/);
      expect(metrics).toMatch(/tonql_graphql_operations_total\{type="query",field="transaction"\} 1/);
      expect(metrics).toMatch(/tonql_http_request_duration_seconds_bucket\{le="0.1",route="\/graphql"\}/);
      expect(metrics).toMatch(/tonql_requests_queued 0/);
      const logged = lines.find((l) => l.reqId === 'abc-123');
      expect(logged).toMatchObject({ msg: 'request', method: 'GET', path: '/api/v3/transactionsByMasterchainBlock', status: 404 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await db.drop();
    }
  });

  it('shows requests waiting for a limiter turn (tonql_requests_queued) and log lines dropped', async () => {
    const db = await createTestDatabase('pglite');
    // the database answers only when the test lets it: the one slot stays taken meanwhile
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const holding: Database = { ...db.reader, query: async (text, params) => (await held, db.reader.query(text, params)) };
    const limiter = new Limiter({ max: 1, maxQueue: 10, maxWaitMs: 30_000 });
    const { server } = createHttpServer({ ...testServices(holding), limiter });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const queued = async () => Number(/^tonql_requests_queued (\d+)$/m.exec(await (await fetch(`${base}/metrics`)).text())![1]);
    try {
      const pages = [1, 2, 3, 4].map((seqno) => fetch(`${base}/api/v3/transactionsByMasterchainBlock?seqno=${seqno}`).then((r) => r.status));
      while (limiter.queued < 3) await new Promise((r) => setTimeout(r, 10));
      expect(await queued()).toBe(3);
      open();
      expect(await Promise.all(pages)).toEqual([404, 404, 404, 404]);
      expect(await queued()).toBe(0);
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).toMatch(/^tonql_log_dropped_lines_total \d+$/m);
      expect(metrics).toMatch(/^tonql_log_dropped_bytes_total \d+$/m);
    } finally {
      open();
      await new Promise((resolve) => server.close(resolve));
      await db.drop();
    }
  });
});
