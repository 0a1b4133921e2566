// npm run bench:resume: a reconnect storm. N Streaming API clients over SSE follow accounts of a database an
// independent writer indexes a block into every --block-ms; the service (the build) goes down for --outage-s
// while the writer goes on, comes back, and every client reconnects at once with its Last-Event-ID. Printed: how
// long until each client has every event it missed, publish → delivery after that, and whether any client lost
// or got twice a finalized event.
import { request, type IncomingMessage } from 'node:http';
import { Command } from 'commander';
import pg from 'pg';
import { openPostgres } from '../src/db/postgres';
import { migrate } from '../src/db/schema';
import { completeTrace, indexBlock } from '../test/helpers/liveLog';
import { ADMIN_URL, ensureBuilt, freePort, readSse, start, type Proc } from './harness';

const opts = new Command()
  .option('--subscribers <n>', 'SSE clients', '1000')
  .option('--accounts <n>', 'accounts they follow (each client one, clients spread evenly)', '100')
  .option('--outage-s <s>', 'seconds the service is down', '30')
  .option('--block-ms <ms>', 'a new masterchain block every', '500')
  .option('--traces-per-block <n>', 'traces per block, each for a random followed account', '10')
  .option('--admin-url <url>', 'PostgreSQL to create the bench database in', ADMIN_URL)
  .parse()
  .opts();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const accountOf = (i: number) => `0:${i.toString(16).toUpperCase().padStart(64, 'C')}`;

/** One client: follows one account, keeps its last event id, reconnects every 250 ms when cut off. */
class Client {
  readonly roots: string[] = [];
  readonly receivedAt: number[] = [];
  lastId?: string;
  private res?: IncomingMessage;
  private stopped = false;

  constructor(
    private readonly url: URL,
    readonly account: string,
  ) {}

  connect(): Promise<void> {
    return new Promise((resolve) => {
      const body = JSON.stringify({ types: ['transactions'], addresses: [this.account] });
      const retry = () => {
        resolve();
        if (!this.stopped) setTimeout(() => void this.connect(), 250);
      };
      const req = request(
        {
          host: this.url.hostname,
          port: this.url.port,
          path: '/api/streaming/v2/sse',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(this.lastId ? { 'last-event-id': this.lastId } : {}) },
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return retry();
          }
          this.res = res;
          readSse(res, ({ event, id, data }) => {
            if (event === 'connected') resolve();
            if (id) this.lastId = id;
            if (event !== 'event' || !data) return;
            const message = JSON.parse(data);
            if (message.type !== 'transactions') return;
            this.roots.push(message.transactions.at(-1).hash);
            this.receivedAt.push(performance.now());
          });
          res.on('end', retry);
          res.on('error', () => {});
        },
      );
      req.on('error', retry);
      req.end(body);
    });
  }

  close() {
    this.stopped = true;
    this.res?.destroy();
  }
}

