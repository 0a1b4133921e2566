// The jetton graph in GraphQL: the twins of jetton/masters, jetton/wallets, jetton/transfers and jetton/burns (the
// same rows as REST for the same filters), keyset paging both ways, navigation between masters, wallets, transfers,
// burns, accounts, transactions and traces, the statements a nested query costs, and the stable holder walk of
// issue 23 item 2 (a jetton with 100,000 holders on PostgreSQL whose balances move while it is paged).
import { beginCell, Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { defaults } from '../src/config';
import { findExamples } from '../src/data/examples';
import { jettonWalletPagesOf } from '../src/data/jettons';
import type { Queryable } from '../src/db/types';
import { exampleTabs } from '../src/graphql/examples';
import { createGraphQL } from '../src/graphql/yoga';
import { availableBackends } from './helpers/databases';
import { decodedPairs } from './helpers/decoded';
import { execute } from './helpers/graphql';
import { insertRows } from './helpers/rows';
import { testServices } from './helpers/service';
import { graphqlTwins, page } from './helpers/twins';

/** A raw address from a number (workchain 0), its first hex digit `prefix`. */
const addr = (n: number, prefix = 'A') => `0:${prefix}${n.toString(16).toUpperCase().padStart(63, '0')}`;
/** A base64 hash from a number. */
const hash = (n: number, salt = 0) => Buffer.from(`${salt.toString(16).padStart(8, '0')}${n.toString(16).padStart(56, '0')}`, 'hex').toString('base64');
/** The salt of transfers' transaction hashes: their base64 starts with "/", which real hashes hold too (a key split on "/" once lost them). */
const TX = 0xfc000007;

const MASTER = addr(1, 'F');
const MINTLESS_MASTER = addr(2, 'F');
const OTHER_MASTER = addr(3, 'F');
const ADMIN = addr(9, 'E');
const owner = (n: number) => addr(n % 20, 'B');
/** MASTER's wallets: 60, balances in 7 values (ties, zeros), inserted out of balance order. */
const wallet = (n: number) => addr(n, 'D');

const HELLO_BODY = decodedPairs().find((p) => p.decoded_opcode === 'jetton_transfer' && JSON.stringify(p.decoded).includes('"Hello!"'))!.body;
const commentPayload = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell().toBoc().toString('base64');

/** 60 transfers sent by MASTER's first 30 wallets, in pairs of equal lt, every 10th aborted, some with comments; transfer 1's payload inline. */
const TRANSFERS = Array.from({ length: 60 }, (_, i) => ({
  tx_hash: hash(i, TX),
  tx_lt: String(1000 + Math.floor(i / 2)),
  tx_now: 1_700_000_000 + Math.floor(i / 6),
  tx_aborted: i % 10 === 9,
  mc_seqno: 1,
  query_id: String(i),
  amount: String(100 + i),
  source: owner(i % 30),
  destination: owner(i + 1),
  jetton_wallet_address: wallet(i % 30),
  jetton_master_address: i % 4 === 0 ? OTHER_MASTER : MASTER,
  response_destination: i % 5 === 0 ? null : owner(i % 30),
  custom_payload: i === 2 ? commentPayload('custom') : null,
  forward_ton_amount: '1',
  forward_payload: i % 7 === 0 ? commentPayload(`note ${i}`) : null,
  trace_id: hash(i, 8),
}));

async function seed(db: Queryable) {
  await insertRows(db, 'jetton_masters', [
    {
      address: MASTER,
      total_supply: '123456789012345678901234567890',
      mintable: true,
      admin_address: ADMIN,
      jetton_content: { symbol: 'TST', name: 'Test', decimals: '9', a_first: 'x' },
      jetton_wallet_code_hash: hash(1, 1),
      last_transaction_lt: '77',
      code_hash: hash(2, 1),
      data_hash: hash(3, 1),
    },
    { address: MINTLESS_MASTER, total_supply: '5', mintable: false, admin_address: null, jetton_content: null, last_transaction_lt: '78' },
    { address: OTHER_MASTER, total_supply: '6', mintable: false, admin_address: ADMIN, jetton_content: {}, last_transaction_lt: '79' },
  ]);
  await insertRows(db, 'mintless_jetton_masters', [{ address: MINTLESS_MASTER, is_indexed: true, custom_payload_api_uri: ['https://claim.example/api'] }]);
  const wallets: Record<string, unknown>[] = [];
  for (let k = 0; k < 60; k++) {
    const i = (k * 37) % 60; // ids out of address and balance order
    wallets.push({ address: wallet(i), balance: String(1000 * (i % 7)), owner: owner(i), jetton: MASTER, last_transaction_lt: String(500 + i) });
    if (k % 3 === 0) wallets.push({ address: addr(i, 'C'), balance: String(3 * i), owner: owner(i), jetton: OTHER_MASTER, last_transaction_lt: '6' });
  }
  wallets.push(
    {
      address: addr(2, '8'),
      balance: '0',
      owner: owner(0),
      jetton: MINTLESS_MASTER,
      last_transaction_lt: '3',
      code_hash: hash(4, 1),
      data_hash: hash(5, 1),
      mintless_is_claimed: false,
      mintless_amount: '700',
      mintless_start_from: '1700000000',
      mintless_expire_at: '1800000000',
    },
    {
      address: addr(3, '8'),
      balance: '0',
      owner: owner(1),
      jetton: MINTLESS_MASTER,
      last_transaction_lt: '4',
      mintless_is_claimed: true,
      mintless_amount: '700',
    },
  );
  await insertRows(db, 'jetton_wallets', wallets);
  await insertRows(db, 'jetton_transfers', TRANSFERS);
  await insertRows(
    db,
    'jetton_burns',
    Array.from({ length: 12 }, (_, i) => ({
      tx_hash: hash(i, 9),
      tx_lt: String(2000 + Math.floor(i / 3)),
      tx_now: 1_700_001_000 + Math.floor(i / 4),
      tx_aborted: i === 4,
      mc_seqno: 1,
      query_id: String(i),
      owner: owner(i % 2),
      jetton_wallet_address: wallet(i % 2),
      jetton_master_address: MASTER,
      amount: String(i + 1),
      response_destination: owner(i % 2),
      custom_payload: i === 0 ? commentPayload('burnt') : null,
      trace_id: hash(i, 10),
    })),
  );
  // Traces: transfers 0–29 in complete traces, 30–39 pending, the rest not recorded; every transfer's transaction stored.
  await insertRows(
    db,
    'traces',
    Array.from({ length: 40 }, (_, i) => ({ trace_id: hash(i, 8), state: i < 30 ? 'complete' : 'pending', end_lt: String(1000 + i), nodes_: 1 })),
  );
  await insertRows(
    db,
    'transactions',
    TRANSFERS.map((t) => ({ account: t.jetton_wallet_address, hash: t.tx_hash, lt: t.tx_lt, now: t.tx_now, trace_id: t.trace_id })),
  );
  // Transfer 1's forward payload was inline: the table has NULL, its in-message body has it.
  const bodyHash = Cell.fromBase64(HELLO_BODY).hash().toString('base64');
  await insertRows(db, 'message_contents', [{ hash: bodyHash, body: HELLO_BODY }]);
  await insertRows(db, 'messages', [{ tx_hash: hash(1, TX), tx_lt: '1000', msg_hash: hash(1, 11), direction: 'in', body_hash: bodyHash, opcode: 0x0f8a7ea5 }]);
}

const WALLET_FIELDS =
  'address balance ownerAddress jettonAddress lastTransactionLt codeHash dataHash mintlessInfo { amount startFrom expireAt customPayloadApiUri }';
const restWallet = (w: any) => ({
  address: w.address,
  balance: w.balance,
  ownerAddress: w.owner,
  jettonAddress: w.jetton,
  lastTransactionLt: w.last_transaction_lt,
  codeHash: w.code_hash,
  dataHash: w.data_hash,
  mintlessInfo: w.mintless_info
    ? {
        amount: w.mintless_info.amount,
        startFrom: String(w.mintless_info.start_from),
        expireAt: String(w.mintless_info.expire_at),
        customPayloadApiUri: w.mintless_info.custom_payload_api_uri,
      }
    : null,
});

const MASTER_FIELDS = 'address totalSupply mintable adminAddress content jettonWalletCodeHash codeHash dataHash lastTransactionLt';
const restMaster = (m: any) => ({
  address: m.address,
  totalSupply: m.total_supply,
  mintable: m.mintable,
  adminAddress: m.admin_address,
  content: m.jetton_content,
  jettonWalletCodeHash: m.jetton_wallet_code_hash,
  codeHash: m.code_hash,
  dataHash: m.data_hash,
  lastTransactionLt: m.last_transaction_lt,
});

const TRANSFER_FIELDS = `queryId sourceAddress destinationAddress amount sourceWalletAddress jettonAddress transactionHash lt now aborted
  responseDestinationAddress customPayload forwardTonAmount forwardPayload traceId
  customPayloadParsed { __typename } forwardPayloadParsed { __typename }`;
const restTransfer = (x: any) => ({
  queryId: x.query_id,
  sourceAddress: x.source,
  destinationAddress: x.destination,
  amount: x.amount,
  sourceWalletAddress: x.source_wallet,
  jettonAddress: x.jetton_master,
  transactionHash: x.transaction_hash,
  lt: x.transaction_lt,
  now: x.transaction_now,
  aborted: x.transaction_aborted,
  responseDestinationAddress: x.response_destination,
  customPayload: x.custom_payload,
  forwardTonAmount: x.forward_ton_amount,
  forwardPayload: x.forward_payload,
  traceId: x.trace_id,
  // REST's decoded payloads, typed: a comment is TextComment, a transfer body JettonTransfer's TL-B type
  customPayloadParsed: x.decoded_custom_payload && { __typename: typename(x.decoded_custom_payload['@type']) },
  forwardPayloadParsed: x.decoded_forward_payload && { __typename: typename(x.decoded_forward_payload['@type']) },
});
const typename = (type: string) => type.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());

