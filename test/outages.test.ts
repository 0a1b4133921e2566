import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { openPostgres } from '../src/db/postgres';
import { pushTraces } from '../src/emulator/push';
import { EmulatorRepository } from '../src/emulator/repository';
import { connected, openRedis } from '../src/emulator/redis';
import { createHttpServer } from '../src/http/server';
import { dependencyLog } from '../src/log';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, realTestnetTraces } from './helpers/fixtures';
import { tcpProxy } from './helpers/proxy';
import { freshRedisUrl, redisAvailable } from './helpers/redis';
import { testServices } from './helpers/service';

const needs = (await availableBackends()).includes('postgres') && (await redisAvailable());

/** Polls until `check` passes (a dependency coming back takes a reconnect or two). */
async function eventually(check: () => Promise<void>, ms = 8000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe.skipIf(!needs)('dependencies going away while the service runs', () => {
  let db: TestDatabase;
  let pgProxy: Awaited<ReturnType<typeof tcpProxy>>;
  let redisProxy: Awaited<ReturnType<typeof tcpProxy>>;
  let base: string;
  let stop: () => Promise<void>;
  const file = fixtureJson('traces_mainnet_2025-09_single.json');
  const pendingInDb = (() => {
    const json = realTestnetTraces().json;
    json.traces = [{ ...json.traces[0], trace_info: { ...json.traces[0].trace_info, trace_state: 'pending' } }];
    return json;
  })();

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await importDocument(db.writer, 'pending', JSON.stringify(pendingInDb));
    pgProxy = await tcpProxy('127.0.0.1', Number(new URL(db.url!).port || 5432));
    const viaProxy = new URL(db.url!);
    viaProxy.port = String(pgProxy.port);
    const reader = openPostgres({ connectionString: viaProxy.toString(), readOnly: true, connectionTimeoutMs: 1000 });
    const redisUrl = await freshRedisUrl(15);
    const direct = openRedis(redisUrl);
    await connected(direct);
    await pushTraces(direct, file, { finality: 'pending' });
    direct.disconnect();
    redisProxy = await tcpProxy('127.0.0.1', Number(new URL(redisUrl).port || 6379));
    const proxiedRedis = new URL(redisUrl);
    proxiedRedis.port = String(redisProxy.port);
    const redis = openRedis(proxiedRedis.toString());
    await connected(redis);
    const { server } = createHttpServer({ ...testServices(reader), emulator: new EmulatorRepository(redis) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stop = async () => {
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
      await reader.close();
    };
  });
  afterAll(async () => {
    await stop?.();
    await pgProxy?.close();
    await redisProxy?.close();
    await db?.drop();
  });

  const blockUrl = () =>
    `${base}/api/v3/transactionsByMasterchainBlock?seqno=${pendingInDb.traces[0].transactions[pendingInDb.traces[0].trace_id].mc_block_seqno}`;

  it('PostgreSQL down: fast 503s with the contract body, then recovery on its own', async () => {
    expect((await fetch(blockUrl())).status).toBe(200);
    pgProxy.cut();
    const started = Date.now();
    const down = await fetch(blockUrl());
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: 'database unavailable', code: 503 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await fetch(`${base}/ready`)).status).toBe(503);
    pgProxy.restore();
    await eventually(async () => expect((await fetch(blockUrl())).status).toBe(200));
    expect((await fetch(`${base}/ready`)).status).toBe(200);
  });

  it('Redis down: pendingTraces keeps answering from the database with a warning, then the emulated traces return', async () => {
    const both = `${base}/api/v3/pendingTraces?${[file.traces[0].external_hash, pendingInDb.traces[0].external_hash].map((h: string) => `ext_msg_hash=${encodeURIComponent(h)}`).join('&')}`;
    const before = await (await fetch(both)).json();
    expect(before.traces).toHaveLength(2);
    redisProxy.cut();
    const res = await fetch(both);
    expect(res.status).toBe(200);
    const during = await res.json();
    expect(during.traces.map((t: any) => t.trace_id)).toEqual([pendingInDb.traces[0].trace_id]);
    expect(during.warnings).toHaveLength(1);
    redisProxy.restore();
    await eventually(async () => {
      const after = await (await fetch(both)).json();
      expect(after.traces).toHaveLength(2);
      expect(after.warnings).toBeUndefined();
    });
  });
});

