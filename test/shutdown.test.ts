import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase } from './helpers/databases';
import { fixtureText } from './helpers/fixtures';

const ROOT = path.resolve(import.meta.dirname, '..');

describe.skipIf(!(await availableBackends()).includes('postgres'))('graceful shutdown', () => {
  it('on SIGTERM stops accepting, finishes the requests in flight, closes its pools and exits 0', async () => {
    const db = await createTestDatabase('postgres');
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0', '--host', '127.0.0.1'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url!, LOG_LEVEL: 'info' },
    });
    const locker = new pg.Client({ connectionString: db.url });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c) => {
          out += c;
          const m = /"port":(\d+)/.exec(out);
          if (m) resolve(`http://127.0.0.1:${m[1]}`);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const url = `${base}/api/v3/transactionsByMasterchainBlock?seqno=32737160`;
      expect((await fetch(url)).status).toBe(200);

      // hold three requests in flight behind a lock, then ask the process to stop
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table transactions in access exclusive mode');
      const inFlight = [1, 2, 3].map(() => fetch(url).then((r) => r.status));
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      await expect(fetch(url)).rejects.toThrow();
      await locker.query('rollback');
      expect(await Promise.all(inFlight)).toEqual([200, 200, 200]);
      expect(await exited).toBe(0);
    } finally {
      await locker.end().catch(() => {});
      child.kill('SIGKILL');
      await db.drop();
    }
  });
});
