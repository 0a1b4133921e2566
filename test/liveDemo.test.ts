import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, defaults, loadConfig } from '../src/config';
import { openForServing, openForWriting } from '../src/db/open';
import { pushTraces } from '../src/emulator/push';
import { isClassified } from '../src/emulator/replay';
import { EmulatorRepository } from '../src/emulator/repository';
import { collectTraceNodes } from '../src/import/collect';
import { JsonNode } from '../src/import/jsonNode';
import { DEMO_ACCOUNTS, hubTarget, LiveDemo, liveDemoOn, readDemoTraces } from '../src/live/demo';
import type { LiveEvent } from '../src/live/events';
import { LiveHub } from '../src/live/hub';
import { isGap } from '../src/live/queue';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './helpers/databases';
import { importDemo } from './helpers/demo';
import { sseClient } from './helpers/live';
import { startMain } from './helpers/main';
import { freshRedisUrl, redisAvailable } from './helpers/redis';

const defaultDemo = new LiveDemo(new LiveHub(defaults().live.queue));
const accounts = defaultDemo.accounts;
/** The traces the demo plays: those of the demo's files its followed accounts hear. */
const demoTraces = () => collectTraceNodes(new JsonNode(defaultDemo.played));
const log = pino({ level: 'silent' });
const withRedis = await redisAvailable();
const withPostgres = await postgresAvailable();

/** The first `n` events a hub subscriber following `followed` receives. */
async function firstEvents(hub: LiveHub, followed: readonly string[], n: number, start: () => void): Promise<LiveEvent[]> {
  const sub = hub.subscribe({ accounts: new Set(followed), traceKeys: new Set() }, 10_000);
  start();
  const events: LiveEvent[] = [];
  for await (const item of sub.queue) {
    if (isGap(item)) throw new Error('the subscriber lost events');
    events.push(item);
    if (events.length === n) break;
  }
  sub.close();
  return events;
}