describe('dependency errors in the log', () => {
  it('a dependency failing for longer gets one line per interval, each with the count held back', () => {
    const lines: { level: number; suppressed?: number; msg: string }[] = [];
    const errors = dependencyLog(pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }), 'redis', 10_000);
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    try {
      for (let second = 0; second < 25; second += 1) {
        vi.setSystemTime(second * 1000);
        for (let i = 0; i < 4; i += 1) errors.error(new Error('connect ECONNREFUSED'));
      }
      errors.recovered();
      errors.recovered();
    } finally {
      vi.useRealTimers();
    }
    expect(lines.map((l) => [l.level, l.suppressed, l.msg])).toEqual([
      [40, 0, 'redis: connect ECONNREFUSED'],
      [40, 39, 'redis: connect ECONNREFUSED'],
      [40, 39, 'redis: connect ECONNREFUSED'],
      [30, 19, 'redis answers again'],
    ]);
  });

  it.skipIf(!needs)('a database refusing connections from the start: the failed requests are logged, one line an interval, and its return', async () => {
    const db = await createTestDatabase('postgres');
    const pgProxy = await tcpProxy('127.0.0.1', Number(new URL(db.url!).port || 5432));
    const lines: { level: number; dependency?: string; msg: string; suppressed?: number }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const viaProxy = new URL(db.url!);
    viaProxy.port = String(pgProxy.port);
    const reader = openPostgres({ connectionString: viaProxy.toString(), readOnly: true, max: 4, connectionTimeoutMs: 1000, log });
    try {
      pgProxy.cut();
      // no connection was ever made: the pool emits no error event, only the requests fail
      for (let i = 0; i < 5; i += 1) await expect(reader.query('select 1 as one')).rejects.toThrow();
      await expect(reader.queryWithTimeout('select 1 as one', [], 1000)).rejects.toThrow();
      pgProxy.restore();
      expect(await reader.query('select 1 as one')).toEqual([{ one: 1 }]);
      const mine = lines.filter((l) => l.dependency === 'postgres');
      expect(mine.map((l) => [l.level, l.msg.startsWith('postgres answers again') ? 'back' : 'down'])).toEqual([
        [40, 'down'],
        [30, 'back'],
      ]);
      expect(mine[1].suppressed).toBe(5);
    } finally {
      await reader.close();
      await pgProxy.close();
      await db.drop();
    }
  });

  it.skipIf(!needs)('one warn line per dependency for a burst of errors, with the count held back, and one when it is back', async () => {
    const db = await createTestDatabase('postgres');
    const pgProxy = await tcpProxy('127.0.0.1', Number(new URL(db.url!).port || 5432));
    const redisUrl = new URL(await freshRedisUrl(14));
    const redisProxy = await tcpProxy('127.0.0.1', Number(redisUrl.port || 6379));
    const lines: { level: number; dependency?: string; msg: string; suppressed?: number }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const viaProxy = new URL(db.url!);
    viaProxy.port = String(pgProxy.port);
    const reader = openPostgres({ connectionString: viaProxy.toString(), readOnly: true, max: 8, connectionTimeoutMs: 1000, log });
    redisUrl.port = String(redisProxy.port);
    const redis = openRedis(redisUrl.toString(), { log });
    try {
      await connected(redis);
      // eight idle connections: each one dropping is an error event of the pool
      await Promise.all(Array.from({ length: 8 }, () => reader.query('select pg_sleep(0.05)')));
      pgProxy.cut();
      redisProxy.cut();
      // Redis fails several reconnection attempts meanwhile, each with errors of its own
      await new Promise((r) => setTimeout(r, 3000));
      pgProxy.restore();
      redisProxy.restore();
      await eventually(async () => expect(await reader.query('select 1 as one')).toEqual([{ one: 1 }]));
      await connected(redis);
      for (const dependency of ['postgres', 'redis']) {
        const mine = lines.filter((l) => l.dependency === dependency);
        expect(mine.map((l) => l.level)).toEqual([40, 30]);
        expect(mine[1].msg).toBe(`${dependency} answers again`);
        expect(mine[1].suppressed).toBeGreaterThan(1);
      }
    } finally {
      redis.disconnect();
      await reader.close();
      await pgProxy.close();
      await redisProxy.close();
      await db.drop();
    }
  });
});
