import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite';

const MAX = '9223372036854775807';

/** Counts 10 ms timer ticks while `work` runs: PGlite on the calling thread would let none through. */
async function ticksDuring<T>(work: Promise<T>): Promise<{ ticks: number; outcome: PromiseSettledResult<T> }> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 10);
  const [outcome] = await Promise.allSettled([work]);
  clearInterval(timer);
  return { ticks, outcome };
}

describe('statement time on the embedded database', () => {
  // One directory for the tests on files (creating one takes seconds), with a table for each.
  const dir = mkdtempSync(path.join(tmpdir(), 'tonql-pglite-'));
  beforeAll(async () => {
    const writer = await openPglite(dir);
    await writer.exec(`create table queued (v int8); insert into queued values (${MAX}); create table readonly (v int8); create table tx (v int8)`);
    await writer.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('on a directory: a statement past the timeout fails with 57014, statements queued behind it run after, the process keeps running', async () => {
    const db = await openPglite(dir, { statementTimeoutMs: 2000 });
    try {
      const started = Date.now();
      const slow = db.query('select pg_sleep(20)');
      const behind = Array.from({ length: 5 }, () => db.query('select v from queued'));
      const { ticks, outcome } = await ticksDuring(slow);
      expect(outcome).toMatchObject({ status: 'rejected', reason: { code: '57014', message: 'canceling statement due to statement timeout' } });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(ticks).toBeGreaterThan(20);
      // int8 still arrives as its exact decimal text, from the database's new thread
      for (const rows of await Promise.all(behind)) expect(rows).toEqual([{ v: MAX }]);
      expect(await Promise.all([db.query('select count(*) as n from queued'), db.query('select 1 as one')])).toEqual([[{ n: '1' }], [{ one: 1 }]]);
    } finally {
      await db.close();
    }
  });

  it('on a directory: the per-call timeout answers the caller, the service timeout replaces the thread, and a read-only database stays read-only on its new thread', async () => {
    const db = await openPglite(dir, { readOnly: true, statementTimeoutMs: 2000 });
    try {
      await expect(db.query('insert into readonly values (1)')).rejects.toMatchObject({ code: '25006' });
      const started = Date.now();
      await expect(db.queryWithTimeout('select pg_sleep(20)', [], 300)).rejects.toMatchObject({ code: '57014' });
      // answered at the caller's deadline; the statement runs on until the service's timeout ends its thread
      expect(Date.now() - started).toBeLessThan(1500);
      expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - started).toBeLessThan(15_000);
      await expect(db.query('insert into readonly values (1)')).rejects.toMatchObject({ code: '25006' });
      expect(await db.query('select count(*) as n from readonly')).toEqual([{ n: '0' }]);
      // the new thread keeps the embedded settings: 32 MB of shared buffers, not PostgreSQL's 128 MB
      expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
    } finally {
      await db.close();
    }
  });

  it('on a directory: a transaction cut by the timeout leaves nothing behind', async () => {
    const db = await openPglite(dir, { statementTimeoutMs: 2000 });
    try {
      const tx = db.transaction(async (q) => {
        await q.query('insert into tx values (1)');
        await q.query('select pg_sleep(20)');
        await q.query('insert into tx values (2)');
      });
      await expect(tx).rejects.toMatchObject({ code: '57014' });
      expect(await db.query('select count(*) as n from tx')).toEqual([{ n: '0' }]);
      await db.transaction(async (q) => q.query('insert into tx values (3)'));
      expect(await db.query('select v from tx')).toEqual([{ v: '3' }]);
    } finally {
      await db.close();
    }
  });

  it('in memory: the caller gets 57014 at the timeout while the process keeps running; the statement finishes, the data stays', async () => {
    const db = await openPglite();
    try {
      await db.exec('create table t (v int8 primary key, s text)');
      await db.copyFrom('t', ['v', 's'], `${MAX}\ta\n1\t\\N\n`);
      const started = Date.now();
      const { ticks, outcome } = await ticksDuring(db.queryWithTimeout('select pg_sleep(3)', [], 300));
      expect(outcome).toMatchObject({ status: 'rejected', reason: { code: '57014' } });
      expect(Date.now() - started).toBeLessThan(2500);
      expect(ticks).toBeGreaterThan(3);
      // the next statement waits for the one still running: in memory the thread cannot be replaced
      expect(await db.query('select v, s from t order by v')).toEqual([
        { v: '1', s: null },
        { v: MAX, s: 'a' },
      ]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
      // errors keep their PostgreSQL fields across the thread, and a failed transaction leaves nothing
      await expect(db.query('select * from missing')).rejects.toMatchObject({ code: '42P01', message: 'relation "missing" does not exist' });
      const failed = db.transaction(async (q) => {
        await q.query('insert into t values (2, $1)', ['b']);
        await q.query('insert into t values (1, $1)', ['dup']);
      });
      await expect(failed).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
      expect(await db.query('select count(*) as n from t')).toEqual([{ n: '2' }]);
    } finally {
      await db.close();
    }
  });
});
