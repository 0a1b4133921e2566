// The NFT graph in GraphQL: the twins of nft/collections, nft/items, nft/transfers and nft/sales (the same rows as
// REST for the same filters), keyset paging both ways over lists with equal keys, navigation between items,
// collections, sales, transfers, accounts, transactions and traces, and the statements a nested query costs.
import { beginCell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { findExamples } from '../src/data/examples';
import { exampleTabs } from '../src/graphql/examples';
import { selectsTypedBodies } from '../src/graphql/yoga';
import { importDocument } from '../src/import/importFile';
import { availableBackends } from './helpers/databases';
import { fixtureJson, realTestnetTraces, transactionsOf } from './helpers/fixtures';
import { graphqlTwins, page } from './helpers/twins';

const addr = (n: number) => `0:${n.toString(16).toUpperCase().padStart(64, '0')}`;
const hash = (n: number) => Buffer.alloc(32, n % 256).toString('base64');

const [O1, O2, O3] = [addr(0x01), addr(0x02), addr(0x03)];
const [C1, C2] = [addr(0xc1), addr(0xc2)];
const [S1, A1, T1, MP] = [addr(0x5a), addr(0xa1), addr(0x7e), addr(0x3a)];
const V4R2 = '/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA=';

const decodedPairs: any[] = fixtureJson('decoded/decoded_bodies_mainnet_2025-11_to_2026-05.json');
const COMMENT = decodedPairs.find((p) => p.decoded_opcode === 'text_comment');

const collection = (address: string, owner: string, n: number) => ({
  address,
  owner_address: owner,
  last_transaction_lt: String(10 + n),
  next_item_index: String(n),
  collection_content: { uri: `https://example.com/c${n}.json`, b: { z: 1, a: 2 } },
  data_hash: hash(0x40 + n),
  code_hash: hash(0x50 + n),
});
const COLLECTIONS = [collection(C1, O1, 30), collection(C2, O2, 25)];

const item = (address: string, coll: any, index: number, owner: string, lt: number, sale: Record<string, unknown> = {}) => ({
  address,
  init: true,
  index: String(index),
  collection_address: coll?.address ?? null,
  owner_address: owner,
  content: { uri: `https://example.com/${index}.json` },
  last_transaction_lt: String(lt),
  code_hash: hash(0x60),
  data_hash: hash(index),
  collection: coll,
  on_sale: Object.keys(sale).length > 0,
  ...sale,
});

// In address order, which is the order imported (ids): REST's tie-breaks by id then agree with the keyset's by address.
const OWNERS = [O1, O2, O3];
const ITEMS = [
  // C1: 30 items, owners in turn, last transaction lts shared by four at a time; #1 on a sale, #2 on an auction
  ...Array.from({ length: 30 }, (_, k) => {
    const address = addr(0x100 + k);
    if (k === 1) return item(address, COLLECTIONS[0], k, S1, 1000, { sale_contract_address: S1, real_owner: O2 });
    if (k === 2) return item(address, COLLECTIONS[0], k, A1, 1000, { auction_contract_address: A1, real_owner: O1 });
    return item(address, COLLECTIONS[0], k, OWNERS[k % 3], 1000 + Math.floor(k / 4));
  }),
  // C2: 25 items, the first ten O1's
  ...Array.from({ length: 25 }, (_, k) => item(addr(0x200 + k), COLLECTIONS[1], k, k < 10 ? O1 : O2, 1000 + (k % 5))),
  // three items without a collection, all index 0, all O1's
  ...Array.from({ length: 3 }, (_, k) => item(addr(0x300 + k), null, 0, O1, 2000)),
];
const [I1, I2] = [addr(0x101), addr(0x102)];

const SALES = [
  {
    type: 'getgems_sale',
    address: S1,
    nft_address: I1,
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
  },
  {
    type: 'getgems_auction',
    address: A1,
    nft_address: I2,
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
      max_bid: '0',
      min_bid: '1000000000',
      is_canceled: false,
    },
  },
  {
    type: 'telemint',
    address: T1,
    nft_address: T1,
    last_transaction_lt: '401',
    code_hash: hash(0x74),
    data_hash: hash(0x75),
    details: { token_name: 'durov', bidder_address: O3, bid: '9000000000000', bid_ts: '1700000300', min_bid: '9450000000000', duration: '604800' },
  },
];

