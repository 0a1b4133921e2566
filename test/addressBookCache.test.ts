import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CachedAndPlain, cachedAndPlain, plainText } from './helpers/cachedAndPlain';
import { WALLET_CODE_HASHES } from '../src/encoding/walletData';
import { addressBookCaches } from '../src/shape/addressBookCache';
import { TipBoundCache } from '../src/shape/tipBoundCache';
import { availableBackends } from './helpers/databases';
import { nextMasterchainBlock } from './helpers/tip';

describe('TipBoundCache', () => {
  const reader = () => {
    const asked: string[][] = [];
    const read = async (keys: string[]) => {
      asked.push(keys);
      return new Map(keys.map((k) => [k, { v: k.toUpperCase() }]));
    };
    return { asked, read };
  };

  it('reads only what it does not hold for the current tip, and drops everything when the tip moves', async () => {
    const cache = new TipBoundCache<{ v: string }>(1_000_000, (v) => v.v.length);
    const { asked, read } = reader();
    let tip = 5;
    expect([...(await cache.getMany(['a', 'b'], () => tip, read)).entries()]).toEqual([
      ['a', { v: 'A' }],
      ['b', { v: 'B' }],
    ]);
    expect((await cache.getMany(['b', 'c'], () => tip, read)).get('c')).toEqual({ v: 'C' });
    expect(asked).toEqual([['a', 'b'], ['c']]);
    expect([cache.hits, cache.misses, cache.size.entries]).toEqual([1, 3, 3]);
    tip = 6;
    await cache.getMany(['a', 'b'], () => tip, read);
    expect(asked.at(-1)).toEqual(['a', 'b']);
    expect(cache.size.entries).toBe(2);
  });

  it('keeps nothing read under a tip that moved meanwhile, nothing without a tip, nothing older than its age bound, nothing when off', async () => {
    const cache = new TipBoundCache<{ v: string }>(1_000_000, (v) => v.v.length);
    const { asked, read } = reader();
    let tip = 5;
    let release!: () => void;
    const slow = cache.getMany(
      ['a'],
      () => tip,
      async (keys) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return read(keys);
      },
    );
    // another request sees the next block while the first one still reads under the old tip
    tip = 6;
    await cache.getMany(['b'], () => tip, read);
    release();
    await slow;
    await cache.getMany(['a', 'b'], () => tip, read);
    expect(asked).toEqual([['b'], ['a'], ['a']]);
    const unknown = new TipBoundCache<{ v: string }>(1_000_000, (v) => v.v.length);
    await unknown.getMany(['a'], () => -1, read);
    expect(unknown.size.entries).toBe(0);
    const aging = new TipBoundCache<{ v: string }>(1_000_000, (v) => v.v.length, 40);
    await aging.getMany(['a'], () => tip, read);
    await aging.getMany(['a'], () => tip, read);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await aging.getMany(['a'], () => tip, read);
    // (the fourth read was the tipless cache's)
    expect(asked.slice(4)).toEqual([['a'], ['a']]);
    const entry = { entry: { user_friendly: 'x', domain: null, interfaces: [] }, json: Buffer.from('"a":{}') };
    for (const off of [addressBookCaches(0, 60_000).book, addressBookCaches(1_000_000, 0).book]) {
      await off.getMany(
        ['a'],
        () => 5,
        async () => new Map([['a', entry]]),
      );
      expect(off.size.entries).toBe(0);
    }
  });
});

