// npm run load: 60 s at concurrency 64 over a mix of routes against the generated 1M database; reports errors
// and the service's RSS over time. Not run in CI (it takes minutes and needs the generated database).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { Command } from 'commander';
import { print } from 'graphql';
import pg from 'pg';
import { BlockTransactionsDocument, NestedPendingTracesDocument } from '../test/generated/graphql';
import { ensureBuilt, ensureDatabase, graphql, start, type Request } from './harness';

const opts = new Command()
  .option('--transactions <n>', 'size of the generated database', '1000000')
  .option('--connections <n>', 'concurrent connections', '64')
  .option('--duration <s>', 'seconds', '60')
  .option('--service-env <pairs>', 'extra environment for the service, K=V,...', '')
  .parse()
  .opts();

async function main() {
  const url = await ensureDatabase(Number(opts.transactions));
  const q = new pg.Client({ connectionString: url });
  await q.connect();
  const normal = (
    await q.query<{ s: number }>(`select mc_block_seqno as s from transactions group by 1 having count(*) between 10 and 999 order by 1 limit 100`)
  ).rows.map((r) => r.s);
  const big = (await q.query<{ s: number }>(`select mc_block_seqno as s from transactions group by 1 having count(*) >= 1000 order by 1 limit 5`)).rows.map(
    (r) => r.s,
  );
  const pending = (
    await q.query<{ h: string; a: string }>(
      `select E.external_hash as h, T.account as a from traces E join transactions T on T.hash = E.trace_id where E.state = 'pending' limit 100`,
    )
  ).rows;
  await q.end();
  const env = Object.fromEntries(
    (opts.serviceEnv as string)
      .split(',')
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
  );
  ensureBuilt();
  const service = await start({ service: true }, { ...env, DATABASE_URL: url, LOG_LEVEL: 'warn' }, /listening/);
  const blockQuery = print(BlockTransactionsDocument);
  const nested = print(NestedPendingTracesDocument);
  // The mix: mostly small pages and pending lookups, some GraphQL, a few big and cached pages.
  const requests: Request[] = [];
  for (let i = 0; i < 100; i += 1) {
    const s = normal[i % normal.length];
    const p = pending[i % pending.length];
    requests.push({ path: `/api/v3/transactionsByMasterchainBlock?seqno=${s}&limit=${i % 3 === 0 ? 100 : 10}` });
    requests.push({ path: `/api/v3/pendingTraces?account=${p.a}` });
    requests.push({ path: `/api/v3/pendingTraces?ext_msg_hash=${encodeURIComponent(p.h)}` });
    if (i % 2 === 0) requests.push(graphql(blockQuery, { seqno: s, limit: 10 }));
    if (i % 4 === 0) requests.push(graphql(nested, { extMsgHash: [p.h] }));
    if (i % 20 === 0) requests.push({ path: `/api/v3/transactionsByMasterchainBlock?seqno=${big[i % big.length]}&limit=1000` });
    if (i % 10 === 0) requests.push({ path: '/ready' });
  }
  service.resetPeak();
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${service.child.pid}/status`, 'utf8'))![1]) / 1024), 5000);
  try {
    const result = await autocannon({
      url: service.base,
      connections: Number(opts.connections),
      duration: Number(opts.duration),
      requests: requests.map((r) => ({ method: r.method ?? 'GET', path: r.path, headers: r.headers, body: r.body })),
    });
    clearInterval(sampler);
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(`load: ${opts.connections} connections, ${opts.duration} s, ${requests.length} distinct requests in rotation`);
    console.log(
      `requests: ${result.requests.total} (${result.requests.average.toFixed(0)} req/s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(`errors: ${errors} (connection errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`);
    console.log(`service RSS every 5 s (MB): ${rss.map((m) => m.toFixed(0)).join(' ')}; peak ${service.peakRss().toFixed(0)} MB`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await service.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
