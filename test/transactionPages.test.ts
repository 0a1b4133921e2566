import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageKeyCache } from '../src/shape/pageKeys';
import { TipBoundCache } from '../src/shape/tipBoundCache';
import { TransactionCache } from '../src/shape/transactionCache';
import { type CachedAndPlain, cachedAndPlain, plainText as text } from './helpers/cachedAndPlain';
import { availableBackends } from './helpers/databases';
import { nextMasterchainBlock } from './helpers/tip';

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

describe.each(await availableBackends())('REST transaction lists on %s', (backend) => {
  describe('uncached', () => {
    let t: CachedAndPlain;
    let account: string;
    beforeAll(async () => {
      t = await cachedAndPlain(backend, () => ({}), { busiest: 1, atLeast: 2 });
      [account] = t.accounts;
    });
    afterAll(() => t?.close());

    it('read the page with its account states and messages, then the address book: two statements', async () => {
      for (const path of [
        `/api/v3/transactions?account=${account}&limit=20`,
        `/api/v3/transactions?limit=20&sort=asc`,
        `/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=20`,
      ]) {
        t.counter.texts.length = 0;
        expect(await text(t.cached, path)).toBe(await text(t.plain, path));
        expect(t.counter.texts).toHaveLength(2);
        expect(t.counter.texts[0]).toMatch(/left join account_states SB on SB\.hash = P\.account_state_hash_before/);
        expect(t.counter.texts[0]).toMatch(/json_agg\(json_build_array\(M\.tx_hash, M\.tx_lt::text/);
        expect(
          t.counter.texts.filter((q) =>
            /from account_states where|from messages M\s+left join message_contents B on B.hash = M.body_hash\s+left join message_contents I on I.hash = M.init_state_hash\s+where M.tx_hash = any/.test(
              q,
            ),
          ),
        ).toEqual([]);
        // without an address book: the page alone
        t.counter.texts.length = 0;
        const bare = `${path}&x_no_address_book=1`;
        expect(await text(t.cached, bare)).toBe(await text(t.plain, bare));
        expect(t.counter.texts).toHaveLength(1);
      }
    });

    it('a page of more than 20 rows reads its messages in a statement of their own, as rows: three statements, the same bytes', async () => {
      for (const path of [`/api/v3/transactions?limit=30&sort=asc`, `/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=21`]) {
        t.counter.texts.length = 0;
        expect(await text(t.cached, path)).toBe(await text(t.plain, path));
        expect(t.counter.texts).toHaveLength(3);
        expect(t.counter.texts[0]).toMatch(/left join account_states SB on SB\.hash = P\.account_state_hash_before/);
        expect(t.counter.texts[0]).not.toMatch(/json_agg/);
        expect(t.counter.texts[1]).toMatch(/from messages M\s+left join message_contents B on B.hash = M.body_hash/);
      }
    });
  });

  describe('with their keys kept as of the tip', () => {
    let t: CachedAndPlain;
    let accounts: string[];
    const pageKeys = pageKeyCache(1024 * 1024);
    beforeAll(async () => {
      t = await cachedAndPlain(backend, () => ({ pageKeys, transactionCache: new TransactionCache(8 * 1024 * 1024) }), { busiest: 3, atLeast: 2 });
      ({ accounts } = t);
    });
    afterAll(() => t?.close());

    // the statements that find a page's transactions by its filters (not those reading by hash the rows the
    // transaction cache lacks)
    const pageReads = () => t.counter.texts.filter((q) => /from transactions T\b.* order by /s.test(q) && !/from transactions T where T\.hash = any/.test(q));

    it('answer a page asked again under the same tip without finding its transactions again, with the bytes of the uncached service', async () => {
      const paths = [
        ...accounts.flatMap((a) => [`/api/v3/transactions?account=${a}&limit=20`, `/api/v3/transactions?account=${a}&limit=2&offset=1&sort=asc`]),
        `/api/v3/transactions?limit=30`,
        `/api/v3/transactions?account=${accounts[0]}&account=${accounts[1]}&limit=10`,
      ];
      for (const path of paths) {
        const expected = await text(t.plain, path);
        t.counter.texts.length = 0;
        expect(await text(t.cached, path)).toBe(expected);
        expect(pageReads()).toHaveLength(1);
        t.counter.texts.length = 0;
        expect(await text(t.cached, path)).toBe(expected);
        expect(pageReads()).toEqual([]);
      }
      expect(pageKeys.size.entries).toBe(paths.length);
      expect(pageKeys.hits).toBe(paths.length);
      const metrics = await (await t.cached.get('/metrics')).text();
      expect(metrics).toMatch(new RegExp(`^tonql_page_key_cache\\{figure="entries"\\} ${paths.length}$`, 'm'));
    });

    it("show an account's new transaction once the block that brings it is seen", async () => {
      const [account] = accounts;
      const path = `/api/v3/transactions?account=${account}&limit=5`;
      const before = await text(t.cached, path);
      expect(await text(t.cached, path)).toBe(before);
      const hash = Buffer.alloc(32, 7).toString('base64');
      const seqno = t.masterchainTip.highest + 1;
      // the account's newest transaction again, later and in the next masterchain block
      await t.db.writer.query(
        `insert into transactions
         select (jsonb_populate_record(null::transactions, to_jsonb(x) || jsonb_build_object('hash', $2::text, 'lt', x.lt + 1000, 'mc_block_seqno', $3::int))).*
         from transactions x where account = $1 order by lt desc limit 1`,
        [account, hash, seqno],
      );
      const removeBlock = await nextMasterchainBlock(t.db, t.masterchainTip, seqno - 1);
      try {
        const after = await text(t.cached, path);
        expect(after).toBe(await text(t.plain, path));
        expect(JSON.parse(after).transactions[0].hash).toBe(hash);
        expect(after).not.toBe(before);
      } finally {
        await t.db.writer.query('delete from transactions where hash = $1', [hash]);
        await removeBlock();
      }
    });
  });
});
