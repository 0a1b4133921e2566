import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureText } from './helpers/fixtures';

const ROOT = path.resolve(import.meta.dirname, '..');
const BLOCK = 32737160;

/** The real service as a process, its log lines parsed, its exit awaited. */
async function startProcess(db: TestDatabase, env: Record<string, string>) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0', '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: db.url!, LOG_LEVEL: 'info', ...env },
  });
  const lines: any[] = [];
  let out = '';
  // 'close', not 'exit': the exit can be reported before the last lines the process wrote are read.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c) => {
      out += c;
      const parts = out.split('\n');
      out = parts.pop()!;
      for (const line of parts) {
        const entry = JSON.parse(line);
        lines.push(entry);
        if (entry.port) resolve(`http://127.0.0.1:${entry.port}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return { child, base, lines, exited };
}

async function lockTransactions(db: TestDatabase) {
  const locker = new pg.Client({ connectionString: db.url });
  await locker.connect();
  await locker.query('begin');
  await locker.query('lock table transactions in access exclusive mode');
  return locker;
}

const graphql = (base: string) =>
  fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ transactionsByMasterchainBlock(seqno: ${BLOCK}, limit: 3) { hash inMsg { value } } }` }),
  }).then(
    (r) => r.status,
    (err) => `${err.cause?.code ?? err.message}`,
  );

describe.skipIf(!(await availableBackends()).includes('postgres'))('graceful shutdown', () => {
  it('on SIGTERM drains (/ready 503, still serving), then stops accepting, finishes what it received and exits 0', async () => {
    const db = await createTestDatabase('postgres');
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    const service = await startProcess(db, { SHUTDOWN_DRAIN_MS: '1500', SHUTDOWN_TIMEOUT_MS: '20000' });
    let locker: pg.Client | undefined;
    try {
      expect(await graphql(service.base)).toBe(200);
      // twenty requests a rolling deploy sends just before the signal, on fresh connections
      const early = Array.from({ length: 20 }, () => graphql(service.base));
      await new Promise((r) => setTimeout(r, 15));
      service.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      const ready = await fetch(`${service.base}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ ready: false, shutting_down: true });
      // still serving while draining, each response closing its connection
      const during = await fetch(`${service.base}/api/v3/transactionsByMasterchainBlock?seqno=${BLOCK}`);
      expect(during.status).toBe(200);
      expect(during.headers.get('connection')).toBe('close');
      // held behind a lock: in flight when the drain ends
      locker = await lockTransactions(db);
      const inFlight = [1, 2, 3].map(() => graphql(service.base));
      await new Promise((r) => setTimeout(r, 1800));
      expect(await graphql(service.base)).toBe('ECONNREFUSED');
      await locker.query('rollback');
      expect(await Promise.all(early)).toEqual(Array(20).fill(200));
      expect(await Promise.all(inFlight)).toEqual([200, 200, 200]);
      expect(await service.exited).toBe(0);
      expect(service.lines.at(-1)).toMatchObject({ msg: 'stopped' });
    } finally {
      await locker?.end().catch(() => {});
      service.child.kill('SIGKILL');
      await db.drop();
    }
  });

  it('exits 1 after the deadline and logs the requests it abandoned', async () => {
    const db = await createTestDatabase('postgres');
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    const service = await startProcess(db, { SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '500', STATEMENT_TIMEOUT_MS: '60000' });
    const locker = await lockTransactions(db);
    try {
      const stuck = fetch(`${service.base}/api/v3/transactionsByMasterchainBlock?seqno=${BLOCK}`, { headers: { 'x-request-id': 'stuck-1' } }).catch(
        () => 'dropped',
      );
      await new Promise((r) => setTimeout(r, 300));
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(1);
      expect(await stuck).toBe('dropped');
      const report = service.lines.find((l) => l.abandoned);
      expect(report).toMatchObject({ level: 50, abandoned: [{ reqId: 'stuck-1', method: 'GET', path: '/api/v3/transactionsByMasterchainBlock' }] });
      expect(report.msg).toBe('shutdown deadline of 500 ms passed with 1 requests unfinished');
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end().catch(() => {});
      service.child.kill('SIGKILL');
      await db.drop();
    }
  });
});