// Transfers: six bound to real transactions (and their traces), the others made up, several sharing an lt.
const traces = realTestnetTraces();
const realTxs = transactionsOf(traces.json)
  .filter((t: any) => t.trace_id)
  .slice(0, 6);
const transfer = (
  n: number,
  tx: { hash: string; lt: string; now: number; trace_id: string | null },
  itemAddress: string,
  coll: string,
  old: string,
  next: string,
  more: any = {},
) => ({
  query_id: String(n),
  nft_address: itemAddress,
  nft_collection: coll,
  transaction_hash: tx.hash,
  transaction_lt: tx.lt,
  transaction_now: tx.now,
  transaction_aborted: n % 7 === 0,
  old_owner: old,
  new_owner: next,
  response_destination: n % 2 === 0 ? old : null,
  custom_payload: null,
  forward_amount: '1',
  forward_payload: null,
  trace_id: tx.trace_id,
  ...more,
});
const TRANSFERS = [
  ...realTxs.map((t: any, k: number) =>
    transfer(k + 1, t, addr(0x100 + (k % 3)), C1, OWNERS[k % 3], OWNERS[(k + 1) % 3], k === 0 ? { forward_payload: COMMENT.body } : {}),
  ),
  // made up: lt 5000 four times, lt 4000 twice, spread over C2 items
  ...Array.from({ length: 10 }, (_, k) =>
    transfer(
      20 + k,
      { hash: hash(0x90 + k), lt: String(k < 4 ? 5000 : k < 6 ? 4000 : 3000 + k), now: 1700000000 + k, trace_id: null },
      addr(0x200 + (k % 4)),
      C2,
      OWNERS[k % 3],
      OWNERS[(k + 2) % 3],
    ),
  ),
];

const KEY = Buffer.alloc(32, 0xab);
const walletData = (seqno: number) =>
  beginCell().storeUint(seqno, 32).storeUint(698983191, 32).storeBuffer(KEY).storeBit(0).endCell().toBoc().toString('base64');
const walletState = (address: string, n: number) => ({
  address,
  account_state_hash: hash(0xe0 + n),
  balance: String(1000 + n),
  extra_currencies: {},
  status: 'active',
  last_transaction_hash: hash(0xd0 + n),
  last_transaction_lt: String(60_000 + n),
  data_hash: hash(0xc0 + n),
  code_hash: V4R2,
  data_boc: walletData(n * 10),
  code_boc: beginCell().storeUint(n, 16).endCell().toBoc().toString('base64'),
  contract_methods: null,
  interfaces: ['wallet_v4r2'],
});

const envelope = (key: string, list: unknown[]) => JSON.stringify({ [key]: list, address_book: {}, metadata: {} });

it('runs a document selecting a typed body (ParsedBody) on graphql-js, whichever field or fragment it selects it with, and no other', () => {
  // graphql-jit would compile a case per ParsedBody member at each such field (yoga.ts selectsTypedBodies)
  const typed = (query: string) => selectsTypedBodies(parse(query));
  expect(typed('{ jettonTransfers { edges { node { forwardPayloadParsed { __typename } } } } }')).toBe(true);
  expect(typed('{ jettonBurns { edges { node { customPayloadParsed { __typename } } } } }')).toBe(true);
  expect(typed('{ decode(bodies: ["x"]) { bodies { __typename } } }')).toBe(true);
  expect(typed('{ nftTransfers { edges { node { ...P } } } } fragment P on NftTransfer { forwardPayloadParsed { __typename } }')).toBe(true);
  // a field named like one, of another type: OrderAction.parsed is a Boolean
  expect(typed('{ multisigOrders(address: ["x"]) { edges { node { actions { parsed parsedBodyType } } } } }')).toBe(false);
  expect(typed('{ decode(opcodes: ["0x0f8a7ea5"]) { opcodes } }')).toBe(false);
  expect(typed('{ jettonTransfers { edges { node { forwardPayload } } } }')).toBe(false);
});

