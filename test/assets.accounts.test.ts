// The account and wallet routes (accountStates, walletStates, addressInformation/account, walletInformation/wallet,
// topAccountsByBalance) against real databases: accounts imported as accountStates responses (real ones from TON
// Center, and generated ones whose data cells are built with @ton/core), served back and compared field by field.
import { beginCell, type Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectInterfaces, INTERFACES, methodId } from '../src/encoding/interfaces';
import { readWalletData, WALLET_CODE_HASHES } from '../src/encoding/walletData';
import { importDocument, ImportFileError } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText } from './helpers/fixtures';
import { startService } from './helpers/service';

const TRIMMED = 'assets/accountStates__axelar_gateway_TRIMMED__testnet_2025-10.json';
const NOT_A_WALLET = 'assets/walletInformation__not_a_wallet_error__testnet_2024-12.json';
const NOT_CONFIGURED = 'TON_API_V2_URL is not set: this route forwards to a TON HTTP API v2 endpoint (ton-http-api), and this service has none configured';
const V3R2_WALLET = 'assets/walletInformation__use_v2_true_v3r2__testnet_2024-12.json';
const DECODED_TRACES = ['contract_call', 'ton_received', 'ton_sent'].map((n) => `decoded/traces__${n}__mainnet_2025-11.json`);

const CODE = {
  v1r1: 'oM/CxIruFqJx8s/AtzgtgXVs7LEBfQd/qqs7tgL2how=',
  v2r2: '/pUw0yQ4Uwg+8u8LTCkIwKv2+hwx6iQ6rKpb+MfXU/E=',
  v3r2: 'hNr6RJ+Ypph3ibojI1gHK8D3bcRSQAKl0JGLmnXS1Zk=',
  v4r2: '/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA=',
  v5beta: '89fKU0k97trCizgZhqhJQDy6w9LFhHea8IEGWvCsS5M=',
  v5r1: 'IINLe3KxEhR+Gy+0V7hOdNGjDwT3N9T2KmaOlVLSty8=',
  /** a wallet code TON Center knows only for interfaces, not as a wallet */
  highloadV3: 'EayteVWEQJDyg78ji8FEmHH3g+fMCXlAjT9IWUg+hSU=',
  /** some contract: interfaces from its get-methods */
  contract: Buffer.alloc(32, 7).toString('base64'),
};

const KEY = Buffer.alloc(32, 0xab);
const boc = (cell: Cell) => cell.toBoc().toString('base64');
/** Wallet data cells as the contracts store them (v1–v2: seqno, key; v3–v4: seqno, subwallet, key[, plugins]). */
const DATA = {
  v1r1: boc(beginCell().storeUint(7, 32).storeBuffer(KEY).endCell()),
  v2r2: boc(beginCell().storeUint(0, 32).storeBuffer(KEY).endCell()),
  v3r2: boc(beginCell().storeUint(54, 32).storeUint(698983191, 32).storeBuffer(KEY).endCell()),
  v4r2: boc(beginCell().storeUint(4_000_000_000, 32).storeUint(698983239, 32).storeBuffer(KEY).storeBit(0).endCell()),
  // v5r1: is_signature_allowed, seqno, wallet_id:int32 (negative here: testnet's ids can be), key, extensions
  v5r1: boc(beginCell().storeBit(1).storeUint(12, 32).storeInt(-2147483645, 32).storeBuffer(KEY).storeBit(0).endCell()),
  v5r1Locked: boc(beginCell().storeBit(0).storeUint(3, 32).storeInt(2147483409, 32).storeBuffer(KEY).storeBit(0).endCell()),
  // v5 beta (ton-org/ton WalletContractV5Beta): seqno:int33, wallet id (global_id:int32, workchain:int8,
  // version:uint8, subwallet:uint32), key, extensions
  v5beta: boc(beginCell().storeInt(9, 33).storeInt(-239, 32).storeInt(0, 8).storeUint(0, 8).storeUint(0, 32).storeBuffer(KEY).storeBit(0).endCell()),
  tooShort: boc(beginCell().storeUint(5, 20).endCell()),
};

