import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CachedAndPlain, cachedAndPlain } from './helpers/cachedAndPlain';
import { MasterchainTip } from '../src/data/blocks';
import { Doorkeeper } from '../src/shape/doorkeeper';
import { TransactionCache } from '../src/shape/transactionCache';
import { ownBytes } from '../src/encoding/ownBytes';
import { RawTexts } from '../src/wire/rawJson';
import { availableBackends } from './helpers/databases';
import { nextMasterchainBlock } from './helpers/tip';

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
    // a value written by its request's registry too, with or without texts spliced in
    const raw = new RawTexts();
    for (const value of [{ a: 'ж' }, { a: raw.mark(Buffer.from('{"kept":1}')) }]) {
      const own = raw.ownBytes(value);
      expect(own.buffer.byteLength).toBe(own.length);
      expect(own.equals(raw.bytes(value))).toBe(true);
    }
    expect(raw.ownBytes({ a: raw.mark(Buffer.from('{"kept":1}')) }).toString()).toBe('{"a":{"kept":1}}');
  });

  it('admits a transaction on its second sighting only; then every one while it has room, and once full a sample as large as the recent hit ratio, at least one in ten', () => {
    const cache = new TransactionCache(9_000);
    const entry = (n: number) => ({ json: ownBytes(`{"hash":"${n}",${'"x":1,'.repeat(150)}"end":0}`), addresses: [] });
    // a walk that never repeats is never admitted
    expect(Array.from({ length: 1000 }, (_, i) => cache.admits(`once${i}`)).filter(Boolean)).toEqual([]);
    expect([cache.admits('h1'), cache.admits('h1'), cache.admits('h1')]).toEqual([false, true, true]);
    for (let i = 10; i < 60; i += 1) cache.set(`h${i}`, entry(i));
    // eight entries of 1,124 counted bytes: over nine tenths of the budget
    expect(cache.size.bytes).toBeGreaterThan(0.9 * 9_000);
    let round = 0;
    // each key's second sighting, the one a sample decides
    const share = () => {
      round += 1;
      const keys = Array.from({ length: 20_000 }, (_, i) => `r${round}k${i}`);
      for (const key of keys) cache.admits(key);
      return keys.map((key) => cache.admits(key)).filter(Boolean).length / keys.length;
    };
    // nothing looked up yet: the floor
    expect(share()).toBeGreaterThan(0.08);
    expect(share()).toBeLessThan(0.12);
    // most lookups hit: most misses are admitted
    for (let i = 0; i < 5000; i += 1) cache.get('h59');
    expect(share()).toBeGreaterThan(0.95);
    const off = new TransactionCache(0);
    expect([off.admits('h1'), off.admits('h1')]).toEqual([false, false]);
  });
});

describe('Doorkeeper', () => {
  it('says a key was seen from its second sighting, forgets everything after its capacity of new keys, and rarely takes a new key for seen', () => {
    const door = new Doorkeeper(1000, 1 << 14);
    expect(door.seenBefore('a')).toBe(false);
    expect(door.seenBefore('a')).toBe(true);
    const keys = Array.from({ length: 500 }, (_, i) => `key${i}`);
    const first = keys.filter((k) => door.seenBefore(k)).length;
    expect(first).toBeLessThan(25);
    expect(keys.every((k) => door.seenBefore(k))).toBe(true);
    // new keys past the capacity of 1,000: cleared, so 'a' and the others are new again
    for (let i = 0; i < 600; i += 1) door.seenBefore(`more${i}`);
    expect(door.seenBefore('a')).toBe(false);
    expect(keys.filter((k) => door.seenBefore(k)).length).toBeLessThan(25);
  });
});

describe('MasterchainTip', () => {
  it('calls a block final once a later one is seen, never a row without a block, and only grows', () => {
    const tip = new MasterchainTip();
    expect(tip.isFinal(5)).toBe(false);
    tip.raise(10);
    tip.raise(7);
    expect([tip.highest, tip.isFinal(9), tip.isFinal(10), tip.isFinal(null)]).toEqual([10, true, false, false]);
  });
});

