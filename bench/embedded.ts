// npm run bench:embedded -- DATA_DIR: times the largest block's 1000-transaction page on an embedded database,
// REST and GraphQL, served in process without the page cache (fill a directory with `cli generate` first).
import type { AddressInfo } from 'node:net';
import { print } from 'graphql';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openForServing } from '../src/db/open';
import { BodyBudget } from '../src/http/body';
import { bodyDecoder } from '../src/decode/cache';
import { createHttpServer } from '../src/http/server';
import { BlockTransactionsDocument } from '../test/generated/graphql';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: npm run bench:embedded -- DATA_DIR');
const runs = 20;

const opening = performance.now();
const config = loadConfig({ DATA_DIR: dataDir });
const { db, network, apiVersion } = await openForServing(config, pino({ level: 'warn' }));
const [big] = await db.query<{ s: number; n: string }>(
  'select mc_block_seqno as s, count(*)::text as n from transactions group by 1 order by count(*) desc limit 1',
);
const { server } = createHttpServer({
  db,
  network,
  apiVersion,
  statementTimeoutMs: config.statementTimeoutMs,
  addressBookMaxAgeMs: config.addressBookMaxAgeMs,
  maxTraceTransactions: config.maxTraceTransactions,
  bodies: new BodyBudget(config.maxBufferedBodyBytes, config.bodyTimeoutMs),
  decoder: bodyDecoder(config.decode),
  log: pino({ level: 'warn' }),
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function time(label: string, once: () => Promise<unknown>) {
  for (let i = 0; i < 3; i += 1) await once();
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await once();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label}: median ${ms[runs >> 1].toFixed(1)} ms, p90 ${ms[Math.floor(runs * 0.9)].toFixed(1)} ms, min ${ms[0].toFixed(1)} ms`);
}

const ok = async (res: Response) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.text();
};
console.log(`opened in ${(performance.now() - opening).toFixed(0)} ms; block ${big.s}: ${big.n} transactions, ${runs} runs each after 3 warm-ups`);
await time('SQL: select * from transactions of the block', () => db.query('select * from transactions where mc_block_seqno = $1', [big.s]));
await time('REST limit=1000', async () => ok(await fetch(`${base}/api/v3/transactionsByMasterchainBlock?seqno=${big.s}&limit=1000`)));
const body = JSON.stringify({ query: print(BlockTransactionsDocument), variables: { seqno: big.s, limit: 1000 } });
await time('GraphQL limit=1000 (BlockTransactions)', async () =>
  ok(await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })),
);
{
  const started = performance.now();
  const page = () => fetch(`${base}/api/v3/transactionsByMasterchainBlock?seqno=${big.s}&limit=1000`).then(ok);
  for (let i = 0; i < runs / 2; i += 1) await Promise.all([page(), page(), page(), page()]);
  console.log(`REST limit=1000, 4 at once: ${((runs * 2) / ((performance.now() - started) / 1000)).toFixed(2)} pages/s`);
}
await new Promise((resolve) => server.close(resolve));
await db.close();
