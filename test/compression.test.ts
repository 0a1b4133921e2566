import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_MIN_BYTES, negotiateEncoding } from '../src/http/acceptEncoding';
import { createHttpServer } from '../src/http/server';
import { importDocument } from '../src/import/importFile';
import { PageCache } from '../src/rest/pageCache';
import { strongEtag } from '../src/rest/respond';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { realTestnetTraces } from './helpers/fixtures';
import { startQuietLiveService } from './helpers/live';
import { type Raw, raw } from './helpers/rawHttp';
import { testServices } from './helpers/service';

describe('Accept-Encoding negotiation (RFC 9110 §12.5.3)', () => {
  const big = COMPRESSION_MIN_BYTES;
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['deflate', undefined],
    ['zstd, compress', undefined],
    ['*', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, gzip;q=0, *', undefined],
    ['*;q=0', undefined],
    ['identity;q=0, *;q=0', undefined],
    ['gzip;q=0.5, identity', undefined],
    ['gzip, identity;q=0.5', 'gzip'],
    ['gzip;q=1.5', undefined],
    ['gzip;q=abc, br', 'br'],
    ['gzip ; q=0.9 , br;q=0.1', 'gzip'],
  ])('%j → %s', (header, coding) => {
    expect(negotiateEncoding(header, big)).toBe(coding);
  });

  it('sends a small body as it is, unless the client refuses identity', () => {
    expect(negotiateEncoding('gzip, br', big - 1)).toBeUndefined();
    expect(negotiateEncoding('gzip, identity;q=0', 10)).toBe('gzip');
    expect(negotiateEncoding('br, *;q=0', 10)).toBe('br');
  });
});

const decode = (r: Raw) =>
  r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.body;
const varies = (r: Raw) => /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(r.headers.vary ?? ''));

