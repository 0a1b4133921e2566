import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { ownBytes, TransactionCache } from '../src/shape/transactionCache';
import { countingDatabase } from './helpers/counting';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { realTestnetTraces } from './helpers/fixtures';
import { listen, testServices } from './helpers/service';

describe('TransactionCache', () => {
  it('stays within its byte budget, least recently used evicted first, and counts hits and misses', () => {
    const cache = new TransactionCache(10_000);
    const entry = (n: number) => ({ json: ownBytes(`{"hash":"${n}",${'"x":1,'.repeat(150)}"end":0}`), addresses: ['0:AB'] });
    for (let i = 0; i < 50; i += 1) cache.set(`h${i}`, entry(i));
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size.entries).toBeLessThan(50);
    expect(cache.get('h0')).toBeUndefined();
    expect(cache.get('h49')?.json.equals(entry(49).json)).toBe(true);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
    expect(new TransactionCache(0).enabled).toBe(false);
  });

  it('keeps each text as UTF-8 bytes of its own, counted at their length', () => {
    const cache = new TransactionCache(1_000_000);
    cache.set('a', { json: ownBytes('"' + 'a'.repeat(998) + '"'), addresses: [] });
    const one = cache.size.bytes;
    cache.set('b', { json: ownBytes('"' + 'ж'.repeat(499) + '"'), addresses: [] });
    expect(cache.size.bytes).toBe(2 * one);
    const bytes = cache.get('b')!.json;
    // not a view into Node's shared pool: the entry holds only its own bytes
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    expect(bytes.toString()).toBe('"' + 'ж'.repeat(499) + '"');
  });
});

describe.each(await availableBackends())('finalized transactions served from the transaction cache on %s', (backend) => {
  let db: TestDatabase;
  let cached: Awaited<ReturnType<typeof listen>>;
  let plain: Awaited<ReturnType<typeof listen>>;
  const counted = { db: undefined as never, counter: { statements: 0, texts: [] as string[] } } as ReturnType<typeof countingDatabase>;
  const cache = new TransactionCache(8 * 1024 * 1024);
  let tip: number;
  let accounts: string[];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    Object.assign(counted, countingDatabase(db.reader));
    cached = await listen({ ...testServices(counted.db), transactionCache: cache });
    plain = await listen(testServices(db.reader));
    [{ tip }] = await db.writer.query<{ tip: number }>('select max(seqno) as tip from blocks where workchain = -1');
    // accounts with transactions both below the tip and in it, so a page mixes final and not yet final ones
    accounts = (
      await db.writer.query<{ account: string }>(
        'select account from transactions group by account having count(*) > 2 order by count(*) desc, account limit 5',
      )
    ).map((r) => r.account);
  });
  afterAll(async () => {
    await cached?.close();
    await plain?.close();
    await db?.drop();
  });

  const paths = () => [
    ...accounts.map((a) => `/api/v3/transactions?account=${a}&limit=50`),
    `/api/v3/transactions?limit=100&sort=desc`,
    `/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=20`,
  ];
  const body = async (server: typeof cached, path: string) => {
    const res = await server.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    return { text: await res.text(), statements: Number(/(\d+) statements/.exec(res.headers.get('server-timing') ?? '')?.[1]) };
  };
  const waitForTip = async () => {
    // the tip is looked up in the background, at most once a second
    await body(cached, paths()[0]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await body(cached, paths()[0]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('answers every page with the bytes of the uncached service, and a page of cached transactions without reading their messages or states', async () => {
    await waitForTip();
    for (const path of paths()) {
      const expected = (await body(plain, path)).text;
      const first = await body(cached, path);
      const second = await body(cached, path);
      expect(first.text).toBe(expected);
      expect(second.text).toBe(expected);
    }
    expect(cache.size.entries).toBeGreaterThan(0);
    expect(cache.hits).toBeGreaterThan(0);
    // a block below the tip: every transaction cached after the first request, so only its rows and the book are read
    const block = `/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=20`;
    const again = await body(cached, block);
    expect(again.statements).toBeLessThan((await body(plain, block)).statements);
    counted.counter.texts.length = 0;
    await body(cached, block);
    expect(counted.counter.texts.some((t) => /from messages|from account_states/i.test(t))).toBe(false);
  });

  it('never caches a transaction of the newest masterchain block or one without a block; caches it once a later block is indexed', async () => {
    await waitForTip();
    const newest = await db.writer.query<{ hash: string; account: string }>('select hash, account from transactions where mc_block_seqno >= $1', [tip]);
    const unblocked = await db.writer.query<{ hash: string }>('select hash from transactions where mc_block_seqno is null');
    for (const path of paths()) await body(cached, path);
    for (const { account } of newest) await body(cached, `/api/v3/transactions?account=${account}&limit=50`);
    const present = (hashes: { hash: string }[]) => hashes.filter(({ hash }) => cacheHas(hash));
    // the fixture holds transactions of the newest block (and a transaction without a block would never enter either)
    expect(newest.length).toBeGreaterThan(0);
    expect(present(newest)).toEqual([]);
    expect(present(unblocked)).toEqual([]);
    // a later masterchain block arrives: the tip's transactions are final now
    const writer = db.writer;
    await writer.query(
      `insert into blocks (workchain, shard, seqno, root_hash, file_hash, mc_block_workchain, mc_block_shard, mc_block_seqno)
       select workchain, shard, seqno + 1, root_hash, file_hash, mc_block_workchain, mc_block_shard, seqno + 1 from blocks where workchain = -1 and seqno = $1`,
      [tip],
    );
    try {
      await waitForTip();
      for (const { account } of newest) {
        const path = `/api/v3/transactions?account=${account}&limit=50`;
        expect((await body(cached, path)).text).toBe((await body(plain, path)).text);
      }
      expect(present(newest).length).toBe(newest.length);
    } finally {
      await writer.query('delete from blocks where workchain = -1 and seqno = $1', [tip + 1]);
    }
  });

  it('while most lookups hit, reads a page as keys first and whole only the rows not cached, with the same bytes', async () => {
    await waitForTip();
    const path = (a: string) => `/api/v3/transactions?account=${a}&limit=50`;
    for (const a of accounts) await body(cached, path(a));
    cache.recentHitRatio = 1;
    // some of the first account's transactions leave the cache: its page mixes hits and rows read whole
    const [{ hash: dropped }] = await db.writer.query<{ hash: string }>(
      'select hash from transactions where account = $1 and mc_block_seqno < $2 order by lt desc limit 1',
      [accounts[0], tip],
    );
    (cache as unknown as { lru: { delete(k: string): void } }).lru.delete(dropped);
    for (const a of accounts) {
      counted.counter.texts.length = 0;
      const served = await body(cached, path(a));
      expect(served.text).toBe((await body(plain, path(a))).text);
      expect(counted.counter.texts[0]).toMatch(/^select T\.hash, T\.mc_block_seqno from transactions T where/);
      const wholeRows = counted.counter.texts.filter((t) => /T\.description|T\.compute_/.test(t) || /^select T\.account, T\.hash, T\.lt/.test(t));
      if (a === accounts[0]) expect(wholeRows.length).toBeGreaterThan(0);
    }
    expect(cacheHas(dropped)).toBe(true);
    cache.recentHitRatio = 0;
  });

  /** Whether the cache holds a hash, without counting a hit or a miss. */
  const cacheHas = (hash: string) => {
    const [hits, misses] = [cache.hits, cache.misses];
    const found = cache.get(hash) !== undefined;
    Object.assign(cache, { hits, misses });
    return found;
  };
});
