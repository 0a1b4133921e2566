// DNS, multisig, vesting and balance changes in GraphQL: the twins of dns/records, multisig/wallets,
// multisig/orders, vesting and balanceChanges (the same rows as REST for the same filters, the same refusals),
// keyset paging both ways, Account.domain / dnsRecords / multisigs / vestings, typed order actions,
// Trace.balanceChanges, and the statements a nested query costs (bounded by the loaders touched).
import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { findExamples } from '../src/data/examples';
import { exampleTabs } from '../src/graphql/examples';
import { importDocument } from '../src/import/importFile';
import { availableBackends, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText } from './helpers/fixtures';
import {
  comment,
  jettonTransfer,
  JETTON_WALLET,
  nftTransfer,
  NFT_ITEM,
  orderBoc,
  raw,
  RECIPIENT,
  sendMessage,
  SIGNER_A,
  updateParams,
} from './helpers/multisigOrders';
import { graphqlTwins } from './helpers/twins';

const addr = (n: number) => `0:${n.toString(16).toUpperCase().padStart(64, '0')}`;
const hash = (n: number) => Buffer.alloc(32, n % 256).toString('base64');

// the account at the centre: a DNS wallet, a multisig signer and proposer, a vesting owner, sender and whitelisted
const W = addr(0xa1);
const W2 = addr(0xa2);
const [S2, S3, P] = [addr(0xb2), addr(0xb3), addr(0xbf)];
const RESOLVER = addr(0xd0);

// DNS: equal lengths (by name), one domain on two items (by item address), one item without a domain (last)
const DOMAINS = ['zz.ton', 'ab.ton', 'bob.ton', 'alice.ton', 'dup.ton', 'dup.ton', 'a.ton', 'carol.ton', 'dave.ton', 'eve.ton', null, 'w.t.me', 'x.t.me'];
const DNS = [
  ...DOMAINS.map((domain, i) => ({
    item: addr(0xd100 + i),
    owner: i % 2 === 0 ? W : W2,
    domain,
    resolver: i === 2 ? RESOLVER : null,
    wallet: W,
    site: i === 2 ? 'q'.repeat(64) : null,
    bag: i === 3 ? 'b'.repeat(64) : null,
  })),
  { item: addr(0xd200), owner: W2, domain: 'w2.ton', resolver: null, wallet: W2, site: null, bag: null },
  { item: addr(0xd201), owner: S2, domain: 'signer2.ton', resolver: null, wallet: S2, site: null, bag: null },
  { item: addr(0xd202), owner: S3, domain: 's3.ton', resolver: null, wallet: S3, site: null, bag: null },
  { item: addr(0xd203), owner: W2, domain: 'dup.ton', resolver: null, wallet: null, site: null, bag: null },
];

// Multisigs: 24, W a signer of the even ones and a proposer of every third; the first has 12 orders.
const MULTISIGS = Array.from({ length: 24 }, (_, i) => ({
  address: addr(0x1000 + i),
  signers: i % 2 === 0 ? [S2, W, S3] : [S2, S3],
  proposers: i % 3 === 0 ? [W] : i % 3 === 1 ? [P] : null,
  threshold: 2,
}));
const M0 = MULTISIGS[0].address;
const ACTIONS_BOC = orderBoc([
  sendMessage(
    JETTON_WALLET,
    50_000_000n,
    jettonTransfer({ queryId: 7n, amount: 10n ** 9n, to: RECIPIENT, response: SIGNER_A, forwardTon: 1n, text: 'salary' }),
  ),
  updateParams(1, [SIGNER_A, RECIPIENT], [NFT_ITEM]),
  sendMessage(RECIPIENT, 7n, comment('hi'), 1),
]);
const ORDERS = [
  ...Array.from({ length: 12 }, (_, k) => ({
    address: addr(0x2000 + k),
    multisig: M0,
    seqno: k,
    mask: k % 3 === 0 ? '5' : '1',
    boc:
      k === 0
        ? ACTIONS_BOC
        : k === 1
          ? 'te6cc'
          : k === 2
            ? null
            : orderBoc([sendMessage(NFT_ITEM, BigInt(k), nftTransfer({ queryId: BigInt(k), newOwner: RECIPIENT, response: null, forwardTon: 0n }))]),
  })),
  ...MULTISIGS.slice(1).flatMap((m, i) =>
    Array.from({ length: i % 3 }, (_, k) => ({
      address: addr(0x3000 + i * 8 + k),
      multisig: m.address,
      seqno: k,
      mask: '3',
      boc: orderBoc([sendMessage(RECIPIENT, 1n + BigInt(k), comment(`pay ${i}`))]),
    })),
  ),
];

