// A statement whose request is aborted (its client gone, its deadline passed) is cancelled by PostgreSQL rather
// than left to run to its statement timeout, and its connection goes back to the pool fit for the next one.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres';
import type { Database } from '../src/db/types';
import { ADMIN_URL, availableBackends } from './helpers/databases';

describe.skipIf(!(await availableBackends()).includes('postgres'))('cancelling a running statement on PostgreSQL', () => {
  let db: Database;
  let admin: pg.Client;
  const tag = `tonql_cancel_${process.pid}`;
  /** Backends running this test's sleeping statement now. */
  const running = async () =>
    (await admin.query(`select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1`, [`%${tag}%`])).rows[0].n as number;

  beforeAll(async () => {
    // one connection: a connection a cancel was sent for is replaced, not pooled, and the next statement runs on the new one
    db = openPostgres({ connectionString: ADMIN_URL, readOnly: true, statementTimeoutMs: 30_000, max: 1, prepare: true });
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await db?.close();
    await admin?.end();
  });

  for (const withTimeout of [false, true]) {
    it(`ends a ${withTimeout ? 'lowered-timeout' : 'plain'} statement soon after its signal aborts; the connection serves the next one`, async () => {
      const abort = new AbortController();
      const sql = `select pg_sleep(10) /* ${tag} */`;
      const statement = withTimeout ? db.queryWithTimeout(sql, [], 20_000, abort.signal) : db.query(sql, [], abort.signal);
      const outcome = statement.then(
        () => 'finished',
        (err: Error & { code?: string }) => err.code,
      );
      for (let i = 0; i < 100 && (await running()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await running()).toBe(1);
      const aborted = performance.now();
      abort.abort();
      expect(await outcome).toBe('57014');
      const ms = performance.now() - aborted;
      expect(await running()).toBe(0);
      // the pool's only connection (replaced): not cancelled, at the session's own timeout
      const [next] = await db.query<{ ok: number; timeout: string }>(`select 1 as ok, current_setting('statement_timeout') as timeout`);
      expect(next).toEqual({ ok: 1, timeout: '30s' });
      console.log(
        `cancel (${withTimeout ? 'lowered timeout' : 'plain'}): a 10 s statement ended ${ms.toFixed(0)} ms after its request was aborted; the next statement (on the connection that replaced it) answered`,
      );
      expect(ms).toBeLessThan(5000);
    });
  }

  it('leaves a statement alone when its signal does not abort, and cancels nothing once it has finished', async () => {
    const abort = new AbortController();
    const [row] = await db.query<{ n: number }>('select 41 + 1 as n', [], abort.signal);
    abort.abort();
    const [after] = await db.query<{ n: number }>(`select 7 as n, pg_sleep(0.3) /* ${tag} */`);
    expect([row.n, after.n]).toEqual([42, 7]);
  });
});