describe.each(await availableBackends())('finalized transactions served from the transaction cache on %s', (backend) => {
  let t: CachedAndPlain;
  const cache = new TransactionCache(8 * 1024 * 1024);

  beforeAll(async () => {
    t = await cachedAndPlain(backend, () => ({ transactionCache: cache }), { busiest: 5, atLeast: 2 });
  });
  afterAll(() => t?.close());

  const paths = () => [
    ...t.accounts.map((a) => `/api/v3/transactions?account=${a}&limit=50`),
    `/api/v3/transactions?limit=100&sort=desc`,
    `/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=20`,
  ];
  const body = async (server: typeof t.cached, path: string) => {
    const res = await server.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    return { text: await res.text(), statements: Number(/(\d+) statements/.exec(res.headers.get('server-timing') ?? '')?.[1]) };
  };

  it('answers every page with the bytes of the uncached service, and a page of t.cached transactions without reading their messages or states', async () => {
    for (const path of paths()) {
      const expected = (await body(t.plain, path)).text;
      const first = await body(t.cached, path);
      const second = await body(t.cached, path);
      expect(first.text).toBe(expected);
      expect(second.text).toBe(expected);
    }
    expect(cache.size.entries).toBeGreaterThan(0);
    expect(cache.hits).toBeGreaterThan(0);
    // a block below the tip: every transaction t.cached after the first request, so only its keys and the book are
    // read (as many statements as the whole read, the page with its states and messages then the book; but no
    // message or state)
    const block = `/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=20`;
    const again = await body(t.cached, block);
    expect(again.statements).toBeLessThanOrEqual((await body(t.plain, block)).statements);
    t.counter.texts.length = 0;
    await body(t.cached, block);
    // no statement of its own for messages or states (a page read whole brings them along)
    expect(t.counter.texts.some((q) => /^\s*select [^()]*from messages M\b|from account_states where/i.test(q))).toBe(false);
  });

  it('writes the finalized transactions of trace pages from the same cache, with the bytes of the uncached service', async () => {
    const [{ seqno }] = await t.db.writer.query<{ seqno: number }>(
      `select mc_seqno_end as seqno from traces where state = 'complete' and mc_seqno_end < $1 group by 1 order by count(*) desc limit 1`,
      [t.tip],
    );
    const tracePaths = [...t.accounts.map((a) => `/api/v3/traces?account=${a}&limit=10&include_actions=true`), `/api/v3/traces?mc_seqno=${seqno}&limit=50`];
    for (const path of tracePaths) {
      const expected = (await body(t.plain, path)).text;
      expect((await body(t.cached, path)).text).toBe(expected);
      expect((await body(t.cached, path)).text).toBe(expected);
    }
    // the transaction lists are written from the entries the trace pages made, and the other way round
    const hits = cache.hits;
    for (const path of paths()) expect((await body(t.cached, path)).text).toBe((await body(t.plain, path)).text);
    expect(cache.hits).toBeGreaterThan(hits);
    // a page of traces all below the tip: its transactions' messages and states are not read again
    t.counter.texts.length = 0;
    expect((await body(t.cached, tracePaths.at(-1)!)).text).toBe((await body(t.plain, tracePaths.at(-1)!)).text);
    expect(t.counter.texts.some((q) => /from messages|from account_states/i.test(q))).toBe(false);
  });

  it('never caches a transaction of the newest masterchain block; caches it once a later block is indexed', async () => {
    const newest = await t.db.writer.query<{ hash: string; account: string }>('select hash, account from transactions where mc_block_seqno >= $1', [t.tip]);
    expect(newest.length).toBeGreaterThan(0);
    for (const path of paths()) await body(t.cached, path);
    for (const { account } of newest) await body(t.cached, `/api/v3/transactions?account=${account}&limit=50`);
    const present = (hashes: { hash: string }[]) => hashes.filter(({ hash }) => cache.has(hash));
    expect(present(newest)).toEqual([]);
    // a later masterchain block arrives: the tip's transactions are final now
    const removeBlock = await nextMasterchainBlock(t.db, t.masterchainTip, t.tip);
    try {
      // a final transaction is kept from its second sighting (the cache's doorkeeper), each time with the same bytes
      for (const { account } of newest) {
        const path = `/api/v3/transactions?account=${account}&limit=50`;
        expect((await body(t.cached, path)).text).toBe((await body(t.plain, path)).text);
      }
      expect(present(newest)).toEqual([]);
      for (const { account } of newest) {
        const path = `/api/v3/transactions?account=${account}&limit=50`;
        expect((await body(t.cached, path)).text).toBe((await body(t.plain, path)).text);
      }
      expect(present(newest).length).toBe(newest.length);
    } finally {
      await removeBlock();
    }
  });

  it('while most lookups hit, reads a page as keys first and whole only the rows not t.cached, with the same bytes', async () => {
    const path = (a: string) => `/api/v3/transactions?account=${a}&limit=50`;
    for (const a of t.accounts) await body(t.cached, path(a));
    // one of the first account's final transactions leaves the cache
    const [{ hash: dropped }] = await t.db.writer.query<{ hash: string }>(
      'select hash from transactions where account = $1 and mc_block_seqno < $2 order by lt desc limit 1',
      [t.accounts[0], t.masterchainTip.highest],
    );
    (cache as unknown as { lru: { delete(k: string): void } }).lru.delete(dropped);
    cache.recentHitRatio = 1;
    try {
      for (const a of t.accounts) {
        // what must be read whole: the page's transactions not final yet, and the one dropped
        const page = await t.db.writer.query<{ hash: string; mc: number | null }>(
          'select hash, mc_block_seqno as mc from transactions where account = $1 order by lt desc limit 50',
          [a],
        );
        const expected = page.filter((row) => !t.masterchainTip.isFinal(row.mc) || row.hash === dropped).map((row) => row.hash);
        t.counter.texts.length = 0;
        t.counter.params.length = 0;
        const served = await body(t.cached, path(a));
        expect(served.text).toBe((await body(t.plain, path(a))).text);
        expect(t.counter.texts[0]).toMatch(/^select T\.hash, T\.mc_block_seqno from transactions T where/);
        const whole = t.counter.texts.findIndex((q) => /select T\.account, T\.hash, T\.lt, .* from transactions T where T\.hash = any/s.test(q));
        const read = whole < 0 ? [] : (t.counter.params[whole]![0] as string[]);
        expect(read.sort()).toEqual(expected.sort());
        // read whole with their states and messages in that statement, none on its own
        if (whole >= 0) expect(t.counter.texts[whole]).toMatch(/json_agg[\s\S]*left join account_states SB/);
        expect(t.counter.texts.some((q) => /^\s*select [^()]*from messages M\b|from account_states where/i.test(q))).toBe(false);
      }
      expect(cache.has(dropped)).toBe(true);
    } finally {
      cache.recentHitRatio = 0;
    }
  });
});