async function main() {
  const n = Number(opts.subscribers);
  const accounts = Array.from({ length: Number(opts.accounts) }, (_, i) => accountOf(i));
  ensureBuilt();
  const name = 'tonql_bench_resume';
  const admin = new pg.Client({ connectionString: opts.adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(opts.adminUrl);
  url.pathname = `/${name}`;
  const writer = openPostgres({ connectionString: url.toString(), readOnly: false, max: 2 });
  await migrate(writer);

  /** account → the roots of its traces, in log order, and when each block was committed. */
  const expected = new Map<string, { root: string; committed: number }[]>(accounts.map((a) => [a, []]));
  let seqno = 1000;
  // mulberry32: seeded, and uniform over the accounts
  let random = 12345;
  const next = () => {
    random = (random + 0x6d2b79f5) | 0;
    let t = Math.imul(random ^ (random >>> 15), 1 | random);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const writeBlock = async () => {
    seqno += 1;
    const chosen = Array.from({ length: Number(opts.tracesPerBlock) }, () => accounts[Math.floor(next() * accounts.length)]);
    const traces = chosen.map((account, i) => completeTrace(`resume bench ${seqno} ${i}`, account, seqno, BigInt(i) * 1000n));
    await indexBlock(writer, seqno, traces);
    const committed = performance.now();
    // the log's order within a block: by end lt, which the writer makes grow with i
    traces.forEach((t, i) => expected.get(chosen[i])!.push({ root: t.trace_id, committed }));
  };
  await writeBlock();

  const port = await freePort();
  const env = {
    DATABASE_URL: url.toString(),
    LIVE_POLL_MS: '100',
    LIVE_MAX_SUBSCRIBERS: String(n + 10),
    LIVE_MAX_SUBSCRIBERS_PER_IP: String(n + 10),
    LIVE_MAX_ADDRESSES_PER_IP: String(n + 10),
  };
  let service: Proc = await start({ service: true }, env, /listening/, port);
  const clients = Array.from({ length: n }, (_, i) => new Client(new URL(service.base), accounts[i % accounts.length]));
  for (let i = 0; i < n; i += 100) await Promise.all(clients.slice(i, i + 100).map((c) => c.connect()));
  // what was written before the clients came is not theirs to receive
  for (const list of expected.values()) list.length = 0;

  let writing = true;
  const writerLoop = (async () => {
    while (writing) {
      await writeBlock();
      await sleep(Number(opts.blockMs));
    }
  })();
  await sleep(5000);

  // the outage: the service stops; blocks keep coming
  const hadBefore = new Map(clients.map((c) => [c, c.roots.length]));
  const outageStart = seqno;
  await service.stop();
  await sleep(Number(opts.outageS) * 1000);
  service = await start({ service: true }, env, /listening/, port);
  const back = performance.now();
  const outageBlocks = seqno - outageStart;
  const missedUpTo = new Map(accounts.map((a) => [a, expected.get(a)!.length]));
  service.resetPeak();

  // catch-up: until each client has as many events as its account had when the service came back
  // (the clients with events due only: one whose account had nothing meanwhile has nothing to catch up)
  const caughtUp: number[] = [];
  const deadline = back + 120_000;
  const pending = new Set(clients.filter((c) => missedUpTo.get(c.account)! > hadBefore.get(c)!));
  const due = pending.size;
  while (pending.size > 0 && performance.now() < deadline) {
    for (const c of pending) {
      const want = missedUpTo.get(c.account)!;
      if (c.roots.length >= want) {
        caughtUp.push((c.receivedAt[want - 1] - back) / 1000);
        pending.delete(c);
      }
    }
    await sleep(20);
  }
  const caughtUpAt = performance.now();
  await sleep(10_000);
  writing = false;
  await writerLoop;
  await sleep(2000);

  // publish → delivery for the blocks written once everyone had caught up
  const latencies: number[] = [];
  let lost = 0;
  let duplicated = 0;
  let replayed = 0;
  for (const c of clients) {
    const want = expected.get(c.account)!;
    const got = c.roots;
    const wanted = want.map((w) => w.root);
    lost += wanted.filter((r) => !got.includes(r)).length;
    duplicated += got.length - new Set(got).size;
    replayed += Math.max(0, missedUpTo.get(c.account)! - hadBefore.get(c)!);
    want.forEach((w, i) => {
      if (w.committed > caughtUpAt && got[i] === w.root) latencies.push(c.receivedAt[i] - w.committed);
    });
  }
  const catchUp = [...caughtUp].sort((a, b) => a - b);
  const sorted = latencies.sort((a, b) => a - b);
  console.log(
    '\n| subscribers | accounts | outage s | blocks during outage | clients with events due | caught up | catch-up p50 s | p99 s | max s | publish → delivery after, p50 ms | p99 ms | lost | duplicated | server peak RSS MB |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${n} | ${accounts.length} | ${opts.outageS} | ${outageBlocks} | ${due} | ${caughtUp.length} | ${percentile(catchUp, 50).toFixed(2)} | ${percentile(catchUp, 99).toFixed(2)} | ${(catchUp.at(-1) ?? NaN).toFixed(2)} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 99).toFixed(0)} | ${lost} | ${duplicated} | ${service.peakRss().toFixed(0)} |`,
  );
  console.log(
    `\n(${opts.tracesPerBlock} traces a block, a block every ${opts.blockMs} ms; LIVE_POLL_MS=100; catch-up timed from the restarted service answering /health; ${replayed} events were due to clients when it came back)`,
  );
  for (const c of clients) c.close();
  await service.stop();
  await writer.close();
  if (lost > 0 || duplicated > 0 || pending.size > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
