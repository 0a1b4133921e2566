import { Address } from '@ton/core';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { OPENAPI } from '../src/rest/openapi';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText } from './helpers/fixtures';
import { startService } from './helpers/service';

const A = (c: string, wc = 0) => `${wc}:${c.repeat(64)}`;
const WALLET = A('1');
const OWNER = A('2');
const RESOLVER = A('3');
const ADNL = 'q'.repeat(43) + '=';
const BAG = 'w'.repeat(43) + '=';
const FIXTURE = 'assets/dns_records__gemcoder_ton_TRIMMED__mainnet_2026-04.json';
const RECORD_KEYS = ['nft_item_address', 'nft_item_owner', 'domain', 'dns_next_resolver', 'dns_wallet', 'dns_site_adnl', 'dns_storage_bag_id'];

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'doc', components: JSON.parse(JSON.stringify(OPENAPI.components)) });
const valid = (schema: string, value: unknown) => {
  const check = ajv.getSchema(`doc#/components/schemas/${schema}`)!;
  return check(value) ? [] : check.errors!.map((e) => `${e.instancePath} ${e.message}`);
};

describe.each(await availableBackends())('GET /api/v3/dns/records on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const get = async (query: string, init?: RequestInit) => {
    const res = await service.get(`/api/v3/dns/records?${query}`, init);
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const rows: [string, string | null, string | null, string | null, string | null, string | null, string | null][] = [
      // item, owner, domain, next resolver, wallet, site, storage
      [A('A'), WALLET, 'alice.ton', null, WALLET, null, null],
      [A('B'), OWNER, 'bob.ton', RESOLVER, WALLET, ADNL, BAG],
      [A('C'), null, 'zz.ton', null, WALLET, null, null],
      [A('D'), OWNER, 'ab.ton', null, WALLET, null, null],
      // one domain on two items: the item address breaks the tie
      [A('F'), OWNER, 'dup.ton', null, OWNER, null, null],
      [A('E'), OWNER, 'dup.ton', null, null, null, null],
      [A('9', -1), null, 'user.t.me', null, A('8'), null, null],
    ];
    for (const r of rows) {
      await db.writer.query(
        `insert into dns_entries (nft_item_address, nft_item_owner, domain, dns_next_resolver, dns_wallet, dns_site_adnl, dns_storage_bag_id)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        r,
      );
    }
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it("by wallet: shortest domain first, then by name, each record in TON Center's key order", async () => {
    const { status, body } = await get(`wallet=${WALLET}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['records', 'address_book']);
    expect(body.records.map((r: any) => r.domain)).toEqual(['ab.ton', 'zz.ton', 'bob.ton', 'alice.ton']);
    for (const r of body.records) expect(Object.keys(r)).toEqual(RECORD_KEYS);
    expect(body.records[2]).toEqual({
      nft_item_address: A('B'),
      nft_item_owner: OWNER,
      domain: 'bob.ton',
      dns_next_resolver: RESOLVER,
      dns_wallet: WALLET,
      dns_site_adnl: ADNL,
      dns_storage_bag_id: BAG,
    });
    expect(body.records[1]).toMatchObject({ nft_item_owner: null, dns_next_resolver: null, dns_site_adnl: null, dns_storage_bag_id: null });
    expect(valid('DNSRecordsResponse', body)).toEqual([]);
  });

  it('takes the wallet in any form, and pages with limit and offset', async () => {
    const friendly = Address.parseRaw(WALLET).toString({ bounceable: false, urlSafe: true });
    expect((await get(`wallet=${friendly}`)).body.records).toHaveLength(4);
    expect((await get(`wallet=${WALLET.toLowerCase()}`)).body.records).toHaveLength(4);
    const pages = [];
    for (let offset = 0; offset < 5; offset += 2)
      pages.push(...(await get(`wallet=${WALLET}&limit=2&offset=${offset}`)).body.records.map((r: any) => r.domain));
    expect(pages).toEqual(['ab.ton', 'zz.ton', 'bob.ton', 'alice.ton']);
  });

  it('by domain: exact and case-sensitive, several items of one domain by item address', async () => {
    const { body } = await get('domain=dup.ton');
    expect(body.records.map((r: any) => r.nft_item_address)).toEqual([A('E'), A('F')]);
    expect((await get('domain=user.t.me')).body.records.map((r: any) => r.nft_item_address)).toEqual([A('9', -1)]);
    expect((await get('domain=DUP.ton')).body).toEqual({ records: [], address_book: {} });
    expect((await get('domain=dup')).body).toEqual({ records: [], address_book: {} });
  });

  it('has the address book of items, owners and wallets, not of next resolvers, with the shortest self-pointing domain', async () => {
    const { body } = await get(`wallet=${WALLET}`);
    expect(Object.keys(body.address_book).sort()).toEqual([A('A'), A('B'), A('C'), A('D'), WALLET, OWNER].sort());
    expect(body.address_book[RESOLVER]).toBeUndefined();
    expect(body.address_book[WALLET]).toEqual({
      user_friendly: Address.parseRaw(WALLET).toString({ bounceable: false, urlSafe: true }),
      domain: 'alice.ton',
      interfaces: [],
    });
    expect(body.address_book[OWNER].domain).toBe('dup.ton');
    expect(Object.keys(body.address_book)).toEqual(Object.keys(body.address_book).sort());
    expect((await get(`wallet=${WALLET}&x_no_address_book=true`)).body.address_book).toEqual({});
    expect((await get(`wallet=${WALLET}`, { headers: { 'X-No-Address-Book': '1' } })).body.address_book).toEqual({});
  });

  it('answers an empty page as TON Center does', async () => {
    expect(await get(`wallet=${A('7')}`)).toEqual({ status: 200, body: { records: [], address_book: {} } });
    expect((await get(`wallet=${WALLET}&offset=100`)).body).toEqual({ records: [], address_book: {} });
  });

  it('refuses with a 422 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['', 'exactly one of "wallet" and "domain" must be given'],
      [`wallet=${WALLET}&domain=a.ton`, 'exactly one of "wallet" and "domain" must be given'],
      ['domain=', 'parameter "domain" must be 1 to 255 characters, got 0'],
      [`domain=${'a'.repeat(256)}`, 'parameter "domain" must be 1 to 255 characters, got 256'],
      ['wallet=', 'parameter "wallet" must be an address (raw, or user-friendly base64/base64url), got ""'],
      ['wallet=alice.ton', 'parameter "wallet" must be an address (raw, or user-friendly base64/base64url), got "alice.ton"'],
      ['domain=a.ton&limit=1001', 'parameter "limit" must be an integer from 1 to 1000, got "1001"'],
      ['domain=a.ton&limit=0', 'parameter "limit" must be an integer from 1 to 1000, got "0"'],
      ['domain=a.ton&offset=-1', 'parameter "offset" must be an integer from 0 to 2147483647, got "-1"'],
      ['domain=a.ton&domian=b.ton', 'unknown parameter "domian"'],
      ['domain=a.ton&sort=asc', 'unknown parameter "sort"'],
    ];
    for (const [query, error] of cases) {
      const { status, body } = await get(query);
      expect({ query, status }).toEqual({ query, status: 422 });
      expect(body.error, query).toContain(error);
    }
  });
});

