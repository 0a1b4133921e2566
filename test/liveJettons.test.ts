import { encode } from '@msgpack/msgpack';
import { Address } from '@ton/core';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaults } from '../src/config';
import type { Queryable } from '../src/db/types';
import { MASTERCHAIN_SHARD } from '../src/encoding/numbers';
import type { JettonWalletData } from '../src/live/events';
import { DatabaseFinalityWatcher } from '../src/live/dbWatcher';
import { LiveHub } from '../src/live/hub';
import { CHANNELS } from '../src/live/redisSource';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { eventually, sseClient, startLiveService, until } from './helpers/live';
import { freshRedisUrl, redisAvailable } from './helpers/redis';
import { testServices } from './helpers/service';

const raw = (byte: string) => `0:${byte.repeat(32)}`;
const WALLET = raw('1A');
const OWNER = raw('2B');
const MASTER = raw('3C');
const OTHER_WALLET = raw('4D');
const OTHER_OWNER = raw('5E');
const UNRELATED = raw('6F');
const h = (n: number) => Buffer.alloc(32, n).toString('base64');
const friendly = (a: string) => Address.parseRaw(a).toString();
/** The first masterchain block of a test's database; each change is finalized by a block of its own after it. */
const FIRST_BLOCK = 50_000_000;

/**
 * What ton-indexer writes when a masterchain block finalizes a jetton wallet's transaction: the block (and its
 * shard block), the transaction, and the wallet's row upserted only when the new state is newer.
 */
async function finalizeChange(db: Queryable, seqno: number, w: { address: string; owner: string; balance: string; lt: bigint }) {
  await db.query(`insert into blocks (workchain, shard, seqno) values (-1, ${MASTERCHAIN_SHARD}, $1), (0, ${MASTERCHAIN_SHARD}, $1)`, [seqno]);
  await db.query(
    `insert into transactions (account, hash, lt, block_workchain, block_shard, block_seqno, mc_block_seqno, now)
     values ($1, $2, $3, 0, ${MASTERCHAIN_SHARD}, $4, $4, 1750000000)`,
    [w.address, h(seqno % 200), w.lt.toString(), seqno],
  );
  await db.query(
    `insert into jetton_wallets (address, balance, owner, jetton, last_transaction_lt, code_hash, data_hash) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (address) do update set balance = excluded.balance, owner = excluded.owner, jetton = excluded.jetton,
       last_transaction_lt = excluded.last_transaction_lt, code_hash = excluded.code_hash, data_hash = excluded.data_hash
     where jetton_wallets.last_transaction_lt < excluded.last_transaction_lt`,
    [w.address, w.balance, w.owner, MASTER, w.lt.toString(), h(201), h(202)],
  );
}

/** What the emulator writes and announces for a jetton wallet's new state. */
async function announceFromRedis(redis: any, finality: 'confirmed' | 'finalized', w: { balance: string; lt: bigint }) {
  const key = `account_${finality}:${WALLET}`;
  await redis.hset(key, {
    lt: w.lt.toString(),
    state: Buffer.from(
      encode(
        {
          hash: Buffer.alloc(32, 7),
          balance: 1000n,
          account_status: 'active',
          frozen_hash: null,
          code_hash: Buffer.alloc(32, 201),
          data_hash: Buffer.alloc(32, 202),
        },
        { useBigInt64: true },
      ),
    ),
    interfaces: Buffer.from(encode({ interfaces: [[0, { balance: w.balance, address: WALLET, owner: OWNER, jetton: MASTER }]] })),
  });
  await redis.publish(CHANNELS.accountState, key);
}

/** TON Center's `jettons_change` for WALLET at `lt`, with its keys in order. */
const jettonsChange = (balance: string, lt: bigint, finality = 'finalized') => ({
  type: 'jettons_change',
  finality,
  jetton: { address: WALLET, balance, owner: OWNER, jetton: MASTER, last_transaction_lt: lt.toString(), code_hash: h(201), data_hash: h(202) },
});

