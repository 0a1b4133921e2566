// npm run bench:live: how fast live events reach many subscribers. One service (the build, embedded database,
// Redis), N Streaming API clients over SSE following the same account, and a trace announced on the emulator's
// channel once per round: the time from PUBLISH to each client's reading its event, over every client and round.
import { request, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { pushTraces } from '../src/emulator/push';
import { connected, openRedis } from '../src/emulator/redis';
import { CHANNELS } from '../src/live/redisSource';
import { readDemoTraces } from '../src/live/demo';
import { ensureBuilt, readSse, start } from './harness';

const opts = new Command()
  .option('--subscribers <n>', 'SSE clients', '1000')
  .option('--rounds <n>', 'traces announced', '30')
  .option('--interval-ms <ms>', 'pause between announcements', '250')
  .option('--redis-url <url>', 'Redis', process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14')
  .parse()
  .opts();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const n = Number(opts.subscribers);
  const rounds = Number(opts.rounds);
  ensureBuilt();
  const redis = openRedis(opts.redisUrl);
  await connected(redis);
  await redis.flushdb();
  const dir = mkdtempSync(path.join(tmpdir(), 'tonql-live-'));
  const service = await start(
    { service: true },
    {
      DATA_DIR: dir,
      REDIS_URL: opts.redisUrl,
      LIVE_POLL_MS: '0',
      LIVE_MAX_SUBSCRIBERS: String(n + 10),
      LIVE_MAX_SUBSCRIBERS_PER_IP: String(n + 10),
      LIVE_MAX_ADDRESSES_PER_IP: String(n + 10),
    },
    /listening/,
  );
  const trace = (readDemoTraces() as any[]).find((t) => Object.keys(t.transactions).length >= 3);
  const account: string = trace.transactions[trace.transactions_order[0]].account;
  const published: number[] = [];
  const latencies: number[] = [];
  let frames = 0;
  const sockets: IncomingMessage[] = [];
  const url = new URL(service.base);
  const body = JSON.stringify({ types: ['transactions'], addresses: [account], min_finality: 'pending' });
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/streaming/v2/sse',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`subscriber refused: ${res.statusCode}`));
          sockets.push(res);
          let seen = 0;
          readSse(res, ({ event }) => {
            if (event === 'connected') resolve();
            else if (event === 'event') {
              latencies.push(performance.now() - published[seen++]);
              frames++;
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const idleRss = service.rss();
  for (let i = 0; i < n; i += 100) await Promise.all(Array.from({ length: Math.min(100, n - i) }, open));
  const connectedRss = service.rss();
  service.resetPeak();
  const [key] = await pushTraces(redis, { traces: [trace] }, { finality: 'pending', ttlSeconds: 600 });
  const started = performance.now();
  for (let r = 0; r < rounds; r++) {
    published.push(performance.now());
    await redis.publish(CHANNELS.pending, key);
    await new Promise((resolve) => setTimeout(resolve, Number(opts.intervalMs)));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const expected = n * rounds;
  console.log(
    `\n| subscribers | events published | deliveries | lost | publish → delivery p50 ms | p99 ms | max ms | server RSS MB: before subscribers, with them, peak while publishing |`,
  );
  console.log(`|---:|---:|---:|---:|---:|---:|---:|---|`);
  console.log(
    `| ${n} | ${rounds} | ${frames} | ${expected - frames} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} | ${idleRss.toFixed(0)}, ${connectedRss.toFixed(0)}, ${service.peakRss().toFixed(0)} |`,
  );
  console.log(
    `\n(${rounds} rounds in ${seconds.toFixed(1)} s, one ${Object.keys(trace.transactions).length}-transaction trace each, every subscriber following its root account)`,
  );
  for (const s of sockets) s.destroy();
  await service.stop();
  redis.disconnect();
  rmSync(dir, { recursive: true, force: true });
  if (frames < expected) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
