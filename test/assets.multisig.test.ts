import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { ORDERS_PER_MULTISIG } from '../src/operations/multisig';
import { OPENAPI } from '../src/rest/openapi';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import {
  comment,
  JETTON_WALLET,
  jettonTransfer,
  NFT_ITEM,
  nftTransfer,
  orderBoc,
  RECIPIENT,
  raw,
  SIGNER_A,
  sendMessage,
  updateParams,
} from './helpers/multisigOrders';
import { startService } from './helpers/service';

const A = (c: string) => `0:${c.repeat(64)}`;
const M1 = A('1');
const M2 = A('2');
const M3 = A('3');
const S_A = A('A');
const S_B = A('B');
const S_C = A('C');
const P = A('D');
const O1 = A('4');
const O2 = A('5');
const O_NULL = A('6');
const O_BROKEN = A('7');
const HASH = (c: string) => `${c.repeat(43)}=`;
const BIG_QUERY_ID = 2n ** 63n + 5n;

const MULTISIG_KEYS = ['address', 'next_order_seqno', 'threshold', 'signers', 'proposers', 'last_transaction_lt', 'code_hash', 'data_hash', 'orders'];
const ORDER_KEYS = [
  'address',
  'multisig_address',
  'order_seqno',
  'threshold',
  'sent_for_execution',
  'approvals_mask',
  'approvals_num',
  'expiration_date',
  'order_boc',
  'signers',
  'last_transaction_lt',
  'code_hash',
  'data_hash',
  'actions',
];

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'doc', components: JSON.parse(JSON.stringify(OPENAPI.components)) });
const valid = (schema: string, value: unknown) => {
  const check = ajv.getSchema(`doc#/components/schemas/${schema}`)!;
  return check(value) ? [] : check.errors!.map((e) => `${e.instancePath} ${e.message}`);
};

const jettonBody = jettonTransfer({ queryId: BIG_QUERY_ID, amount: 10n ** 9n, to: RECIPIENT, response: SIGNER_A, forwardTon: 1n, text: 'salary' });
const ORDER_1_BOC = orderBoc([sendMessage(JETTON_WALLET, 50_000_000n, jettonBody), updateParams(1, [SIGNER_A], [])]);
const ORDER_2_BOC = orderBoc([
  sendMessage(NFT_ITEM, 1n, nftTransfer({ queryId: 1n, newOwner: RECIPIENT, response: null, forwardTon: 0n })),
  sendMessage(RECIPIENT, 7n, comment('hi')),
]);

async function seed(db: TestDatabase) {
  const multisig = `insert into multisig (address, next_order_seqno, threshold, signers, proposers, last_transaction_lt, code_hash, data_hash)
    values ($1, $2, $3, $4::varchar[]::tonaddr[], $5::varchar[]::tonaddr[], $6, $7, $8)`;
  await db.writer.query(multisig, [M1, '2', 2, [S_A, S_B], [P], '100', HASH('c'), HASH('g')]);
  await db.writer.query(multisig, [M2, '0', 1, [S_B], null, '200', null, null]);
  await db.writer.query(multisig, [M3, '105', 1, [S_C], [S_A], '300', HASH('c'), HASH('k')]);
  const order = `insert into multisig_orders (address, multisig_address, order_seqno, threshold, sent_for_execution, approvals_mask, approvals_num,
      expiration_date, order_boc, signers, last_transaction_lt, code_hash, data_hash) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::varchar[]::tonaddr[], $11, $12, $13)`;
  await db.writer.query(order, [O1, M1, '0', 2, false, '1', 1, 1_790_000_000, ORDER_1_BOC, [S_A, S_B], '101', HASH('o'), HASH('s')]);
  await db.writer.query(order, [O2, M1, '1', 2, true, '3', 2, 1_790_000_001, ORDER_2_BOC, [S_A, S_B], '102', HASH('o'), HASH('w')]);
  await db.writer.query(order, [O_NULL, M2, '5', 1, false, '0', 0, 1, null, null, '7', null, null]);
  await db.writer.query(order, [O_BROKEN, M2, '6', 1, false, '0', 0, 1, 'te6cc', [S_B], '8', null, null]);
  // M3: more orders than a multisig carries in multisig/wallets
  await db.writer.query(
    `insert into multisig_orders (address, multisig_address, order_seqno, threshold, signers, last_transaction_lt)
     select '0:' || upper(lpad(to_hex(g), 64, 'f')), $1, g, 1, array[$2]::tonaddr[], 1000 + g from generate_series(0, $3::int - 1) g`,
    [M3, S_C, ORDERS_PER_MULTISIG + 5],
  );
  // M2's orders are not M2's in multisig/wallets: O_NULL and O_BROKEN belong to it, so move them to a fourth multisig
  await db.writer.query(`update multisig_orders set multisig_address = $1 where address in ($2, $3)`, [A('8'), O_NULL, O_BROKEN]);
}

