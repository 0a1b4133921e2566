import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { openPostgres } from '../src/db/postgres';
import { pushTraces } from '../src/emulator/push';
import { EmulatorRepository } from '../src/emulator/repository';
import { connected, openRedis } from '../src/emulator/redis';
import { createHttpServer } from '../src/http/server';
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

  const blockUrl = () => `${base}/api/v3/transactionsByMasterchainBlock?seqno=${pendingInDb.traces[0].transactions[pendingInDb.traces[0].trace_id].mc_block_seqno}`;

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
