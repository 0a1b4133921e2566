import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { EmulatorRepository } from '../src/emulator/repository';
import { goJson } from './helpers/decoded';
import { fixtureJson, fixturePath } from './helpers/fixtures';
import { freshRedisUrl, redisAvailable } from './helpers/redis';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

function cli(args: string[], env: Record<string, string>) {
  const run = spawnSync(TSX, ['src/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Starts `npm start`'s entry point and resolves once it logs its port. */
function startServer(env: Record<string, string>): Promise<{ base: string; stop: () => Promise<number | null> }> {
  const child = spawn(TSX, ['src/main.ts', '--port', '0', '--host', '127.0.0.1'], { cwd: ROOT, env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stderr.on('data', (chunk) => (out += chunk));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /"port":(\d+)/.exec(out);
      if (match) {
        resolve({
          base: `http://127.0.0.1:${match[1]}`,
          stop: () => new Promise((done) => (child.once('exit', (code) => done(code)), child.kill('SIGTERM'))),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

describe('the command line, end to end', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonql-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' };

  it('imports files into DATA_DIR, reports a bad one with its JSON path, and the server then serves exactly them', async () => {
    const bad = path.join(dataDir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ transactions: [{ ...fixtureJson('transactions_testnet_2025-07_by_account.json').transactions[0], lt: 'soon' }] }));
    // the three decoded-form traces, every message's `decoded` replaced by a wrong or foreign value: ignored
    const forged = path.join(dataDir, 'forged.json');
    const originals = ['contract_call', 'ton_received', 'ton_sent'].map((n) => fixtureJson(`decoded/traces__${n}__mainnet_2025-11.json`).traces[0]);
    const lies = [{ '@type': 'jetton_notify', query_id: '1' }, { type: 'text_comment', comment: 'forged' }, { '@type': 'text_comment', text: 'forged' }, null];
    const forgedTraces = structuredClone(originals);
    let told = 0;
    for (const m of forgedTraces.flatMap((t: any) => Object.values<any>(t.transactions).flatMap((tx) => [tx.in_msg, ...tx.out_msgs]))) {
      if (!m?.message_content) continue;
      const lie = lies.find((l) => goJson(l) !== goJson(m.message_content.decoded));
      m.message_content.decoded = lie;
      told++;
    }
    writeFileSync(forged, JSON.stringify({ traces: forgedTraces }));
    const run = cli(['import', fixturePath('traces_mainnet_2025-09_single.json'), forged, bad], env);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/traces_mainnet_2025-09_single\.json: 6 transactions, 11 messages, 1 traces, 0 actions/);
    expect(run.stdout).toMatch(/forged\.json: 6 transactions, \d+ messages, 3 traces, 0 actions/);
    expect(run.stdout).toContain(
      `error: ${bad}: $.transactions[0].lt: expected a signed 64-bit integer as a decimal string, got "soon" (nothing from this file was written)`,
    );
    expect(run.stderr).toContain('1 of 3 files failed');

    const server = await startServer(env);
    try {
      const body = await (await fetch(`${server.base}/api/v3/transactionsByMasterchainBlock?seqno=52372896&limit=1000`)).json();
      const expected = Object.keys(fixtureJson('traces_mainnet_2025-09_single.json').traces[0].transactions).sort();
      expect(body.transactions.map((t: any) => t.hash).sort()).toEqual(expected);
      expect(body.address_book['0:1C2201823E6DAE55FADD08CAD27845C77267C462D81B0620FE664DEE28BB8E34'].user_friendly).toBe(
        'UQAcIgGCPm2uVfrdCMrSeEXHcmfEYtgbBiD-Zk3uKLuONNKi',
      );
      // the bad file left nothing: its block is unknown
      expect((await fetch(`${server.base}/api/v3/transactionsByMasterchainBlock?seqno=32737160`)).status).toBe(404);
      // the forged file's decoded values were not imported: each is computed from the body, TON Center's bytes
      let served = 0;
      for (const original of originals) {
        const text = await (await fetch(`${server.base}/api/v3/traces?trace_id=${encodeURIComponent(original.trace_id)}`)).text();
        const [trace] = JSON.parse(text).traces;
        for (const [hash, tx] of Object.entries<any>(original.transactions)) {
          const mine = trace.transactions[hash];
          const pairs = [[tx.in_msg, mine.in_msg], ...tx.out_msgs.map((m: any, i: number) => [m, mine.out_msgs[i]])];
          for (const [want, got] of pairs) {
            if (!want?.message_content) continue;
            expect(got.hash).toBe(want.hash);
            expect(goJson(got.message_content.decoded), got.hash).toBe(goJson(want.message_content.decoded));
            if (want.message_content.decoded !== null) expect(text).toContain(`"decoded":${goJson(want.message_content.decoded)}`);
            served++;
          }
        }
      }
      expect(served).toBe(told);
      expect(told).toBeGreaterThan(5);
      // PGlite allows one process per directory: an import while the server runs is refused
      const busy = cli(['import', fixturePath('traces_mainnet_2025-09_single.json')], env);
      expect(busy.status).toBe(1);
      expect(busy.stderr).toMatch(/the data directory .* is in use by process \d+/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('migrate creates the schema once and refuses bad configuration clearly', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tonql-migrate-'));
    try {
      expect(cli(['migrate'], { DATA_DIR: dir, DATABASE_URL: '' }).stdout).toContain('schema already present');
      const bad = cli(['migrate'], { DATABASE_URL: 'mysql://nope' });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('error: DATABASE_URL must be a postgres:// or postgresql:// connection string');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!(await redisAvailable()))('cli emulate', () => {
  it('writes a v3 trace into Redis as the emulator does, found by account and by both hashes', async () => {
    const url = await freshRedisUrl(13);
    const run = cli(['emulate', fixturePath('traces_mainnet_2025-09_single.json'), '--ttl', '120'], { REDIS_URL: url });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('traces_mainnet_2025-09_single.json: 1 traces written (trace keys: kudVqbrlxGq4LdbssZkZL5KGellh4n5Xrnp8BJl7QQ8=)');
    const redis = new Redis(url);
    try {
      expect(await redis.ttl('kudVqbrlxGq4LdbssZkZL5KGellh4n5Xrnp8BJl7QQ8=')).toBeGreaterThan(100);
      const repository = new EmulatorRepository(redis);
      const trace = fixtureJson('traces_mainnet_2025-09_single.json').traces[0];
      for (const found of [
        await repository.tracesByKeys(await repository.accountTraceKeys(trace.transactions[trace.trace_id].account).next(10), 4000),
        await repository.tracesByExternalHashes([trace.external_hash], 4000),
        await repository.tracesByExternalHashes(['kudVqbrlxGq4LdbssZkZL5KGellh4n5Xrnp8BJl7QQ8='], 4000),
      ]) {
        expect(found.map((t) => t.transactions.map((tx) => tx.row.hash))).toEqual([trace.transactions_order]);
        expect(found[0].transactions.every((tx) => tx.emulated)).toBe(true);
      }
      const bad = cli(['emulate', fixturePath('transactions_testnet_2025-07_by_account.json')], { REDIS_URL: url });
      expect(bad.status).toBe(1);
      expect(bad.stdout).toContain('expected a v3 traces response ({traces}), an array of traces, or {url, response}');
    } finally {
      redis.disconnect();
    }
  });
});

describe.skipIf(!(await redisAvailable()))('cli replay', () => {
  it('plays traces into Redis stage by stage, announcing each on the emulator channels, and invalidates every n-th', async () => {
    const url = await freshRedisUrl(13);
    const listener = new Redis(url);
    const reader = new Redis(url);
    const heard: [string, string][] = [];
    listener.on('message', (channel: string, message: string) => heard.push([channel, message]));
    await listener.subscribe('new_pending_trace', 'new_confirmed_txs', 'new_finalized_txs', 'invalidated_traces');
    try {
      const run = cli(['replay', fixturePath('traces_mainnet_2025-09_single.json'), '--step-ms', '0', '--invalidate-every', '0'], { REDIS_URL: url });
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain(`replaying into ${url}`);
      const key = 'kudVqbrlxGq4LdbssZkZL5KGellh4n5Xrnp8BJl7QQ8=';
      expect(run.stdout).toContain(`pending     ${key}`);
      expect(run.stdout).toContain('1 traces replayed, 0 invalidated');
      const trace = fixtureJson('traces_mainnet_2025-09_single.json').traces[0];
      for (let i = 0; i < 50 && heard.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard.map(([channel]) => channel)).toEqual(['new_pending_trace', 'new_confirmed_txs', 'new_finalized_txs']);
      expect(heard[2][1]).toBe(`${key}:${Object.keys(trace.transactions).join(',')}`);
      // the trace is left finalized, as the emulator leaves it
      const [stored] = await new EmulatorRepository(reader).tracesByKeys([key], 4000);
      expect(stored.transactions.every((t) => t.finality === 'finalized' && !t.emulated)).toBe(true);
      const invalidating = cli(['replay', fixturePath('traces_mainnet_2025-09_single.json'), '--step-ms', '0', '--invalidate-every', '1'], { REDIS_URL: url });
      expect(invalidating.stdout).toContain('1 traces replayed, 1 invalidated');
      expect(await reader.exists(key)).toBe(0);
      const bad = cli(['replay', '--step-ms', 'soon'], { REDIS_URL: url });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('--step-ms must be a whole number, got "soon"');
    } finally {
      listener.disconnect();
      reader.disconnect();
    }
  });
});

/** A Redis server of this test's own, so nobody else's subscriptions are counted. */
async function privateRedis(): Promise<{ url: string; stop: () => void } | undefined> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  const ready = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    child.stdout.on('data', (chunk) => String(chunk).includes('Ready to accept connections') && resolve(true));
  });
  return ready ? { url: `redis://127.0.0.1:${port}/0`, stop: () => child.kill() } : undefined;
}

describe('cli replay with nobody listening', () => {
  it('says where it writes and warns that no service reads that Redis', async (context) => {
    const redis = await privateRedis();
    if (!redis) return context.skip();
    try {
      const run = cli(['replay', fixturePath('traces_mainnet_2025-09_single.json'), '--step-ms', '0'], { REDIS_URL: redis.url });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`replaying into ${redis.url}`);
      expect(run.stderr).toContain(
        `warning: no service reads this Redis (nothing subscribes to its emulator channels): start tonql with REDIS_URL=${redis.url}`,
      );
    } finally {
      redis.stop();
    }
  });
});
