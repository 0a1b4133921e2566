import { beginCell } from '@ton/core';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText } from './helpers/fixtures';
import { startService } from './helpers/service';

const FRAGMENT = 'assets/nft_collections__fragment_numbers_TRIMMED__mainnet_2026-04.json';

const addr = (n: number) => `0:${n.toString(16).toUpperCase().padStart(64, '0')}`;
const hash = (n: number) => Buffer.alloc(32, n).toString('base64');

// Owners, collections, items, sale contracts (GetGems sale S1, auction A1), a Telemint item T1.
const [O1, O2, O3] = [addr(0x01), addr(0x02), addr(0x03)];
const [C1, C2] = [addr(0xc1), addr(0xc2)];
const [I1, I2, I3, I4, I5] = [addr(0x11), addr(0x12), addr(0x13), addr(0x14), addr(0x15)];
const [S1, A1, T1, MP] = [addr(0x5a), addr(0xa1), addr(0x7e), addr(0x3a)];

const decodedPairs: any[] = fixtureJson('decoded/decoded_bodies_mainnet_2025-11_to_2026-05.json');
const COMMENT = decodedPairs.find((p) => p.decoded_opcode === 'text_comment');
const EXCESS = decodedPairs.find((p) => p.decoded_opcode === 'excess');
const UNKNOWN = beginCell().storeUint(0xdeadbeef, 32).storeUint(7, 8).endCell().toBoc({ idx: false, crc32: true }).toString('base64');

const collection = (address: string, owner: string, n: number, content: unknown) => ({
  address,
  owner_address: owner,
  last_transaction_lt: String(10 + n),
  next_item_index: String(n),
  collection_content: content,
  data_hash: hash(0x40 + n),
  code_hash: hash(0x50 + n),
});
const COLLECTIONS = [collection(C1, O1, 3, { b: { a: 2, z: 1 }, uri: 'https://example.com/c1.json' }), collection(C2, O2, 1, null)];

const item = (address: string, coll: any, index: string, owner: string, lt: string, sale: Record<string, unknown> = {}) => ({
  address,
  init: true,
  index,
  collection_address: coll?.address ?? null,
  owner_address: owner,
  content: { uri: `https://example.com/${index}.json` },
  last_transaction_lt: lt,
  code_hash: hash(0x60),
  data_hash: hash(Number.parseInt(address.slice(-2), 16)),
  collection: coll,
  on_sale: Object.keys(sale).length > 0,
  ...sale,
});
/** In TON Center's order without filters (by id: the order imported). */
const ITEMS = [
  item(I1, COLLECTIONS[0], '0', O1, '100'),
  item(I2, COLLECTIONS[0], '1', S1, '300', { sale_contract_address: S1, real_owner: O2 }),
  item(I3, COLLECTIONS[0], '2', A1, '200', { auction_contract_address: A1, real_owner: O1 }),
  item(I4, null, '5', O2, '300'),
  item(I5, COLLECTIONS[1], '0', O1, '50'),
];
const notOnSale = (i: any) => {
  const { sale_contract_address, auction_contract_address, real_owner, ...rest } = i;
  return { ...rest, on_sale: false };
};

