// Accounts in GraphQL: Account.wallet and Account.interfaces, and the twins of accountStates, walletStates and
// topAccountsByBalance (the same data as REST for the same arguments), the last paged by keyset both ways.
import { beginCell, type Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { methodId } from '../src/encoding/interfaces';
import { findExamples } from '../src/data/examples';
import { exampleTabs } from '../src/graphql/examples';
import { importDocument } from '../src/import/importFile';
import { availableBackends } from './helpers/databases';
import { graphqlTwins } from './helpers/twins';

const CODE = {
  v3r2: 'hNr6RJ+Ypph3ibojI1gHK8D3bcRSQAKl0JGLmnXS1Zk=',
  v4r2: '/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA=',
  v5r1: 'IINLe3KxEhR+Gy+0V7hOdNGjDwT3N9T2KmaOlVLSty8=',
  contract: Buffer.alloc(32, 7).toString('base64'),
};
const KEY = Buffer.alloc(32, 0xab);
const boc = (cell: Cell) => cell.toBoc().toString('base64');
const DATA = {
  v3r2: boc(beginCell().storeUint(54, 32).storeUint(698983191, 32).storeBuffer(KEY).endCell()),
  v4r2: boc(beginCell().storeUint(4_000_000_000, 32).storeUint(698983239, 32).storeBuffer(KEY).storeBit(0).endCell()),
  v5r1: boc(beginCell().storeBit(0).storeUint(12, 32).storeInt(-2147483645, 32).storeBuffer(KEY).storeBit(0).endCell()),
  tooShort: boc(beginCell().storeUint(5, 20).endCell()),
};

const acct = (n: number) => `0:${n.toString(16).toUpperCase().padStart(64, '0')}`;
const hashOf = (n: number) => Buffer.alloc(32, n).toString('base64');

function state(n: number, over: Record<string, unknown> = {}) {
  const s: Record<string, unknown> = {
    address: acct(n),
    account_state_hash: hashOf(n),
    balance: String(1000 + n),
    extra_currencies: {},
    status: 'active',
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

// Balances: 5000 three times, 7000 twice, so the order's tie-break (account, descending) is walked.
const STATES = [
  state(1, { code_hash: CODE.v3r2, data_boc: DATA.v3r2, balance: '5000' }),
  state(2, { code_hash: CODE.v4r2, data_boc: DATA.v4r2, balance: '7000', extra_currencies: { '100': '5' } }),
  state(3, { code_hash: CODE.v5r1, data_boc: DATA.v5r1, balance: '5000' }),
  state(4, { code_hash: CODE.v4r2, data_boc: DATA.tooShort }),
  state(5, { contract_methods: [methodId('get_wallet_data')], frozen_hash: hashOf(9), balance: '7000' }),
  state(6, { code_hash: hashOf(6), contract_methods: [methodId('get_sale_data')], balance: '5000' }),
  state(7, { status: 'uninit', code_hash: undefined, code_boc: undefined, data_boc: undefined, data_hash: undefined, balance: '0' }),
  ...Array.from({ length: 8 }, (_, k) => state(20 + k, { balance: String(100 * (k % 3)) })),
];
const ADDRESSES = STATES.map((s) => s.address as string);

describe.each(await availableBackends())('accounts in GraphQL on %s', (backend) => {
  const twins = graphqlTwins(backend, (db) => importDocument(db.writer, 'states', JSON.stringify({ accounts: STATES, address_book: {}, metadata: {} })), {
    network: 'testnet',
  });
  const { query, failure, rest, restError, walk, statements } = twins;
  const addresses = (list: readonly string[], name = 'address') => list.map((a) => `${name}=${encodeURIComponent(a)}`).join('&');

  it('accountStates: the same states as REST, with their methods, interfaces and cells', async () => {
    const asked = [...ADDRESSES.slice(0, 7), acct(0xeeee)];
    for (const [restQuery, args] of [
      ['', {}],
      ['&include_boc=false', { b: false }],
      [`&code_hash=${encodeURIComponent(CODE.v4r2)}`, { c: [CODE.v4r2] }],
    ] as const) {
      const wire = (await rest(`accountStates?${addresses(asked)}${restQuery}`)).accounts;
      const { accountStates } = await query(
        `query ($a: [String!]!, $b: Boolean, $c: [String!]) { accountStates(address: $a, includeBoc: $b, codeHash: $c) {
           address account { address } hash balance extraCurrencies status frozenHash lastTransactionHash lastTransactionLt
           dataHash codeHash dataBoc codeBoc contractMethods interfaces } }`,
        { a: asked, ...args },
      );
      expect(accountStates.length, restQuery).toBeGreaterThan(0);
      expect(accountStates).toEqual(
        wire.map((s: any) => ({
          address: s.address,
          account: { address: s.address },
          hash: s.account_state_hash,
          balance: s.balance,
          extraCurrencies: s.extra_currencies,
          status: s.status?.toUpperCase() ?? null,
          frozenHash: s.frozen_hash ?? null,
          lastTransactionHash: s.last_transaction_hash,
          lastTransactionLt: s.last_transaction_lt,
          dataHash: s.data_hash ?? null,
          codeHash: s.code_hash ?? null,
          dataBoc: s.data_boc ?? null,
          codeBoc: s.code_boc ?? null,
          contractMethods: s.contract_methods,
          interfaces: s.interfaces,
        })),
      );
    }
  });

  it('walletStates: the same wallets as REST, a seqno above 2^31 exact', async () => {
    const asked = ADDRESSES.slice(0, 7);
    const wire = (await rest(`walletStates?${addresses(asked)}`)).wallets;
    const { walletStates } = await query(
      `query ($a: [String!]!) { walletStates(address: $a) { address account { address } isWallet walletType seqno walletId balance extraCurrencies
         isSignatureAllowed status codeHash lastTransactionHash lastTransactionLt } }`,
      { a: asked },
    );
    expect(walletStates).toEqual(
      wire.map((w: any) => ({
        address: w.address,
        account: { address: w.address },
        isWallet: w.is_wallet,
        walletType: w.wallet_type ?? null,
        seqno: w.seqno ?? null,
        walletId: w.wallet_id ?? null,
        balance: w.balance ?? null,
        extraCurrencies: w.extra_currencies ?? null,
        isSignatureAllowed: w.is_signature_allowed ?? null,
        status: w.status?.toUpperCase() ?? null,
        codeHash: w.code_hash ?? null,
        lastTransactionHash: w.last_transaction_hash,
        lastTransactionLt: w.last_transaction_lt,
      })),
    );
    expect(walletStates.find((w: any) => w.address === acct(2)).seqno).toBe(4_000_000_000);
  });

  it('Account.wallet and Account.interfaces agree with walletStates and accountStates, for many accounts in one statement', async () => {
    const asked = ADDRESSES.slice(0, 7);
    const wallets = new Map<string, any>((await rest(`walletStates?${addresses(asked)}`)).wallets.map((w: any) => [w.address, w]));
    const states = new Map<string, any>((await rest(`accountStates?${addresses(asked)}`)).accounts.map((s: any) => [s.address, s]));
    const { count, result: data } = await statements(() =>
      query(
        `{ ${[...asked, acct(0xeeee)].map((a, i) => `a${i}: account(address: "${a}") { address wallet { type seqno walletId isSignatureAllowed status } interfaces }`).join(' ')} }`,
      ),
    );
    expect(count).toBe(1);
    for (const a of Object.values<any>(data)) {
      const w = wallets.get(a.address);
      expect(a.wallet, a.address).toEqual(
        w?.is_wallet
          ? {
              type: w.wallet_type,
              seqno: w.seqno ?? null,
              walletId: w.wallet_id ?? null,
              isSignatureAllowed: w.is_signature_allowed ?? null,
              status: w.status.toUpperCase(),
            }
          : null,
      );
      expect(a.interfaces, a.address).toEqual(states.get(a.address)?.interfaces ?? null);
    }
    expect(data.a2.wallet).toEqual({ type: 'wallet v5 r1', seqno: 12, walletId: 2147483651, isSignatureAllowed: false, status: 'ACTIVE' });
    expect(data.a3.wallet).toEqual({ type: 'wallet v4 r2', seqno: null, walletId: null, isSignatureAllowed: null, status: 'ACTIVE' });
    expect(data.a5.interfaces).toEqual(['nft_auction_v1', 'nft_sale']);
  });

  it("topAccountsByBalance: REST's order, richest first, ties by address descending, every account once forward and backward", async () => {
    const expected = (await rest('topAccountsByBalance?limit=1000')).map((b: any) => ({ address: b.account, balance: b.balance }));
    expect(expected).toHaveLength(STATES.length);
    const balances = expected.map((b: any) => b.balance);
    expect(new Set(balances).size).toBeLessThan(balances.length);
    const doc = (paging: string) =>
      `query ($size: Int, $cursor: String) { topAccountsByBalance(${paging}) { pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { node { address balance account { address } } } } }`;
    for (const size of [1, 2, 4]) {
      const got = await walk(doc, (d) => d.topAccountsByBalance, {}, size);
      expect(got.map(({ address, balance }) => ({ address, balance }))).toEqual(expected);
      expect(got.every((n) => n.account.address === n.address)).toBe(true);
    }
  });

  it("has a GraphiQL tab for the richest accounts, with the richest from the database, running to REST's first page", async () => {
    const ex = await findExamples(twins.db().reader);
    const top = (await rest('topAccountsByBalance?limit=10')).map((b: any) => ({ address: b.account, balance: b.balance }));
    expect(ex.richestAccount).toBe(top[0].address);
    const tabs = exampleTabs(ex).filter((t) => /query TopAccounts\b/.test(t.query));
    expect(tabs).toHaveLength(1);
    const data = await query(tabs[0].query, JSON.parse(tabs[0].variables));
    expect(data.topAccountsByBalance.edges.map((e: any) => ({ address: e.node.address, balance: e.node.balance }))).toEqual(top);
    // a wallet among them shows its type
    expect(data.topAccountsByBalance.edges.some((e: any) => e.node.account.wallet?.type)).toBe(true);
  });

  it("refuses what REST refuses, with the REST parser's message", async () => {
    expect(await failure('{ accountStates(address: []) { address } }')).toMatchObject({
      message: await restError('accountStates'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await failure('{ walletStates(address: ["nope"]) { address } }')).toMatchObject({ message: await restError('walletStates?address=nope') });
    expect(await failure(`{ accountStates(address: ["${acct(1)}"], codeHash: ["x"]) { address } }`)).toMatchObject({
      message: (await restError(`accountStates?address=${acct(1)}&code_hash=x`)).replace('"code_hash"', '"codeHash"'),
    });
    expect(await failure('{ topAccountsByBalance(first: 1001) { edges { cursor } } }')).toMatchObject({
      message: 'argument "first" must be from 0 to 1000, got 1001',
    });
    const forged = Buffer.from(JSON.stringify(['topAccountsByBalance', 'lots', acct(1)])).toString('base64url');
    expect(await failure(`{ topAccountsByBalance(after: "${forged}") { edges { cursor } } }`)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });
});