describe('the live demo', () => {
  it('plays every demo trace in a loop: pending → confirmed → finalized, every fifth invalidated, and again the next round', async () => {
    const hub = new LiveHub(defaults().live.queue);
    const demo = new LiveDemo(hub, { stepMs: 0 });
    const traces = demoTraces();
    expect(demo.traces).toBe(traces.length);
    // a trace with its actions is announced classified after each stage, as the emulator does
    const staged = (node: JsonNode, stage: string) => (isClassified(node) ? [stage, 'classified'] : [stage]);
    const expected = traces.flatMap((node, i) =>
      (i + 1) % 5 === 0 ? [...staged(node, 'pending'), 'invalidated'] : ['pending', 'confirmed', 'finalized'].flatMap((stage) => staged(node, stage)),
    );
    expect(traces.some(isClassified)).toBe(true);
    const round = expected.length;
    const events = await firstEvents(hub, demo.accounts, round + 1, () => demo.start());
    await demo.stop();
    const stages = events.map((e) => (e.kind === 'trace' ? e.stage : e.kind));
    expect(stages).toEqual([...expected, 'pending']);
    const first = events[0] as Extract<LiveEvent, { kind: 'trace' }>;
    expect(events[round]).toMatchObject({ kind: 'trace', key: first.key, stage: 'pending' });
    expect(first.trace.transactions.every((t) => t.emulated && t.finality === 'pending')).toBe(true);
    const finalized = events.find((e) => e.kind === 'trace' && e.stage === 'finalized') as Extract<LiveEvent, { kind: 'trace' }>;
    expect(finalized.key).toBe(first.key);
    expect(finalized.trace.transactions.every((t) => !t.emulated && t.finality === 'finalized')).toBe(true);
    // the demo's own transactions, with their hashes and times: nothing passes for new
    const original = traces[0].value as { transactions: Record<string, { now: number }> };
    expect(Object.fromEntries(finalized.trace.transactions.map((t) => [t.row.hash, t.row.now]))).toEqual(
      Object.fromEntries(Object.entries(original.transactions).map(([hash, t]) => [hash, t.now])),
    );
  });

  it('follows accounts of the demo database that every trace it plays touches, and plays most demo traces', async () => {
    for (const trace of demoTraces()) {
      const touched = Object.values((trace.value as { transactions: Record<string, { account: string }> }).transactions).map((t) => t.account);
      expect(touched.some((a) => accounts.includes(a))).toBe(true);
    }
    expect(accounts).toHaveLength(DEMO_ACCOUNTS);
    expect(demoTraces().length).toBeGreaterThanOrEqual((readDemoTraces().length * 2) / 3);
    const db = await createTestDatabase('pglite');
    try {
      await importDemo(db.writer);
      const rows = await db.reader.query<{ account: string }>('select distinct account from transactions where account = any($1)', [accounts]);
      expect(rows.map((r) => r.account).sort()).toEqual([...accounts].sort());
    } finally {
      await db.drop();
    }
  });

  it.skipIf(!withRedis)('publishes the trace the Redis source would read back from the emulator', async () => {
    const redis = new Redis(await freshRedisUrl(14));
    try {
      const repository = new EmulatorRepository(redis);
      for (const finality of ['pending', 'confirmed', 'finalized'] as const) {
        for (const node of demoTraces().slice(0, 6)) {
          const hub = new LiveHub(defaults().live.queue);
          const heard: LiveEvent[] = [];
          hub.publish = (event) => void heard.push(event);
          const key = await hubTarget(hub).stage(node, finality);
          await pushTraces(redis, [node.value], { finality });
          const [read] = await repository.tracesByKeys([key], 4000);
          const event = { kind: 'trace', key, stage: finality, trace: read };
          expect(heard).toEqual(isClassified(node) ? [event, { ...event, stage: 'classified' }] : [event]);
        }
      }
    } finally {
      redis.disconnect();
    }
  });

  it('is on by default only for the embedded demo database without REDIS_URL, and LIVE_DEMO forces it', async () => {
    expect(loadConfig({}).live.demo).toBe('auto');
    expect(loadConfig({ LIVE_DEMO: 'off' }).live.demo).toBe('off');
    expect(() => loadConfig({ LIVE_DEMO: 'yes' })).toThrow(new ConfigError('LIVE_DEMO must be auto, on, off, got "yes"'));
    expect(liveDemoOn('auto', { demoDatabase: true, redis: false })).toBe(true);
    expect(liveDemoOn('auto', { demoDatabase: true, redis: true })).toBe(false);
    expect(liveDemoOn('auto', { demoDatabase: false, redis: false })).toBe(false);
    expect(liveDemoOn('on', { demoDatabase: false, redis: true })).toBe(true);
    expect(liveDemoOn('off', { demoDatabase: true, redis: false })).toBe(false);
    // an embedded database the CLI created holds the user's data, not the demo's
    const dir = mkdtempSync(path.join(tmpdir(), 'tonql-own-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      await (await openForWriting(config)).close();
      const own = await openForServing(config, log);
      expect(own.demo).toBe(false);
      await own.db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Whether an SSE subscriber following the demo's accounts hears an event within `ms`; the wait is returned. */
async function hearsEvent(base: string, ms: number): Promise<number | undefined> {
  const client = await sseClient(base, { types: ['transactions'], addresses: accounts, min_finality: 'pending' });
  expect(client.status).toBe(200);
  const started = performance.now();
  try {
    while (performance.now() - started < ms) {
      const [event] = client.events();
      if (event) {
        expect(event).toMatchObject({ type: 'transactions', finality: expect.stringMatching(/pending|confirmed|finalized/) });
        return performance.now() - started;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return undefined;
  } finally {
    client.close();
  }
}

describe('the service as `npm start` runs it', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonql-demo-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('plays the demo on the embedded default: a Streaming API subscriber hears an event within seconds; LIVE_DEMO=off silences it', async () => {
    const server = await startMain({ DATA_DIR: dataDir });
    try {
      expect(server.output()).toContain('live demo: playing 14 demo traces (mainnet, 2025)');
      expect(await hearsEvent(server.base, 15_000)).toBeLessThan(15_000);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const off = await startMain({ DATA_DIR: dataDir, LIVE_DEMO: 'off' });
    try {
      expect(off.output()).not.toContain('live demo');
      expect(await hearsEvent(off.base, 5000)).toBeUndefined();
    } finally {
      expect(await off.stop()).toBe(0);
    }
  }, 120_000);
});

describe.skipIf(!withPostgres)('the service on a database the user points it at', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await importDemo(db.writer);
  }, 60_000);
  afterAll(() => db?.drop());

  it('is off by default, even with the demo data in it, and LIVE_DEMO=on turns it on', async () => {
    const auto = await startMain({ DATABASE_URL: db.url! });
    try {
      expect(auto.output()).not.toContain('live demo');
      expect(await hearsEvent(auto.base, 5000)).toBeUndefined();
    } finally {
      expect(await auto.stop()).toBe(0);
    }
    const on = await startMain({ DATABASE_URL: db.url!, LIVE_DEMO: 'on' });
    try {
      expect(on.output()).toContain('live demo: playing');
      expect(await hearsEvent(on.base, 15_000)).toBeLessThan(15_000);
    } finally {
      expect(await on.stop()).toBe(0);
    }
  }, 120_000);
});