const SALES = [
  {
    type: 'getgems_sale',
    address: S1,
    nft_address: I2,
    nft_owner_address: O2,
    marketplace_address: MP,
    created_at: 1700000000,
    last_transaction_lt: '301',
    code_hash: hash(0x70),
    data_hash: hash(0x71),
    details: {
      is_complete: false,
      full_price: '5000000000',
      marketplace_fee_address: MP,
      marketplace_fee: '250000000',
      royalty_address: O3,
      royalty_amount: '500000000',
    },
    nft_item: notOnSale(ITEMS[1]),
  },
  {
    type: 'getgems_auction',
    address: A1,
    nft_address: I3,
    nft_owner_address: O1,
    marketplace_address: MP,
    created_at: 1700000100,
    last_transaction_lt: '201',
    code_hash: hash(0x72),
    data_hash: hash(0x73),
    details: {
      end_flag: false,
      end_time: 1700086400,
      last_bid: '1000000000',
      last_member: O3,
      min_step: 5,
      mp_fee_address: MP,
      mp_fee_factor: 5,
      mp_fee_base: 100,
      royalty_fee_address: O3,
      royalty_fee_factor: 10,
      royalty_fee_base: 100,
      max_bid: '0',
      min_bid: '1000000000',
      last_bid_at: 1700000200,
      is_canceled: false,
    },
    nft_item: notOnSale(ITEMS[2]),
  },
  {
    type: 'telemint',
    address: T1,
    nft_address: T1,
    last_transaction_lt: '401',
    code_hash: hash(0x74),
    data_hash: hash(0x75),
    details: {
      token_name: 'durov',
      bidder_address: O3,
      bid: '9000000000000',
      bid_ts: '1700000300',
      min_bid: '9450000000000',
      end_time: 1700003900,
      beneficiary_address: O2,
      initial_min_bid: '1000000000',
      max_bid: '0',
      min_bid_step: '5',
      min_extend_time: '3600',
      duration: '604800',
      royalty_numerator: 5,
      royalty_denominator: 100,
      royalty_destination: O2,
    },
    nft_item: {
      address: T1,
      init: true,
      index: 'durov',
      collection_address: null,
      owner_address: null,
      content: null,
      last_transaction_lt: '401',
      code_hash: hash(0x74),
      data_hash: hash(0x75),
      collection: null,
      on_sale: false,
    },
  },
];

const transfer = (n: number, lt: string, now: number, aborted: boolean, itemAddress: string, coll: string, old: string, next: string, more: any = {}) => ({
  query_id: String(n),
  nft_address: itemAddress,
  nft_collection: coll,
  transaction_hash: hash(n),
  transaction_lt: lt,
  transaction_now: now,
  transaction_aborted: aborted,
  old_owner: old,
  new_owner: next,
  response_destination: null,
  custom_payload: null,
  decoded_custom_payload: null,
  forward_amount: '1',
  forward_payload: null,
  decoded_forward_payload: null,
  trace_id: hash(0x80 + n),
  ...more,
});
/** In TON Center's default order: newest lt first (X2 and X3 share an lt: the higher hash first). */
const TRANSFERS = [
  transfer(3, '1001', 5001, false, I4, 'addr_none', O2, O3, { response_destination: 'addr_none' }),
  transfer(2, '1001', 5000, true, I1, C1, O2, O1, {
    custom_payload: UNKNOWN,
    forward_payload: EXCESS.body,
    decoded_forward_payload: EXCESS.decoded,
  }),
  transfer(1, '1000', 5000, false, I1, C1, O1, O2, {
    response_destination: O1,
    forward_payload: COMMENT.body,
    decoded_forward_payload: { '@type': 'text_comment', comment: COMMENT.decoded.comment, type: 'text_comment' },
  }),
  transfer(4, '999', 5002, false, I5, C2, O1, O3),
];
const [X3, X2, X1, X4] = TRANSFERS;

const envelope = (key: string, list: unknown[]) => JSON.stringify({ [key]: list, address_book: {}, metadata: {} });

