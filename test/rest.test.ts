import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureText, realTestnetTraces } from './helpers/fixtures';
import { startService } from './helpers/service';
import { syntheticBlock } from './helpers/synthetic';

const ROUTE = '/api/v3/transactionsByMasterchainBlock';
const DEMO_BLOCK = 32737160;
const BIG_BLOCK = 100; // synthetic: 25 transactions over 5 accounts, so lts and accounts tie

describe.each(await availableBackends())('REST transactionsByMasterchainBlock on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    const block = syntheticBlock(BIG_BLOCK, 25, { accounts: 5 });
    // five transactions share each lt (different accounts): the account tie-break decides their order
    block.transactions.forEach((t: any, i: number) => (t.lt = String(5_000_000n + BigInt(Math.floor(i / 5)))));
    await importDocument(db.writer, 'synthetic', JSON.stringify(block));
    service = await startService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const error = async (path: string, status: number, message: string | RegExp, init?: RequestInit) => {
    const res = await service.get(path, init);
    expect(res.status, path).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'error']);
    expect(body.code).toBe(status);
    if (typeof message === 'string') expect(body.error).toBe(message);
    else expect(body.error).toMatch(message);
  };

  it('answers 422 for every malformed, missing, repeated or unknown parameter, naming it', async () => {
    await error(ROUTE, 422, 'parameter "seqno" is required: the masterchain block seqno, an integer from 0 to 4294967295');
    await error(`${ROUTE}?seqno=abc`, 422, 'parameter "seqno" must be an integer from 0 to 4294967295, got "abc"');
    await error(`${ROUTE}?seqno=-1`, 422, 'parameter "seqno" must be an integer from 0 to 4294967295, got "-1"');
    await error(`${ROUTE}?seqno=4294967296`, 422, 'parameter "seqno" must be an integer from 0 to 4294967295, got "4294967296"');
    await error(`${ROUTE}?seqno=1.5`, 422, /"seqno" must be an integer/);
    await error(`${ROUTE}?seqno=`, 422, /"seqno" must be an integer/);
    await error(`${ROUTE}?seqno=1&limit=0`, 422, 'parameter "limit" must be an integer from 1 to 1000, got "0"');
    await error(`${ROUTE}?seqno=1&limit=1001`, 422, 'parameter "limit" must be an integer from 1 to 1000, got "1001"');
    await error(`${ROUTE}?seqno=1&limit=ten`, 422, 'parameter "limit" must be an integer from 1 to 1000, got "ten"');
    await error(`${ROUTE}?seqno=1&offset=-5`, 422, 'parameter "offset" must be an integer from 0 to 2147483647, got "-5"');
    await error(`${ROUTE}?seqno=1&sort=up`, 422, 'parameter "sort" must be one of asc, desc, got "up"');
    await error(`${ROUTE}?seqno=1&limit=5&limit=6`, 422, 'parameter "limit" must be given once, got 2 values');
    await error(`${ROUTE}?seqno=1&seqno=2`, 422, 'parameter "seqno" must be given once, got 2 values');
    await error(`${ROUTE}?seqno=1&account=x`, 422, /^unknown parameter "account"; allowed parameters: seqno, limit, offset, sort, api_key, x_timeout/);
    await error(`${ROUTE}?seqnum=1`, 422, /^unknown parameter "seqnum"/);
    await error(`${ROUTE}?seqno=%ff`, 422, /not valid percent-encoded UTF-8/);
    await error(`${ROUTE}?seqno=1&x_timeout=soon`, 422, 'parameter "x_timeout" must be an integer from 1 to 600000, got "soon"');
    await error(`${ROUTE}?seqno=1&x_no_address_book=maybe`, 422, 'parameter "x_no_address_book" must be true or false, got "maybe"');
    await error(`${ROUTE}?seqno=1`, 422, /"x_timeout" must be an integer/, { headers: { 'X-Timeout': '-3' } });
  });

  it('answers 414 for an over-long URL and 413 for an over-large body', async () => {
    await error(`${ROUTE}?seqno=1&x=${'a'.repeat(100_000)}`, 414, /^the URL is \d+ bytes long; at most 98304 are accepted$/);
    const res = await service.get('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    // /graphql answers in the GraphQL error shape, as every rejection there
    expect(await res.json()).toEqual({
      errors: [{ message: 'the request body is 1048577 bytes; at most 1048576 are accepted', extensions: { code: 'BAD_USER_INPUT' } }],
    });
  });

  it('answers 404 for a block that is not indexed and for unknown routes, 405 for other methods', async () => {
    await error(`${ROUTE}?seqno=1`, 404, 'masterchain block 1 not found');
    await error(`${ROUTE}?seqno=4294967295`, 404, 'masterchain block 4294967295 not found');
    await error('/api/v3/transactionsByMasterchainBlok?seqno=1', 404, /^no route \/api\/v3\/transactionsByMasterchainBlok/);
    const res = await service.get(`${ROUTE}?seqno=1`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toEqual({ error: 'method POST is not allowed; use GET', code: 405 });
  });

  it('returns the block with complete transactions, headers and an address book covering them', async () => {
    const res = await service.get(`${ROUTE}?seqno=${DEMO_BLOCK}&limit=1000`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-api-version')).toBe('1.2.10');
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=[\d.]+, db;desc="\d+ statements"$/);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['transactions', 'address_book']);
    expect(body.transactions).toHaveLength(9);
    const lts = body.transactions.map((t: any) => BigInt(t.lt));
    expect(lts).toEqual([...lts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    for (const t of body.transactions) {
      expect(t.mc_block_seqno).toBe(DEMO_BLOCK);
      expect(body.address_book[t.account].user_friendly).toMatch(/^[0k]Q/);
      if (t.in_msg?.source) expect(body.address_book[t.in_msg.source]).toBeDefined();
      for (const m of t.out_msgs) if (m.destination) expect(body.address_book[m.destination]).toBeDefined();
      const created = t.out_msgs.map((m: any) => BigInt(m.created_lt));
      expect(created).toEqual([...created].sort((a, b) => (a < b ? -1 : 1)));
    }
    expect(Object.keys(body.address_book)).toEqual(Object.keys(body.address_book).sort());
  });

  it('orders by lt then account in the requested direction, so offset paging is total', async () => {
    const all = (await (await service.get(`${ROUTE}?seqno=${BIG_BLOCK}&limit=1000&sort=ASC`)).json()).transactions;
    expect(all).toHaveLength(25);
    const keys = all.map((t: any) => [BigInt(t.lt), t.account]);
    for (let i = 1; i < keys.length; i += 1) {
      const [lt0, a0] = keys[i - 1];
      const [lt1, a1] = keys[i];
      expect(lt0 < lt1 || (lt0 === lt1 && a0 < a1)).toBe(true);
    }
    for (const sort of ['asc', 'desc']) {
      const full = (await (await service.get(`${ROUTE}?seqno=${BIG_BLOCK}&limit=1000&sort=${sort}`)).json()).transactions.map((t: any) => t.hash);
      const paged: string[] = [];
      for (let offset = 0; offset < 25; offset += 7) {
        const page = await (await service.get(`${ROUTE}?seqno=${BIG_BLOCK}&limit=7&offset=${offset}&sort=${sort}`)).json();
        paged.push(...page.transactions.map((t: any) => t.hash));
      }
      expect(paged).toEqual(full);
    }
    const desc = (await (await service.get(`${ROUTE}?seqno=${BIG_BLOCK}&limit=1000`)).json()).transactions.map((t: any) => t.hash);
    expect(desc).toEqual([...all.map((t: any) => t.hash)].reverse());
    expect((await (await service.get(`${ROUTE}?seqno=${BIG_BLOCK}`)).json()).transactions).toHaveLength(10);
  });

  it('skips the block lookup below the highest block it has seen: a page with rows needs none, an empty page one', async () => {
    const fresh = await startService(db.reader); // its tip starts unknown
    const cost = async (query: string) => {
      const res = await fresh.get(`${ROUTE}?${query}&x_no_address_book=true`);
      return [res.status, Number(/"(\d+) statements"/.exec(res.headers.get('server-timing')!)![1])];
    };
    try {
      const [, first] = await cost(`seqno=${BIG_BLOCK}`);
      expect(await cost(`seqno=${BIG_BLOCK}`)).toEqual([200, first - 1]);
      // an empty page below the tip: the page, then the lookup that tells 200 [] from 404, each once
      expect(await cost(`seqno=${BIG_BLOCK}&offset=1000`)).toEqual([200, 2]);
      expect(await cost(`seqno=${BIG_BLOCK + 1}`)).toEqual([404, 2]);
    } finally {
      await fresh.close();
    }
  });

  it('honours x_no_address_book and HEAD', async () => {
    const body = await (await service.get(`${ROUTE}?seqno=${DEMO_BLOCK}&x_no_address_book=true`)).json();
    expect(body.address_book).toEqual({});
    const viaHeader = await (await service.get(`${ROUTE}?seqno=${DEMO_BLOCK}`, { headers: { 'X-No-Address-Book': '1' } })).json();
    expect(viaHeader.address_book).toEqual({});
    const head = await service.get(`${ROUTE}?seqno=${DEMO_BLOCK}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect(await head.text()).toBe('');
  });

  it('gives finalized blocks a strong ETag, caching bounded by the address book (immutable without it) and 304; the newest block none', async () => {
    // the tag of the uncompressed page (each coding has its own: test/compression.test.ts)
    const identity = { 'Accept-Encoding': 'identity' };
    const res = await service.get(`${ROUTE}?seqno=${DEMO_BLOCK}`, { headers: identity });
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await service.get(`${ROUTE}?seqno=${DEMO_BLOCK}&x_no_address_book=1`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const again = await service.get(`${ROUTE}?seqno=${DEMO_BLOCK}`, { headers: { ...identity, 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await service.get(`${ROUTE}?seqno=${DEMO_BLOCK}`, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    // a different page is a different body, hence a different tag
    expect((await service.get(`${ROUTE}?seqno=${DEMO_BLOCK}&limit=1`, { headers: identity })).headers.get('etag')).not.toBe(etag);
    const [{ max }] = await db.writer.query<{ max: number }>(`select max(seqno) as max from blocks where workchain = -1`);
    const newest = await service.get(`${ROUTE}?seqno=${max}`);
    expect(newest.status).toBe(200);
    expect(newest.headers.get('etag')).toBeNull();
    expect(newest.headers.get('cache-control')).toBeNull();
  });
});

describe.skipIf(!(await availableBackends()).includes('postgres'))('REST when PostgreSQL misbehaves', () => {
  it('answers 503 with the contract body when the database cannot be reached, and keeps serving', async () => {
    const unreachable = openPostgres({ connectionString: 'postgres://postgres@127.0.0.1:1/none', readOnly: true, connectionTimeoutMs: 500 });
    const service = await startService(unreachable);
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await service.get(`${ROUTE}?seqno=1`);
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ error: 'database unavailable', code: 503 });
      }
    } finally {
      await service.close();
      await unreachable.close();
    }
  });

  it('answers 504 when a statement outlives the X-Timeout the client asked for', async () => {
    const db = await createTestDatabase('postgres');
    const locker = new pg.Client({ connectionString: db.url });
    const service = await startService(db.reader);
    try {
      await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table transactions in access exclusive mode');
      const started = Date.now();
      const res = await service.get(`${ROUTE}?seqno=32737160`, { headers: { 'X-Timeout': '300' } });
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({ error: 'database statement timeout exceeded', code: 504 });
      expect(Date.now() - started).toBeLessThan(2500);
      await locker.query('rollback');
      expect((await service.get(`${ROUTE}?seqno=32737160`)).status).toBe(200);
    } finally {
      await locker.end().catch(() => {});
      await service.close();
      await db.drop();
    }
  });
});