describe('compressed responses', () => {
  let db: TestDatabase;
  let base: string;
  let close: () => Promise<void>;
  const cache = new PageCache(8 * 1024 * 1024);
  const FINAL_PAGE = '/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=5&x_no_address_book=1';

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    const { server } = createHttpServer({ ...testServices(db.reader), pageCache: cache });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close?.();
    await db?.drop();
  });

  it('serves a cached finalized page in each coding: the same bytes decoded, its own ETag, 304 per coding, the copies kept in the cache', async () => {
    const plain = await raw(base, FINAL_PAGE);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_MIN_BYTES);
    expect(plain.headers.etag).toBe(strongEtag(plain.body));
    expect(varies(plain)).toBe(true);
    const before = cache.size.bytes;

    const tags = new Set([plain.headers.etag]);
    for (const coding of ['gzip', 'br'] as const) {
      const first = await raw(base, FINAL_PAGE, { 'Accept-Encoding': coding });
      expect(first.status).toBe(200);
      expect(first.headers['content-encoding']).toBe(coding);
      expect(Number(first.headers['content-length'])).toBe(first.body.length);
      expect(first.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode(first).equals(plain.body)).toBe(true);
      expect(varies(first)).toBe(true);
      expect(first.headers['cache-control']).toBe(plain.headers['cache-control']);
      expect(first.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, `-${coding}"`));
      tags.add(first.headers.etag);

      // served again from the cache: the same compressed bytes, no statement
      const again = await raw(base, FINAL_PAGE, { 'Accept-Encoding': coding });
      expect(again.body.equals(first.body)).toBe(true);
      expect(again.headers['server-timing']).toMatch(/0 statements/);

      const head = await raw(base, FINAL_PAGE, { 'Accept-Encoding': coding }, 'HEAD');
      expect(head.body.length).toBe(0);
      expect(head.headers['content-encoding']).toBe(coding);
      expect(head.headers['content-length']).toBe(first.headers['content-length']);
      expect(head.headers.etag).toBe(first.headers.etag);

      const fresh = await raw(base, FINAL_PAGE, { 'Accept-Encoding': coding, 'If-None-Match': String(first.headers.etag) });
      expect(fresh.status).toBe(304);
      expect(fresh.body.length).toBe(0);
      expect(fresh.headers.etag).toBe(first.headers.etag);
      expect(varies(fresh)).toBe(true);
      // another coding's tag names another representation
      expect((await raw(base, FINAL_PAGE, { 'Accept-Encoding': coding, 'If-None-Match': String(plain.headers.etag) })).status).toBe(200);
      expect((await raw(base, FINAL_PAGE, { 'If-None-Match': String(first.headers.etag) })).status).toBe(200);
    }
    expect(tags.size).toBe(3);
    expect((await raw(base, FINAL_PAGE, { 'If-None-Match': String(plain.headers.etag) })).status).toBe(304);
    // both copies are counted in the cache's budget
    expect(cache.size.bytes).toBeGreaterThan(before + 2 * 100);
  });

  it('compresses an uncached page and a GraphQL result to the same bytes decoded', async () => {
    const page = '/api/v3/transactions?limit=20&sort=desc';
    const plain = await raw(base, page);
    expect(plain.headers.etag).toBeUndefined();
    expect(varies(plain)).toBe(true);
    for (const coding of ['gzip', 'br']) {
      const coded = await raw(base, page, { 'Accept-Encoding': `${coding}, identity;q=0.5` });
      expect(coded.headers['content-encoding']).toBe(coding);
      expect(Number(coded.headers['content-length'])).toBe(coded.body.length);
      expect(decode(coded).equals(plain.body)).toBe(true);
    }

    const query = JSON.stringify({
      query: '{ transactionsByMasterchainBlock(seqno: 32737160, limit: 20) { hash lt account now totalFees origStatus endStatus } }',
    });
    const post = (headers: Record<string, string>) => raw(base, '/graphql', { 'Content-Type': 'application/json', ...headers }, 'POST', query);
    const plainResult = await post({});
    expect(plainResult.status).toBe(200);
    expect(plainResult.body.length).toBeGreaterThan(COMPRESSION_MIN_BYTES);
    expect(plainResult.headers['content-encoding']).toBeUndefined();
    expect(varies(plainResult)).toBe(true);
    for (const coding of ['gzip', 'br']) {
      const coded = await post({ 'Accept-Encoding': coding });
      expect(coded.headers['content-encoding']).toBe(coding);
      expect(Number(coded.headers['content-length'])).toBe(coded.body.length);
      expect(decode(coded).equals(plainResult.body)).toBe(true);
      expect(varies(coded)).toBe(true);
    }
    const small = await raw(
      base,
      '/graphql',
      { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip, br' },
      'POST',
      JSON.stringify({ query: '{ __typename }' }),
    );
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(String(small.body))).toEqual({ data: { __typename: 'Query' } });
  });

  it('sends small responses, identity requests and refused codings as they are', async () => {
    const error = await raw(base, '/api/v3/transactionsByMasterchainBlock?seqno=abc', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(error.status).toBe(422);
    expect(error.headers['content-encoding']).toBeUndefined();
    expect(varies(error)).toBe(true);
    expect(JSON.parse(String(error.body)).code).toBe(422);
    for (const refusing of ['identity', '', 'gzip;q=0, br;q=0', '*;q=0', 'deflate']) {
      const res = await raw(base, FINAL_PAGE, { 'Accept-Encoding': refusing });
      expect(res.headers['content-encoding'], refusing).toBeUndefined();
      expect(res.headers.etag).toBe(strongEtag(res.body));
    }
    expect((await raw(base, FINAL_PAGE, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });
});

describe('streams are never compressed', () => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startQuietLiveService>>;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    service = await startQuietLiveService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  /** The head of a stream and its first frame, as sent, then the connection closed. */
  const firstFrame = (path: string, body: unknown) =>
    new Promise<{ headers: Raw['headers']; frame: string }>((resolve, reject) => {
      const req = request(
        service.base + path,
        { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, br' } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('latin1');
            if (text.includes('\n\n')) {
              resolve({ headers: res.headers, frame: text.slice(0, text.indexOf('\n\n')) });
              req.destroy();
            }
          });
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });

  it('Streaming API over SSE', async () => {
    const { headers, frame } = await firstFrame('/api/streaming/v2/sse', { types: ['transactions'], addresses: [`0:${'1'.repeat(64)}`] });
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(frame).toMatch(/^(event|:|data)/);
  });

  it('GraphQL over SSE', async () => {
    const query = `subscription { transactions(accounts: ["0:${'1'.repeat(64)}"]) { kind } }`;
    const { headers, frame } = await firstFrame('/graphql', { query });
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    // yoga's own header, telling proxies not to compress the stream either
    expect(headers['content-encoding']).toBe('none');
    expect(frame).toMatch(/^(event|:|data)/);
  });
});
