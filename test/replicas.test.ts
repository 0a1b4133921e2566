import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres';
import { ReadRouter } from '../src/db/routing';
import { MASTERCHAIN_SHARD } from '../src/encoding/numbers';
import { importDocument } from '../src/import/importFile';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './helpers/databases';
import { fixtureText } from './helpers/fixtures';
import { eventually } from './helpers/live';
import { startService } from './helpers/service';

/**
 * A streaming replica of the test cluster (scripts/replica.sh up; CI makes one) at TEST_REPLICA_URL. Without
 * it the suite skips, except on CI where a missing replica is an error.
 */
const REPLICA_URL = process.env.TEST_REPLICA_URL;
if (process.env.CI && !REPLICA_URL) throw new Error('CI requires a streaming replica at TEST_REPLICA_URL (scripts/replica.sh up)');
if (!REPLICA_URL) console.warn('No streaming replica (TEST_REPLICA_URL): skipping the replica tests. Run scripts/replica.sh up (as root) to make one.');

/** Runs a statement on the replica's cluster on a connection of its own (the replica restarts in between). */
async function onReplica(sql: string) {
  const client = new pg.Client({ connectionString: REPLICA_URL });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const replicaScript = (op: 'stop' | 'start') => execFileSync(path.resolve(import.meta.dirname, '../scripts/replica.sh'), [op], { stdio: 'pipe' });
const onDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

describe.skipIf(!REPLICA_URL || !(await postgresAvailable()))('reads over a streaming replica', () => {
  let db: TestDatabase;
  let router: ReadRouter;
  let service: Awaited<ReturnType<typeof startService>>;
  let seqno: number;
  let replicaDb: string;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    [{ seqno }] = await db.writer.query<{ seqno: number }>(`select max(seqno)::int as seqno from blocks where workchain = -1`);
    const name = new URL(db.url!).pathname.slice(1);
    replicaDb = onDatabase(REPLICA_URL!, name);
    // the database, made on the primary, reaches the replica by replication
    for (let i = 0; i < 50; i++) {
      const probe = new pg.Client({ connectionString: replicaDb });
      probe.on('error', () => {});
      try {
        await probe.connect();
        const [{ n }] = (await probe.query(`select count(*)::int as n from blocks where workchain = -1 and seqno = $1`, [seqno])).rows;
        if (n === 1) break;
      } catch {
        // not replicated yet
      } finally {
        await probe.end().catch(() => {});
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    router = new ReadRouter(
      openPostgres({ connectionString: db.url!, readOnly: true, prepare: true, max: 4 }),
      [{ name: 'replica', db: openPostgres({ connectionString: replicaDb, readOnly: true, prepare: true, max: 4, connectionTimeoutMs: 1000 }) }],
      { readFromPrimary: 'fallback', maxLagMs: 500, probeMs: 200 },
    );
    await router.start();
    service = await startService(router, 'testnet');
  });
  afterAll(async () => {
    await onReplica('select pg_wal_replay_resume()').catch(() => {});
    await service?.close();
    await router?.close();
    await db?.drop();
  });

  const readsOn = async () =>
    (await router.session().query<{ standby: boolean }>('select pg_is_in_recovery() as standby'))[0].standby ? 'replica' : 'primary';

  it('reads from the replica while it is well, and reports each source on /ready', async () => {
    expect(await readsOn()).toBe('replica');
    const ready = await (await service.get('/ready')).json();
    expect(ready, JSON.stringify(ready)).toMatchObject({
      ready: true,
      database: 'ok',
      sources: [
        { name: 'primary', role: 'primary', state: 'up' },
        // the replay position may trail the primary's WAL by a few ms on a busy machine: within the bound it serves
        { name: 'replica', role: 'replica', state: 'up', lag_ms: expect.any(Number) },
      ],
    });
    expect(ready.sources[1].lag_ms).toBeLessThan(500);
    const metrics = await (await service.get('/metrics')).text();
    expect(metrics).toContain('tonql_db_source{source="replica",figure="up"} 1');
    expect(Number(/tonql_db_source\{source="replica",figure="lag_ms"\} (\d+)/.exec(metrics)?.[1])).toBeLessThan(500);
    expect(metrics).toContain(`tonql_db_source{source="replica",figure="masterchain_seqno"} ${seqno}`);
  });

  it('keeps answering from the primary while the replica is down (no 5xx, /ready 200), and is back on the replica within 5 s of its return', async () => {
    const statuses: number[] = [];
    let running = true;
    const traffic = (async () => {
      while (running) {
        const res = await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${seqno}&limit=5`);
        statuses.push(res.status);
        await res.arrayBuffer();
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    replicaScript('stop');
    try {
      await eventually(() => router.states[1].state === 'down', 5000, 'the replica marked down');
      expect((await service.get('/ready')).status).toBe(200);
      expect(await readsOn()).toBe('primary');
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      replicaScript('start');
    }
    const back = performance.now();
    await eventually(() => router.states[1].state === 'up', 5000, 'the replica back');
    expect(performance.now() - back).toBeLessThan(5000);
    expect(await readsOn()).toBe('replica');
    running = false;
    await traffic;
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it('skips a replica whose replay is paused past the lag bound, and reads a block it has not replayed on the primary', async () => {
    await onReplica('select pg_wal_replay_pause()');
    try {
      // the primary moves on: a newer masterchain block, then enough writes for the lag to show
      const next = seqno + 1;
      await db.writer.query(
        `insert into blocks (workchain, shard, seqno, mc_block_workchain, mc_block_shard, mc_block_seqno, gen_utime) values (-1, ${MASTERCHAIN_SHARD}, $1, -1, ${MASTERCHAIN_SHARD}, $1, 1)`,
        [next],
      );
      await eventually(() => router.states[1].state === 'lagging', 5000, 'the replica marked lagging');
      expect(router.states[1].lagMs).toBeGreaterThan(500);
      expect(await readsOn()).toBe('primary');
      // the new block is on the primary only; a request for it does not get the replica's 404
      const res = await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${next}`);
      expect(res.status).toBe(200);
      expect((await res.json()).transactions).toEqual([]);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    await eventually(() => router.states[1].state === 'up', 5000, 'the replica caught up');
    expect(await readsOn()).toBe('replica');
  });

  it('reads a block newer than every replica has on the primary while the replica is well, and not at all with reads from the primary off', async () => {
    const standby = async (session: ReturnType<ReadRouter['session']>) =>
      (await session.query<{ standby: boolean }>('select pg_is_in_recovery() as standby'))[0].standby;
    expect(await standby(router.session())).toBe(true);
    const ahead = router.session();
    await ahead.catchUp(2 ** 31 - 1);
    expect(await standby(ahead)).toBe(false);
    const strict = new ReadRouter(
      openPostgres({ connectionString: db.url!, readOnly: true, max: 1 }),
      [{ name: 'replica', db: openPostgres({ connectionString: replicaDb, readOnly: true, max: 1 }) }],
      { readFromPrimary: 'never', maxLagMs: 500, probeMs: 60_000 },
    );
    await strict.start();
    try {
      // with reads from the primary off the request stays on the replica (a block it lacks is a 404 there)
      const stays = strict.session();
      await stays.catchUp(2 ** 31 - 1);
      expect(await standby(stays)).toBe(true);
    } finally {
      await strict.close();
    }
  });
});
