// npm run bench: the service against a generated PostgreSQL database, driven over HTTP from this process
// (autocannon), each scenario next to what does the same work: the hand-written floor (bench/floor.ts) for REST
// pages, PostGraphile 5 (bench/postgraphile) for GraphQL pages. Prints one table. --quick: tiny data, for CI.
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import { Command } from 'commander';
import { print } from 'graphql';
import pg from 'pg';
import { pushTraces } from '../src/emulator/push';
import { encodeCursor } from '../src/graphql/connection';
import { connected, openRedis } from '../src/emulator/redis';
import {
  BenchAccountActionsDocument,
  BenchAccountTracesDocument,
  BenchAccountConnectionDocument,
  BenchAccountPageDocument,
  BenchAllTransactionsDocument,
  BenchFlatPageDocument,
  BenchNestedNavigationDocument,
  BenchPageWithMessagesDocument,
  BlockTransactionsDocument,
  NestedPendingTracesDocument,
} from '../test/generated/graphql';
import { accessSequences } from './access';
import { assetScenarios, assetValues } from './assets';
import { ensureBuilt, ensureDatabase, graphql, start, startPostGraphile, type Proc, type Request } from './harness';

const opts = new Command()
  .option('--quick', 'tiny data and short runs (CI: proves the benchmark works; its numbers mean nothing)')
  .option('--transactions <n>', 'size of the main database', '1000000')
  .option('--growth <n>', 'size of the smaller database for the growth comparison (0: skip)', '100000')
  .option('--connections <n>', 'concurrent connections', '16')
  .option('--duration <s>', 'seconds per scenario', '10')
  .option('--admin-url <url>', 'PostgreSQL to create the bench databases in', process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  .option('--redis-url <url>', 'Redis for the emulator scenarios', process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14')
  .option('--json <file>', 'also write the results as JSON')
  .option('--only <pattern>', 'run only the scenarios whose name matches (the floor always runs)')
  .option('--no-peer', 'skip PostGraphile (bench/postgraphile, installed on first use)')
  .option('--service-env <pairs>', 'extra environment for the service, e.g. MAX_CONCURRENT_REQUESTS=8,NODE_OPTIONS=--max-old-space-size=256', '')
  .parse()
  .opts();
const quick = Boolean(opts.quick);
const size = quick ? 6000 : Number(opts.transactions);
const growthSize = quick ? 0 : Number(opts.growth);
const connections = quick ? 4 : Number(opts.connections);
const duration = quick ? 2 : Number(opts.duration);

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  statements: string;
  /** Bytes of the first request's response body as sent (compressed when it was). */
  bytes: number;
  rssMb: number;
  errors: number;
  /** The scenario doing the same work that this one is compared with (the floor or the peer). */
  versus?: string;
}

async function statementsOf(base: string, r: Request): Promise<string> {
  const res = await fetch(base + r.path, { method: r.method ?? 'GET', headers: r.headers, body: r.body });
  const body = await res.text();
  // GraphQL answers its errors with 200, which the error count below does not see.
  if (r.path === '/graphql' && JSON.parse(body).errors) throw new Error(`${r.body}: ${body.slice(0, 500)}`);
  const m = /db;desc="(\d+) statements"/.exec(res.headers.get('server-timing') ?? '');
  return m ? m[1] : '-';
}

/** The size of a response body on the wire (fetch would hand back the decoded body). */
function wireBytes(base: string, r: Request): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(base + r.path, { method: r.method ?? 'GET', headers: r.headers }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

const only = opts.only ? new RegExp(opts.only, 'i') : undefined;
const serviceEnv = Object.fromEntries(
  (opts.serviceEnv as string)
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

/** How long a process started for one scenario is loaded before it is measured. */
const WARM_UP_SECONDS = 2;

/**
 * Runs one scenario; a comparison scenario (floor, peer) runs when the scenario it serves does. With `sameAs`, every
 * request must first get the same bytes from `proc` as from that server (the floor does the service's work).
 * With `sequence`, the requests are one sequence that all connections take their next request from, in order
 * (autocannon otherwise cycles through the list on every connection, so 16 connections would ask the same
 * requests in step); then only the first 50 are compared, and a run that uses the sequence up says so.
 */
async function scenario(
  name: string,
  server: Proc | (() => Promise<Proc>),
  requests: Request[],
  opts: { status?: number; versus?: string; serves?: string[]; sameAs?: Proc; sequence?: boolean } = {},
): Promise<Row | undefined> {
  const wanted = (n: string) => !only || only.test(n);
  if (!(opts.serves ? opts.serves.some(wanted) : wanted(name))) return undefined;
  // Every row is warmed 2 s first with its own requests (JIT, pools; and caches, with what those requests read), so
  // a row measures the steady state: a shared process's first rows would otherwise include the JIT's work on code
  // the row is the first to run, which costs the service (more code) more than the floor.
  const warm = (proc: Proc) =>
    autocannon({
      url: proc.base,
      connections,
      duration: WARM_UP_SECONDS,
      requests: requests.map((r) => ({ method: r.method ?? 'GET', path: r.path, headers: r.headers, body: r.body })),
    });
  if (typeof server !== 'function') {
    await warm(server);
    return measure(name, server, requests, opts);
  }
  // a process of its own: its peak RSS is this scenario's, not the high-water mark of every scenario before it
  const proc = await server();
  try {
    await warm(proc);
    return await measure(name, proc, requests, opts);
  } finally {
    await proc.stop();
  }
}

async function measure(
  name: string,
  proc: Proc,
  requests: Request[],
  opts: { status?: number; versus?: string; sameAs?: Proc; sequence?: boolean },
): Promise<Row> {
  for (const r of opts.sameAs ? (opts.sequence ? requests.slice(0, 50) : requests) : []) {
    const [ours, theirs] = await Promise.all([opts.sameAs!, proc].map(async (p) => Buffer.from(await (await fetch(p.base + r.path)).arrayBuffer())));
    if (!ours.equals(theirs)) throw new Error(`${name}: the answer differs from the service's for ${r.path}`);
  }
  const status = opts.status ?? 200;
  const statements = await statementsOf(proc.base, requests[0]);
  const bytes = await wireBytes(proc.base, requests[0]);
  proc.resetPeak();
  let next = 0;
  const result = await autocannon({
    url: proc.base,
    connections,
    duration,
    requests: opts.sequence
      ? [
          {
            setupRequest: (req: autocannon.Request) => {
              const r = requests[next++ % requests.length];
              return {
                ...req,
                method: r.method ?? 'GET',
                path: r.path,
                headers: r.headers ?? req.headers ?? {},
                ...(r.body === undefined ? {} : { body: r.body }),
              };
            },
          },
        ]
      : requests.map((r) => ({ method: r.method ?? 'GET', path: r.path, headers: r.headers, body: r.body })),
  });
  if (opts.sequence && next > requests.length)
    console.error(`  ${name}: the sequence of ${requests.length} requests was used up and began again (${next} sent)`);
  const bad =
    result.errors +
    result.timeouts +
    (status === 200 ? result.non2xx : result.requests.total - (result.statusCodeStats?.[String(status) as '304']?.count ?? 0));
  const row = {
    scenario: name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statements,
    bytes,
    rssMb: proc.peakRss(),
    errors: bad,
    versus: opts.versus,
  };
  console.error(
    `  ${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${statements} statements, ${row.rssMb.toFixed(0)} MB${bad ? `, ${bad} errors` : ''}`,
  );
  return row;
}

/** PostGraphile's schema for the same selections (its names: allTransactions, messagesByTxHashAndTxLt), of a block or an account. */
const PEER_TRANSACTION = 'hash lt account now totalFees origStatus endStatus';
const PEER_MESSAGE = 'msgHash direction source destination value opcode createdLt';
const PEER_BLOCK = ['$seqno: Int!', 'condition: {mcBlockSeqno: $seqno}, orderBy: [LT_DESC, ACCOUNT_DESC]'];
const PEER_ACCOUNT = ['$account: Tonaddr!, $offset: Int', 'condition: {account: $account}, offset: $offset, orderBy: [ACCOUNT_ASC, LT_DESC]'];
const peerPage = (withMessages: boolean, [params, args] = PEER_BLOCK) =>
  `query(${params}, $limit: Int) { allTransactions(${args}, first: $limit) { nodes { ${PEER_TRANSACTION}${withMessages ? ` messagesByTxHashAndTxLt { nodes { ${PEER_MESSAGE} } }` : ''} } } }`;

async function main() {
  console.error(`bench: ${quick ? 'quick' : 'full'} mode, ${size} transactions, ${connections} connections, ${duration} s per scenario`);
  ensureBuilt();
  const url = await ensureDatabase(size, opts.adminUrl);
  const growthUrl = growthSize > 0 ? await ensureDatabase(growthSize, opts.adminUrl) : undefined;

  const q = new pg.Client({ connectionString: url });
  await q.connect();
  const seqnos = async (min: number, max: number, n: number) =>
    (
      await q.query<{ s: number }>(`select mc_block_seqno as s from transactions group by 1 having count(*) between $1 and $2 order by 1 limit $3`, [
        min,
        max,
        n,
      ])
    ).rows.map((r) => r.s);
  const normal = await seqnos(10, 999, 50);
  const big = await seqnos(1000, 100000, 20);
  // The busiest accounts (the generator's hubs first); the deep page is the last full one of the 4 hubs.
  const accounts = (
    await q.query<{ account: string; n: number }>(`select account, count(*)::int as n from transactions group by 1 order by 2 desc, 1 limit 20`)
  ).rows;
  // The largest pending traces, by their root's account; not a hub's, which would list a hundred large traces.
  const pending = (
    await q.query<{ external_hash: string; account: string; nodes: string }>(
      `select E.external_hash, T.account, E.nodes_::text as nodes from traces E join transactions T on T.hash = E.trace_id
      where E.state = 'pending' and T.account <> all($1::text[]) order by E.nodes_ desc limit 40`,
      [accounts.slice(0, 4).map((a) => a.account)],
    )
  ).rows;
  const hubs = accounts.slice(0, 4);
  const deep = Math.max(0, hubs[hubs.length - 1].n - 10);
  // Keyset cursors as the service issues them, at the same depth: the row just above the deep page.
  const hubCursors: { address: string; after: string }[] = [];
  for (const h of hubs) {
    const [{ lt }] = (
      await q.query<{ lt: string }>(`select lt::text as lt from transactions where account = $1 order by lt desc offset $2 limit 1`, [h.account, deep - 1])
    ).rows;
    hubCursors.push({ address: h.account, after: encodeCursor('Account.transactions', [lt]) });
  }
  // The hubs' actions: a depth every hub has, and the cursor the service would give the row just above it.
  const [{ fewest }] = (
    await q.query<{ fewest: number }>(
      `select min(n)::int as fewest from (select count(*) as n from action_accounts where account = any($1::text[]) group by account) c`,
      [hubs.map((h) => h.account)],
    )
  ).rows;
  const actionDepth = Math.max(0, (fewest ?? 10) - 10);
  const actionCursors: { address: string; after: string }[] = [];
  for (const h of hubs) {
    const [row] = (
      await q.query<{ trace_end_lt: string; trace_id: string; action_end_lt: string; action_id: string }>(
        `select trace_end_lt::text, trace_id, action_end_lt::text, action_id from action_accounts where account = $1
        order by trace_end_lt desc, trace_id desc, action_end_lt desc, action_id desc offset $2 limit 1`,
        [h.account, Math.max(0, actionDepth - 1)],
      )
    ).rows;
    if (row)
      actionCursors.push({ address: h.account, after: encodeCursor('Account.actions', [row.trace_end_lt, row.trace_id, row.action_end_lt, row.action_id]) });
  }
  // The hubs' traces: a depth every hub has, and the cursor the service would give the trace just above it.
  const traceRows = async (account: string, offset: number) =>
    (
      await q.query<{ end_lt: string; trace_id: string }>(
        `select E.end_lt::text, E.trace_id from traces E where E.end_lt is not null
          and E.trace_id in (select T.trace_id from transactions T where T.account = $1)
        order by E.end_lt desc, E.trace_id desc offset $2 limit 1`,
        [account, offset],
      )
    ).rows;
  const [{ fewestTraces }] = (
    await q.query<{ fewestTraces: number }>(
      `select min(n)::int as "fewestTraces" from (select count(distinct trace_id) as n from transactions where account = any($1::text[]) group by account) c`,
      [hubs.map((h) => h.account)],
    )
  ).rows;
  const traceDepth = Math.max(0, (fewestTraces ?? 10) - 10);
  const traceCursors: { address: string; after: string }[] = [];
  for (const h of hubs) {
    const [row] = await traceRows(h.account, Math.max(0, traceDepth - 1));
    if (row) traceCursors.push({ address: h.account, after: encodeCursor('Account.traces', [row.end_lt, row.trace_id]) });
  }
  const [{ total }] = (await q.query<{ total: number }>('select count(*)::int as total from transactions')).rows;
  const deepAll = (
    await q.query<{ lt: string; account: string }>(`select lt::text as lt, account from transactions order by lt desc, account desc offset $1 limit 20`, [
      Math.max(0, total - 40),
    ])
  ).rows.map((r) => encodeCursor('allTransactions', [r.lt, r.account]));
  const assets = await assetValues(q);
  const access = await accessSequences(q, quick ? 500 : 20_000);
  await q.end();
  if (big.length === 0 || normal.length === 0 || pending.length === 0) throw new Error('the bench database lacks big blocks, normal blocks or pending traces');

  const redis = openRedis(opts.redisUrl);
  await connected(redis);
  await redis.flushdb();

  // "uncached": no response caches (pages, transactions), so a scenario repeating a few requests measures the work
  // each one costs; "cached": the defaults, for the access-pattern rows and the page cache's.
  const noCaches = {
    CACHE_MAX_MB: '0',
    TRANSACTION_CACHE_MB: '0',
    TRACE_TREE_CACHE_MB: '0',
    TRACE_CACHE_MB: '0',
    ADDRESS_BOOK_CACHE_MB: '0',
    PAGE_KEY_CACHE_MB: '0',
  };
  const uncached = await start({ service: true }, { ...serviceEnv, DATABASE_URL: url, ...noCaches }, /listening/);
  const withRedis = await start({ service: true }, { ...serviceEnv, DATABASE_URL: url, ...noCaches, REDIS_URL: opts.redisUrl }, /listening/);
  const cached = await start({ service: true }, { ...serviceEnv, DATABASE_URL: url }, /listening/);
  /** The defaults in a process started for one scenario, its caches cold (rows marked "caches on"). */
  const freshCached = () => start({ service: true }, { ...serviceEnv, DATABASE_URL: url }, /listening/);
  const floor = await start({ script: 'bench/floor.ts' }, { DATABASE_URL: url }, /floor ready/);
  // Message-body decoding off, and on with no body cache (each body decoded on every request, the worst case)
  const undecoded = await start({ service: true }, { ...serviceEnv, DATABASE_URL: url, ...noCaches, DECODE_BODIES: 'false' }, /listening/);
  const decodeEachTime = await start({ service: true }, { ...serviceEnv, DATABASE_URL: url, ...noCaches, DECODE_CACHE_MB: '0' }, /listening/);
  const peer = opts.peer === false ? undefined : await startPostGraphile(url, Number(serviceEnv.PG_POOL_MAX ?? 10));
  const rows: Row[] = [];
  const add = (row: Row | undefined) => row && rows.push(row);
  try {
    // Emulated copies of the pending traces, as the emulator would hold them, for the Redis scenario; read from a
    // process of their own: serving these large traces leaves a process's heap grown, and the measured one that
    // served them used 15-26 % more CPU a block page afterwards (its scavenges took several times as long).
    const reader = await start({ service: true }, { ...serviceEnv, DATABASE_URL: url, ...noCaches }, /listening/);
    try {
      for (const p of pending.slice(0, 20)) {
        const res = await fetch(`${reader.base}/api/v3/pendingTraces?ext_msg_hash=${encodeURIComponent(p.external_hash)}`);
        await pushTraces(redis, { traces: (await res.json()).traces }, { finality: 'pending' });
      }
    } finally {
      await reader.stop();
    }
    const block = (seqno: number, limit: number) => ({ path: `/api/v3/transactionsByMasterchainBlock?seqno=${seqno}&limit=${limit}` });

    for (const [limit, blocks] of [
      [10, normal],
      [100, big],
      [1000, big],
    ] as const) {
      const name = `REST block, limit ${limit}`;
      add(
        await scenario(
          `floor: node:http + pg, REST limit ${limit}`,
          floor,
          blocks.map((s) => block(s, limit)),
          { serves: [name], sameAs: uncached },
        ),
      );
      add(
        await scenario(
          name,
          uncached,
          blocks.map((s) => block(s, limit)),
          { versus: `floor: node:http + pg, REST limit ${limit}` },
        ),
      );
    }
    // Issue 24's access patterns: the same request sequence to the floor and to the service with its caches at
    // their defaults, uniform over every block and account, and skewed (Zipf) toward recent blocks and busy accounts.
    console.error(`  access patterns over ${access.population.blocks} blocks and ${access.population.accounts} accounts`);
    for (const pattern of ['uniform', 'skewed'] as const) {
      for (const [what, requests] of [
        ['block page', access[pattern].blocks.map((s) => block(s, 10))],
        ['account page', access[pattern].accounts.map((a) => ({ path: `/api/v3/transactions?account=${a}&limit=10` }))],
      ] as const) {
        const name = `REST ${what}, limit 10, ${pattern}, caches on`;
        const floorName = `floor: node:http + pg, ${what}, limit 10, ${pattern}`;
        add(await scenario(floorName, floor, [...requests], { serves: [name], sameAs: cached, sequence: true }));
        add(await scenario(name, freshCached, [...requests], { versus: floorName, sequence: true }));
      }
    }
    // What decoding message bodies costs: the same pages with decoding off, on (the default: each distinct body
    // decoded once per process), and on with no body cache.
    for (const [what, requests] of [
      ['REST block, limit 100', big.map((s) => block(s, 100))],
      ['REST trace page (/traces?account=), limit 10', accounts.slice(4).map((a) => ({ path: `/api/v3/traces?account=${a.account}&limit=10` }))],
    ] as const) {
      const off = `${what}, decoding off`;
      add(await scenario(off, undecoded, [...requests], { serves: [`${what}, decoding on`, `${what}, decoding on, no body cache`] }));
      add(await scenario(`${what}, decoding on`, uncached, [...requests], { versus: off }));
      add(await scenario(`${what}, decoding on, no body cache`, decodeEachTime, [...requests], { versus: off }));
    }
    for (const [what, doc, withMessages] of [
      ['flat page', BenchFlatPageDocument, false],
      ['page with messages', BenchPageWithMessagesDocument, true],
    ] as const) {
      const name = `GraphQL ${what}, 100 transactions`;
      const peerName = `PostGraphile 5: ${what}, 100 transactions`;
      if (peer)
        add(
          await scenario(
            peerName,
            peer,
            big.map((s) => graphql(peerPage(withMessages), { seqno: s, limit: 100 })),
            { serves: [name] },
          ),
        );
      add(
        await scenario(
          name,
          uncached,
          big.map((s) => graphql(print(doc), { seqno: s, limit: 100 })),
          { versus: peer ? peerName : undefined },
        ),
      );
    }
    for (const [page, offset, pageAccounts] of [
      ['first page', 0, accounts],
      [`offset ${deep}`, deep, hubs],
    ] as const) {
      const name = `REST account page (/transactions?account=), limit 10, ${page}`;
      const floorName = `floor: node:http + pg, REST account page, limit 10, ${page}`;
      const rest = pageAccounts.map((a) => ({ path: `/api/v3/transactions?account=${a.account}&limit=10&offset=${offset}` }));
      add(await scenario(floorName, floor, rest, { serves: [name], sameAs: uncached }));
      add(await scenario(name, uncached, rest, { versus: floorName }));
      const gqlName = `GraphQL account page (transactions(account:)) with messages, limit 10, ${page}`;
      const peerName = `PostGraphile 5: account page with messages, limit 10, ${page}`;
      const pageOf = (query: string) => pageAccounts.map((a) => graphql(query, { account: a.account, limit: 10, offset }));
      if (peer) add(await scenario(peerName, peer, pageOf(peerPage(true, PEER_ACCOUNT)), { serves: [gqlName] }));
      add(await scenario(gqlName, uncached, pageOf(print(BenchAccountPageDocument)), { versus: peer ? peerName : undefined }));
    }
    // Keyset connections: the same page size at the top of a list and deep in it, by cursor.
    const connection = print(BenchAccountConnectionDocument);
    const accountFirst = 'GraphQL Account.transactions connection with messages, first 10, first page';
    add(
      await scenario(
        accountFirst,
        uncached,
        hubs.map((h) => graphql(connection, { address: h.account })),
      ),
    );
    add(
      await scenario(
        `GraphQL Account.transactions connection with messages, first 10, ${deep} deep (cursor)`,
        uncached,
        hubCursors.map((c) => graphql(connection, c)),
        { versus: accountFirst },
      ),
    );
    const everything = print(BenchAllTransactionsDocument);
    const allFirst = 'GraphQL allTransactions connection, first 10, first page';
    add(await scenario(allFirst, uncached, [graphql(everything, {})]));
    add(
      await scenario(
        `GraphQL allTransactions connection, first 10, ${total - 40} deep (cursor)`,
        uncached,
        deepAll.map((after) => graphql(everything, { after })),
        { versus: allFirst },
      ),
    );
    // Traces and actions of the 16 busiest accounts that are not hubs (a hub's traces hold hundreds of transactions each).
    const regular = accounts.slice(4);
    const tracePages = 'REST traces by account (/traces?account=), limit 10';
    add(
      await scenario(
        tracePages,
        uncached,
        regular.map((a) => ({ path: `/api/v3/traces?account=${a.account}&limit=10` })),
      ),
    );
    // The same trace pages compressed: bytes on the wire against the CPU the compression takes.
    for (const coding of ['gzip', 'br']) {
      add(
        await scenario(
          `REST traces by account, limit 10, Accept-Encoding: ${coding}`,
          uncached,
          regular.map((a) => ({ path: `/api/v3/traces?account=${a.account}&limit=10`, headers: { 'accept-encoding': coding } })),
          { versus: tracePages },
        ),
      );
    }
    const hubTraces = 'REST traces of a hub (/traces?account=), limit 10, first page';
    add(
      await scenario(
        hubTraces,
        uncached,
        hubs.map((h) => ({ path: `/api/v3/traces?account=${h.account}&limit=10` })),
      ),
    );
    // Issue 24's row: the same pages at the default settings, the transaction cache writing what it holds.
    add(
      await scenario(
        `${hubTraces}, caches on`,
        freshCached,
        hubs.map((h) => ({ path: `/api/v3/traces?account=${h.account}&limit=10` })),
        { versus: hubTraces },
      ),
    );
    add(
      await scenario(
        `${hubTraces}, caches on, Accept-Encoding: gzip`,
        freshCached,
        hubs.map((h) => ({ path: `/api/v3/traces?account=${h.account}&limit=10`, headers: { 'accept-encoding': 'gzip' } })),
        { versus: hubTraces },
      ),
    );
    add(
      await scenario(
        `REST traces of a hub, limit 10, offset ${traceDepth}`,
        uncached,
        hubs.map((h) => ({ path: `/api/v3/traces?account=${h.account}&limit=10&offset=${traceDepth}` })),
        { versus: hubTraces },
      ),
    );
    const traceConnection = 'GraphQL Account.traces connection of a hub with actions, first 10, first page';
    add(
      await scenario(
        traceConnection,
        uncached,
        hubs.map((h) => graphql(print(BenchAccountTracesDocument), { address: h.account })),
      ),
    );
    add(
      await scenario(
        `GraphQL Account.traces connection of a hub with actions, first 10, ${traceDepth} deep (cursor)`,
        uncached,
        traceCursors.map((c) => graphql(print(BenchAccountTracesDocument), c)),
        { versus: traceConnection },
      ),
    );
    add(
      await scenario(
        'REST actions by account (/actions?account=), limit 10',
        uncached,
        regular.map((a) => ({ path: `/api/v3/actions?account=${a.account}&limit=10` })),
      ),
    );
    add(
      await scenario(
        'GraphQL Account.actions connection, first 10',
        uncached,
        regular.map((a) => graphql(print(BenchAccountActionsDocument), { address: a.account })),
      ),
    );
    // The hubs' actions, first page and a deep one: REST by offset, GraphQL by cursor.
    const hubActions = 'REST actions of a hub (/actions?account=), limit 10, first page';
    add(
      await scenario(
        hubActions,
        uncached,
        hubs.map((h) => ({ path: `/api/v3/actions?account=${h.account}&limit=10` })),
      ),
    );
    add(
      await scenario(
        `REST actions of a hub, limit 10, offset ${actionDepth}`,
        uncached,
        hubs.map((h) => ({ path: `/api/v3/actions?account=${h.account}&limit=10&offset=${actionDepth}` })),
        { versus: hubActions },
      ),
    );
    const hubConnection = 'GraphQL Account.actions connection of a hub, first 10, first page';
    add(
      await scenario(
        hubConnection,
        uncached,
        hubs.map((h) => graphql(print(BenchAccountActionsDocument), { address: h.account })),
      ),
    );
    add(
      await scenario(
        `GraphQL Account.actions connection of a hub, first 10, ${actionDepth} deep (cursor)`,
        uncached,
        actionCursors.map((c) => graphql(print(BenchAccountActionsDocument), c)),
        { versus: hubConnection },
      ),
    );
    for (const a of assets ? assetScenarios(assets) : []) {
      if (a.peer && !peer) continue;
      const floorName = `floor: node:http + pg, ${a.name.replace(/^REST /, '')}`;
      if (a.floor) add(await scenario(floorName, floor, a.requests, { serves: [a.name], sameAs: uncached }));
      const versus = a.floor ? floorName : a.versus;
      add(await scenario(a.name, a.peer ? peer! : uncached, a.requests, { versus, serves: a.serves }));
    }
    const messagesTo = accounts.map((a) => ({ path: `/api/v3/messages?destination=${a.account}&limit=10` }));
    add(await scenario('REST messages, newest first, limit 10', uncached, [{ path: '/api/v3/messages?limit=10' }]));
    add(await scenario('REST messages to an account (destination=), limit 10', uncached, messagesTo));
    const nested = 'GraphQL nested navigation (10 transactions → trace → children → outMsgs → destination)';
    add(
      await scenario(
        nested,
        uncached,
        normal.map((s) => graphql(print(BenchNestedNavigationDocument), { seqno: s })),
      ),
    );
    // Issue 24's row: at the default settings, final traces' trees kept
    add(
      await scenario(
        `${nested}, caches on`,
        freshCached,
        normal.map((s) => graphql(print(BenchNestedNavigationDocument), { seqno: s })),
        {
          versus: nested,
        },
      ),
    );
    add(
      await scenario(
        'GraphQL block, limit 1000, every field',
        uncached,
        big.map((s) => graphql(print(BlockTransactionsDocument), { seqno: s, limit: 1000 })),
      ),
    );
    add(
      await scenario(
        'REST pendingTraces by account (database)',
        uncached,
        pending.map((p) => ({ path: `/api/v3/pendingTraces?account=${p.account}` })),
      ),
    );
    add(
      await scenario(
        'REST pendingTraces by account (database + Redis)',
        withRedis,
        pending.slice(0, 20).map((p) => ({ path: `/api/v3/pendingTraces?account=${p.account}` })),
      ),
    );
    add(
      await scenario(
        'GraphQL nested pending trace (depth 4)',
        uncached,
        pending.map((p) => graphql(print(NestedPendingTracesDocument), { extMsgHash: [p.external_hash] })),
      ),
    );
    const hot = block(big[0], 1000);
    // autocannon sends no Accept-Encoding: the uncompressed page and its tag (fetch would ask for gzip)
    const identity = { 'accept-encoding': 'identity' };
    await fetch(cached.base + hot.path, { headers: identity });
    const etag = (await fetch(cached.base + hot.path, { headers: identity })).headers.get('etag')!;
    add(await scenario('REST limit 1000, finalized, cached (200)', cached, [hot], { versus: 'REST block, limit 1000' }));
    add(
      await scenario('REST limit 1000, finalized, cached, Accept-Encoding: gzip (200)', cached, [{ ...hot, headers: { 'accept-encoding': 'gzip' } }], {
        versus: 'REST limit 1000, finalized, cached (200)',
      }),
    );
    add(
      await scenario('REST limit 1000, finalized, If-None-Match (304)', cached, [{ ...hot, headers: { 'if-none-match': etag } }], {
        status: 304,
        versus: 'REST block, limit 1000',
      }),
    );

    let growth: { small: Row; large: Row } | undefined;
    const limit10 = rows.find((r) => r.scenario === 'REST block, limit 10');
    if (growthUrl && limit10) {
      const small = await start({ service: true }, { ...serviceEnv, DATABASE_URL: growthUrl, ...noCaches }, /listening/);
      try {
        const gq = new pg.Client({ connectionString: growthUrl });
        await gq.connect();
        const smallSeqnos = (
          await gq.query<{ s: number }>(`select mc_block_seqno as s from transactions group by 1 having count(*) between 10 and 999 order by 1 limit 50`)
        ).rows.map((r) => r.s);
        await gq.end();
        const smallRow = await scenario(
          `REST block, limit 10, at ${growthSize} transactions`,
          small,
          smallSeqnos.map((s) => block(s, 10)),
          { versus: 'REST block, limit 10' },
        );
        growth = smallRow && { small: smallRow, large: limit10 };
      } finally {
        await small.stop();
      }
    }

    const all = [...rows, ...(growth ? [growth.small] : [])];
    console.log(`\n| scenario | req/s | p50 ms | p99 ms | SQL statements / request | response bytes | server peak RSS MB | compared with | ratio |`);
    console.log(`|---|---:|---:|---:|---:|---:|---:|---|---:|`);
    for (const r of all) {
      const base = r.versus ? all.find((o) => o.scenario === r.versus) : undefined;
      const ratio = base ? `${(r.rps / base.rps).toFixed(2)}×` : '';
      console.log(
        `| ${r.scenario} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.statements} | ${r.bytes} | ${r.rssMb.toFixed(0)} | ${base ? base.scenario : ''} | ${ratio} |${r.errors ? ` ${r.errors} errors` : ''}`,
      );
    }
    if (growth)
      console.log(
        `\ngrowth: limit-10 p50 at ${size} = ${growth.large.p50} ms, at ${growthSize} = ${growth.small.p50} ms (ratio ${(growth.large.p50 / Math.max(growth.small.p50, 0.001)).toFixed(2)})`,
      );
    if (opts.json) writeFileSync(opts.json, JSON.stringify({ size, connections, duration, rows, growth }, null, 2));
    const failed = rows.filter((r) => r.errors > 0);
    if (failed.length > 0) {
      console.error(`errors in: ${failed.map((r) => r.scenario).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all([uncached.stop(), withRedis.stop(), cached.stop(), floor.stop(), undecoded.stop(), decodeEachTime.stop(), peer?.stop()]);
    redis.disconnect();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