const acct = (n: number, wc = 0) => `${wc}:${n.toString(16).toUpperCase().padStart(64, '0')}`;
const hashOf = (n: number) => Buffer.alloc(32, n).toString('base64');

/** An accountStates element as TON Center serves it (keys it omits when null left out). */
function state(n: number, over: Record<string, unknown> = {}) {
  const s: Record<string, unknown> = {
    address: acct(n),
    account_state_hash: hashOf(n),
    balance: String(1000 + n),
    extra_currencies: {},
    status: 'active',
    frozen_hash: undefined,
    last_transaction_hash: hashOf(100 + n),
    last_transaction_lt: String(50_000_000_000_000 + n),
    data_hash: hashOf(200 + n),
    code_hash: CODE.contract,
    data_boc: boc(beginCell().storeUint(n, 64).endCell()),
    code_boc: boc(beginCell().storeUint(n, 16).endCell()),
    contract_methods: null,
    interfaces: [],
    ...over,
  };
  for (const [k, v] of Object.entries(s)) if (v === undefined) delete s[k];
  return s;
}

const JETTON_WALLET_METHODS = [methodId('get_wallet_data'), methodId('get_wallet_data'), 70000];
const SALE_METHODS = [methodId('get_sale_data')];

/** The generated accounts: each wallet version, odd states, non-wallets. Numbers are their addresses. */
const GENERATED = [
  state(1, { code_hash: CODE.v1r1, data_boc: DATA.v1r1 }),
  state(2, { code_hash: CODE.v2r2, data_boc: DATA.v2r2 }),
  state(3, { code_hash: CODE.v3r2, data_boc: DATA.v3r2 }),
  state(4, { code_hash: CODE.v4r2, data_boc: DATA.v4r2, extra_currencies: { '100': '5' } }),
  state(5, { code_hash: CODE.v5r1, data_boc: DATA.v5r1 }),
  state(6, { code_hash: CODE.v5beta, data_boc: DATA.v5beta }),
  state(7, { code_hash: CODE.v4r2, data_boc: DATA.tooShort }),
  state(8, { code_hash: CODE.v4r2, data_boc: undefined, data_hash: undefined }), // a wallet whose data the indexer did not store
  state(9, { code_hash: CODE.highloadV3 }),
  state(10, { contract_methods: JETTON_WALLET_METHODS, frozen_hash: hashOf(9) }),
  state(11, { code_hash: hashOf(11), contract_methods: SALE_METHODS }),
  state(12, { code_hash: hashOf(12), contract_methods: [1, 2, 3] }),
  state(13, { status: 'uninit', code_hash: undefined, code_boc: undefined, data_boc: undefined, data_hash: undefined, balance: '1000' }),
  state(14, { status: 'frozen', code_hash: undefined, code_boc: undefined, data_boc: undefined, data_hash: undefined, frozen_hash: hashOf(3) }),
  state(15, { code_hash: CODE.v5r1, data_boc: DATA.v5r1Locked, balance: '1000' }),
];

