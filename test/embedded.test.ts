import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { openForServing } from '../src/db/open';
import { openPglite } from '../src/db/pglite';
import { readMeta, writeMeta } from '../src/db/schema';
import { PgliteThread } from '../src/db/pgliteThread';
import type { Database } from '../src/db/types';
import { startService } from './helpers/service';

/** The database with a switch that turns its next statement into one that sleeps: any statement that runs too long. */
function slowOnDemand(db: Database, seconds = 20) {
  let armed = false;
  const pick = (text: string, params?: readonly unknown[]): [string, readonly unknown[] | undefined] =>
    armed ? ((armed = false), [`select pg_sleep(${seconds})`, []]) : [text, params];
  const wrapped: Database = { ...db, query: (t, p) => db.query(...pick(t, p)), queryWithTimeout: (t, p, ms) => db.queryWithTimeout(...pick(t, p), ms) };
  return { db: wrapped, arm: () => (armed = true) };
}

const BLOCK = '/api/v3/transactionsByMasterchainBlock?seqno=53251232&limit=100';

describe('the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonql-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir });
  const log = pino({ level: 'silent' });

  it('is created with the demo data on first start, served read-only, and reopened as it is', async () => {
    const first = await openForServing(config, log);
    expect(first.network).toBe('mainnet');
    expect(first.apiVersion).toBe('1.2.10');
    const service = await startService(first.db, first.network);
    try {
      const body = await (await service.get(BLOCK)).json();
      expect(body.transactions).toHaveLength(20);
      for (const entry of Object.values<any>(body.address_book)) expect(entry.user_friendly).toMatch(/^[EU]Q/);
      // the demo's address book entry for a contract (a DeDust pool), reproduced from the account's code hash
      expect(body.address_book['0:1FE013288AA3DFD14D800E836211AB537A68B0DD45E4B791FDD1A429792282DA'].user_friendly).toBe(
        'EQAf4BMoiqPf0U2ADoNiEatTemiw3UXkt5H90aQpeSKC2l7f',
      );
      const pending = await (await service.get('/api/v3/pendingTraces?account=0:B9A7DCE19431B56044254C69858E8DC11FEC5C0761DED415E386FBE4B4E116F5')).json();
      expect(pending.traces.map((t: any) => t.trace_id)).toEqual(['sKLxvX2yy4tnbxMHoT+zyztI9w9CM87iNfOYNpCjPho=']);
      expect(Object.keys(pending.traces[0].transactions)).toHaveLength(9);
      // by the external message's normalized hash, as a wallet knows it
      const byHash = await (
        await service.get(`/api/v3/pendingTraces?ext_msg_hash=${encodeURIComponent('pgQVGgUotgsR0MCm4MS6Zps+pTJ5lnlaJLxFwkqudw0=')}`)
      ).json();
      expect(byHash.traces.map((t: any) => t.trace_id)).toEqual(['sKLxvX2yy4tnbxMHoT+zyztI9w9CM87iNfOYNpCjPho=']);
      // real jettons and NFTs: seven jetton transfers, and Fragment's collection of anonymous numbers
      const transfers = await (await service.get('/api/v3/jetton/transfers?limit=100')).json();
      expect(transfers.jetton_transfers).toHaveLength(7);
      const collection = await (
        await service.get('/api/v3/nft/collections?collection_address=0:0E41DC1DC3C9067ED24248580E12B3359818D83DEE0304FABCF80845EAFAFDB2')
      ).json();
      expect(collection.nft_collections[0].collection_content).toEqual({ uri: 'https://nft.fragment.com/numbers.json' });
      await expect(first.db.query(`insert into blocks (workchain, shard, seqno) values (0, 0, 1)`)).rejects.toMatchObject({ code: '25006' });
      const loadedAt = (await readMeta(first.db)).get('demo');
      expect(loadedAt).toMatch(/^loaded /);
      await service.close();
      await first.db.close();

      const second = await openForServing(config, log);
      expect(second.demo).toBe(true);
      expect((await readMeta(second.db)).get('demo')).toBe(loadedAt);
      const [{ n }] = await second.db.query<{ n: string }>('select count(*)::text as n from transactions');
      expect(Number(n)).toBe(139);
      await second.db.close();

      // a directory an earlier version loaded (its testnet set, no set name in the meta value) is served as it is,
      // without the live demo, and the log says how to get the current set
      const writer = await openPglite(dataDir);
      await writeMeta(writer, 'demo', 'loaded 2026-01-01T00:00:00.000Z');
      await writer.close();
      const warned: string[] = [];
      const spy = pino({ level: 'warn' }, { write: (line: string) => void warned.push(line) });
      const earlier = await openForServing(config, spy);
      expect(earlier.demo).toBe(false);
      expect(warned.join('')).toMatch(/an earlier version's demo set .* delete the directory/);
      await earlier.db.close();
    } finally {
      await service.close().catch(() => {});
    }
  });

  it('bounds statement time: 504 with the contract body while /health keeps answering, then serves again', async () => {
    const { db } = await openForServing(loadConfig({ DATA_DIR: dataDir, STATEMENT_TIMEOUT_MS: '1500' }), log);
    const slow = slowOnDemand(db);
    const service = await startService(slow.db);
    try {
      expect((await service.get(BLOCK)).status).toBe(200);
      slow.arm();
      let answered: Response | undefined;
      const request = service.get(BLOCK).then((res) => (answered = res));
      let healthy = 0;
      while (!answered) {
        const health = await service.get('/health');
        expect(health.status).toBe(200);
        healthy += 1;
        await new Promise((r) => setTimeout(r, 50));
      }
      await request;
      expect(answered.status).toBe(504);
      expect(await answered.json()).toEqual({ error: 'database statement timeout exceeded', code: 504 });
      expect(healthy).toBeGreaterThan(3);
      const again = await service.get(BLOCK);
      expect(again.status).toBe(200);
      expect((await again.json()).transactions).toHaveLength(20);
      // the database's thread was replaced, the directory is still this process's
      expect(readFileSync(path.join(dataDir, '.tonql.lock'), 'utf8')).toBe(String(process.pid));
      const busy = spawnSync(path.join(import.meta.dirname, '../node_modules/.bin/tsx'), ['src/cli.ts', 'migrate'], {
        cwd: path.join(import.meta.dirname, '..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(busy.stderr).toMatch(/the data directory .* is in use by process \d+/);
    } finally {
      await service.close();
      await db.close();
    }
  });

  it('lowers the statement timeout to X-Timeout on the embedded database too', async () => {
    const { db } = await openForServing(loadConfig({ DATA_DIR: dataDir, STATEMENT_TIMEOUT_MS: '3000' }), log);
    const slow = slowOnDemand(db);
    const service = await startService(slow.db);
    try {
      slow.arm();
      const started = Date.now();
      const res = await service.get(BLOCK, { headers: { 'X-Timeout': '500' } });
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({ error: 'database statement timeout exceeded', code: 504 });
      // at the client's deadline, not the service's (which then replaces the database's thread)
      expect(Date.now() - started).toBeLessThan(2500);
      expect((await service.get(BLOCK, { headers: { 'X-Timeout': '5000' } })).status).toBe(200);
    } finally {
      await service.close();
      await db.close();
    }
  });

  it('a client lowering its timeout gets its 504 but cannot restart the database for others (x_timeout=1 from 2 clients)', async () => {
    const { db } = await openForServing(loadConfig({ DATA_DIR: dataDir }), log);
    const service = await startService(db);
    const restarts = vi.spyOn(PgliteThread.prototype, 'terminate');
    const victim = '/api/v3/transactions?limit=5';
    const p50 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] ?? Infinity;
    /** Sequential requests to `path` until `until` resolves; each one's status and milliseconds. */
    const loop = async (path: string, until: () => boolean) => {
      const answers: { status: number; ms: number }[] = [];
      while (!until()) {
        const started = performance.now();
        const res = await service.get(path);
        await res.arrayBuffer();
        answers.push({ status: res.status, ms: performance.now() - started });
      }
      return answers;
    };
    try {
      let count = 0;
      const alone = await loop(victim, () => count++ >= 30);
      /** The victim's answers while 2 other clients loop on `path` for `ms`. */
      const besides = async (path: string, ms: number) => {
        const ends = Date.now() + ms;
        const over = () => Date.now() >= ends;
        const [answers, ...others] = await Promise.all([loop(victim, over), loop(path, over), loop(path, over)]);
        return { answers, others: others.flat() };
      };
      // the same two clients asking for the same pages without a timeout: the share of the database they may take
      const normal = await besides('/api/v3/transactions?limit=100', 3000);
      const attack = await besides('/api/v3/transactions?limit=100&x_timeout=1', 4000);
      const ok = attack.answers.filter((a) => a.status === 200);
      const figure = (answers: { ms: number }[]) => `${p50(answers.map((a) => a.ms)).toFixed(1)} ms`;
      console.log(
        `row 7: /transactions?limit=5 p50 ${figure(alone)} alone, ${figure(normal.answers)} beside 2 clients looping limit=100, ` +
          `${figure(attack.answers)} beside the same with x_timeout=1 (${ok.length}/${attack.answers.length} ok in 4 s; attackers: ` +
          `${attack.others.length} requests, ${attack.others.filter((a) => a.status === 504).length} × 504); database thread restarts: ${restarts.mock.calls.length} ` +
          `(0c96db8, measured: 24.3 ms alone, 304.0 ms beside limit=100, 12480.5 ms beside x_timeout=1 (1/1 ok in 4 s; attackers: 4 requests, 4 × 504); database thread restarts: 4)`,
      );
      expect(attack.others.some((a) => a.status === 504)).toBe(true);
      expect(restarts).not.toHaveBeenCalled();
      expect(ok.length).toBe(attack.answers.length);
      expect(ok.length).toBeGreaterThan(10);
      // of the order of the same clients asking without a timeout, far from a restart per request (~2 s each before);
      // the margin is wide because CI runs other test files on the same two cores meanwhile
      expect(p50(attack.answers.map((a) => a.ms))).toBeLessThan(Math.max(3 * p50(normal.answers.map((a) => a.ms)), 500));
    } finally {
      restarts.mockRestore();
      await service.close();
      await db.close();
    }
  });
});