describe.each(await availableBackends())("round trip of TON Center's dns/records on %s", (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, FIXTURE, fixtureText(FIXTURE));
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('serves domain=gemcoder.ton back with every field the trimmed file has equal to it', async () => {
    const file = fixtureJson(FIXTURE);
    const body: any = await (await service.get('/api/v3/dns/records?domain=gemcoder.ton')).json();
    expect(body.records).toHaveLength(file.records.length);
    // The file keeps only `domain` and `dns_wallet` (trimmed by its authors): the item address, the table's key,
    // is a stand-in the importer derives from the domain, and the fields the file left out come back null.
    file.records.forEach((record: any, i: number) => {
      for (const [key, value] of Object.entries(record)) expect(body.records[i][key], key).toEqual(value);
      expect(Object.keys(body.records[i])).toEqual(RECORD_KEYS);
    });
    expect(body.records[0]).toMatchObject({ nft_item_owner: null, dns_next_resolver: null, dns_site_adnl: null, dns_storage_bag_id: null });
    // the file's address book was emptied (x_no_address_book or trimmed); ours lists the record's addresses
    expect(Object.keys(body.address_book)).toContain(file.records[0].dns_wallet);
    expect((await (await service.get('/api/v3/dns/records?domain=gemcoder.ton&x_no_address_book=1')).json()).address_book).toEqual(file.address_book);
  });

  it('refuses a record with neither its item address nor a domain, naming where', async () => {
    await expect(importDocument(db.writer, 'bad.json', JSON.stringify({ records: [{ dns_wallet: WALLET }], address_book: {} }))).rejects.toThrow(
      'bad.json: $.records[0].nft_item_address: expected the DNS item address (or at least the domain)',
    );
    await expect(importDocument(db.writer, 'bad.json', JSON.stringify({ records: [{ nft_item_address: 'x', domain: 'a.ton' }] }))).rejects.toThrow(
      'bad.json: $.records[0].nft_item_address: expected an account address, got "x"',
    );
  });

  it('imports its own answers again unchanged', async () => {
    const before = await (await service.get('/api/v3/dns/records?domain=gemcoder.ton')).text();
    await importDocument(db.writer, 'again', before);
    expect(await (await service.get('/api/v3/dns/records?domain=gemcoder.ton')).text()).toBe(before);
  });
});