describe.each(await availableBackends())('address books and metadata of the current t.tip, reused on %s', (backend) => {
  let t: CachedAndPlain;
  const caches = addressBookCaches(4 * 1024 * 1024, 60_000);

  beforeAll(async () => {
    t = await cachedAndPlain(backend, () => ({ addressBookCaches: caches }), { busiest: 4 });
  });
  afterAll(() => t?.close());

  const text = plainText;
  const paths = () =>
    t.accounts.flatMap((a) => [
      `/api/v3/traces?account=${a}&limit=5&include_actions=true`,
      `/api/v3/transactions?account=${a}&limit=20`,
      `/api/v3/messages?destination=${a}&limit=20`,
      `/api/v3/addressBook?address=${a}`,
    ]);

  it('answers as the uncached service, and a second time without reading address books or metadata', async () => {
    for (const path of paths()) {
      const expected = await text(t.plain, path);
      expect(await text(t.cached, path)).toBe(expected);
      t.counter.texts.length = 0;
      expect(await text(t.cached, path)).toBe(expected);
      expect(t.counter.texts.filter((q) => /latest_account_states las|with req as/.test(q))).toEqual([]);
    }
    expect(caches.book.hits).toBeGreaterThan(0);
    expect(caches.metadata.hits).toBeGreaterThan(0);
    const metrics = await (await t.cached.get('/metrics')).text();
    expect(metrics).toMatch(new RegExp(`^tonql_address_book_cache\\{figure="entries"\\} ${caches.book.size.entries}$`, 'm'));
  });

  it('writes metadata as the one statement does: a jetton wallet with its master, asked alone, together, or the master alone', async () => {
    // two t.accounts of the dataset become a jetton wallet and its master, with indexed metadata and flags
    const [wallet, master] = t.accounts;
    await t.db.writer.query(`insert into jetton_masters (address, total_supply, mintable) values ($1, 1000, true)`, [master]);
    await t.db.writer.query(`insert into jetton_wallets (address, balance, owner, jetton) values ($1, 5, $2, $3)`, [wallet, t.accounts[2], master]);
    await t.db.writer.query(`insert into address_metadata (address, type, valid, name, symbol) values ($1, 'jetton_masters', true, 'Coin', 'CN')`, [master]);
    await t.db.writer.query(`insert into address_metadata_flags (address, is_scam) values ($1, true)`, [master]);
    // the indexer writes such rows with the block that made them
    const removeBlock = await nextMasterchainBlock(t.db, t.masterchainTip, t.tip);
    try {
      const lookups = [[wallet], [wallet, master], [master], [master, wallet, t.accounts[3]]].map(
        (list) => `/api/v3/metadata?${list.map((a) => `address=${encodeURIComponent(a)}`).join('&')}`,
      );
      const pages = [...lookups, `/api/v3/messages?destination=${wallet}&limit=20`, `/api/v3/traces?account=${master}&limit=5`];
      for (const path of [...pages, ...[...pages].reverse()]) expect(await text(t.cached, path)).toBe(await text(t.plain, path));
      expect(JSON.parse(await text(t.cached, lookups[0]))[master].token_info[0].symbol).toBe('CN');
    } finally {
      await t.db.writer.query('delete from jetton_wallets where address = $1', [wallet]);
      await t.db.writer.query('delete from jetton_masters where address = $1', [master]);
      await t.db.writer.query('delete from address_metadata where address = $1', [master]);
      await t.db.writer.query('delete from address_metadata_flags where address = $1', [master]);
      await removeBlock();
    }
  });

  it('serves what the database holds once a later masterchain block is seen', async () => {
    // a busy account with a state: its code changes (a wallet's to another, or to a wallet's), so its
    // user-friendly form's bounceability and its interfaces do
    const [{ account, code_hash }] = await t.db.writer.query<{ account: string; code_hash: string | null }>(
      'select account, code_hash from latest_account_states where account = any($1) order by account limit 1',
      [t.accounts],
    );
    const wallet = [...WALLET_CODE_HASHES][0];
    const path = `/api/v3/addressBook?address=${account}`;
    const before = await text(t.cached, path);
    await t.db.writer.query(`update latest_account_states set code_hash = $2 where account = $1`, [account, code_hash === wallet ? null : wallet]);
    const removeBlock = await nextMasterchainBlock(t.db, t.masterchainTip, t.tip);
    try {
      const now = await text(t.plain, path);
      expect(now).not.toBe(before);
      expect(await text(t.cached, path)).toBe(now);
      for (const p of paths()) expect(await text(t.cached, p)).toBe(await text(t.plain, p));
    } finally {
      await removeBlock();
      await t.db.writer.query('update latest_account_states set code_hash = $2 where account = $1', [account, code_hash]);
    }
  });
});