/** A GraphQL subscription over SSE (yoga's protocol): each message it got, and close. */
async function graphqlSse(base: string, query: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query }),
    signal: abort.signal,
  });
  if (res.status !== 200) throw new Error(`GraphQL over SSE answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const got: any[] = [];
  void (async () => {
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += Buffer.from(chunk).toString('utf8');
        for (const m of buffer.matchAll(/^data: (.+)$/gm)) got.push(JSON.parse(m[1]));
        buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
      }
    } catch {
      // aborted
    }
  })();
  return { events: () => got, close: () => abort.abort() };
}

const backend = (await availableBackends()).includes('postgres') ? 'postgres' : 'pglite';

describe.skipIf(!(await redisAvailable()))(`jetton balances, live, on ${backend}`, () => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startLiveService>>;
  let watcher: DatabaseFinalityWatcher;
  let block = FIRST_BLOCK;
  let lt = 60_000_000_000_000n;
  /** The writer's next change of WALLET, finalized by a new masterchain block. */
  const nextChange = async (balance: string, address = WALLET, owner = OWNER) => {
    lt += 10n;
    await finalizeChange(db.writer, ++block, { address, owner, balance, lt });
    return lt;
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    service = await startLiveService(db.reader, await freshRedisUrl(7));
    // the wallet exists before anyone follows it; the watcher starts from the newest block
    await finalizeChange(db.writer, block, { address: WALLET, owner: OWNER, balance: '100', lt });
    watcher = new DatabaseFinalityWatcher(service.services, service.live.hub, { intervalMs: 60_000, maxBlocksPerPoll: 32 });
    await watcher.poll();
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it("sends the owner's subscribers one finalized jettons_change per change the database finalizes, and unrelated subscribers none", async () => {
    const owner = await sseClient(service.base, { types: ['jettons_change'], addresses: [friendly(OWNER)] });
    const byWallet = await sseClient(service.base, { types: ['jettons_change'], addresses: [WALLET], include_address_book: true });
    const unrelated = await sseClient(service.base, { types: ['jettons_change', 'account_state_change', 'transactions'], addresses: [UNRELATED] });
    const gql = await graphqlSse(
      service.base,
      `subscription { jettonBalances(account: "${friendly(OWNER)}") { kind finality wallet { address balance owner jetton lastTransactionLt codeHash dataHash } } }`,
    );
    const ws = createClient({ url: `${service.base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const otherJetton: any[] = [];
    const stop = ws.subscribe(
      { query: `subscription { jettonBalances(account: "${OWNER}", jetton: "${OTHER_WALLET}") { kind wallet { address } } }` },
      { next: (v) => otherJetton.push(v), error: (e) => otherJetton.push({ error: e }), complete: () => {} },
    );
    await eventually(() => service.live.hub.followersOf(OWNER) === 3 && service.live.hub.followersOf(WALLET) === 1, 5000, 'every subscriber');

    const changed = await nextChange('250');
    await watcher.poll();
    await until(owner.events, (e) => e.type === 'jettons_change', 5000, 'jettons_change for the owner');
    await until(byWallet.events, (e) => e.type === 'jettons_change', 5000, 'jettons_change for the wallet');
    await until(gql.events, (e) => e.data?.jettonBalances, 5000, 'the GraphQL event');
    // no new block: nothing more; a wallet of someone else: not for these subscribers
    await watcher.poll();
    await nextChange('7', OTHER_WALLET, OTHER_OWNER);
    await watcher.poll();
    await new Promise((r) => setTimeout(r, 300));

    expect(owner.events()).toEqual([jettonsChange('250', changed)]);
    expect(Object.keys(owner.events()[0])).toEqual(['type', 'finality', 'jetton']);
    expect(Object.keys(owner.events()[0].jetton)).toEqual(['address', 'balance', 'owner', 'jetton', 'last_transaction_lt', 'code_hash', 'data_hash']);
    const [withBook] = byWallet.events();
    expect(Object.keys(withBook)).toEqual(['type', 'finality', 'jetton', 'address_book']);
    expect(Object.keys(withBook.address_book).sort()).toEqual([MASTER, OWNER, WALLET].sort());
    expect(unrelated.events()).toEqual([]);
    expect(
      gql
        .events()
        .filter((e) => e.data)
        .map((e) => e.data.jettonBalances),
    ).toEqual([
      {
        kind: 'UPDATE',
        finality: 'FINALIZED',
        wallet: { address: WALLET, balance: '250', owner: OWNER, jetton: MASTER, lastTransactionLt: changed.toString(), codeHash: h(201), dataHash: h(202) },
      },
    ]);
    expect(otherJetton).toEqual([]);
    expect(watcher.stats).toMatchObject({ jettons: 2, jettonsPassedOver: 0 });
    for (const c of [owner, byWallet, unrelated, gql]) c.close();
    stop();
    await ws.dispose();
  });

  it('announces a wallet changed by several new blocks once, with its newest state', async () => {
    const owner = await sseClient(service.base, { types: ['jettons_change'], addresses: [OWNER] });
    await eventually(() => service.live.hub.followersOf(OWNER) === 1, 5000, 'the subscriber');
    await nextChange('300');
    const newest = await nextChange('310');
    await watcher.poll();
    await until(owner.events, (e) => e.type === 'jettons_change', 5000, 'jettons_change');
    await new Promise((r) => setTimeout(r, 200));
    expect(owner.events()).toEqual([jettonsChange('310', newest)]);
    owner.close();
  });

  it('sends a finalized state once when both Redis and the database announce it, in either order', async () => {
    const owner = await sseClient(service.base, { types: ['jettons_change'], addresses: [OWNER] });
    const wallet = await sseClient(service.base, { types: ['account_state_change', 'jettons_change'], addresses: [WALLET], min_finality: 'confirmed' });
    const gql = await graphqlSse(
      service.base,
      `subscription { jettonBalances(account: "${OWNER}", jetton: "${MASTER}", minFinality: CONFIRMED) { finality wallet { balance } } }`,
    );
    await eventually(() => service.live.hub.followersOf(OWNER) === 2 && service.live.hub.followersOf(WALLET) === 1, 5000, 'every subscriber');

    // Redis first: the emulator confirms, then finalizes; the indexer's row of the same state comes later
    lt += 10n;
    const first = lt;
    await announceFromRedis(service.redis, 'confirmed', { balance: '400', lt: first });
    await until(wallet.events, (e) => e.type === 'jettons_change', 5000, 'the confirmed state from Redis');
    await announceFromRedis(service.redis, 'finalized', { balance: '400', lt: first });
    await until(owner.events, (e) => e.type === 'jettons_change', 5000, 'the finalized state from Redis');
    await finalizeChange(db.writer, ++block, { address: WALLET, owner: OWNER, balance: '400', lt: first });
    await watcher.poll();
    // the database first: Redis announces the same finalized state afterwards (its account state still goes out)
    const second = await nextChange('500');
    await watcher.poll();
    await until(owner.events, (e) => e.jetton?.last_transaction_lt === second.toString(), 5000, 'the finalized state from the database');
    await announceFromRedis(service.redis, 'finalized', { balance: '500', lt: second });
    const finalStates = () => wallet.events().filter((e) => e.type === 'account_state_change' && e.finality === 'finalized');
    await eventually(() => finalStates().length === 2, 5000, "Redis' second finalized account state");
    // a last change, so that anything sent before it has arrived
    const last = await nextChange('600');
    await watcher.poll();
    await until(owner.events, (e) => e.jetton?.last_transaction_lt === last.toString(), 5000, 'the last change');
    await until(gql.events, (e) => e.data?.jettonBalances.wallet.balance === '600', 5000, 'the last change over GraphQL');

    expect(owner.events()).toEqual([jettonsChange('400', first), jettonsChange('500', second), jettonsChange('600', last)]);
    expect(wallet.events().map((e) => [e.type, e.finality, e.jetton?.balance])).toEqual([
      ['account_state_change', 'confirmed', undefined],
      ['jettons_change', 'confirmed', '400'],
      ['account_state_change', 'finalized', undefined],
      ['jettons_change', 'finalized', '400'],
      ['jettons_change', 'finalized', '500'],
      ['account_state_change', 'finalized', undefined],
      ['jettons_change', 'finalized', '600'],
    ]);
    expect(
      gql
        .events()
        .filter((e) => e.data)
        .map((e) => [e.data.jettonBalances.finality, e.data.jettonBalances.wallet.balance]),
    ).toEqual([
      ['CONFIRMED', '400'],
      ['FINALIZED', '400'],
      ['FINALIZED', '500'],
      ['FINALIZED', '600'],
    ]);
    for (const c of [owner, wallet, gql]) c.close();
  });

  it('refuses a jettonBalances subscription with a bad address', async () => {
    const res = await fetch(`${service.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: `subscription { jettonBalances(account: "${OWNER}", jetton: "nope") { kind } }` }),
    });
    expect(await res.text()).toContain('jetton: invalid address: nope');
  });
});

describe.each(await availableBackends())('jetton wallet changes from the database on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.drop());

  it('reads only the wallets whose stored state a transaction of the new blocks left', async () => {
    await finalizeChange(db.writer, FIRST_BLOCK, { address: WALLET, owner: OWNER, balance: '1', lt: 1000n });
    const hub = new LiveHub(defaults().live.queue);
    const sub = hub.subscribe({ accounts: new Set([OWNER, OTHER_OWNER]), traceKeys: new Set() });
    const watcher = new DatabaseFinalityWatcher(testServices(db.reader), hub, { intervalMs: 60_000, maxBlocksPerPoll: 32 });
    await watcher.poll();
    // a newer state (finalized), and a transaction of another wallet whose row an older block wrote: not a change
    await finalizeChange(db.writer, FIRST_BLOCK + 1, { address: WALLET, owner: OWNER, balance: '2', lt: 2000n });
    await finalizeChange(db.writer, FIRST_BLOCK + 2, { address: OTHER_WALLET, owner: OTHER_OWNER, balance: '9', lt: 3000n });
    await db.writer.query(
      `insert into transactions (account, hash, lt, block_workchain, block_shard, block_seqno, mc_block_seqno) values ($1, $2, 3500, 0, ${MASTERCHAIN_SHARD}, $3, $3)`,
      [OTHER_WALLET, h(199), FIRST_BLOCK + 2],
    );
    await watcher.poll();
    const got: JettonWalletData[] = [];
    while (sub.queue.size > 0) got.push(((await sub.queue.next()).value as any).wallet);
    expect(got.map((w) => [w.address, w.balance, w.last_transaction_lt])).toEqual([
      [WALLET, '2', '2000'],
      [OTHER_WALLET, '9', '3000'],
    ]);
  });
});

describe('finalized jetton states in the hub', () => {
  const wallet = (lt: string | null, balance = '1'): JettonWalletData => ({
    address: WALLET,
    balance,
    owner: OWNER,
    jetton: MASTER,
    last_transaction_lt: lt,
    code_hash: null,
    data_hash: null,
  });
  const fromRedis = (finality: 'confirmed' | 'finalized', lt: string) => ({
    kind: 'accountState' as const,
    account: WALLET,
    finality,
    lt,
    state: { hash: null, balance: null, account_status: null, frozen_hash: null, data_hash: null, code_hash: null },
    jetton: wallet(lt),
  });

  it('drops a repeated or stale finalized state from the database, and marks the jetton part of a repeated Redis state', async () => {
    const hub = new LiveHub(defaults().live.queue);
    const sub = hub.subscribe({ accounts: new Set([OWNER]), traceKeys: new Set() });
    hub.publish(fromRedis('confirmed', '10'));
    hub.publish({ kind: 'jetton', finality: 'finalized', wallet: wallet('10') });
    hub.publish(fromRedis('finalized', '10'));
    hub.publish({ kind: 'jetton', finality: 'finalized', wallet: wallet('10') });
    hub.publish({ kind: 'jetton', finality: 'finalized', wallet: wallet('5') });
    hub.publish(fromRedis('finalized', '20'));
    hub.publish({ kind: 'jetton', finality: 'finalized', wallet: wallet(null) });
    const got: any[] = [];
    while (sub.queue.size > 0) got.push((await sub.queue.next()).value);
    expect(got.map((e) => [e.kind, e.finality, e.kind === 'jetton' ? e.wallet.last_transaction_lt : e.lt, e.jettonRepeat ?? false])).toEqual([
      ['accountState', 'confirmed', '10', false],
      ['jetton', 'finalized', '10', false],
      ['accountState', 'finalized', '10', true],
      ['accountState', 'finalized', '20', false],
      ['jetton', 'finalized', null, false],
    ]);
  });
});