describe.each(await availableBackends())('the NFT graph on %s', (backend) => {
  const twins = graphqlTwins(backend, async (db) => {
    await importDocument(db.writer, 'traces', traces.text);
    await importDocument(db.writer, 'collections', envelope('nft_collections', COLLECTIONS));
    await importDocument(db.writer, 'items', envelope('nft_items', ITEMS));
    await importDocument(db.writer, 'sales', envelope('nft_sales', SALES));
    await importDocument(db.writer, 'transfers', envelope('nft_transfers', TRANSFERS));
    await importDocument(db.writer, 'owners', envelope('accounts', [walletState(O1, 1), walletState(O2, 2)]));
  });
  const { query, failure, rest, restError, walk, statements } = twins;

  /** The fields an item has in both doors, from REST's wire item. */
  const restItem = (i: any) => ({
    address: i.address,
    index: i.index,
    init: i.init,
    collectionAddress: i.collection_address,
    ownerAddress: i.owner_address,
    content: i.content,
    lastTransactionLt: i.last_transaction_lt,
    codeHash: i.code_hash,
    dataHash: i.data_hash,
    onSale: i.on_sale,
    saleContractAddress: i.sale_contract_address ?? i.auction_contract_address ?? null,
    realOwner: { address: i.real_owner ?? i.owner_address },
    collection: i.collection && { address: i.collection.address, nextItemIndex: i.collection.next_item_index, content: i.collection.collection_content },
  });
  const ITEM_FIELDS =
    'address index init collectionAddress ownerAddress content lastTransactionLt codeHash dataHash onSale saleContractAddress realOwner { address } collection { address nextItemIndex content }';

  describe('nftItems, the twin of nft/items', () => {
    const FILTERS: [string, Record<string, unknown>, boolean][] = [
      // [REST query, GraphQL arguments, same order]
      ['', {}, true],
      [`address=${addr(0x105)}&address=${addr(0x301)}&address=${addr(0x210)}`, { address: [addr(0x105), addr(0x301), addr(0x210)] }, true],
      [`owner_address=${O1}`, { ownerAddress: [O1] }, true],
      [`owner_address=${O1}&owner_address=${O3}`, { ownerAddress: [O1, O3] }, true],
      [`collection_address=${C1}`, { collectionAddress: [C1] }, true],
      [`collection_address=${C2}&index=3&index=7&index=70`, { collectionAddress: [C2], index: ['3', '7', '70'] }, true],
      [`owner_address=${O1}&collection_address=${C1}&collection_address=${C2}`, { ownerAddress: [O1], collectionAddress: [C1, C2] }, true],
      [`owner_address=${O1}&collection_address=${C2}`, { ownerAddress: [O1], collectionAddress: [C2] }, true],
      ['sort_by_last_transaction_lt=true', { sortByLastTransactionLt: true }, true],
      [`sort_by_last_transaction_lt=true&collection_address=${C2}`, { sortByLastTransactionLt: true, collectionAddress: [C2] }, true],
      [`sort_by_last_transaction_lt=true&owner_address=${O2}`, { sortByLastTransactionLt: true, ownerAddress: [O2] }, true],
      // with include_on_sale REST orders by the holder (the sale contract), the keyset by the real owner
      [`owner_address=${O1}&include_on_sale=true`, { ownerAddress: [O1], includeOnSale: true }, false],
      [`owner_address=${O2}&include_on_sale=true`, { ownerAddress: [O2], includeOnSale: true }, false],
    ];
    const doc = (paging: string) =>
      `query ($size: Int, $cursor: String, $address: [String!], $ownerAddress: [String!], $collectionAddress: [String!], $index: [String!], $includeOnSale: Boolean, $sortByLastTransactionLt: Boolean) {
         nftItems(${paging}, address: $address, ownerAddress: $ownerAddress, collectionAddress: $collectionAddress, index: $index, includeOnSale: $includeOnSale, sortByLastTransactionLt: $sortByLastTransactionLt) { ${page(ITEM_FIELDS)} } }`;

    it.each(FILTERS)('REST %s: the same items, each once, in the same order, walked forward and backward by cursor', async (restQuery, args, sameOrder) => {
      const expected = (await rest(`nft/items?${restQuery}&limit=1000`)).nft_items.map(restItem);
      expect(expected.length, restQuery).toBeGreaterThan(0);
      const got = await walk(doc, (d) => d.nftItems, args, 4);
      if (sameOrder) expect(got).toEqual(expected);
      else {
        const byAddress = (list: any[]) => [...list].sort((a, b) => (a.address < b.address ? -1 : 1));
        expect(byAddress(got)).toEqual(byAddress(expected));
      }
    });

    it('orders items on sale by their real owner, then collection, index and address, items without a collection last', async () => {
      const got = await walk(doc, (d) => d.nftItems, { ownerAddress: [O1], includeOnSale: true }, 5);
      const key = (i: any) => [i.collectionAddress ?? '~', BigInt(i.index), i.address] as const;
      const sorted = [...got].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return x[0] !== y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] !== y[1] ? (x[1] < y[1] ? -1 : 1) : x[2] < y[2] ? -1 : 1;
      });
      expect(got.map((i: any) => i.address)).toEqual(sorted.map((i) => i.address));
      expect(got.find((i: any) => i.address === I2)).toMatchObject({ onSale: true, ownerAddress: A1, realOwner: { address: O1 } });
      expect(got.slice(-3).map((i: any) => i.collectionAddress)).toEqual([null, null, null]);
    });

    it("refuses what REST refuses, with the REST parser's message (named as GraphQL names the argument)", async () => {
      const cases: [string, string, string][] = [
        ['index=1', '{ nftItems(index: ["1"]) { edges { cursor } } }', 'index parameter is not allowed without the collection_address'],
        [`collection_address=${C1}&index=abc`, `{ nftItems(collectionAddress: ["${C1}"], index: ["abc"]) { edges { cursor } } }`, ''],
        [`collection_address=${C1}&collection_address=${C2}`, `{ nftItems(collectionAddress: ["${C1}", "${C2}"]) { edges { cursor } } }`, ''],
        ['owner_address=nobody', '{ nftItems(ownerAddress: ["nobody"]) { edges { cursor } } }', ''],
      ];
      for (const [restQuery, gql] of cases) {
        const message = (await restError(`nft/items?${restQuery}`)).replaceAll('"owner_address"', '"ownerAddress"');
        expect(await failure(gql), gql).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
      expect(await failure('{ nftItems(first: 1001) { edges { cursor } } }')).toMatchObject({ message: 'argument "first" must be from 0 to 1000, got 1001' });
      const { nftItems } = await query(`{ nftItems(first: 1, collectionAddress: ["${C1}"]) { pageInfo { endCursor } } }`);
      expect(await failure(`{ nftItems(first: 1, after: "${nftItems.pageInfo.endCursor}") { edges { cursor } } }`)).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });
  });

  describe('nftCollections, nftCollection and nftItem', () => {
    const restCollection = (c: any) => ({
      address: c.address,
      ownerAddress: c.owner_address,
      nextItemIndex: c.next_item_index,
      content: c.collection_content,
      lastTransactionLt: c.last_transaction_lt,
      codeHash: c.code_hash,
      dataHash: c.data_hash,
    });
    const FIELDS = 'address ownerAddress nextItemIndex content lastTransactionLt codeHash dataHash';

    it('the twin of nft/collections: the same collections, by id, paged both ways', async () => {
      const doc = (paging: string) =>
        `query ($size: Int, $cursor: String, $owner: [String!]) { nftCollections(${paging}, ownerAddress: $owner) { ${page(FIELDS)} } }`;
      const all = (await rest('nft/collections')).nft_collections.map(restCollection);
      const owned = (await rest(`nft/collections?owner_address=${O2}`)).nft_collections.map(restCollection);
      expect([all.length, owned.length].every((n) => n > 0)).toBe(true);
      expect(await walk(doc, (d) => d.nftCollections, {}, 1)).toEqual(all);
      expect(await walk(doc, (d) => d.nftCollections, { owner: [O2] }, 1)).toEqual(owned);
      expect(await failure('{ nftCollections(collectionAddress: ["x"]) { edges { cursor } } }')).toMatchObject({
        message: (await restError('nft/collections?collection_address=x')).replace('collection_address', 'collectionAddress'),
      });
    });

    it('looks a collection and an item up by any form of their address; null when not indexed', async () => {
      const friendly = (await rest(`addressBook?address=${C1}`))[C1].user_friendly;
      const { c, i, none } = await query(
        `{ c: nftCollection(address: "${friendly}") { ${FIELDS} owner { address wallet { seqno } } metadata { address } items(first: 2) { edges { node { address index } } } }
           i: nftItem(address: "${addr(0x104)}") { ${ITEM_FIELDS} account { address } owner { address } }
           none: nftItem(address: "${addr(0xeeee)}") { address } }`,
      );
      expect({ ...c, owner: undefined, metadata: undefined, items: undefined }).toEqual({
        ...restCollection(COLLECTIONS[0]),
        owner: undefined,
        metadata: undefined,
        items: undefined,
      });
      expect(c.content).toEqual({ b: { a: 2, z: 1 }, uri: 'https://example.com/c30.json' });
      expect(c.owner).toEqual({ address: O1, wallet: { seqno: 10 } });
      expect(c.items.edges.map((e: any) => e.node)).toEqual([
        { address: addr(0x100), index: '0' },
        { address: addr(0x101), index: '1' },
      ]);
      expect(i).toEqual({
        ...restItem((await rest(`nft/items?address=${addr(0x104)}`)).nft_items[0]),
        account: { address: addr(0x104) },
        owner: { address: O2 },
      });
      expect(none).toBeNull();
      expect(await failure('{ nftItem(address: "nope") { address } }')).toMatchObject({
        message: 'parameter "address" must be an address (raw, or user-friendly base64/base64url), got "nope"',
      });
    });

    it("pages a collection's items and an account's NFTs as REST orders them, for every collection and account in one statement each", async () => {
      const doc = (paging: string) => `query ($size: Int, $cursor: String) { nftCollection(address: "${C2}") { items(${paging}) { ${page('address')} } } }`;
      const expected = (await rest(`nft/items?collection_address=${C2}&limit=1000`)).nft_items.map((x: any) => ({ address: x.address }));
      expect(await walk(doc, (d) => d.nftCollection.items, {}, 6)).toEqual(expected);

      const nfts = (paging: string) =>
        `query ($size: Int, $cursor: String, $onSale: Boolean, $coll: String) { account(address: "${O1}") { nfts(${paging}, includeOnSale: $onSale, collection: $coll) { ${page('address')} } } }`;
      const owned = (await rest(`nft/items?owner_address=${O1}&limit=1000`)).nft_items.map((x: any) => ({ address: x.address }));
      expect(await walk(nfts, (d) => d.account.nfts, {}, 5)).toEqual(owned);
      const ownedInC2 = (await rest(`nft/items?owner_address=${O1}&collection_address=${C2}&limit=1000`)).nft_items.map((x: any) => ({ address: x.address }));
      expect(await walk(nfts, (d) => d.account.nfts, { coll: C2 }, 3)).toEqual(ownedInC2);
      const onSale = (await rest(`nft/items?owner_address=${O1}&include_on_sale=true&limit=1000`)).nft_items.map((x: any) => x.address).sort();
      expect((await walk(nfts, (d) => d.account.nfts, { onSale: true }, 7)).map((x: any) => x.address).sort()).toEqual(onSale);
      expect(await failure(`{ account(address: "${O1}") { nfts(collection: "x") { edges { cursor } } } }`)).toMatchObject({
        message: 'parameter "collection" must be an address (raw, or user-friendly base64/base64url), got "x"',
      });

      const { count, result } = await statements(() =>
        query(
          `{ a: account(address: "${O1}") { nfts(first: 2) { edges { node { address } } } } b: account(address: "${O2}") { nfts(first: 2) { edges { node { address } } } }
           c: account(address: "${O3}") { nfts(first: 2) { edges { node { address } } } } }`,
        ),
      );
      expect(count).toBe(1);
      const { a, b, c } = result;
      for (const [owner, got] of [
        [O1, a],
        [O2, b],
        [O3, c],
      ] as const) {
        expect(got.nfts.edges.map((e: any) => e.node.address)).toEqual(
          (await rest(`nft/items?owner_address=${owner}&limit=2`)).nft_items.map((x: any) => x.address),
        );
      }
    });
  });

  describe('nftTransfers, the twin of nft/transfers', () => {
    const restTransfer = (t: any) => ({
      transactionHash: t.transaction_hash,
      lt: t.transaction_lt,
      now: t.transaction_now,
      aborted: t.transaction_aborted,
      queryId: t.query_id,
      itemAddress: t.nft_address,
      collectionAddress: t.nft_collection,
      oldOwnerAddress: t.old_owner,
      newOwnerAddress: t.new_owner,
      responseDestinationAddress: t.response_destination,
      customPayload: t.custom_payload,
      forwardAmount: t.forward_amount,
      forwardPayload: t.forward_payload,
      traceId: t.trace_id,
    });
    const FIELDS =
      'transactionHash lt now aborted queryId itemAddress collectionAddress oldOwnerAddress newOwnerAddress responseDestinationAddress customPayload forwardAmount forwardPayload traceId';
    const doc = (paging: string) =>
      `query ($size: Int, $cursor: String, $owner: [String!], $address: String, $item: [String!], $coll: String, $direction: TransferDirection, $startLt: BigInt, $endLt: BigInt, $startUtime: UInt32) {
         nftTransfers(${paging}, ownerAddress: $owner, address: $address, itemAddress: $item, collectionAddress: $coll, direction: $direction, startLt: $startLt, endLt: $endLt, startUtime: $startUtime) { ${page(FIELDS)} } }`;
    const FILTERS: [string, Record<string, unknown>, boolean][] = [
      ['', {}, true],
      [`owner_address=${O1}`, { owner: [O1] }, true],
      [`owner_address=${O1}&direction=in`, { owner: [O1], direction: 'IN' }, true],
      [`address=${O2}&direction=out`, { address: O2, direction: 'OUT' }, true],
      [`item_address=${addr(0x200)}&item_address=${addr(0x100)}`, { item: [addr(0x200), addr(0x100)] }, true],
      [`collection_address=${C2}`, { coll: C2 }, true],
      ['start_lt=3000&end_lt=5000', { startLt: '3000', endLt: '5000' }, true],
      // a time window orders REST by time first; the connection stays by lt
      ['start_utime=1700000003', { startUtime: 1700000003 }, false],
    ];

    it.each(FILTERS)('REST %s: the same transfers, newest first, each once both ways', async (restQuery, args, sameOrder) => {
      const expected = (await rest(`nft/transfers?${restQuery}&limit=1000`)).nft_transfers.map(restTransfer);
      expect(expected.length, restQuery).toBeGreaterThan(0);
      const got = await walk(doc, (d) => d.nftTransfers, args, 3);
      if (sameOrder) expect(got).toEqual(expected);
      else {
        const newestFirst = (a: any, b: any) => {
          const d = BigInt(b.lt) - BigInt(a.lt);
          return d !== 0n ? (d > 0n ? 1 : -1) : a.transactionHash < b.transactionHash ? 1 : -1;
        };
        expect(got).toEqual([...expected].sort(newestFirst));
      }
    });

    it('navigates to the item, its collection, the owners, the transaction and trace, and types the payloads', async () => {
      const [first] = realTxs;
      const { transaction } = await query(
        `query ($h: String!) { transaction(hash: $h) { hash nftTransfers {
            transactionHash item { address collection { address } } collection { address } oldOwner { address wallet { seqno } } newOwner { address }
            transaction { hash lt } trace { traceId nftTransfers { transactionHash } }
            forwardPayload forwardPayloadParsed { __typename ... on TextComment { text } } customPayloadParsed { __typename } } } }`,
        { h: first.hash },
      );
      const [t] = transaction.nftTransfers;
      expect(t).toMatchObject({
        transactionHash: first.hash,
        item: { address: addr(0x100), collection: { address: C1 } },
        collection: { address: C1 },
        oldOwner: { address: O1, wallet: { seqno: 10 } },
        newOwner: { address: O2 },
        transaction: { hash: first.hash, lt: first.lt },
        forwardPayload: COMMENT.body,
        forwardPayloadParsed: { __typename: 'TextComment', text: COMMENT.decoded.comment },
        customPayloadParsed: null,
      });
      const inTrace = TRANSFERS.filter((x) => x.trace_id === first.trace_id).map((x) => x.transaction_hash);
      expect(t.trace.traceId).toBe(first.trace_id);
      expect(t.trace.nftTransfers.map((x: any) => x.transactionHash).sort()).toEqual(inTrace.sort());
      // a transaction of no item has none
      const other = transactionsOf(traces.json).find((x: any) => !TRANSFERS.some((y) => y.transaction_hash === x.hash));
      expect((await query(`{ transaction(hash: "${other.hash}") { nftTransfers { lt } } }`)).transaction.nftTransfers).toEqual([]);
    });

    it("refuses what REST refuses, with the REST parser's message", async () => {
      expect(await failure('{ nftTransfers(address: "nobody") { edges { cursor } } }')).toMatchObject({
        message: await restError('nft/transfers?address=nobody'),
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await failure('{ nftTransfers(startLt: "-1") { edges { cursor } } }')).toMatchObject({
        message: (await restError('nft/transfers?start_lt=-1')).replace('start_lt', 'startLt'),
      });
    });
  });

  describe('nftSales, the twin of nft/sales, and NftItem.sale', () => {
    it('answers sales, then auctions, then Telemint items, each with its details', async () => {
      const { nftSales } = await query(
        `{ nftSales(address: ["${T1}", "${A1}", "${addr(0xeeee)}", "${S1}"]) {
            __typename type address nftAddress lastTransactionLt codeHash dataHash item { address }
            ... on GetgemsSale { sellerAddress seller { address } marketplaceAddress createdAt isComplete fullPrice marketplaceFee royaltyAmount }
            ... on GetgemsAuction { sellerAddress endTime lastBid lastMember { address } minStep maxBid minBid isCanceled }
            ... on TelemintSale { tokenName bidderAddress bid bidTs minBid duration item { address } } } }`,
      );
      const wire = (await rest(`nft/sales?address=${T1}&address=${A1}&address=${addr(0xeeee)}&address=${S1}`)).nft_sales;
      expect(nftSales.map((s: any) => [s.type, s.address, s.nftAddress ?? undefined, s.lastTransactionLt])).toEqual(
        wire.map((s: any) => [s.type, s.address, s.nft_address, s.last_transaction_lt]),
      );
      expect(nftSales.map((s: any) => s.__typename)).toEqual(['GetgemsSale', 'GetgemsAuction', 'TelemintSale']);
      expect(nftSales[0]).toMatchObject({
        sellerAddress: O2,
        seller: { address: O2 },
        fullPrice: '5000000000',
        createdAt: '1700000000',
        item: { address: I1 },
      });
      expect(nftSales[1]).toMatchObject({ sellerAddress: O1, endTime: '1700086400', lastMember: { address: O3 }, minStep: '5', item: { address: I2 } });
      expect(nftSales[2]).toMatchObject({ tokenName: 'durov', bid: '9000000000000', bidTs: '1700000300', duration: '604800', item: null });
      expect(await failure('{ nftSales(address: []) { address } }')).toMatchObject({ message: await restError('nft/sales') });
    });

    it('gives an item on sale its sale contract and seller, and an item not on sale none', async () => {
      const { a, b, c } = await query(
        `{ a: nftItem(address: "${I1}") { onSale owner { address } realOwner { address } sale { __typename address ... on GetgemsSale { fullPrice seller { address } } } }
           b: nftItem(address: "${I2}") { onSale realOwner { address } sale { __typename ... on GetgemsAuction { lastBid } } }
           c: nftItem(address: "${addr(0x103)}") { onSale owner { address } realOwner { address } sale { address } } }`,
      );
      expect(a).toEqual({
        onSale: true,
        owner: { address: S1 },
        realOwner: { address: O2 },
        sale: { __typename: 'GetgemsSale', address: S1, fullPrice: '5000000000', seller: { address: O2 } },
      });
      expect(b).toEqual({ onSale: true, realOwner: { address: O1 }, sale: { __typename: 'GetgemsAuction', lastBid: '1000000000' } });
      expect(c).toEqual({ onSale: false, owner: { address: O1 }, realOwner: { address: O1 }, sale: null });
    });
  });

  it('has GraphiQL tabs for the items of a collection and for an account with NFTs, with values from the database, running to data', async () => {
    const ex = await findExamples(twins.db().reader);
    expect(ex.nftCollection).toBe(C2);
    expect(ex.nftOwner).toBe(O2);
    const tabs = exampleTabs(ex).filter((t) => /query (NftItemsByCollection|AccountNfts)/.test(t.query));
    expect(tabs).toHaveLength(2);
    for (const tab of tabs) {
      const data = await query(tab.query, JSON.parse(tab.variables));
      expect(Object.values(data)[0]).not.toBeNull();
    }
    const [items, account] = await Promise.all(tabs.map((t) => query(t.query, JSON.parse(t.variables))));
    expect(items.nftItems.edges.map((e: any) => e.node.index)).toEqual(['0', '1', '2', '3', '4']);
    expect(account.account).toMatchObject({ address: O2, wallet: { type: 'wallet v4 r2', seqno: 20 }, interfaces: ['wallet_v4r2'] });
    expect(account.account.nfts.edges.length).toBe(5);
  });

  it("has GraphiQL tabs for the collections, the latest transfers and the sales, with values from the database, running to REST's data", async () => {
    const ex = await findExamples(twins.db().reader);
    const tabs = exampleTabs(ex).filter((t) => /query (NftCollections|NftTransfers|NftSales)\b/.test(t.query));
    expect(tabs.map((t) => /query (\w+)/.exec(t.query)![1])).toEqual(['NftCollections', 'NftTransfers', 'NftSales']);
    const [collections, transfers, sales] = await Promise.all(tabs.map((t) => query(t.query, JSON.parse(t.variables))));
    expect(collections.nftCollections.edges.map((e: any) => e.node.address)).toEqual(
      (await rest('nft/collections?limit=5')).nft_collections.map((c: any) => c.address),
    );
    const latest = (await rest('nft/transfers?limit=5')).nft_transfers;
    expect(latest.length).toBeGreaterThan(0);
    expect(transfers.nftTransfers.edges.map((e: any) => e.node.transaction.hash)).toEqual(latest.map((t: any) => t.transaction_hash));
    expect(ex.transferredNft).toBe(latest[0].nft_address);
    // one of each kind the database holds: a GetGems sale, a GetGems auction, a Telemint item
    expect(sales.nftSales.map((x: any) => x.__typename)).toEqual(['GetgemsSale', 'GetgemsAuction', 'TelemintSale']);
    expect(sales.nftSales.map((x: any) => x.address)).toEqual(ex.nftSales);
    expect((await rest(`nft/sales?${ex.nftSales.map((a) => `address=${a}`).join('&')}`)).nft_sales).toHaveLength(3);
  });

  it('reads a nested query over 50 items in as many statements as over 5: one per loader touched', async () => {
    const doc = (n: number) => `{ nftItems(first: ${n}) { edges { node {
        address
        collection { address items(first: 5) { edges { node { address owner { address wallet { seqno } } } } } }
        sale { __typename address ... on GetgemsSale { fullPrice } }
        transfers(first: 3) { edges { node { lt transaction { hash } } } }
      } } } }`;
    const run = async (n: number) => {
      const { count, result: data } = await statements(() => query(doc(n)));
      expect(data.nftItems.edges).toHaveLength(n);
      return { count, data };
    };
    const small = await run(5);
    const large = await run(50);
    // the page; the collections' item pages; the owners' wallets; the sales (three tables); the items' transfer
    // pages; the transactions of those transfers
    expect(large.count).toBe(small.count);
    expect(large.count).toBe(8);
    const nodes = large.data.nftItems.edges.map((e: any) => e.node);
    expect(nodes.find((n: any) => n.address === I1).sale).toEqual({ __typename: 'GetgemsSale', address: S1, fullPrice: '5000000000' });
    const first = nodes.find((n: any) => n.address === addr(0x100));
    expect(first.collection.items.edges.map((e: any) => e.node.owner)).toEqual([
      { address: O1, wallet: { seqno: 10 } },
      { address: S1, wallet: null },
      { address: A1, wallet: null },
      { address: O1, wallet: { seqno: 10 } },
      { address: O2, wallet: { seqno: 20 } },
    ]);
    const transfersOf = (a: string) => TRANSFERS.filter((t) => t.nft_address === a);
    expect(first.transfers.edges.map((e: any) => e.node.transaction?.hash)).toEqual(
      transfersOf(addr(0x100))
        .sort((x, y) => (BigInt(y.transaction_lt) > BigInt(x.transaction_lt) ? 1 : -1))
        .slice(0, 3)
        .map((t) => t.transaction_hash),
    );
  });
});