describe('interface detection (encoding/interfaces.ts)', () => {
  it("computes TON Center's method ids from the names (CRC16-XMODEM | 0x10000), as the reference lists them", () => {
    const listed: Record<string, number> = {
      seqno: 85143,
      get_public_key: 78748,
      get_wallet_data: 97026,
      get_jetton_data: 106029,
      get_wallet_address: 103289,
      get_nft_data: 102351,
      get_sale_data: 72748,
      dnsresolve: 123660,
      getPoolStateAndConfiguration: 118400,
      get_liquidity_depository_address_no_settings: 78874,
      is_signature_allowed: 88459,
      get_affiliate_account_address: 121422,
    };
    for (const [name, id] of Object.entries(listed)) expect(methodId(name), name).toBe(id);
  });

  it('holds the whole table: 106 interfaces, the trailing space of dedust_liquidity_deposit kept', () => {
    expect(INTERFACES).toHaveLength(106);
    expect(INTERFACES.map(([n]) => n)).toContain('dedust_liquidity_deposit ');
    expect(new Set(INTERFACES.map(([n]) => n)).size).toBe(106);
  });

  it('matches a code hash first, else every interface whose get-methods are all present, names sorted; none gives [] or null', () => {
    expect(detectInterfaces(CODE.v4r2, [1, 2])).toEqual(['wallet_v4r2']);
    expect(detectInterfaces('5M87L0xtamHqDytUR9JmeFsmrzY32y3u5rzRqoJvNBI=', null)).toEqual(['wallet_v5_beta']);
    expect(detectInterfaces(CODE.contract, null)).toEqual([]);
    expect(detectInterfaces(null, [])).toEqual([]);
    expect(detectInterfaces(CODE.contract, [1, 2, 3])).toBeNull();
    expect(detectInterfaces(CODE.contract, SALE_METHODS)).toEqual(['nft_auction_v1', 'nft_sale']);
    const pool = ['get_jetton_data', 'get_wallet_address', 'get_pool_data', 'get_pool_type', 'get_lp_account_address'].map(methodId);
    expect(detectInterfaces(null, pool)).toEqual(['daolama_vault', 'jetton_master', 'stonfi_pool_v2']);
    // a method list alone never names a hash-only interface (coffee_vault_native has neither)
    expect(detectInterfaces(null, [methodId('get_asset')])).toEqual(['dedust_vault']);
  });
});

describe('wallet data (encoding/walletData.ts)', () => {
  it('reads each version as TON Center does: seqno; then wallet_id unsigned; v5 its flag first', () => {
    expect(readWalletData(CODE.v1r1, DATA.v1r1)).toEqual({ seqno: 7 });
    expect(readWalletData(CODE.v2r2, DATA.v2r2)).toEqual({ seqno: 0 });
    expect(readWalletData(CODE.v3r2, DATA.v3r2)).toEqual({ seqno: 54, walletId: 698983191 });
    expect(readWalletData(CODE.v4r2, DATA.v4r2)).toEqual({ seqno: 4_000_000_000, walletId: 698983239 });
    expect(readWalletData(CODE.v5r1, DATA.v5r1)).toEqual({ isSignatureAllowed: true, seqno: 12, walletId: 2 ** 32 - 2147483645 });
    expect(readWalletData(CODE.v5r1, DATA.v5r1Locked)).toEqual({ isSignatureAllowed: false, seqno: 3, walletId: 2147483409 });
  });

  it("reads v5 beta with the v5r1 reader, as TON Center does: the seqno's sign bit as the flag, the network id as wallet_id", () => {
    expect(readWalletData(CODE.v5beta, DATA.v5beta)).toEqual({ isSignatureAllowed: false, seqno: 9, walletId: 4294967057 });
  });

  it('gives nothing for a cell too short for its fields, a BOC that does not parse, or a code that is not a wallet', () => {
    expect(readWalletData(CODE.v4r2, DATA.tooShort)).toBeUndefined();
    expect(readWalletData(CODE.v1r1, boc(beginCell().storeUint(1, 31).endCell()))).toBeUndefined();
    expect(readWalletData(CODE.v5r1, boc(beginCell().storeUint(1, 64).endCell()))).toBeUndefined();
    expect(readWalletData(CODE.v3r2, 'not a boc')).toBeUndefined();
    expect(readWalletData(CODE.v3r2, '')).toBeUndefined();
    expect(readWalletData(CODE.highloadV3, DATA.v3r2)).toBeUndefined();
    expect(WALLET_CODE_HASHES.size).toBe(11);
  });
});

