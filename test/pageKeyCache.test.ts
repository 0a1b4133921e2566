import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterchainTip } from '../src/data/blocks';
import { importDocument } from '../src/import/importFile';
import { pageKeyCache } from '../src/shape/pageKeys';
import { TipBoundCache } from '../src/shape/tipBoundCache';
import { TransactionCache } from '../src/shape/transactionCache';
import { countingDatabase } from './helpers/counting';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { realTestnetTraces } from './helpers/fixtures';
import { listen, testServices } from './helpers/service';
import { nextMasterchainBlock, tipSeen } from './helpers/tip';

describe('TipBoundCache, one key at a time', () => {
  it('keeps a value read under the current tip only, and drops everything when the tip moves', () => {
    const cache = new TipBoundCache<{ v: string }>(1_000_000, (v) => v.v.length);
    expect(cache.get('a', 5)).toBeUndefined();
    cache.set('a', { v: 'A' }, 5);
    expect(cache.get('a', 5)).toEqual({ v: 'A' });
    // read under tip 5, kept after 6 was seen: dropped
    expect(cache.get('a', 6)).toBeUndefined();
    cache.set('b', { v: 'B' }, 5);
    expect(cache.get('b', 6)).toBeUndefined();
    // an older tip than the one seen, or none: nothing served, nothing kept
    cache.set('c', { v: 'C' }, 6);
    expect([cache.get('c', 5), cache.get('c', -1)]).toEqual([undefined, undefined]);
    expect(cache.get('c', 6)).toEqual({ v: 'C' });
    expect([cache.hits, cache.misses]).toEqual([2, 3]);
    const off = pageKeyCache(0);
    off.set('a', [], 5);
    expect([off.enabled, off.get('a', 5), off.size.entries]).toEqual([false, undefined, 0]);
  });
});

describe.each(await availableBackends())('the transactions a /transactions page lists, kept as of the tip on %s', (backend) => {
  let db: TestDatabase;
  let cached: Awaited<ReturnType<typeof listen>>;
  let plain: Awaited<ReturnType<typeof listen>>;
  const counted = { db: undefined as never, counter: { statements: 0, texts: [], params: [] } } as unknown as ReturnType<typeof countingDatabase>;
  const pageKeys = pageKeyCache(1024 * 1024);
  const masterchainTip = new MasterchainTip();
  let stopFollowing: () => void;
  let accounts: string[];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    Object.assign(counted, countingDatabase(db.reader));
    cached = await listen({ ...testServices(counted.db), masterchainTip, pageKeys, transactionCache: new TransactionCache(8 * 1024 * 1024) });
    plain = await listen(testServices(db.reader));
    stopFollowing = masterchainTip.follow(db.reader, 20);
    await tipSeen(db, masterchainTip);
    accounts = (
      await db.writer.query<{ account: string }>(
        'select account from transactions group by account having count(*) > 2 order by count(*) desc, account limit 3',
      )
    ).map((r) => r.account);
  });
  afterAll(async () => {
    stopFollowing?.();
    await cached?.close();
    await plain?.close();
    await db?.drop();
  });

  const text = async (server: typeof cached, path: string) => {
    const res = await server.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    return res.text();
  };
  // the statements that find a page's transactions by its filters (by hash, a row the transaction cache lacks is read)
  const pageReads = () => counted.counter.texts.filter((t) => /from transactions T\b.* order by /s.test(t));

  it('answers a page asked again under the same tip without finding its transactions again, with the bytes of the uncached service', async () => {
    const paths = [
      ...accounts.flatMap((a) => [`/api/v3/transactions?account=${a}&limit=20`, `/api/v3/transactions?account=${a}&limit=2&offset=1&sort=asc`]),
      `/api/v3/transactions?limit=30`,
      `/api/v3/transactions?account=${accounts[0]}&account=${accounts[1]}&limit=10`,
    ];
    for (const path of paths) {
      const expected = await text(plain, path);
      counted.counter.texts.length = 0;
      expect(await text(cached, path)).toBe(expected);
      expect(pageReads()).toHaveLength(1);
      // the page's account states come with its rows, in the same statement
      expect(counted.counter.texts.filter((t) => /from account_states where/.test(t))).toEqual([]);
      counted.counter.texts.length = 0;
      expect(await text(cached, path)).toBe(expected);
      expect(pageReads()).toEqual([]);
    }
    expect(pageKeys.size.entries).toBe(paths.length);
    expect(pageKeys.hits).toBe(paths.length);
    const metrics = await (await cached.get('/metrics')).text();
    expect(metrics).toMatch(new RegExp(`^tonql_page_key_cache\\{figure="entries"\\} ${paths.length}$`, 'm'));
  });

  it("shows an account's new transaction once the block that brings it is seen", async () => {
    const [account] = accounts;
    const path = `/api/v3/transactions?account=${account}&limit=5`;
    const before = await text(cached, path);
    expect(await text(cached, path)).toBe(before);
    const hash = Buffer.alloc(32, 7).toString('base64');
    const seqno = masterchainTip.highest + 1;
    // the account's newest transaction again, later and in the next masterchain block
    await db.writer.query(
      `insert into transactions
       select (jsonb_populate_record(null::transactions, to_jsonb(t) || jsonb_build_object('hash', $2::text, 'lt', t.lt + 1000, 'mc_block_seqno', $3::int))).*
       from transactions t where account = $1 order by lt desc limit 1`,
      [account, hash, seqno],
    );
    const removeBlock = await nextMasterchainBlock(db, masterchainTip, seqno - 1);
    try {
      const after = await text(cached, path);
      expect(after).toBe(await text(plain, path));
      expect(JSON.parse(after).transactions[0].hash).toBe(hash);
      expect(after).not.toBe(before);
    } finally {
      await db.writer.query('delete from transactions where hash = $1', [hash]);
      await removeBlock();
    }
  });
});
