import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from '../src/http/server';
import { importDocument } from '../src/import/importFile';
import { PageCache } from '../src/rest/pageCache';
import { strongEtag } from '../src/rest/respond';
import { countingDatabase } from './helpers/counting';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { realTestnetTraces } from './helpers/fixtures';
import { testServices } from './helpers/service';

describe('PageCache', () => {
  it('evicts least recently used pages to stay within its byte budget', () => {
    const cache = new PageCache(4000);
    const page = (n: number) => ({ payload: Buffer.alloc(800, 'x'), etag: `"${n}"` });
    for (let i = 0; i < 10; i += 1) cache.set(`k${i}`, page(i));
    expect(cache.size.bytes).toBeLessThanOrEqual(4000);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k9')?.etag).toBe('"9"');
    // four pages fit: k6..k9; touching k6 makes k7 the least recently used
    cache.get('k6');
    cache.set('k10', page(10));
    expect(cache.get('k6')).toBeDefined();
    expect(cache.get('k7')).toBeUndefined();
    expect(new PageCache(0).enabled).toBe(false);
  });

  it('counts the compressed copies kept with a page in its budget, and frees them with it', () => {
    const cache = new PageCache(4000);
    const page = { payload: Buffer.alloc(800, 'x'), etag: '"p"' };
    cache.set('k', page);
    const alone = cache.size.bytes;
    cache.keepVariant('k', page, 'gzip', Buffer.alloc(100));
    cache.keepVariant('k', page, 'gzip', Buffer.alloc(100));
    expect(cache.size.bytes).toBe(alone + 100);
    // a page no longer cached keeps its copy, uncounted
    const other = { payload: Buffer.alloc(800, 'y'), etag: '"o"' };
    cache.keepVariant('o', other, 'br', Buffer.alloc(50));
    expect(cache.size.bytes).toBe(alone + 100);
    expect(cache.get('k')?.variants?.gzip?.length).toBe(100);
    for (let i = 0; i < 5; i += 1) cache.set(`filler${i}`, { payload: Buffer.alloc(800, 'z'), etag: `"${i}"` });
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(4000);
    expect(cache.size.bytes % (800 + 14 + 64)).toBe(0);
  });
});

describe('finalized block pages served from the cache', () => {
  let db: TestDatabase;
  const counted = { db: undefined as any, counter: { statements: 0 } };
  let base: string;
  let close: () => Promise<void>;
  const cache = new PageCache(8 * 1024 * 1024);

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    Object.assign(counted, countingDatabase(db.reader));
    const { server } = createHttpServer({ ...testServices(counted.db), pageCache: cache });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close?.();
    await db?.drop();
  });

  it('answers a finalized page again without SQL, with the same bytes and tag; the newest block is never cached', async () => {
    const url = `${base}/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=5`;
    counted.counter.statements = 0;
    const first = await fetch(url);
    const firstBody = await first.text();
    expect(counted.counter.statements).toBeGreaterThan(0);
    counted.counter.statements = 0;
    const second = await fetch(url);
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('server-timing')).toMatch(/0 statements/);
    expect(counted.counter.statements).toBe(0);
    expect((await fetch(url, { headers: { 'If-None-Match': first.headers.get('etag')! } })).status).toBe(304);
    expect(counted.counter.statements).toBe(0);

    const [{ max }] = await db.writer.query<{ max: number }>(`select max(seqno) as max from blocks where workchain = -1`);
    await fetch(`${base}/api/v3/transactionsByMasterchainBlock?seqno=${max}`);
    counted.counter.statements = 0;
    await fetch(`${base}/api/v3/transactionsByMasterchainBlock?seqno=${max}`);
    expect(counted.counter.statements).toBeGreaterThan(0);
  });
});

describe('address books of cached pages stay fresh', () => {
  it('serves the cached page until the address book bound, then a new book, with an ETag of exactly the bytes served', async () => {
    const db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    let clock = 1_000_000;
    const { server } = createHttpServer({ ...testServices(db.reader), pageCache: new PageCache(8 * 1024 * 1024, () => clock), addressBookMaxAgeMs: 60_000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=5`;
    // tags of the uncompressed bytes (fetch asks for gzip unless told)
    const fetch = (url: string, init: RequestInit = {}) => globalThis.fetch(url, { ...init, headers: { 'Accept-Encoding': 'identity', ...init.headers } });
    try {
      const first = await fetch(url);
      const firstBody = await first.text();
      expect(first.headers.get('cache-control')).toBe('public, max-age=60');
      expect(first.headers.get('etag')).toBe(strongEtag(firstBody));
      const account = Object.keys(JSON.parse(firstBody).address_book)[0];
      expect(JSON.parse(firstBody).address_book[account].domain).toBeNull();

      // the account gets a domain: the book changes, the transactions do not
      await db.writer.query(`insert into dns_entries (nft_item_address, nft_item_owner, domain, dns_wallet) values ($1, $2, 'fresh.ton', $2)`, [
        '0:' + 'AB'.repeat(32),
        account,
      ]);
      clock += 30_000;
      const cached = await fetch(url);
      expect(await cached.text()).toBe(firstBody);
      expect(cached.headers.get('cache-control')).toBe('public, max-age=30');

      clock += 30_000;
      const fresh = await fetch(url, { headers: { 'If-None-Match': first.headers.get('etag')! } });
      expect(fresh.status).toBe(200);
      const freshBody = await fresh.text();
      expect(JSON.parse(freshBody).address_book[account].domain).toBe('fresh.ton');
      expect(JSON.parse(freshBody).transactions).toEqual(JSON.parse(firstBody).transactions);
      expect(fresh.headers.get('etag')).toBe(strongEtag(freshBody));
      expect(fresh.headers.get('etag')).not.toBe(first.headers.get('etag'));
      expect(fresh.headers.get('cache-control')).toBe('public, max-age=60');

      // without an address book nothing in the page can change
      const bare = await fetch(`${url}&x_no_address_book=true`);
      expect(bare.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(bare.headers.get('etag')).toBe(strongEtag(await bare.text()));
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await db.drop();
    }
  });
});