describe.each(await availableBackends())('NFT routes on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  let validate: (schema: string, value: unknown) => void;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'collections', envelope('nft_collections', COLLECTIONS));
    await importDocument(db.writer, 'items', envelope('nft_items', ITEMS));
    await importDocument(db.writer, 'sales', envelope('nft_sales', SALES));
    await importDocument(db.writer, 'transfers', envelope('nft_transfers', TRANSFERS));
    service = await startService(db.reader, 'mainnet');
    const doc = await (await service.get('/api/v3/openapi.json')).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    validate = (schema, value) => {
      const check = ajv.getSchema(`doc#/components/schemas/${schema}`)!;
      expect(check(value) ? [] : check.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`), schema).toEqual([]);
    };
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const call = async (path: string) => {
    const res = await service.get(`/api/v3/${path}`);
    return { status: res.status, text: await res.text() };
  };
  const get = async (path: string) => {
    const { status, text } = await call(path);
    expect(status, `${path}: ${text.slice(0, 300)}`).toBe(200);
    return JSON.parse(text);
  };
  const refused = async (path: string, error: string) => {
    const { status, text } = await call(path);
    expect(status, path).toBe(422);
    expect(JSON.parse(text).error, path).toContain(error);
  };
  const addresses = (list: any[]) => list.map((x) => x.address ?? x.transaction_hash);

  describe('nft/collections', () => {
    it('serves the imported collections back as they were, keys in order, by id, the content keys sorted at every level', async () => {
      const body = await get(`nft/collections?collection_address=${C2}&collection_address=${C1}`);
      expect(Object.keys(body)).toEqual(['nft_collections', 'address_book', 'metadata']);
      expect(JSON.stringify(body.nft_collections)).toBe(JSON.stringify(COLLECTIONS));
      expect(JSON.stringify(body.nft_collections[0].collection_content)).toBe('{"b":{"a":2,"z":1},"uri":"https://example.com/c1.json"}');
      expect(Object.keys(body.address_book).sort()).toEqual([O1, O2, C1, C2].sort());
      expect(body.metadata[C1].token_info[0].type).toBe('nft_collections');
      validate('NftCollectionsResponse', body);
    });

    it('filters by owner; sort is accepted and ignored, as TON Center ignores it; paging by id', async () => {
      expect(addresses((await get(`nft/collections?owner_address=${O2}`)).nft_collections)).toEqual([C2]);
      expect(addresses((await get(`nft/collections?owner_address=${O1}&collection_address=${C2}`)).nft_collections)).toEqual([]);
      const all = addresses((await get('nft/collections')).nft_collections);
      expect(all.slice(0, 2)).toEqual([C1, C2]);
      expect(addresses((await get('nft/collections?sort=desc')).nft_collections)).toEqual(all);
      expect(addresses((await get('nft/collections?limit=1&offset=1')).nft_collections)).toEqual([all[1]]);
      await refused('nft/collections?sort=newest', 'parameter "sort" must be one of asc, desc');
      await refused('nft/collections?limit=1001', 'parameter "limit"');
      await refused('nft/collections?collection_address=EQ-nothing', 'parameter "collection_address" value 1');
      await refused('nft/collections?owner=x', 'unknown parameter "owner"');
    });

    it('answers an empty list with empty maps', async () => {
      expect(await get(`nft/collections?collection_address=${addr(0xeeee)}`)).toEqual({ nft_collections: [], address_book: {}, metadata: {} });
    });
  });

  describe('nft/items', () => {
    const order = async (query: string) => addresses((await get(`nft/items?${query}`)).nft_items);

    it('serves every imported item back as TON Center showed it: by id without filters, with collection and sale state', async () => {
      const body = await get('nft/items');
      expect(Object.keys(body)).toEqual(['nft_items', 'address_book', 'metadata']);
      expect(JSON.stringify(body.nft_items)).toBe(JSON.stringify(ITEMS));
      validate('NftItemsResponse', body);
    });

    it('computes on_sale, the contract and real_owner; leaves the three keys out when not on sale', async () => {
      const [plain, sale, auction, loose] = (await get(`nft/items?address=${I1}&address=${I2}&address=${I3}&address=${I4}`)).nft_items;
      expect(Object.keys(plain)).toEqual([
        'address',
        'init',
        'index',
        'collection_address',
        'owner_address',
        'content',
        'last_transaction_lt',
        'code_hash',
        'data_hash',
        'collection',
        'on_sale',
      ]);
      expect(plain.on_sale).toBe(false);
      expect(sale).toMatchObject({ owner_address: S1, on_sale: true, sale_contract_address: S1, real_owner: O2 });
      expect(Object.keys(sale).slice(-3)).toEqual(['on_sale', 'sale_contract_address', 'real_owner']);
      expect(auction).toMatchObject({ owner_address: A1, on_sale: true, auction_contract_address: A1, real_owner: O1 });
      expect(Object.keys(auction).slice(-3)).toEqual(['on_sale', 'auction_contract_address', 'real_owner']);
      expect(loose).toMatchObject({ collection_address: null, collection: null, on_sale: false });
      expect(plain.collection).toEqual(COLLECTIONS[0]);
    });

    it('covers the items, their collections and owners in the address book, not the sellers', async () => {
      const body = await get(`nft/items?address=${I2}`);
      expect(Object.keys(body.address_book).sort()).toEqual([I2, C1, S1].sort());
      expect(body.metadata[I2].token_info[0]).toEqual({ type: 'nft_items', nft_index: '1' });
      expect(await get(`nft/items?address=${I2}&x_no_address_book=true&x_no_metadata=1`)).toMatchObject({ address_book: {}, metadata: {} });
    });

    it("orders by each of TON Center's rules, each later one overriding, ties broken by id", async () => {
      expect(await order(`address=${I3}&address=${I1}`)).toEqual([I1, I3]);
      expect(await order(`owner_address=${O1}`)).toEqual([I1, I5]);
      // include_on_sale matches the seller (real_owner) but still orders by owner_address, as TON Center does
      expect(await order(`owner_address=${O1}&include_on_sale=true`)).toEqual([I1, I5, I3]);
      // by owner_address: I4's owner O2 before I2's, the sale contract S1
      expect(await order(`owner_address=${O2}&include_on_sale=true`)).toEqual([I4, I2]);
      expect(await order(`owner_address=${O2}&include_on_sale=false`)).toEqual([I4]);
      expect(await order(`include_on_sale=true`)).toEqual([I1, I2, I3, I4, I5]);
      expect(await order(`collection_address=${C1}`)).toEqual([I1, I2, I3]);
      expect(await order(`owner_address=${O1}&collection_address=${C1}`)).toEqual([I1]);
      expect(await order(`owner_address=${O1}&collection_address=${C1}&collection_address=${C2}`)).toEqual([I1, I5]);
      // I2 and I4 share a last transaction lt: the higher id first
      expect(await order('sort_by_last_transaction_lt=true')).toEqual([I4, I2, I3, I1, I5]);
      expect(await order(`sort_by_last_transaction_lt=1&collection_address=${C1}`)).toEqual([I2, I3, I1]);
      expect(await order('sort_by_last_transaction_lt=false')).toEqual([I1, I2, I3, I4, I5]);
    });

    it('pages walk the whole list exactly once in every order', async () => {
      for (const query of ['', 'sort_by_last_transaction_lt=true', `collection_address=${C1}`, `owner_address=${O1}&include_on_sale=true`]) {
        const whole = await order(query);
        const pages: string[] = [];
        for (let offset = 0; offset < whole.length + 2; offset += 2) pages.push(...(await order(`${query}&limit=2&offset=${offset}`)));
        expect(pages, query).toEqual(whole);
      }
    });

    it('selects by index within a collection, digits only', async () => {
      expect(await order(`collection_address=${C1}&index=1&index=2`)).toEqual([I2, I3]);
      expect(await order(`collection_address=${C1}&index=0001`)).toEqual([I2]);
      expect(await order(`collection_address=${C2}&index=1`)).toEqual([]);
    });

    it('refuses what TON Center refuses with 422, and with 422 what it answers 500 to', async () => {
      await refused(`nft/items?collection_address=${C1}&index=abc`, 'index should contain digits only, got "abc"');
      await refused(`nft/items?collection_address=${C1}&index=1,2`, 'index should contain digits only, got "1,2"');
      await refused(`nft/items?collection_address=${C1}&index=-1`, 'index should contain digits only');
      await refused('nft/items?index=1', 'index parameter is not allowed without the collection_address');
      await refused(`nft/items?collection_address=${C1}&collection_address=${C2}`, 'exact one owner_address required for multiple collection_address');
      await refused(
        `nft/items?collection_address=${C1}&collection_address=${C2}&owner_address=${O1}&owner_address=${O2}`,
        'exact one owner_address required for multiple collection_address',
      );
      await refused('nft/items?limit=1001', 'parameter "limit"');
      await refused('nft/items?offset=-1', 'parameter "offset"');
      await refused('nft/items?include_on_sale=maybe', 'parameter "include_on_sale"');
      await refused('nft/items?owner_address=nobody', 'parameter "owner_address" value 1');
      await refused('nft/items?sort=asc', 'unknown parameter "sort"');
    });

    it('answers an empty list with empty maps', async () => {
      expect(await get(`nft/items?owner_address=${addr(0xeeee)}`)).toEqual({ nft_items: [], address_book: {}, metadata: {} });
    });
  });

  describe('nft/transfers', () => {
    const order = async (query: string) => (await get(`nft/transfers?${query}`)).nft_transfers.map((t: any) => t.transaction_hash);
    const hashes = (...list: any[]) => list.map((t) => t.transaction_hash);

    it('serves the imported transfers back as they were, aborted included, newest first, payloads decoded', async () => {
      const { text } = await call('nft/transfers');
      const body = JSON.parse(text);
      expect(Object.keys(body)).toEqual(['nft_transfers', 'address_book', 'metadata']);
      expect(JSON.stringify(body.nft_transfers)).toBe(JSON.stringify(TRANSFERS));
      // the decoder's text goes in as it is (a comment in the legacy shape TON Center gives payloads)
      expect(text).toContain(`"decoded_forward_payload":{"@type":"text_comment","comment":${JSON.stringify(COMMENT.decoded.comment)},"type":"text_comment"}`);
      expect(text).toContain(`"decoded_forward_payload":${JSON.stringify(EXCESS.decoded)}`);
      validate('NftTransfersResponse', body);
    });

    it("keeps the indexer's addr_none for an item without a collection, in the address book too", async () => {
      const body = await get(`nft/transfers?item_address=${I4}`);
      expect(body.nft_transfers[0]).toMatchObject({ nft_collection: 'addr_none', response_destination: 'addr_none' });
      expect(body.address_book.addr_none).toEqual({ user_friendly: 'addr_none', domain: null, interfaces: [] });
      expect(Object.keys(body.address_book).sort()).toEqual(['addr_none', I4, O2, O3].sort());
    });

    it('filters by owner and direction, the address alias, item, collection and windows', async () => {
      expect(await order(`owner_address=${O1}`)).toEqual(hashes(X2, X1, X4));
      expect(await order(`owner_address=${O1}&direction=in`)).toEqual(hashes(X2));
      expect(await order(`owner_address=${O1}&direction=out`)).toEqual(hashes(X1, X4));
      expect(await order(`owner_address=${O1}&direction=both`)).toEqual(hashes(X2, X1, X4));
      expect(await order(`address=${O1}&direction=out`)).toEqual(hashes(X1, X4));
      // owner_address wins over the alias, as in TON Center
      expect(await order(`owner_address=${O3}&address=${O1}`)).toEqual(hashes(X3, X4));
      expect(await order('direction=in')).toEqual(hashes(X3, X2, X1, X4));
      expect(await order(`item_address=${I1}`)).toEqual(hashes(X2, X1));
      expect(await order(`collection_address=${C2}`)).toEqual(hashes(X4));
      expect(await order('start_lt=1000&end_lt=1000')).toEqual(hashes(X1));
    });

    it('orders by lt then hash, or by time first with a time bound, in the direction asked', async () => {
      expect(await order('sort=asc')).toEqual(hashes(X4, X1, X2, X3));
      expect(await order('start_utime=5000')).toEqual(hashes(X4, X3, X2, X1));
      expect(await order('start_utime=5000&sort=asc')).toEqual(hashes(X1, X2, X3, X4));
      expect(await order('start_utime=5001&end_utime=5001')).toEqual(hashes(X3));
      const pages: string[] = [];
      for (let offset = 0; offset < 4; offset += 1) pages.push(...(await order(`limit=1&offset=${offset}`)));
      expect(pages).toEqual(hashes(X3, X2, X1, X4));
    });

    it('refuses with 422 what TON Center ignores or answers 500 to', async () => {
      await refused('nft/transfers?address=nobody', 'parameter "address" must be an address');
      await refused(`nft/transfers?owner_address=${O1}&direction=sideways`, 'parameter "direction" must be one of in, out, both');
      await refused('nft/transfers?sort=newest', 'parameter "sort"');
      await refused('nft/transfers?limit=5000', 'parameter "limit"');
      await refused(`nft/transfers?collection_address=${C1}&collection_address=${C2}`, 'parameter "collection_address" must be given once');
      await refused('nft/transfers?start_lt=-1', 'parameter "start_lt"');
    });

    it('answers an empty list with empty maps', async () => {
      expect(await get(`nft/transfers?owner_address=${addr(0xeeee)}`)).toEqual({ nft_transfers: [], address_book: {}, metadata: {} });
    });
  });

  describe('nft/sales', () => {
    it('serves sales, then auctions, then Telemint items, each as imported (details per type, the Telemint item made up)', async () => {
      const body = await get(`nft/sales?address=${T1}&address=${A1}&address=${addr(0xeeee)}&address=${S1}`);
      expect(Object.keys(body)).toEqual(['nft_sales', 'address_book', 'metadata']);
      expect(JSON.stringify(body.nft_sales)).toBe(JSON.stringify(SALES));
      expect(typeof body.nft_sales[2].details.bid_ts).toBe('string');
      expect(typeof body.nft_sales[1].details.end_time).toBe('number');
      expect(Object.keys(body.address_book).sort()).toEqual([S1, A1, T1, I2, I3, C1, O1, O2, O3, MP].sort());
      validate('NftSalesResponse', body);
    });

    it('imported the sale so that the item it holds is on sale, and its seller its real owner', async () => {
      const [i2] = (await get(`nft/items?owner_address=${O2}&include_on_sale=true&collection_address=${C1}`)).nft_items;
      expect(i2).toMatchObject({ address: I2, sale_contract_address: S1, real_owner: O2 });
    });

    it('needs at least one address and takes at most 1000', async () => {
      await refused('nft/sales', 'parameter "address" is required');
      await refused(`nft/sales?${Array.from({ length: 1001 }, (_, i) => `address=${addr(i + 1)}`).join('&')}`, 'at most 1000');
      await refused('nft/sales?address=x', 'parameter "address" value 1');
      await refused(`nft/sales?address=${S1}&limit=1`, 'unknown parameter "limit"');
      expect(await get(`nft/sales?address=${addr(0xeeee)}`)).toEqual({ nft_sales: [], address_book: {}, metadata: {} });
    });
  });

  describe(`round trip of ${FRAGMENT}`, () => {
    const file = fixtureJson(FRAGMENT);
    const [fragment] = file.nft_collections;

    it('imports the trimmed file once its metadata names its type, and serves back every field it has', async () => {
      // Trimmed by its authors: the metadata entry lacks `type` (which table it describes), so it is refused as is…
      await expect(importDocument(db.writer, FRAGMENT, fixtureText(FRAGMENT))).rejects.toThrow(/token_info\[0\]\.type/);
      // …and imported once it says what TON Center says of a collection.
      const typed = structuredClone(file);
      for (const entry of Object.values<any>(typed.metadata)) for (const info of entry.token_info) info.type = 'nft_collections';
      await importDocument(db.writer, FRAGMENT, JSON.stringify(typed));

      const body = await get(`nft/collections?collection_address=${fragment.address}`);
      expect(body.nft_collections).toHaveLength(1);
      const served = body.nft_collections[0];
      for (const key of Object.keys(fragment)) expect(served[key], key).toEqual(fragment[key]);
      // The file lacks owner_address, last_transaction_lt, next_item_index and both hashes: null here (TON Center
      // always has them), and no address book.
      expect(served).toEqual({
        address: fragment.address,
        owner_address: null,
        last_transaction_lt: null,
        next_item_index: null,
        collection_content: fragment.collection_content,
        data_hash: null,
        code_hash: null,
      });
      // metadata: every field the file has, plus what the trimming removed (type, flags, is_indexed)
      const [info] = file.metadata[fragment.address].token_info;
      expect(body.metadata[fragment.address]).toEqual({
        is_indexed: true,
        token_info: [{ valid: true, type: 'nft_collections', ...info, is_nsfw: false, is_scam: false }],
      });
      expect(Object.keys(body.address_book)).toEqual([fragment.address]);
    });
  });
});