describe.each(await availableBackends())('account and wallet routes on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, TRIMMED, fixtureText(TRIMMED));
    await importDocument(db.writer, 'generated', JSON.stringify({ accounts: GENERATED, address_book: {}, metadata: {} }));
    for (const name of DECODED_TRACES) await importDocument(db.writer, name, fixtureText(name));
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const call = async (path: string) => {
    const res = await service.get(`/api/v3/${path}`);
    return { status: res.status, body: await res.json(), statements: Number(/(\d+) statements/.exec(res.headers.get('server-timing') ?? '')?.[1]) };
  };
  const get = async (path: string) => {
    const { status, body } = await call(path);
    expect(status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
    return body;
  };
  const refused = async (path: string, status: number, error: string) => {
    const res = await call(path);
    expect(res, path).toMatchObject({ status, body: { error, code: status } });
  };
  const addresses = (...ns: number[]) => ns.map((n) => `address=${acct(n)}`).join('&');

  describe('accountStates', () => {
    it('round-trips the real (trimmed) TON Center response: every field it kept comes back equal', async () => {
      const file = fixtureJson(TRIMMED);
      const [expected] = file.accounts;
      const body = await get(`accountStates?address=${expected.address}`);
      expect(Object.keys(body)).toEqual(['accounts', 'address_book', 'metadata']);
      const [served] = body.accounts;
      // the authors kept 4 fields; the others are what TON Center gives a state without them: nulls, omitted
      // hashes and cells, no contract methods, and [] interfaces (no code hash, no methods)
      for (const [key, value] of Object.entries(expected)) expect(served[key], key).toEqual(value);
      expect(served).toEqual({
        ...expected,
        extra_currencies: null,
        last_transaction_hash: null,
        last_transaction_lt: null,
        contract_methods: null,
        interfaces: [],
      });
      expect(Object.keys(served)).toEqual([
        'address',
        'account_state_hash',
        'balance',
        'extra_currencies',
        'status',
        'last_transaction_hash',
        'last_transaction_lt',
        'contract_methods',
        'interfaces',
      ]);
      // no code: shown non-bounceable
      expect(body.address_book[expected.address].user_friendly).toMatch(/^UQ/);
    });

    it('round-trips the generated responses whole, in key order, by account', async () => {
      const body = await get(`accountStates?${addresses(15, 3, 1, 10, 14)}`);
      const served = body.accounts;
      expect(served.map((a: any) => a.address)).toEqual([1, 3, 10, 14, 15].map((n) => acct(n)));
      const byAddress = new Map(GENERATED.map((g) => [g.address, g]));
      for (const a of served) {
        const g = byAddress.get(a.address)!;
        const interfaces =
          { [acct(1)]: ['wallet_v1r1'], [acct(3)]: ['wallet_v3r2'], [acct(10)]: ['jetton_wallet'], [acct(15)]: ['wallet_v5r1'] }[a.address] ?? [];
        // contract_methods: each id once, in stored order
        const methods = g.contract_methods === null ? null : [...new Set(g.contract_methods as number[])];
        expect(a).toEqual({ ...g, contract_methods: methods, interfaces });
        expect(Object.keys(a)).toEqual(Object.keys(g));
      }
      expect(Object.keys(served[2])).toEqual([
        'address',
        'account_state_hash',
        'balance',
        'extra_currencies',
        'status',
        'frozen_hash',
        'last_transaction_hash',
        'last_transaction_lt',
        'data_hash',
        'code_hash',
        'data_boc',
        'code_boc',
        'contract_methods',
        'interfaces',
      ]);
      expect(Object.keys(body.address_book)).toEqual([1, 3, 10, 14, 15].map((n) => acct(n)));
      expect(body.address_book[acct(3)]).toEqual({ user_friendly: expect.stringMatching(/^UQ/), domain: null, interfaces: ['wallet_v3r2'] });
      expect(body.address_book[acct(10)]).toEqual({ user_friendly: expect.stringMatching(/^EQ/), domain: null, interfaces: ['jetton_wallet'] });
      expect(body.metadata).toEqual({});
    });

    it('detects interfaces: by code hash, by get-methods (sorted), null when methods match nothing', async () => {
      const body = await get(`accountStates?${addresses(6, 9, 11, 12)}`);
      expect(body.accounts.map((a: any) => a.interfaces)).toEqual([['wallet_v5_beta'], ['wallet_highload_v3r1'], ['nft_auction_v1', 'nft_sale'], null]);
      expect(body.accounts.map((a: any) => a.contract_methods)).toEqual([null, null, SALE_METHODS, [1, 2, 3]]);
      expect(body.address_book[acct(12)].interfaces).toBeNull();
      // a wallet known only to interface detection is shown bounceable, as TON Center does
      expect(body.address_book[acct(9)].user_friendly).toMatch(/^EQ/);
    });

    it('leaves the cells out with include_boc=false, filters by code_hash, takes comma lists, ignores unknown accounts', async () => {
      const [lean] = (await get(`accountStates?address=${acct(3)}&include_boc=false`)).accounts;
      expect(lean).not.toHaveProperty('data_boc');
      expect(lean).not.toHaveProperty('code_boc');
      expect(lean.data_hash).toBe(hashOf(203));
      const filtered = await get(`accountStates?address=${acct(3)},${acct(4)},${acct(10)}&code_hash=${encodeURIComponent(CODE.v4r2)}`);
      expect(filtered.accounts.map((a: any) => a.address)).toEqual([acct(4)]);
      const hex = Buffer.from(CODE.v3r2, 'base64').toString('hex');
      expect((await get(`accountStates?${addresses(3, 4)}&code_hash=${hex}&code_hash=${encodeURIComponent(CODE.v4r2)}`)).accounts).toHaveLength(2);
      expect(await get(`accountStates?address=${acct(999)}`)).toEqual({ accounts: [], address_book: {}, metadata: {} });
      const none = await get(`accountStates?address=${acct(3)}&x_no_address_book=true`);
      expect(none.address_book).toEqual({});
    });

    it('refuses bad input with 422 naming the parameter', async () => {
      await refused('accountStates', 422, 'parameter "address" is required: address of account is required: at least one address');
      await refused('accountStates?address=nope', 422, 'parameter "address" value 1 must be an address (raw, or user-friendly base64/base64url), got "nope"');
      await refused(`accountStates?address=${acct(1)}&include_boc=maybe`, 422, 'parameter "include_boc" must be true or false, got "maybe"');
      await refused(
        `accountStates?address=${acct(1)}&code_hash=xyz`,
        422,
        'parameter "code_hash" value 1 must be a hash (64 hex digits, base64 or base64url), got "xyz"',
      );
      const many = Array.from({ length: 1001 }, (_, i) => `address=${acct(i + 1)}`).join('&');
      await refused(`accountStates?${many}`, 422, 'parameter "address" takes at most 1000 values, got 1001');
    });
  });

  describe('walletStates', () => {
    it('reads every wallet version, with TON Center key order and omissions', async () => {
      const body = await get(`walletStates?${addresses(1, 2, 3, 4, 5, 6, 15)}`);
      expect(Object.keys(body)).toEqual(['wallets', 'address_book', 'metadata']);
      const base = (n: number) => ({
        address: acct(n),
        is_wallet: true,
        balance: String(1000 + n),
        status: 'active',
        last_transaction_hash: hashOf(100 + n),
        last_transaction_lt: String(50_000_000_000_000 + n),
      });
      const [v1, v2, v3, v4, v5, beta, locked] = body.wallets;
      expect(v1).toEqual({ ...base(1), wallet_type: 'wallet v1 r1', seqno: 7, code_hash: CODE.v1r1 });
      expect(v2).toEqual({ ...base(2), wallet_type: 'wallet v2 r2', seqno: 0, code_hash: CODE.v2r2 });
      expect(v3).toEqual({ ...base(3), wallet_type: 'wallet v3 r2', seqno: 54, wallet_id: 698983191, code_hash: CODE.v3r2 });
      expect(v4).toEqual({
        ...base(4),
        wallet_type: 'wallet v4 r2',
        seqno: 4_000_000_000,
        wallet_id: 698983239,
        extra_currencies: { '100': '5' },
        code_hash: CODE.v4r2,
      });
      expect(v5).toEqual({ ...base(5), wallet_type: 'wallet v5 r1', seqno: 12, wallet_id: 2147483651, is_signature_allowed: true, code_hash: CODE.v5r1 });
      expect(beta).toEqual({ ...base(6), wallet_type: 'wallet v5 beta', seqno: 9, wallet_id: 4294967057, is_signature_allowed: false, code_hash: CODE.v5beta });
      expect(locked.is_signature_allowed).toBe(false);
      expect(Object.keys(v4)).toEqual(
        [
          'address',
          'is_wallet',
          'wallet_type',
          'seqno',
          'wallet_id',
          'balance',
          'extra_currencies',
          'is_signature_allowed',
          'status',
          'code_hash',
          'last_transaction_hash',
          'last_transaction_lt',
        ].filter((k) => k in v4),
      );
      expect(Object.keys(v5)).toEqual([
        'address',
        'is_wallet',
        'wallet_type',
        'seqno',
        'wallet_id',
        'balance',
        'is_signature_allowed',
        'status',
        'code_hash',
        'last_transaction_hash',
        'last_transaction_lt',
      ]);
      expect(body.address_book[acct(5)].interfaces).toEqual(['wallet_v5r1']);
    });

    it('answers is_wallet false for other code, a wallet without its data, no code; a cell too short keeps the type without fields', async () => {
      const body = await get(`walletStates?${addresses(7, 8, 9, 10, 13, 14)}`);
      const [short, noData, highload, contract, uninit, frozen] = body.wallets;
      // TON Center answers 500 to the whole request for a data cell too short: the wallet is reported without its fields
      expect(short).toEqual({
        address: acct(7),
        is_wallet: true,
        wallet_type: 'wallet v4 r2',
        balance: '1007',
        status: 'active',
        code_hash: CODE.v4r2,
        last_transaction_hash: hashOf(107),
        last_transaction_lt: '50000000000007',
      });
      expect(noData).toMatchObject({ is_wallet: false, code_hash: CODE.v4r2 });
      expect(noData).not.toHaveProperty('wallet_type');
      expect(highload).toMatchObject({ is_wallet: false, code_hash: CODE.highloadV3 });
      expect(contract.is_wallet).toBe(false);
      expect(Object.keys(uninit)).toEqual(['address', 'is_wallet', 'balance', 'status', 'last_transaction_hash', 'last_transaction_lt']);
      expect(frozen).toMatchObject({ is_wallet: false, status: 'frozen' });
    });

    it('reads a batch of 1000 addresses in as many statements as one address', async () => {
      const one = await call(`walletStates?address=${acct(3)}`);
      const batch = Array.from({ length: 1000 }, (_, i) => `address=${acct(i + 1)}`).join('&');
      const many = await call(`walletStates?${batch}`);
      expect(many.status).toBe(200);
      expect(many.body.wallets).toHaveLength(GENERATED.length);
      expect(many.statements).toBe(one.statements);
      expect(many.statements).toBeLessThanOrEqual(4);
    });

    it('refuses include_boc (TON Center binds it and then reports every wallet as not one) and a missing address', async () => {
      await refused(`walletStates?address=${acct(3)}&include_boc=false`, 422, expect.stringMatching(/^unknown parameter "include_boc"/) as unknown as string);
      await refused('walletStates', 422, 'parameter "address" is required: address of account is required: at least one address');
      expect(await get(`walletStates?address=${acct(999)}`)).toEqual({ wallets: [], address_book: {}, metadata: {} });
    });
  });

  describe('addressInformation and its alias account', () => {
    it("answers the index's state in TON HTTP API v2's shape, frozen_hash always null", async () => {
      for (const route of ['addressInformation', 'account']) {
        const body = await get(`${route}?address=${acct(3)}`);
        expect(body).toEqual({
          balance: '1003',
          code: GENERATED[2].code_boc,
          data: DATA.v3r2,
          last_transaction_lt: '50000000000003',
          last_transaction_hash: hashOf(103),
          frozen_hash: null,
          status: 'active',
        });
        expect(Object.keys(body)).toEqual(['balance', 'code', 'data', 'last_transaction_lt', 'last_transaction_hash', 'frozen_hash', 'status']);
        expect((await get(`${route}?address=${acct(14)}`)).frozen_hash).toBeNull();
      }
    });

    it('answers the uninit stub for an account the index does not know', async () => {
      expect(await get(`addressInformation?address=${acct(999)}`)).toEqual({
        balance: '0',
        code: null,
        data: null,
        last_transaction_lt: '0',
        last_transaction_hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        frozen_hash: null,
        status: 'uninit',
      });
    });

    it("keeps TON Center's 401 for a missing address, 422 for a bad one, 501 for use_v2=true without TON_API_V2_URL", async () => {
      for (const route of ['addressInformation', 'account']) {
        await refused(route, 401, 'address of account is required');
        await refused(`${route}?use_v2=maybe`, 422, 'parameter "use_v2" must be true or false, got "maybe"');
        await refused(`${route}?address=nope`, 422, 'parameter "address" must be an address (raw, or user-friendly base64/base64url), got "nope"');
        await refused(`${route}?address=`, 422, 'parameter "address" must be an address (raw, or user-friendly base64/base64url), got ""');
        await refused(`${route}?address=${acct(3)}&use_v2=true`, 501, NOT_CONFIGURED);
        expect((await get(`${route}?address=${acct(3)}&use_v2=false`)).balance).toBe('1003');
      }
    });
  });

  describe('walletInformation and its alias wallet', () => {
    it('answers a v3r2 wallet exactly as the real TON Center answer for one (same values in its data cell)', async () => {
      const file = fixtureJson(V3R2_WALLET);
      const n = 500;
      await importDocument(
        db.writer,
        'v3r2',
        JSON.stringify({
          accounts: [
            state(n, {
              balance: file.balance,
              code_hash: CODE.v3r2,
              data_boc: boc(beginCell().storeUint(file.seqno, 32).storeUint(file.wallet_id, 32).storeBuffer(KEY).endCell()),
              last_transaction_lt: file.last_transaction_lt,
              last_transaction_hash: file.last_transaction_hash,
            }),
          ],
        }),
      );
      for (const route of ['walletInformation', 'wallet']) {
        const body = await get(`${route}?address=${acct(n)}`);
        expect(body).toEqual(file);
        expect(Object.keys(body)).toEqual(Object.keys(file));
      }
    });

    it("answers TON Center's 409 body for an account that is not a wallet (the real error response)", async () => {
      const file = fixtureJson(NOT_A_WALLET);
      for (const n of [9, 10, 14, 8]) {
        const { status, body } = await call(`walletInformation?address=${acct(n)}`);
        expect(status).toBe(409);
        // the service's error bodies add the status as `code` (contract §2)
        expect(body).toEqual({ ...file, code: 409 });
      }
    });

    it('answers uninit accounts and unknown ones without wallet fields, and a wallet with an unreadable cell with its type', async () => {
      const uninit = await get(`walletInformation?address=${acct(13)}`);
      expect(uninit).toEqual({ balance: '1000', last_transaction_lt: '50000000000013', last_transaction_hash: hashOf(113), status: 'uninit' });
      expect(await get(`wallet?address=${acct(999)}`)).toEqual({
        balance: '0',
        last_transaction_lt: '0',
        last_transaction_hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        status: 'uninit',
      });
      expect(await get(`walletInformation?address=${acct(7)}`)).toEqual({
        balance: '1007',
        wallet_type: 'wallet v4 r2',
        last_transaction_lt: '50000000000007',
        last_transaction_hash: hashOf(107),
        status: 'active',
      });
      // v5's flag is not part of this shape
      expect(await get(`walletInformation?address=${acct(5)}`)).not.toHaveProperty('is_signature_allowed');
    });

    it('answers 500 as TON Center does for a state without its last transaction (trimmed data)', async () => {
      await importDocument(
        db.writer,
        'bare',
        JSON.stringify({ accounts: [state(600, { status: 'uninit', last_transaction_lt: null, last_transaction_hash: null })] }),
      );
      await refused(`walletInformation?address=${acct(600)}`, 500, 'last_transaction_lt is none');
    });

    it('keeps the 401, 422 and 501 of addressInformation', async () => {
      await refused('wallet', 401, 'address of account is required');
      await refused('walletInformation?address=nope', 422, 'parameter "address" must be an address (raw, or user-friendly base64/base64url), got "nope"');
      await refused(`wallet?address=${acct(3)}&use_v2=1`, 501, NOT_CONFIGURED);
    });
  });

  describe('topAccountsByBalance', () => {
    it('is a bare array, richest first, equal balances by account descending, paged by limit and offset', async () => {
      const all = await get('topAccountsByBalance?limit=1000');
      expect(Array.isArray(all)).toBe(true);
      for (const row of all) expect(Object.keys(row)).toEqual(['account', 'balance']);
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1], all[i]];
        const order = BigInt(a.balance) > BigInt(b.balance) || (a.balance === b.balance && a.account > b.account);
        expect(order, `${a.account} before ${b.account}`).toBe(true);
      }
      const ties = all.filter((r: any) => r.balance === '1000').map((r: any) => r.account);
      expect(ties).toEqual([acct(15), acct(13)]);
      const page = await get('topAccountsByBalance?limit=2&offset=3');
      expect(page).toEqual(all.slice(3, 5));
      expect(await get('topAccountsByBalance?offset=100000')).toEqual([]);
      expect((await get('topAccountsByBalance')).length).toBe(Math.min(all.length, 100));
    });

    it('refuses a limit over 1000 and the sort TON Center ignores, with 422', async () => {
      await refused('topAccountsByBalance?limit=5000', 422, 'parameter "limit" must be an integer from 1 to 1000, got "5000"');
      await refused('topAccountsByBalance?offset=-1', 422, 'parameter "offset" must be an integer from 0 to 2147483647, got "-1"');
      const sorted = await call('topAccountsByBalance?sort=desc');
      expect(sorted.status).toBe(422);
      expect(sorted.body.error).toMatch(/^unknown parameter "sort"/);
    });
  });

  it('gives every address book the interfaces of real TON Center answers where the code hash decides them', async () => {
    let compared = 0;
    for (const name of DECODED_TRACES) {
      const file = fixtureJson(name);
      const accounts = Object.keys(file.address_book);
      const body = await get(`accountStates?${accounts.map((a) => `address=${a}`).join('&')}&include_boc=false`);
      for (const [address, entry] of Object.entries<any>(file.address_book)) {
        const served = body.address_book[address];
        expect(served.user_friendly, address).toBe(entry.user_friendly);
        const codeHash = body.accounts.find((a: any) => a.address === address)?.code_hash;
        // the traces carry code hashes but no get-method ids: an entry decided by its methods (a contract TON
        // Center gives null here) cannot be rebuilt from the file, one decided by its code hash must be equal
        if (!INTERFACES.some(([, hashes]) => hashes.includes(codeHash))) continue;
        expect(served.interfaces, address).toEqual(entry.interfaces);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(4);
  });

  it('imports accountStates envelopes and refuses walletStates ones with the reason, naming the element', async () => {
    const wallets = await importDocument(db.writer, 'w.json', JSON.stringify({ wallets: [{ address: acct(1), is_wallet: false }] })).catch((e) => e);
    expect(wallets).toBeInstanceOf(ImportFileError);
    expect(wallets.message).toMatch(/^w\.json: \$\.wallets\[0\]: a walletStates response cannot be imported: it lacks the account state hash/);
    const orphan = await importDocument(db.writer, 'o.json', JSON.stringify({ accounts: [state(700, { code_hash: undefined, contract_methods: [1] })] })).catch(
      (e) => e,
    );
    expect(orphan.message).toMatch(/^o\.json: \$\.accounts\[0\]\.contract_methods: contract methods without a code_hash cannot be stored/);
    const badBoc = await importDocument(db.writer, 'b.json', JSON.stringify({ accounts: [state(701, { data_boc: 'te6cc' })] })).catch((e) => e);
    expect(badBoc.message).toBe('b.json: $.accounts[0].data_boc: expected a base64 BOC');
    expect((await call(`accountStates?address=${acct(700)}`)).body.accounts).toEqual([]);
  });
});