// Vesting: W the owner of some, the sender of others, whitelisted on others, and several at once on two.
const VESTINGS = Array.from({ length: 14 }, (_, i) => ({
  address: addr(0x4000 + i),
  owner: i % 4 === 0 ? W : W2,
  sender: i % 5 === 0 ? W : S2,
  whitelist: i % 3 === 0 ? [S3, W] : i % 3 === 1 ? [S3] : [],
}));

const BALANCE_FILES = [
  'assets/traces__mtw_ton_transfer__mainnet_2025-05.json',
  'assets/traces__mtw_failed_usdt_transfer__mainnet_2025-08.json',
  'assets/traces__mtw_failed_nft_transfer__mainnet_2025-08.json',
  'assets/traces__mtw_dedust_usdt_swap_ton__mainnet_2025-11.json',
  'assets/traces__mtw_dedust_add_liquidity__mainnet_2025-11.json',
];
const TRACES = BALANCE_FILES.map((f) => fixtureJson(f).traces[0]);

async function seed(db: TestDatabase) {
  for (const r of DNS) {
    await db.writer.query(
      `insert into dns_entries (nft_item_address, nft_item_owner, domain, dns_next_resolver, dns_wallet, dns_site_adnl, dns_storage_bag_id)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [r.item, r.owner, r.domain, r.resolver, r.wallet, r.site, r.bag],
    );
  }
  for (const [i, m] of MULTISIGS.entries()) {
    await db.writer.query(
      `insert into multisig (address, next_order_seqno, threshold, signers, proposers, last_transaction_lt, code_hash, data_hash)
       values ($1, $2, $3, $4::varchar[]::tonaddr[], $5::varchar[]::tonaddr[], $6, $7, $8)`,
      [m.address, String(i), m.threshold, m.signers, m.proposers, String(100 + i), hash(1), hash(i)],
    );
  }
  for (const [i, o] of ORDERS.entries()) {
    const signers = MULTISIGS.find((m) => m.address === o.multisig)!.signers;
    await db.writer.query(
      `insert into multisig_orders (address, multisig_address, order_seqno, threshold, sent_for_execution, approvals_mask, approvals_num,
         expiration_date, order_boc, signers, last_transaction_lt, code_hash, data_hash)
       values ($1, $2, $3, 2, $4, $5, $6, 1790000000, $7, $8::varchar[]::tonaddr[], $9, $10, $11)`,
      [o.address, o.multisig, String(o.seqno), o.mask !== '1', o.mask, o.mask === '1' ? 1 : 2, o.boc, signers, String(200 + i), hash(2), hash(i)],
    );
  }
  for (const [i, v] of VESTINGS.entries()) {
    await db.writer.query(
      `insert into vesting_contracts (address, vesting_start_time, vesting_total_duration, unlock_period, cliff_duration, vesting_total_amount,
         vesting_sender_address, owner_address, last_transaction_lt)
       values ($1, 1750000000, 31536000, 2592000, $2, $3, $4, $5, $6)`,
      [v.address, i % 2 === 0 ? 0 : 7776000, String(10n ** 18n + BigInt(i)), v.sender, v.owner, String(300 + i)],
    );
    for (const w of v.whitelist)
      await db.writer.query('insert into vesting_whitelist (vesting_contract_address, wallet_address) values ($1, $2)', [v.address, w]);
  }
  for (const file of BALANCE_FILES) await importDocument(db.writer, file, fixtureText(file));
}

describe.each(await availableBackends())('GraphQL DNS, multisig, vesting and balance changes on %s', (backend) => {
  const twins = graphqlTwins(backend, seed);
  const { query, failure, rest, restAnswer, walk, statements } = twins;
  const nodes = (connection: any) => connection.edges.map((e: any) => e.node);
  /** The connection at a dotted path of the data. */
  const at = (path: string) => (data: any) => path.split('.').reduce((o, k) => o?.[k], data);
  const PAGE = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';

  describe('DNS', () => {
    const FIELDS = 'domain itemAddress ownerAddress walletAddress nextResolverAddress siteAdnl storageBagId';
    const wire = (r: any) => ({
      domain: r.domain,
      itemAddress: r.nft_item_address,
      ownerAddress: r.nft_item_owner,
      walletAddress: r.dns_wallet,
      nextResolverAddress: r.dns_next_resolver,
      siteAdnl: r.dns_site_adnl,
      storageBagId: r.dns_storage_bag_id,
    });

    it('dnsRecords is the twin of dns/records: the same records in the same order, by wallet and by domain', async () => {
      for (const [params, args] of [
        [`wallet=${W}`, `wallet: "${W}"`],
        [`wallet=${Address.parseRaw(W).toString()}`, `wallet: "${Address.parseRaw(W).toString()}"`],
        ['domain=dup.ton', 'domain: "dup.ton"'],
        [`wallet=${addr(0xeee)}`, `wallet: "${addr(0xeee)}"`],
      ]) {
        const expected = (await rest(`dns/records?${params}&limit=1000`)).records.map(wire);
        const { dnsRecords } = await query(`{ dnsRecords(${args}, first: 1000) { edges { node { ${FIELDS} } } } }`);
        expect(nodes(dnsRecords), params).toEqual(expected);
      }
      const byWallet = (await rest(`dns/records?wallet=${W}&limit=1000`)).records.map((r: any) => r.domain);
      // shortest first, by name among equals, the item without a domain last
      expect(byWallet).toEqual([
        'a.ton',
        'ab.ton',
        'w.t.me',
        'x.t.me',
        'zz.ton',
        'bob.ton',
        'dup.ton',
        'dup.ton',
        'eve.ton',
        'dave.ton',
        'alice.ton',
        'carol.ton',
        null,
      ]);
    });

    it('pages forward and backward with cursors through equal lengths, equal domains and a null domain', async () => {
      const expected = (await rest(`dns/records?wallet=${W}&limit=1000`)).records.map((r: any) => r.nft_item_address);
      for (const size of [1, 2, 5]) {
        const root = await walk(
          (page) => `query ($size: Int, $cursor: String) { dnsRecords(wallet: "${W}", ${page}) { ${PAGE} edges { node { itemAddress } } } }`,
          at('dnsRecords'),
          {},
          size,
        );
        expect(root.map((n) => n.itemAddress)).toEqual(expected);
      }
      const nested = await walk(
        (page) => `query ($size: Int, $cursor: String) { account(address: "${W}") { dnsRecords(${page}) { ${PAGE} edges { node { itemAddress } } } } }`,
        at('account.dnsRecords'),
        {},
        3,
      );
      expect(nested.map((n) => n.itemAddress)).toEqual(expected);
    });

    it('navigates: Account.domain and dnsRecords, the records as accounts and NFT items', async () => {
      const { account } = await query(
        `{ account(address: "${W}") { domain addressBook { domain } dnsRecords(first: 3) { edges { node { domain owner { address domain } wallet { address } nextResolver { address } item { address } itemAccount { address } } } } } }`,
      );
      // the address book's rule: the shortest domain the account owns and points at itself
      expect(account.domain).toBe('a.ton');
      expect(account.addressBook.domain).toBe('a.ton');
      expect(nodes(account.dnsRecords)).toEqual([
        {
          domain: 'a.ton',
          owner: { address: W, domain: 'a.ton' },
          wallet: { address: W },
          nextResolver: null,
          item: null,
          itemAccount: { address: addr(0xd106) },
        },
        {
          domain: 'ab.ton',
          owner: { address: W2, domain: 'w2.ton' },
          wallet: { address: W },
          nextResolver: null,
          item: null,
          itemAccount: { address: addr(0xd101) },
        },
        {
          domain: 'w.t.me',
          owner: { address: W2, domain: 'w2.ton' },
          wallet: { address: W },
          nextResolver: null,
          item: null,
          itemAccount: { address: addr(0xd10b) },
        },
      ]);
      const { dnsRecords } = await query(`{ dnsRecords(domain: "bob.ton") { edges { node { nextResolver { address } siteAdnl } } } }`);
      expect(nodes(dnsRecords)).toEqual([{ nextResolver: { address: RESOLVER }, siteAdnl: 'q'.repeat(64) }]);
      expect((await query(`{ account(address: "${addr(0xeee)}") { domain dnsRecords { edges { cursor } } } }`)).account).toEqual({
        domain: null,
        dnsRecords: { edges: [] },
      });
    });
  });

  describe('multisig', () => {
    const ORDER_FIELDS =
      'address multisigAddress orderSeqno threshold sentForExecution approvalsMask approvalsNum expirationDate orderBoc signerAddresses lastTransactionLt codeHash dataHash';
    const wireOrder = (o: any) => ({
      address: o.address,
      multisigAddress: o.multisig_address,
      orderSeqno: o.order_seqno,
      threshold: o.threshold,
      sentForExecution: o.sent_for_execution,
      approvalsMask: o.approvals_mask,
      approvalsNum: o.approvals_num,
      expirationDate: String(o.expiration_date),
      orderBoc: o.order_boc,
      signerAddresses: o.signers,
      lastTransactionLt: o.last_transaction_lt,
      codeHash: o.code_hash,
      dataHash: o.data_hash,
    });
    const MULTISIG_FIELDS = 'address nextOrderSeqno threshold signerAddresses proposerAddresses lastTransactionLt codeHash dataHash';
    const wireMultisig = (m: any) => ({
      address: m.address,
      nextOrderSeqno: m.next_order_seqno,
      threshold: m.threshold,
      signerAddresses: m.signers,
      proposerAddresses: m.proposers,
      lastTransactionLt: m.last_transaction_lt,
      codeHash: m.code_hash,
      dataHash: m.data_hash,
    });

    it('multisigWallets and multisigOrders are the twins of multisig/wallets and multisig/orders', async () => {
      for (const [params, args, empty] of [
        [`wallet_address=${W}`, `walletAddress: ["${W}"]`],
        [`wallet_address=${P}&wallet_address=${W}`, `walletAddress: ["${P}", "${W}"]`],
        [`address=${M0}&address=${MULTISIGS[5].address}`, `address: ["${M0}", "${MULTISIGS[5].address}"]`],
        // both filters at once: P is no member of M0, so both doors answer nothing
        [`address=${M0}&wallet_address=${P}`, `address: ["${M0}"], walletAddress: ["${P}"]`, 'empty'],
      ]) {
        const body = await rest(`multisig/wallets?${params}&limit=100`);
        expect(body.multisigs.length > 0, params).toBe(empty === undefined);
        const { multisigWallets } = await query(
          `{ multisigWallets(${args}, first: 100) { edges { node { ${MULTISIG_FIELDS} orders(first: 20) { edges { node { address } } } } } } }`,
        );
        expect(
          nodes(multisigWallets).map((m: any) => ({ ...m, orders: nodes(m.orders).map((o: any) => o.address) })),
          params,
        ).toEqual(
          body.multisigs.map((m: any) => ({
            ...wireMultisig(m),
            // REST carries them ascending, the connection newest first
            orders: (m.orders ?? []).map((o: any) => o.address).reverse(),
          })),
        );
      }
      for (const [params, args] of [
        [`multisig_address=${M0}`, `multisigAddress: ["${M0}"]`],
        [`address=${addr(0x2003)}&address=${addr(0x3000)}`, `address: ["${addr(0x2003)}", "${addr(0x3000)}"]`],
        [`multisig_address=${M0}&multisig_address=${MULTISIGS[2].address}`, `multisigAddress: ["${M0}", "${MULTISIGS[2].address}"]`],
      ]) {
        const body = await rest(`multisig/orders?${params}&limit=100&parse_actions=true`);
        const { multisigOrders } = await query(
          `{ multisigOrders(${args}, first: 100) { edges { node { ${ORDER_FIELDS} actions { __typename parsed error parsedBodyType parsedBody ... on OrderSendMessage { destinationAddress value sendMode bodyBoc } } } } } }`,
        );
        expect(nodes(multisigOrders), params).toEqual(
          body.orders.map((o: any) => ({
            ...wireOrder(o),
            actions:
              o.actions?.map((a: any) => ({
                __typename: !a.parsed ? 'UnreadableOrderAction' : a.parsed_body_type === 'multisig_update_params' ? 'OrderUpdateParams' : 'OrderSendMessage',
                parsed: a.parsed,
                error: a.error,
                parsedBodyType: a.parsed_body_type,
                // the query ids here are small: REST's exact JSON numbers read back as the strings GraphQL gives
                parsedBody: a.parsed_body && JSON.parse(JSON.stringify(a.parsed_body, (k, v) => (k === 'query_id' ? String(v) : v))),
                ...(a.parsed && a.parsed_body_type !== 'multisig_update_params'
                  ? { destinationAddress: a.destination, value: a.value, sendMode: a.send_mode, bodyBoc: a.body_raw }
                  : {}),
              })) ?? null,
          })),
        );
      }
    });

    it('pages multisigs, an account’s multisigs, orders and a multisig’s orders forward and backward', async () => {
      const ofW = (await rest(`multisig/wallets?wallet_address=${W}&limit=1000&include_orders=false`)).multisigs.map((m: any) => m.address);
      expect(ofW.length).toBeGreaterThan(12);
      for (const [doc, path, expected] of [
        [
          (page: string) => `query ($size: Int, $cursor: String) { multisigWallets(walletAddress: ["${W}"], ${page}) { ${PAGE} edges { node { address } } } }`,
          'multisigWallets',
          ofW,
        ],
        [
          (page: string) => `query ($size: Int, $cursor: String) { account(address: "${W}") { multisigs(${page}) { ${PAGE} edges { node { address } } } } }`,
          'account.multisigs',
          ofW,
        ],
        [
          (page: string) =>
            `query ($size: Int, $cursor: String) { multisigWallets(address: ${JSON.stringify(MULTISIGS.map((m) => m.address))}, ${page}) { ${PAGE} edges { node { address } } } }`,
          'multisigWallets',
          [...MULTISIGS].reverse().map((m) => m.address),
        ],
      ] as const) {
        expect(
          (await walk(doc, at(path), {}, 4)).map((n) => n.address),
          path,
        ).toEqual(expected);
      }
      const orders = (await rest(`multisig/orders?multisig_address=${M0}&limit=1000`)).orders.map((o: any) => o.address);
      expect(orders).toHaveLength(12);
      for (const [doc, path] of [
        [
          (page: string) =>
            `query ($size: Int, $cursor: String) { multisigOrders(multisigAddress: ["${M0}"], ${page}) { ${PAGE} edges { node { address } } } }`,
          'multisigOrders',
        ],
        [
          (page: string) =>
            `query ($size: Int, $cursor: String) { multisigWallets(address: ["${M0}"]) { edges { node { orders(${page}) { ${PAGE} edges { node { address } } } } } } }`,
          'multisigWallets.edges.0.node.orders',
        ],
      ] as const) {
        expect(
          (await walk(doc, at(path), {}, 5)).map((n) => n.address),
          path,
        ).toEqual(orders);
      }
    });

    it('says how an account takes part in each of its multisigs', async () => {
      const { account } = await query(
        `{ account(address: "${W}") { multisigs(first: 100) { edges { roles node { address signers { address } proposers { address } } } } } }`,
      );
      const expected = [...MULTISIGS]
        .reverse()
        .filter((m) => m.signers.includes(W) || m.proposers?.includes(W))
        .map((m) => ({
          roles: [...(m.signers.includes(W) ? ['SIGNER'] : []), ...(m.proposers?.includes(W) ? ['PROPOSER'] : [])],
          node: { address: m.address, signers: m.signers.map((address) => ({ address })), proposers: (m.proposers ?? []).map((address) => ({ address })) },
        }));
      expect(account.multisigs.edges).toEqual(expected);
      expect(expected.some((e) => e.roles.length === 2)).toBe(true);
      expect(expected.some((e) => e.roles[0] === 'PROPOSER')).toBe(true);
    });

    it("types an order's actions: messages with their bodies decoded and typed, parameter changes, unreadable ones", async () => {
      const { multisigOrders } = await query(`{ multisigOrders(address: ["${addr(0x2000)}", "${addr(0x2001)}", "${addr(0x2002)}"]) { edges { node {
          address
          multisig { address threshold }
          approvals { address }
          actions {
            __typename parsed error parsedBodyType
            ... on OrderSendMessage {
              destination { address } value sendMode
              body { hash decoded { type comment } parsed { __typename ... on TlbJettonTransfer { queryId amount destination forwardPayload { __typename } } ... on TextComment { text } } }
            }
            ... on OrderUpdateParams { newThreshold newSignerAddresses newSigners { address } newProposers { address } }
          }
        } } } }`);
      const [none, broken, order] = nodes(multisigOrders);
      expect(broken).toMatchObject({ address: addr(0x2001), actions: null, approvals: [{ address: S2 }] });
      expect(none).toMatchObject({ address: addr(0x2002), actions: null });
      expect(order.multisig).toEqual({ address: M0, threshold: 2 });
      // mask 5: signers 0 and 2
      expect(order.approvals).toEqual([{ address: S2 }, { address: S3 }]);
      const [jetton, update, text] = order.actions;
      expect(jetton).toMatchObject({
        __typename: 'OrderSendMessage',
        parsed: true,
        error: null,
        parsedBodyType: 'jetton_transfer',
        destination: { address: raw(JETTON_WALLET) },
        value: '50000000',
        sendMode: 3,
        body: {
          decoded: { type: 'jetton_transfer', comment: null },
          parsed: { __typename: 'TlbJettonTransfer', queryId: '7', amount: '1000000000', destination: raw(RECIPIENT) },
        },
      });
      expect(jetton.body.hash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(update).toEqual({
        __typename: 'OrderUpdateParams',
        parsed: true,
        error: null,
        parsedBodyType: 'multisig_update_params',
        newThreshold: 1,
        newSignerAddresses: [raw(SIGNER_A), raw(RECIPIENT)],
        newSigners: [{ address: raw(SIGNER_A) }, { address: raw(RECIPIENT) }],
        newProposers: [{ address: raw(NFT_ITEM) }],
      });
      expect(text).toMatchObject({
        __typename: 'OrderSendMessage',
        sendMode: 1,
        value: '7',
        body: { decoded: { comment: 'hi' }, parsed: { __typename: 'TextComment', text: 'hi' } },
      });
    });
  });

  describe('vesting', () => {
    const FIELDS = 'address startTime totalDuration unlockPeriod cliffDuration senderAddress ownerAddress totalAmount whitelistAddresses';
    const wire = (v: any) => ({
      address: v.address,
      startTime: v.start_time,
      totalDuration: v.total_duration,
      unlockPeriod: v.unlock_period,
      cliffDuration: v.cliff_duration,
      senderAddress: v.sender_address,
      ownerAddress: v.owner_address,
      totalAmount: v.total_amount,
      whitelistAddresses: v.whitelist,
    });

    it('vestingContracts is the twin of vesting: the same contracts in the same order, whitelists included', async () => {
      for (const [params, args] of [
        [`wallet_address=${W}`, `walletAddress: ["${W}"]`],
        [`wallet_address=${W}&check_whitelist=true`, `walletAddress: ["${W}"], checkWhitelist: true`],
        [`wallet_address=${S3}&check_whitelist=true`, `walletAddress: ["${S3}"], checkWhitelist: true`],
        [
          `contract_address=${VESTINGS[3].address}&contract_address=${VESTINGS[0].address}`,
          `contractAddress: ["${VESTINGS[3].address}", "${VESTINGS[0].address}"]`,
        ],
      ]) {
        const expected = (await rest(`vesting?${params}&limit=1000`)).vesting_contracts.map(wire);
        expect(expected.length, params).toBeGreaterThan(0);
        const { vestingContracts } = await query(`{ vestingContracts(${args}, first: 1000) { edges { node { ${FIELDS} } } } }`);
        expect(nodes(vestingContracts), params).toEqual(expected);
      }
    });

    it('pages the contracts and an account’s contracts forward and backward', async () => {
      const expected = (await rest(`vesting?wallet_address=${W}&check_whitelist=true&limit=1000`)).vesting_contracts.map((v: any) => v.address);
      expect(expected.length).toBeGreaterThan(6);
      for (const [doc, path] of [
        [
          (page: string) =>
            `query ($size: Int, $cursor: String) { vestingContracts(walletAddress: ["${W}"], checkWhitelist: true, ${page}) { ${PAGE} edges { node { address } } } }`,
          'vestingContracts',
        ],
        [
          (page: string) => `query ($size: Int, $cursor: String) { account(address: "${W}") { vestings(${page}) { ${PAGE} edges { node { address } } } } }`,
          'account.vestings',
        ],
      ] as const) {
        expect(
          (await walk(doc, at(path), {}, 2)).map((n) => n.address),
          path,
        ).toEqual(expected);
      }
    });

    it('says how an account is party to each contract, and lists those of the roles asked for', async () => {
      const roles = (v: (typeof VESTINGS)[number]) => [
        ...(v.owner === W ? ['OWNER'] : []),
        ...(v.sender === W ? ['SENDER'] : []),
        ...(v.whitelist.includes(W) ? ['WHITELISTED'] : []),
      ];
      const { account } = await query(`{ account(address: "${W}") {
          all: vestings(first: 100) { edges { roles node { address owner { address } sender { address } whitelist { address } } } }
          owned: vestings(first: 100, roles: [OWNER]) { edges { roles node { address } } }
          funded: vestings(first: 100, roles: [SENDER, OWNER]) { edges { node { address } } }
          none: vestings(roles: []) { edges { node { address } } }
        } }`);
      const mine = VESTINGS.filter((v) => roles(v).length > 0);
      expect(account.all.edges).toEqual(
        mine.map((v) => ({
          roles: roles(v),
          node: {
            address: v.address,
            owner: { address: v.owner },
            sender: { address: v.sender },
            whitelist: [...v.whitelist].sort().map((address) => ({ address })),
          },
        })),
      );
      expect(mine.some((v) => roles(v).length === 3)).toBe(true);
      // the edge gives every role, whichever the list was asked for
      expect(account.owned.edges).toEqual(VESTINGS.filter((v) => v.owner === W).map((v) => ({ roles: roles(v), node: { address: v.address } })));
      expect(nodes(account.funded).map((v: any) => v.address)).toEqual(VESTINGS.filter((v) => v.owner === W || v.sender === W).map((v) => v.address));
      expect(account.none.edges).toEqual([]);
    });
  });

  describe('balance changes', () => {
    const asLists = (body: any) =>
      body.changes === null
        ? null
        : {
            changes: Object.entries(body.changes).map(([address, n]) => ({ address, nanotons: String(n) })),
            fees: Object.entries(body.fees).map(([address, n]) => ({ address, nanotons: String(n) })),
            jettons: Object.entries(body.jettons).flatMap(([owner, byMaster]: [string, any]) =>
              Object.entries(byMaster).map(([jetton, amount]) => ({ ownerAddress: owner, jettonAddress: jetton, amount })),
            ),
          };
    const FIELDS = 'changes { address nanotons } fees { address nanotons } jettons { ownerAddress jettonAddress amount }';

    it('balanceChanges is the twin of balanceChanges, by trace and by action (null where REST gives nulls)', async () => {
      let nulls = 0;
      for (const trace of TRACES) {
        const expected = asLists(await rest(`balanceChanges?trace_id=${encodeURIComponent(trace.trace_id)}`));
        expect((await query(`query ($id: String) { balanceChanges(traceId: $id) { ${FIELDS} } }`, { id: trace.trace_id })).balanceChanges).toEqual(expected);
        for (const action of trace.actions) {
          const byAction = asLists(await rest(`balanceChanges?action_id=${encodeURIComponent(action.action_id)}`));
          nulls += byAction === null ? 1 : 0;
          const { balanceChanges } = await query(`query ($a: String, $t: String) { balanceChanges(actionId: $a, traceId: $t) { ${FIELDS} } }`, {
            a: action.action_id,
            t: trace.trace_id,
          });
          expect(balanceChanges, action.type).toEqual(byAction);
        }
      }
      expect(nulls).toBeGreaterThan(0);
      const swap = await query(`query ($id: String) { balanceChanges(traceId: $id) { jettons { owner { address } jetton { address } amount } } }`, {
        id: TRACES[3].trace_id,
      });
      expect(swap.balanceChanges.jettons.length).toBeGreaterThan(0);
      for (const j of swap.balanceChanges.jettons) expect(j.jetton.address).toMatch(/^0:[0-9A-F]{64}$/);
    });

    it('Trace.balanceChanges: the traces of a request computed in the same few statements as one', async () => {
      const doc = (traces: any[]) => `{ ${traces.map((t, i) => `t${i}: trace(id: "${t.trace_id}") { traceId balanceChanges { ${FIELDS} } }`).join(' ')} }`;
      const run = async (traces: any[]) => {
        const { count, result: data } = await statements(() => query(doc(traces)));
        return { count, data };
      };
      // the swap: the one trace with jetton wallets to resolve
      const one = await run(TRACES.slice(3, 4));
      const all = await run(TRACES);
      // the trace headers, their transactions and actions (the roots), and for the changes: transactions,
      // messages, jetton wallets
      expect(all.count).toBe(one.count);
      expect(all.count).toBe(6);
      for (const [i, trace] of TRACES.entries()) {
        expect(all.data[`t${i}`].balanceChanges).toEqual(asLists(await rest(`balanceChanges?trace_id=${encodeURIComponent(trace.trace_id)}`)));
      }
    });
  });

  describe('refusals', () => {
    it("give the REST parser's messages (GraphQL names) as BAD_USER_INPUT, before any SQL", async () => {
      const cases: [string, string, string][] = [
        ['{ dnsRecords { edges { cursor } } }', '', 'exactly one of "wallet" and "domain" must be given'],
        [
          `{ dnsRecords(wallet: "${W}", domain: "a.ton") { edges { cursor } } }`,
          `wallet=${W}&domain=a.ton`,
          'exactly one of "wallet" and "domain" must be given',
        ],
        ['{ dnsRecords(domain: "") { edges { cursor } } }', 'domain=', 'parameter "domain" must be 1 to 255 characters, got 0'],
        [
          '{ dnsRecords(wallet: "alice.ton") { edges { cursor } } }',
          'wallet=alice.ton',
          'parameter "wallet" must be an address (raw, or user-friendly base64/base64url), got "alice.ton"',
        ],
        ['{ multisigWallets { edges { cursor } } }', '', 'at least one of "address", "walletAddress" must be given'],
        ['{ multisigWallets(address: ["nope"]) { edges { cursor } } }', 'address=nope', 'parameter "address" value 1 must be an address'],
        ['{ multisigOrders { edges { cursor } } }', '', 'at least one of "address", "multisigAddress" must be given'],
        ['{ vestingContracts { edges { cursor } } }', '', 'exactly one of "contractAddress" and "walletAddress" must be given'],
        [
          `{ vestingContracts(contractAddress: ["${W}"], walletAddress: ["${W}"]) { edges { cursor } } }`,
          '',
          'exactly one of "contractAddress" and "walletAddress" must be given',
        ],
        ['{ balanceChanges { changes { address } } }', '', 'trace_id or action_id is required'],
        ['{ balanceChanges(traceId: "abc") { changes { address } } }', 'trace_id=abc', 'parameter "traceId" must be a hash'],
      ];
      const restPaths: Record<string, string> = {
        dnsRecords: 'dns/records',
        multisigWallets: 'multisig/wallets',
        multisigOrders: 'multisig/orders',
        vestingContracts: 'vesting',
        balanceChanges: 'balanceChanges',
      };
      for (const [doc, restQuery, message] of cases) {
        const { count, result: error } = await statements(() => failure(doc));
        expect(error?.message, doc).toContain(message);
        expect(error.extensions.code, doc).toBe('BAD_USER_INPUT');
        expect(count, doc).toBe(0);
        // REST refuses the same query with the same words, in its own parameter names
        const field = doc.match(/\{ (\w+)/)![1];
        const { status, body } = await restAnswer(`${restPaths[field]}?${restQuery}`);
        expect([400, 422], doc).toContain(status);
        const snake = message.replace(/"(\w+)"/g, (_, name: string) => `"${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}"`);
        expect(body.error, doc).toContain(snake);
      }
      expect(await failure(`{ account(address: "${W}") { dnsRecords(first: 1001) { edges { cursor } } } }`)).toMatchObject({
        message: 'argument "first" must be from 0 to 1000, got 1001',
      });
      expect(await failure(`{ multisigOrders(multisigAddress: ["${M0}"], after: "bm9wZQ") { edges { cursor } } }`)).toMatchObject({
        message: 'argument "after": cursor "bm9wZQ" is not one that multisigOrders issued',
      });
      // a cursor of one list is refused by another
      const { multisigWallets } = await query(`{ multisigWallets(address: ["${M0}"]) { pageInfo { endCursor } } }`);
      expect(await failure(`{ account(address: "${W}") { multisigs(after: "${multisigWallets.pageInfo.endCursor}") { edges { cursor } } } }`)).toMatchObject({
        message: `argument "after": cursor "${multisigWallets.pageInfo.endCursor}" is not one that Account.multisigs issued`,
      });
      expect(await failure('{ balanceChanges(traceId: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=") { fees { address } } }')).toMatchObject({
        message: 'trace or action not found',
        extensions: { code: 'NOT_FOUND' },
      });
    });
  });

  it('reads a nested query over 20 multisigs in as many statements as over 3: one per loader touched', async () => {
    const doc = (n: number) => `{ multisigWallets(walletAddress: ["${S2}"], first: ${n}) { edges { node {
        address
        signers { address domain dnsRecords(first: 2) { edges { node { domain } } } }
        proposers { address vestings(first: 2) { edges { roles node { address whitelist { address } } } } }
        orders(first: 5) { edges { node {
          orderSeqno
          multisig { address }
          approvals { address }
          actions { __typename parsedBodyType ... on OrderSendMessage { destination { address domain } value body { decoded { type } } } }
        } } }
      } } } }`;
    const run = async (n: number) => {
      const { count, texts, result: data } = await statements(() => query(doc(n)));
      expect(data.multisigWallets.edges).toHaveLength(n);
      return { count, data, texts };
    };
    const small = await run(3);
    const large = await run(20);
    // the page; the signers' address book and DNS pages; the proposers' vesting pages and the whitelists; the
    // order pages; their multisigs; the destinations' address book (a level deeper, a tick later)
    expect(large.count, large.texts.join('\n\n')).toBe(small.count);
    expect(large.count).toBe(8);
    const m6 = large.data.multisigWallets.edges.map((e: any) => e.node).find((m: any) => m.address === MULTISIGS[6].address);
    expect(m6.signers.map((s: any) => s.address)).toEqual([S2, W, S3]);
    expect(m6.signers[0]).toMatchObject({ address: S2, domain: 'signer2.ton', dnsRecords: { edges: [{ node: { domain: 'signer2.ton' } }] } });
    expect(m6.signers[1].dnsRecords.edges.map((e: any) => e.node.domain)).toEqual(['a.ton', 'ab.ton']);
    expect(m6.proposers[0].vestings.edges.length).toBe(2);
    expect(m6.orders.edges.map((e: any) => e.node)).toEqual(
      ['1', '0'].map((seqno) => ({
        orderSeqno: seqno,
        multisig: { address: MULTISIGS[6].address },
        approvals: [{ address: S2 }, { address: W }],
        actions: [
          {
            __typename: 'OrderSendMessage',
            parsedBodyType: 'ton_transfer',
            destination: { address: raw(RECIPIENT), domain: null },
            value: String(1 + Number(seqno)),
            body: { decoded: { type: 'text_comment' } },
          },
        ],
      })),
    );
  });

  it('has a GraphiQL tab with an account’s domains, multisigs and vestings, values from the database', async () => {
    const ex = await findExamples(twins.db().reader);
    const tab = exampleTabs(ex).find((t) => t.query.includes('AccountContracts'));
    expect(tab, 'the tab').toBeDefined();
    const { account } = await query(tab!.query, JSON.parse(tab!.variables));
    expect(nodes(account.dnsRecords).length + nodes(account.multisigs).length + nodes(account.vestings).length).toBeGreaterThan(0);
  });
});