const BURN_FIELDS = `queryId ownerAddress jettonWalletAddress jettonAddress transactionHash lt now aborted amount responseDestinationAddress customPayload traceId
  customPayloadParsed { __typename }`;
const restBurn = (x: any) => ({
  queryId: x.query_id,
  ownerAddress: x.owner,
  jettonWalletAddress: x.jetton_wallet,
  jettonAddress: x.jetton_master,
  transactionHash: x.transaction_hash,
  lt: x.transaction_lt,
  now: x.transaction_now,
  aborted: x.transaction_aborted,
  amount: x.amount,
  responseDestinationAddress: x.response_destination,
  customPayload: x.custom_payload,
  traceId: x.trace_id,
  customPayloadParsed: x.decoded_custom_payload && { __typename: typename(x.decoded_custom_payload['@type']) },
});

const byKey = (key: (x: any) => string) => (list: any[]) => [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

describe.each(await availableBackends())('the jetton graph on %s', (backend) => {
  const twins = graphqlTwins(backend, (db) => seed(db.writer));
  const { query, failure, rest, restError, walk, statements } = twins;

  describe('jettonMasters and jettonMaster', () => {
    const doc = (paging: string) =>
      `query ($size: Int, $cursor: String, $address: [String!], $adminAddress: [String!]) {
         jettonMasters(${paging}, address: $address, adminAddress: $adminAddress) { ${page(MASTER_FIELDS)} } }`;
    const FILTERS: [string, Record<string, unknown>][] = [
      ['', {}],
      [`address=${OTHER_MASTER}&address=${MASTER}`, { address: [OTHER_MASTER, MASTER] }],
      [`admin_address=${ADMIN}`, { adminAddress: [ADMIN] }],
    ];
    it.each(FILTERS)('the twin of jetton/masters?%s: the same masters in the same order, paged both ways', async (restQuery, args) => {
      const expected = (await rest(`jetton/masters?${restQuery}&limit=1000`)).jetton_masters.map(restMaster);
      expect(expected.length).toBeGreaterThan(0);
      expect(await walk(doc, (d) => d.jettonMasters, args, 1)).toEqual(expected);
    });

    it('looks a master up by any form of its address, with its admin, metadata and account; null when not indexed', async () => {
      const { a, b } = await query(
        `{ a: jettonMaster(address: "${MASTER.toLowerCase()}") { address admin { address } account { address } content totalSupply metadata { address } }
           b: jettonMaster(address: "${addr(77, 'F')}") { address } }`,
      );
      expect(a).toEqual({
        address: MASTER,
        admin: { address: ADMIN },
        account: { address: MASTER },
        content: { a_first: 'x', decimals: '9', name: 'Test', symbol: 'TST' },
        totalSupply: '123456789012345678901234567890',
        // a master is its own token entry, fetched or not
        metadata: { address: MASTER },
      });
      expect(b).toBeNull();
    });
  });

  describe('jettonWallets, jettonWallet, JettonMaster.wallets and Account.jettons', () => {
    const doc = (paging: string) =>
      `query ($size: Int, $cursor: String, $address: [String!], $ownerAddress: [String!], $jettonAddress: [String!], $excludeZeroBalance: Boolean, $sort: SortOrder) {
         jettonWallets(${paging}, address: $address, ownerAddress: $ownerAddress, jettonAddress: $jettonAddress, excludeZeroBalance: $excludeZeroBalance, sort: $sort) {
           ${page(WALLET_FIELDS)} } }`;
    const FILTERS: [string, Record<string, unknown>, boolean][] = [
      // [REST query, GraphQL arguments, same order]
      ['', {}, true],
      ['sort=desc', { sort: 'DESC' }, true],
      ['sort=asc&exclude_zero_balance=true', { sort: 'ASC', excludeZeroBalance: true }, true],
      [`jetton_address=${MASTER}&sort=desc`, { jettonAddress: [MASTER], sort: 'DESC' }, true],
      [`jetton_address=${MASTER}&sort=asc`, { jettonAddress: [MASTER], sort: 'ASC' }, true],
      [`jetton_address=${MASTER}`, { jettonAddress: [MASTER] }, true],
      [`owner_address=${owner(3)}&sort=desc`, { ownerAddress: [owner(3)], sort: 'DESC' }, true],
      [`owner_address=${owner(3)}&owner_address=${owner(0)}`, { ownerAddress: [owner(3), owner(0)] }, true],
      [`owner_address=${owner(3)}&owner_address=${owner(0)}&sort=asc`, { ownerAddress: [owner(3), owner(0)], sort: 'ASC' }, true],
      // with several owners and sort=desc REST keeps the owners ascending; the keyset takes them descending too
      [`owner_address=${owner(3)}&owner_address=${owner(0)}&sort=desc`, { ownerAddress: [owner(3), owner(0)], sort: 'DESC' }, false],
      [
        `owner_address=${owner(0)}&jetton_address=${MASTER}&jetton_address=${MINTLESS_MASTER}`,
        { ownerAddress: [owner(0)], jettonAddress: [MASTER, MINTLESS_MASTER] },
        true,
      ],
      [`address=${wallet(9)}&address=${wallet(3)}&address=${addr(2, '8')}`, { address: [wallet(9), wallet(3), addr(2, '8')] }, true],
      [`jetton_address=${MINTLESS_MASTER}&exclude_zero_balance=true`, { jettonAddress: [MINTLESS_MASTER], excludeZeroBalance: true }, true],
    ];

    it.each(FILTERS)('the twin of jetton/wallets?%s: the same wallets, each once, walked forward and backward', async (restQuery, args, sameOrder) => {
      const expected = (await rest(`jetton/wallets?${restQuery}&limit=1000`)).jetton_wallets.map(restWallet);
      expect(expected.length, restQuery).toBeGreaterThan(0);
      const got = await walk(doc, (d) => d.jettonWallets, args, 7);
      if (sameOrder) expect(got).toEqual(expected);
      else expect(byKey((w) => w.address)(got)).toEqual(byKey((w) => w.address)(expected));
    });

    it("lists a jetton's holders and an account's jettons largest balance first, ties by id, as REST's sort=desc does, paged both ways", async () => {
      const holders = (await rest(`jetton/wallets?jetton_address=${MASTER}&sort=desc&limit=1000`)).jetton_wallets.map(restWallet);
      const got = await walk(
        (paging) => `query ($size: Int, $cursor: String) { jettonMaster(address: "${MASTER}") { wallets(${paging}) { ${page(WALLET_FIELDS)} } } }`,
        (d) => d.jettonMaster.wallets,
        {},
        6,
      );
      expect(got).toEqual(holders);
      const nonZero = await walk(
        (paging) =>
          `query ($size: Int, $cursor: String) { jettonMaster(address: "${MASTER}") { wallets(${paging}, excludeZeroBalance: true) { ${page('address balance')} } } }`,
        (d) => d.jettonMaster.wallets,
      );
      expect(nonZero.map((w) => w.address)).toEqual(holders.filter((w: any) => w.balance !== '0').map((w: any) => w.address));
      for (const o of [owner(0), owner(5)]) {
        const expected = (await rest(`jetton/wallets?owner_address=${o}&sort=desc&limit=1000`)).jetton_wallets.map(restWallet);
        const jettons = await walk(
          (paging) => `query ($size: Int, $cursor: String) { account(address: "${o}") { jettons(${paging}) { ${page(WALLET_FIELDS)} } } }`,
          (d) => d.account.jettons,
          {},
          2,
        );
        expect(jettons).toEqual(expected);
      }
    });

    it('navigates from a wallet to its owner, its jetton, the transfers it sent and its burns; mintless info as REST shows it', async () => {
      const { w, m, none } = await query(
        `{ w: jettonWallet(address: "${wallet(1)}") { address owner { address } jetton { address } account { address }
             transfers(first: 10) { edges { node { transactionHash sourceWalletAddress aborted } } }
             burns(first: 10) { edges { node { transactionHash jettonWalletAddress aborted } } } }
           m: jettonWallet(address: "${addr(2, '8')}") { mintlessInfo { amount startFrom expireAt customPayloadApiUri } jetton { address } }
           none: jettonWallet(address: "${addr(3, '8')}") { mintlessInfo { amount } } }`,
      );
      expect(w.owner).toEqual({ address: owner(1) });
      expect(w.jetton).toEqual({ address: MASTER });
      const sent = (await rest(`jetton/transfers?jetton_wallet=${wallet(1)}&limit=100`)).jetton_transfers.map((x: any) => x.transaction_hash);
      expect(w.transfers.edges.map((e: any) => e.node.transactionHash)).toEqual(sent);
      expect(sent.length).toBeGreaterThan(0);
      expect(w.transfers.edges.every((e: any) => e.node.sourceWalletAddress === wallet(1) && !e.node.aborted)).toBe(true);
      const burns = (await rest(`jetton/burns?jetton_wallet=${wallet(1)}&limit=100`)).jetton_burns.map((x: any) => x.transaction_hash);
      expect(w.burns.edges.map((e: any) => e.node.transactionHash)).toEqual(burns);
      expect(m).toEqual({
        mintlessInfo: { amount: '700', startFrom: '1700000000', expireAt: '1800000000', customPayloadApiUri: ['https://claim.example/api'] },
        jetton: { address: MINTLESS_MASTER },
      });
      expect(none).toEqual({ mintlessInfo: null });
    });

    it("refuses what REST refuses, with the REST parser's message (named as GraphQL names the argument)", async () => {
      const cases: [string, string][] = [
        [`jetton_address=${MASTER}&jetton_address=${OTHER_MASTER}`, `{ jettonWallets(jettonAddress: ["${MASTER}", "${OTHER_MASTER}"]) { edges { cursor } } }`],
        ['owner_address=nobody', '{ jettonWallets(ownerAddress: ["nobody"]) { edges { cursor } } }'],
      ];
      for (const [restQuery, gql] of cases) {
        const message = (await restError(`jetton/wallets?${restQuery}`))
          .replaceAll('owner_address', 'ownerAddress')
          .replaceAll('jetton_address', 'jettonAddress');
        expect(await failure(gql), gql).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
      expect(await failure(`{ jettonMaster(address: "nope") { address } }`)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(await failure(`{ jettonMaster(address: "${MASTER}") { wallets(first: 1001) { edges { cursor } } } }`)).toMatchObject({
        message: 'argument "first" must be from 0 to 1000, got 1001',
      });
      // a cursor of one list is refused by another
      const { jettonWallets } = await query(`{ jettonWallets(first: 1) { pageInfo { endCursor } } }`);
      expect(
        await failure(`{ jettonMaster(address: "${MASTER}") { wallets(after: "${jettonWallets.pageInfo.endCursor}") { edges { cursor } } } }`),
      ).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT' },
      });
      // by id, a cursor holds one value; by balance, two
      expect(await failure(`{ jettonWallets(sort: DESC, after: "${jettonWallets.pageInfo.endCursor}") { edges { cursor } } }`)).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });
  });

  describe('jettonTransfers and jettonBurns', () => {
    const doc = (paging: string) =>
      `query ($size: Int, $cursor: String, $ownerAddress: [String!], $address: String, $jettonWallet: [String!], $jettonMaster: String, $direction: TransferDirection,
              $startUtime: UInt32, $endUtime: UInt32, $startLt: BigInt, $endLt: BigInt, $completeTracesOnly: Boolean) {
         jettonTransfers(${paging}, ownerAddress: $ownerAddress, address: $address, jettonWallet: $jettonWallet, jettonMaster: $jettonMaster, direction: $direction,
           startUtime: $startUtime, endUtime: $endUtime, startLt: $startLt, endLt: $endLt, completeTracesOnly: $completeTracesOnly) { ${page(TRANSFER_FIELDS)} } }`;
    const FILTERS: [string, Record<string, unknown>, boolean][] = [
      ['', {}, true],
      [`owner_address=${owner(1)}`, { ownerAddress: [owner(1)] }, true],
      [`address=${owner(1)}&direction=in`, { address: owner(1), direction: 'IN' }, true],
      [`owner_address=${owner(1)}&owner_address=${owner(2)}&direction=out`, { ownerAddress: [owner(1), owner(2)], direction: 'OUT' }, true],
      [`jetton_master=${MASTER}`, { jettonMaster: MASTER }, true],
      [`jetton_wallet=${wallet(3)}&jetton_wallet=${wallet(4)}`, { jettonWallet: [wallet(3), wallet(4)] }, true],
      ['start_lt=1005&end_lt=1020', { startLt: '1005', endLt: '1020' }, true],
      // a time window orders REST by time first; the connection stays by lt
      ['start_utime=1700000002&end_utime=1700000005', { startUtime: 1_700_000_002, endUtime: 1_700_000_005 }, false],
      ['complete_traces_only=true', { completeTracesOnly: true }, true],
    ];

    it.each(FILTERS)(
      'the twin of jetton/transfers?%s: the same transfers, payloads as REST serves them, walked both ways',
      async (restQuery, args, sameOrder) => {
        const expected = (await rest(`jetton/transfers?${restQuery}&limit=1000`)).jetton_transfers.map(restTransfer);
        expect(expected.length, restQuery).toBeGreaterThan(0);
        const got = await walk(doc, (d) => d.jettonTransfers, args, 6);
        if (sameOrder) expect(got).toEqual(expected);
        else expect(byKey((x) => x.transactionHash)(got)).toEqual(byKey((x) => x.transactionHash)(expected));
      },
    );

    it("reads an inline forward payload from the transfer's body, typed, in one statement for the page", async () => {
      const { count, result } = await statements(() =>
        query(
          `{ jettonTransfers(first: 60, startLt: "1000", endLt: "1000") { edges { node { transactionHash forwardPayload forwardPayloadInline
             forwardPayloadParsed { __typename ... on TextComment { text } } } } } }`,
        ),
      );
      const { jettonTransfers } = result;
      const byHash = new Map(jettonTransfers.edges.map((e: any) => [e.node.transactionHash, e.node]));
      expect(byHash.get(hash(1, TX))).toMatchObject({ forwardPayloadInline: true, forwardPayloadParsed: { __typename: 'TextComment', text: 'Hello!' } });
      expect(byHash.get(hash(0, TX))).toMatchObject({ forwardPayloadInline: false, forwardPayloadParsed: { __typename: 'TextComment', text: 'note 0' } });
      // the page, then the in-message bodies of the transfers without a stored payload
      expect(count).toBe(2);
    });

    const burnDoc = (paging: string) =>
      `query ($size: Int, $cursor: String, $ownerAddress: [String!], $jettonWallet: [String!], $jettonMaster: String) {
         jettonBurns(${paging}, ownerAddress: $ownerAddress, jettonWallet: $jettonWallet, jettonMaster: $jettonMaster) { ${page(BURN_FIELDS)} } }`;
    it.each([
      ['', {}],
      [`owner_address=${owner(1)}`, { ownerAddress: [owner(1)] }],
      [`jetton_wallet=${wallet(0)}`, { jettonWallet: [wallet(0)] }],
      [`jetton_master=${MASTER}`, { jettonMaster: MASTER }],
    ] as [string, Record<string, unknown>][])('the twin of jetton/burns?%s, aborted burns included', async (restQuery, args) => {
      const expected = (await rest(`jetton/burns?${restQuery}&limit=1000`)).jetton_burns.map(restBurn);
      expect(expected.length).toBeGreaterThan(0);
      expect(await walk(burnDoc, (d) => d.jettonBurns, args, 5)).toEqual(expected);
    });

    it('navigates from a transfer to its transaction, trace, wallet, jetton and owners, and back from transactions and traces', async () => {
      const { jettonTransfers } = await query(
        `{ jettonTransfers(first: 1, ownerAddress: ["${owner(3)}"], direction: OUT, endLt: "1019") { edges { node {
             transactionHash transaction { hash account jettonTransfers { transactionHash } }
             trace { traceId traceInfo { traceState } jettonTransfers { transactionHash aborted } }
             sourceWallet { address owner { address } } jetton { address admin { address } } source { address } destination { address }
           } } } }`,
      );
      const [x] = jettonTransfers.edges.map((e: any) => e.node);
      expect(x.transaction).toEqual({ hash: x.transactionHash, account: x.sourceWallet.address, jettonTransfers: [{ transactionHash: x.transactionHash }] });
      expect(x.trace.jettonTransfers).toEqual([{ transactionHash: x.transactionHash, aborted: false }]);
      expect(x.sourceWallet.owner).toEqual({ address: owner(3) });
      expect(x.source).toEqual({ address: owner(3) });
      // an aborted transfer is left out of the lists and shown from its transaction
      const aborted = TRANSFERS.find((t) => t.tx_aborted)!;
      const { transaction } = await query(`{ transaction(hash: "${aborted.tx_hash}") { jettonTransfers { aborted amount } } }`);
      expect(transaction.jettonTransfers).toEqual([{ aborted: true, amount: aborted.amount }]);
    });

    it("refuses what REST refuses, with the REST parser's message", async () => {
      const cases: [string, string][] = [
        ['direction=in', '{ jettonTransfers(direction: IN) { edges { cursor } } }'],
        [`owner_address=${owner(1)}&address=${owner(2)}`, `{ jettonTransfers(ownerAddress: ["${owner(1)}"], address: "${owner(2)}") { edges { cursor } } }`],
        ['jetton_master=nope', '{ jettonBurns(jettonMaster: "nope") { edges { cursor } } }'],
      ];
      for (const [restQuery, gql] of cases) {
        const message = (await restError(`jetton/${gql.includes('Burns') ? 'burns' : 'transfers'}?${restQuery}`))
          .replaceAll('owner_address', 'ownerAddress')
          .replaceAll('jetton_master', 'jettonMaster');
        expect(await failure(gql), gql).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
    });
  });

  it('has GraphiQL tabs for top holders, an account with jettons, recent transfers and burns, with values from the database, running to data', async () => {
    const ex = await findExamples(twins.db().reader);
    expect(ex.jettonMaster).not.toBeNull();
    expect(ex.jettonOwner).not.toBeNull();
    expect(ex.hasJettonTransfers).toBe(true);
    expect(ex.hasJettonBurns).toBe(true);
    const tabs = exampleTabs(ex).filter((t) => /query (JettonHolders|AccountJettons|JettonTransfers|JettonBurns)\b/.test(t.query));
    expect(tabs).toHaveLength(4);
    const [holders, account, transfers, burns] = await Promise.all(tabs.map((t) => query(t.query, JSON.parse(t.variables))));
    expect(holders.jettonMaster.wallets.edges.length).toBeGreaterThan(0);
    expect(account.account.jettons.edges[0].node.jetton).not.toBeNull();
    expect(transfers.jettonTransfers.edges).toHaveLength(5);
    // the latest burns, as REST's first page lists them, each with its owner, jetton and wallet
    const latest = (await rest('jetton/burns?limit=5')).jetton_burns;
    expect(latest.length).toBeGreaterThan(0);
    expect(burns.jettonBurns.edges.map((e: any) => e.node.lt)).toEqual(latest.map((b: any) => b.transaction_lt));
    expect(burns.jettonBurns.edges.map((e: any) => e.node.owner?.address)).toEqual(latest.map((b: any) => b.owner));
    expect(ex.burnedJetton).toBe(latest[0].jetton_master);
  });

  it('reads a nested query over 50 wallets in as many statements as over 5: one per loader touched', async () => {
    // at the default limits: README says this query fits the default cost limit with room to spare
    const server = createGraphQL(testServices(twins.countingDb(), 'mainnet'), defaults().graphql);
    const doc = (n: number) => `{ jettonMasters { edges { node {
        address
        wallets(first: ${n}) { edges { node {
          address
          owner { jettons(first: 5) { edges { node { balance jetton { address } } } } }
          transfers(first: 3) { edges { node { transaction { hash } forwardPayloadParsed { __typename } } } }
        } } }
      } } } }`;
    const run = async (n: number) => {
      const { count, result } = await statements(() => execute(server, doc(n)));
      expect(result.errors).toBeUndefined();
      return { count, data: result.data as any };
    };
    const small = await run(5);
    const large = await run(50);
    // the masters; their holder pages; the owners' jetton pages; those wallets' masters; the wallets' transfer
    // pages; the transactions of those transfers; the in-message bodies of the transfers without a stored payload
    expect(large.count).toBe(small.count);
    expect(large.count).toBe(7);
    const master = large.data.jettonMasters.edges.find((e: any) => e.node.address === MASTER).node;
    expect(master.wallets.edges).toHaveLength(50);
    const nested = master.wallets.edges.flatMap((e: any) => e.node.transfers.edges.map((t: any) => t.node));
    expect(nested.length).toBeGreaterThan(20);
    expect(nested.every((t: any) => t.transaction !== null)).toBe(true);
    expect(nested.some((t: any) => t.forwardPayloadParsed?.__typename === 'TextComment')).toBe(true);
  });
});

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Issue 23 item 2: a holder list walked end to end while other wallets' balances move across the cursor.
describe.each(await availableBackends())('stable holder paging on %s', (backend) => {
  const HOLDERS = backend === 'postgres' ? 100_000 : 20_000;
  const SMALL = 5_000;
  const BIG = addr(0xb16, 'F');
  const SMALL_JETTON = addr(0x5a, 'F');
  const holder = (jetton: string, i: number) => `0:${jetton === BIG ? '1' : '2'}${i.toString(16).toUpperCase().padStart(63, '0')}`;
  const twins = graphqlTwins(
    backend,
    async (db) => {
      await insertRows(db.writer, 'jetton_masters', [
        { address: BIG, total_supply: '1', mintable: false },
        { address: SMALL_JETTON, total_supply: '1', mintable: false },
      ]);
      // one statement per jetton; balances with ties (each value about 2.5 times), ids out of balance order
      for (const [jetton, n, prefix] of [
        [BIG, HOLDERS, '1'],
        [SMALL_JETTON, SMALL, '2'],
      ] as const) {
        await db.writer.query(
          `insert into jetton_wallets (address, balance, owner, jetton, last_transaction_lt)
           select '0:${prefix}' || upper(lpad(to_hex(i), 63, '0')), ((i * 7919) % ($1::int * 2 / 5)) + 1000, '0:${prefix}' || upper(lpad(to_hex(i), 63, '0')), $2, i
             from generate_series(0, $1::int - 1) i`,
          [n, jetton],
        );
      }
      await db.writer.query('analyze jetton_wallets');
    },
    { setupTimeout: 120_000 },
  );
  const { query, rest } = twins;

  const setBalance = (address: string, balance: bigint) =>
    twins.db().writer.query('update jetton_wallets set balance = $1 where address = $2', [balance.toString(), address]);

  /**
   * Walks a holder list page by page (`next(after)` gives a page's wallets, largest balance first); between pages
   * moves four wallets: on even pages one not returned yet up across the cursor and one returned further up, on
   * odd pages one returned down across the cursor and one not returned yet further down. Returns how many times
   * each wallet came back and the wallets moved.
   */
  async function walkWhileMoving(
    jetton: string,
    n: number,
    seed: number,
    next: (pageNo: number) => Promise<{ wallets: { address: string; balance: string }[]; done: boolean }>,
  ) {
    const rand = random(seed);
    const seen = new Map<string, number>();
    const moved = new Set<string>();
    const pick = (returned: boolean) => {
      for (;;) {
        const a = holder(jetton, Math.floor(rand() * n));
        if (seen.has(a) === returned && !moved.has(a)) return a;
      }
    };
    for (let pageNo = 0; ; pageNo++) {
      const { wallets, done } = await next(pageNo);
      for (const w of wallets) seen.set(w.address, (seen.get(w.address) ?? 0) + 1);
      if (done) break;
      const cursor = BigInt(wallets[wallets.length - 1].balance);
      const step = () => BigInt(1 + Math.floor(rand() * 200));
      if (pageNo % 2 === 0) {
        const up = pick(false);
        const higher = pick(true);
        moved.add(up).add(higher);
        await setBalance(up, cursor + 1000n + step());
        await setBalance(higher, cursor + 5000n + step());
      } else {
        const down = pick(true);
        const lower = pick(false);
        moved.add(down).add(lower);
        await setBalance(down, cursor > 300n ? cursor - 1n - step() : 0n);
        await setBalance(lower, 1n + step());
      }
    }
    const unchanged = Array.from({ length: n }, (_, i) => holder(jetton, i)).filter((a) => !moved.has(a));
    return { seen, moved, unchanged };
  }

  const graphqlPages = (jetton: string) => {
    let after: string | null = null;
    return async () => {
      const data = await query(
        `query ($jetton: String!, $after: String) { jettonMaster(address: $jetton) {
           wallets(first: 1000, after: $after) { pageInfo { hasNextPage endCursor } edges { node { address balance } } } } }`,
        { jetton, after },
      );
      const conn = data.jettonMaster.wallets;
      after = conn.pageInfo.endCursor;
      const wallets = conn.edges.map((e: any) => e.node);
      // each page in the list's order
      for (let i = 1; i < wallets.length; i++) expect(BigInt(wallets[i - 1].balance) >= BigInt(wallets[i].balance)).toBe(true);
      return { wallets, done: !conn.pageInfo.hasNextPage };
    };
  };

  it(`walks ${HOLDERS.toLocaleString('en')} holders by cursor, 1000 a page, returning every wallet whose balance did not change exactly once`, async () => {
    const { seen, moved, unchanged } = await walkWhileMoving(BIG, HOLDERS, 23, graphqlPages(BIG));
    expect(moved.size).toBeGreaterThanOrEqual(2 * Math.floor(HOLDERS / 1000) - 2);
    const counts = unchanged.map((a) => seen.get(a) ?? 0);
    expect(counts.filter((c) => c !== 1)).toEqual([]);
    // only a moved wallet can come back twice (one that went down across the cursor)
    expect([...seen].filter(([a, c]) => c > 1 && !moved.has(a))).toEqual([]);
  }, 300_000);

  it('seeks a deep holder page through jetton_wallets_index_4 on the balance of its cursor', async () => {
    const [mid] = await twins
      .db()
      .reader.query<{ balance: string; id: string }>(
        'select balance::text as balance, id::text as id from jetton_wallets where jetton = $1 order by balance desc, id desc offset $2 limit 1',
        [BIG, Math.floor(HOLDERS * 0.7)],
      );
    let plan = '';
    const explaining = {
      query: async (text: string, params: unknown[]) => {
        const rows = await twins.db().reader.query<Record<string, string>>(`explain (analyze, costs off) ${text}`, params);
        plan = rows.map((r) => Object.values(r)[0]).join('\n');
        return [];
      },
    } as unknown as Queryable;
    await jettonWalletPagesOf(explaining, { of: 'jetton', excludeZeroBalance: false }, [BIG], { after: [mid.balance, mid.id], limit: 1001, backward: false });
    // the index seeks to the cursor's balance: what it reads is at most the rest of the list (a plain or bitmap
    // scan, as the planner prefers for what is left; the walks above moved a few wallets), never the 70% before it
    const scan =
      /(?:Index Scan using|Bitmap Index Scan on) jetton_wallets_index_4.*rows=(\d+)[\s\S]*?Index Cond: \(\(\(jetton\)::text = k\.parent\) AND \(balance <= /.exec(
        plan,
      );
    expect(scan, plan).not.toBeNull();
    expect(Number(scan![1])).toBeLessThan(HOLDERS * 0.35);
  });

  it("REST's offset pages over the same changes skip and repeat wallets whose balances did not change; the cursor does not", async () => {
    const restPages = async (pageNo: number) => {
      const wallets = (await rest(`jetton/wallets?jetton_address=${SMALL_JETTON}&sort=desc&limit=1000&offset=${pageNo * 1000}`)).jetton_wallets;
      return { wallets, done: wallets.length < 1000 };
    };
    const offsets = await walkWhileMoving(SMALL_JETTON, SMALL, 7, restPages);
    const counts = offsets.unchanged.map((a) => offsets.seen.get(a) ?? 0);
    expect(counts.filter((c) => c === 0).length, 'skipped').toBeGreaterThan(0);
    expect(counts.filter((c) => c === 2).length, 'repeated').toBeGreaterThan(0);
    // the same changes (the same seed) again, walked by cursor: each unchanged wallet once
    const cursor = await walkWhileMoving(SMALL_JETTON, SMALL, 7, graphqlPages(SMALL_JETTON));
    expect(cursor.unchanged.map((a) => cursor.seen.get(a) ?? 0).filter((c) => c !== 1)).toEqual([]);
  }, 120_000);
});