describe.each(await availableBackends())('multisig routes on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const get = async (path: string) => {
    const res = await service.get(`/api/v3/${path}`);
    return { status: res.status, text: await res.clone().text(), body: (await res.json()) as any };
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await seed(db);
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  describe('GET /api/v3/multisig/wallets', () => {
    it('finds multisigs by signer or proposer, by id descending by default, asc on request', async () => {
      const { status, body } = await get(`multisig/wallets?wallet_address=${S_A}`);
      expect(status).toBe(200);
      expect(Object.keys(body)).toEqual(['multisigs', 'address_book']);
      expect(body.multisigs.map((m: any) => m.address)).toEqual([M3, M1]);
      expect((await get(`multisig/wallets?wallet_address=${S_A}&sort=asc`)).body.multisigs.map((m: any) => m.address)).toEqual([M1, M3]);
      expect((await get(`multisig/wallets?wallet_address=${S_B}&wallet_address=${P}`)).body.multisigs.map((m: any) => m.address)).toEqual([M2, M1]);
      expect((await get(`multisig/wallets?address=${M1}&address=${M2}&sort=ASC`)).body.multisigs.map((m: any) => m.address)).toEqual([M1, M2]);
      // both filters: both must match
      expect((await get(`multisig/wallets?address=${M1}&wallet_address=${S_C}`)).body).toEqual({ multisigs: [], address_book: {} });
      expect((await get(`multisig/wallets?wallet_address=${S_A}&limit=1&offset=1`)).body.multisigs.map((m: any) => m.address)).toEqual([M1]);
    });

    it("gives each multisig in TON Center's key order with its orders ascending by id, actions unparsed", async () => {
      const { body } = await get(`multisig/wallets?address=${M1}`);
      const [m] = body.multisigs;
      expect(Object.keys(m)).toEqual(MULTISIG_KEYS);
      expect({ ...m, orders: undefined }).toEqual({
        address: M1,
        next_order_seqno: '2',
        threshold: 2,
        signers: [S_A, S_B],
        proposers: [P],
        last_transaction_lt: '100',
        code_hash: HASH('c'),
        data_hash: HASH('g'),
        orders: undefined,
      });
      expect(m.orders.map((o: any) => o.address)).toEqual([O1, O2]);
      for (const o of m.orders) expect(Object.keys(o)).toEqual(ORDER_KEYS);
      expect(m.orders[0]).toEqual({
        address: O1,
        multisig_address: M1,
        order_seqno: '0',
        threshold: 2,
        sent_for_execution: false,
        approvals_mask: '1',
        approvals_num: 1,
        expiration_date: 1_790_000_000,
        order_boc: ORDER_1_BOC,
        signers: [S_A, S_B],
        last_transaction_lt: '101',
        code_hash: HASH('o'),
        data_hash: HASH('s'),
        actions: null,
      });
      expect(valid('MultisigResponse', body)).toEqual([]);
    });

    it('gives orders null when a multisig has none, [] when include_orders=false', async () => {
      const none = (await get(`multisig/wallets?address=${M2}`)).body.multisigs[0];
      expect(none.orders).toBeNull();
      expect(none.proposers).toBeNull();
      expect(none.code_hash).toBeNull();
      expect((await get(`multisig/wallets?address=${M2}&include_orders=true`)).body.multisigs[0].orders).toBeNull();
      for (const address of [M1, M2]) expect((await get(`multisig/wallets?address=${address}&include_orders=false`)).body.multisigs[0].orders).toEqual([]);
      expect((await get(`multisig/wallets?address=${M1}&include_orders=0`)).body.multisigs[0].orders).toEqual([]);
    });

    it(`carries at most ${ORDERS_PER_MULTISIG} orders a multisig, its newest, ascending by id`, async () => {
      const { body } = await get(`multisig/wallets?address=${M3}`);
      const seqnos = body.multisigs[0].orders.map((o: any) => Number(o.order_seqno));
      expect(seqnos).toEqual(Array.from({ length: ORDERS_PER_MULTISIG }, (_, i) => i + 5));
      // the multisig/orders route pages through all of them
      const all = (await get(`multisig/orders?multisig_address=${M3}&limit=1000`)).body.orders;
      expect(all).toHaveLength(ORDERS_PER_MULTISIG + 5);
    });

    it('has the address book of the multisigs, their signers and proposers, and their orders with their signers', async () => {
      const { body } = await get(`multisig/wallets?address=${M1}`);
      expect(Object.keys(body.address_book)).toEqual([M1, O1, O2, S_A, S_B, P].sort());
      expect((await get(`multisig/wallets?address=${M1}&x_no_address_book=true`)).body.address_book).toEqual({});
      expect(Object.keys((await get(`multisig/wallets?address=${M1}&include_orders=false`)).body.address_book)).toEqual([M1, S_A, S_B, P].sort());
    });

    it('refuses with a 422 naming the parameter', async () => {
      const cases: [string, string][] = [
        ['', 'at least one of "address", "wallet_address" must be given'],
        [`address=${M1}&sort=newest`, 'parameter "sort" must be one of asc, desc, got "newest"'],
        [`address=${M1}&include_orders=yes`, 'parameter "include_orders" must be true or false, got "yes"'],
        [`address=${M1}&limit=1001`, 'parameter "limit" must be an integer from 1 to 1000, got "1001"'],
        ['address=nope', 'parameter "address" value 1 must be an address'],
        [`wallet_address=${M1}&walet_address=${M1}`, 'unknown parameter "walet_address"'],
      ];
      for (const [query, error] of cases) {
        const { status, body } = await get(`multisig/wallets?${query}`);
        expect({ query, status }).toEqual({ query, status: 422 });
        expect(body.error, query).toContain(error);
      }
    });
  });

  describe('GET /api/v3/multisig/orders', () => {
    it('finds orders by address or multisig, by id descending by default, actions null unless asked for', async () => {
      const { body } = await get(`multisig/orders?multisig_address=${M1}`);
      expect(Object.keys(body)).toEqual(['orders', 'address_book']);
      expect(body.orders.map((o: any) => o.address)).toEqual([O2, O1]);
      for (const o of body.orders) {
        expect(Object.keys(o)).toEqual(ORDER_KEYS);
        expect(o.actions).toBeNull();
      }
      expect(Object.keys(body.address_book)).toEqual([M1, O1, O2, S_A, S_B].sort());
      expect((await get(`multisig/orders?multisig_address=${M1}&sort=asc`)).body.orders.map((o: any) => o.address)).toEqual([O1, O2]);
      expect((await get(`multisig/orders?address=${O1}&address=${O_NULL}`)).body.orders.map((o: any) => o.address)).toEqual([O_NULL, O1]);
      expect((await get(`multisig/orders?address=${O1}&multisig_address=${M2}`)).body).toEqual({ orders: [], address_book: {} });
      expect(valid('MultisigOrderResponse', body)).toEqual([]);
    });

    it('parses actions on request, exact 64-bit query ids as JSON numbers, addresses inside bodies in the address book', async () => {
      const { body, text } = await get(`multisig/orders?address=${O1}&address=${O2}&parse_actions=true&sort=asc`);
      const [first, second] = body.orders;
      expect(first.actions.map((a: any) => a.parsed_body_type)).toEqual(['jetton_transfer', 'multisig_update_params']);
      expect(second.actions.map((a: any) => a.parsed_body_type)).toEqual(['nft_transfer', 'ton_transfer']);
      expect(first.actions[0]).toMatchObject({ destination: raw(JETTON_WALLET), value: '50000000', parsed: true, error: null, send_mode: 3 });
      expect(first.actions[0].parsed_body).toMatchObject({ amount: '1000000000', destination: raw(RECIPIENT), response: raw(SIGNER_A), comment: 'salary' });
      expect(text).toContain(`{"query_id":${BIG_QUERY_ID},"amount":"1000000000",`);
      expect(second.actions[1].parsed_body).toEqual({ comment: '\u0000\u0000\u0000\u0000hi', encrypted: false });
      for (const a of [...first.actions, ...second.actions]) {
        expect(Object.keys(a)).toEqual(['destination', 'value', 'body_raw', 'parsed', 'error', 'parsed_body', 'parsed_body_type', 'send_mode']);
      }
      expect(Object.keys(body.address_book)).toEqual([M1, O1, O2, S_A, S_B, raw(SIGNER_A), raw(JETTON_WALLET), raw(RECIPIENT), raw(NFT_ITEM)].sort());
      expect(valid('MultisigOrderResponse', body)).toEqual([]);
    });

    it('gives null actions for an order without a BOC or with one that does not read, never an error', async () => {
      const { status, body } = await get(`multisig/orders?address=${O_NULL}&address=${O_BROKEN}&parse_actions=1`);
      expect(status).toBe(200);
      expect(body.orders.map((o: any) => [o.address, o.actions])).toEqual([
        [O_BROKEN, null],
        [O_NULL, null],
      ]);
      expect(body.orders[1]).toMatchObject({ order_boc: null, signers: null, code_hash: null });
    });

    it('refuses with a 422 naming the parameter', async () => {
      const cases: [string, string][] = [
        ['', 'at least one of "address", "multisig_address" must be given'],
        [`address=${O1}&parse_actions=maybe`, 'parameter "parse_actions" must be true or false, got "maybe"'],
        [`multisig_address=${M1}&limit=1001`, 'parameter "limit" must be an integer from 1 to 1000, got "1001"'],
        [`multisig_address=${M1}&sort=up`, 'parameter "sort" must be one of asc, desc, got "up"'],
        [`multisig_address=${M1}&include_orders=true`, 'unknown parameter "include_orders"'],
      ];
      for (const [query, error] of cases) {
        const { status, body } = await get(`multisig/orders?${query}`);
        expect({ query, status }).toEqual({ query, status: 422 });
        expect(body.error, query).toContain(error);
      }
    });
  });

  it('imports its own answers (multisigs with nested orders, orders) into an empty database and serves them back the same', async () => {
    const wallets = (await get(`multisig/wallets?wallet_address=${S_A}&wallet_address=${S_B}&sort=asc`)).text;
    const orders = (await get(`multisig/orders?multisig_address=${A('8')}&sort=asc`)).text;
    const copy = await createTestDatabase(backend);
    try {
      await importDocument(copy.writer, 'wallets.json', wallets);
      await importDocument(copy.writer, 'orders.json', orders);
      const other = await startService(copy.reader, 'mainnet');
      try {
        expect(await (await other.get(`/api/v3/multisig/wallets?wallet_address=${S_A}&wallet_address=${S_B}&sort=asc`)).text()).toBe(wallets);
        expect(await (await other.get(`/api/v3/multisig/orders?multisig_address=${A('8')}&sort=asc`)).text()).toBe(orders);
        const parsed = `/api/v3/multisig/orders?address=${O1}&parse_actions=true`;
        expect(await (await other.get(parsed)).text()).toBe((await get(parsed.slice('/api/v3/'.length))).text);
      } finally {
        await other.close();
      }
    } finally {
      await copy.drop();
    }
  });
});
