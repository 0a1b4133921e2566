// npm run load:rolling: two service instances behind HAProxy (Debian's package) health-checking /ready, under
// load, restarted one at a time with SIGTERM (drain, finish, exit), as a deploy does. Counts every failed request.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Command } from 'commander';
import pg from 'pg';
import { ensureBuilt, ensureDatabase, freePort, start, type Proc } from './harness';

const opts = new Command()
  .option('--transactions <n>', 'size of the generated database', '1000000')
  .option('--connections <n>', 'concurrent connections', '32')
  .option('--drain-ms <ms>', "each instance's SHUTDOWN_DRAIN_MS", '2000')
  .option('--replica-url <url>', 'a streaming replica of the database (scripts/replica.sh up): the instances read from it')
  .option('--redis-url <url>', "the emulator's Redis, shared by the instances")
  .parse()
  .opts();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const url = await ensureDatabase(Number(opts.transactions));
  const q = new pg.Client({ connectionString: url });
  await q.connect();
  const seqnos = (
    await q.query<{ s: number }>(`select mc_block_seqno as s from transactions group by 1 having count(*) between 10 and 999 order by 1 limit 50`)
  ).rows.map((r) => r.s);
  const accounts = (await q.query<{ a: string }>(`select account as a from transactions group by 1 order by count(*) desc limit 20`)).rows.map((r) => r.a);
  await q.end();
  ensureBuilt();
  const replica = opts.replicaUrl ? Object.assign(new URL(opts.replicaUrl), { pathname: new URL(url).pathname }).toString() : undefined;
  const env: Record<string, string> = {
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: String(opts.drainMs),
    CACHE_MAX_MB: '0',
    ...(replica ? { DATABASE_REPLICA_URLS: replica } : {}),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
  };
  const ports = [await freePort(), await freePort()];
  const instances: Proc[] = [];
  for (const port of ports) instances.push(await start({ service: true }, env, /listening/, port));
  const front = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'tonql-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    `global
  maxconn 4096
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch
  retry-on all-retryable-errors
frontend front
  bind 127.0.0.1:${front}
  default_backend tonql
backend tonql
  balance roundrobin
  option httpchk GET /ready
  http-check expect status 200
  default-server inter 250 fall 2 rise 2
${ports.map((p, i) => `  server instance${i + 1} 127.0.0.1:${p} check`).join('\n')}
`,
  );
  const haproxy = spawn('haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let haproxyLog = '';
  haproxy.stdout.on('data', (c) => (haproxyLog += c));
  haproxy.stderr.on('data', (c) => (haproxyLog += c));
  const base = `http://127.0.0.1:${front}`;
  for (let i = 0; i < 50; i++) {
    if ((await fetch(`${base}/ready`).catch(() => undefined))?.status === 200) break;
    await sleep(100);
  }
  const requests = [
    ...seqnos.map((s) => ({ method: 'GET' as const, path: `/api/v3/transactionsByMasterchainBlock?seqno=${s}&limit=10` })),
    ...accounts.map((a) => ({ method: 'GET' as const, path: `/api/v3/transactions?account=${a}&limit=10` })),
  ];
  const timeline: string[] = [];
  const t0 = performance.now();
  const mark = (what: string) => timeline.push(`${((performance.now() - t0) / 1000).toFixed(1)} s: ${what}`);
  const load = autocannon({ url: base, connections: Number(opts.connections), duration: 40, requests });
  // the deploy: each instance in turn is stopped (SIGTERM: drain, finish, exit) and started again
  const rolling = (async () => {
    await sleep(5000);
    for (const [i, port] of ports.entries()) {
      mark(`SIGTERM instance ${i + 1}`);
      await instances[i].stop();
      mark(`instance ${i + 1} exited`);
      instances[i] = await start({ service: true }, env, /listening/, port);
      mark(`instance ${i + 1} started again`);
      await sleep(5000);
    }
  })();
  const [result] = await Promise.all([load, rolling]);
  const failed = result.errors + result.timeouts + result.non2xx;
  console.log(`\n| instances | connections | duration s | requests | req/s | p50 ms | p99 ms | max ms | failed (errors, timeouts, non-2xx) |`);
  console.log(`|---:|---:|---:|---:|---:|---:|---:|---:|---|`);
  const topology = `${replica ? ', a replica' : ''}${opts.redisUrl ? ', Redis' : ''}`;
  console.log(
    `| 2 behind HAProxy ${/version ([\d.]+)/.exec(spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).stdout)?.[1] ?? ''}${topology} | ${opts.connections} | 40 | ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${failed} (${result.errors}, ${result.timeouts}, ${result.non2xx}) |`,
  );
  console.log(`\nrolling restart, SHUTDOWN_DRAIN_MS=${opts.drainMs}, health check /ready every 250 ms (fall 2, rise 2):\n${timeline.join('\n')}`);
  haproxy.kill('SIGTERM');
  await Promise.all(instances.map((p) => p.stop()));
  rmSync(dir, { recursive: true, force: true });
  if (failed > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
