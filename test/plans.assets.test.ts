import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/types';
import { accountsByBalance, latestStatesWithMethods } from '../src/data/accountStates';
import { dnsRecords } from '../src/data/dns';
import { jettonBurnsPage, jettonMastersPage } from '../src/data/jettons';
import { multisigOrders, multisigs, newestOrdersOf } from '../src/data/multisig';
import { nftCollections, nftItems, nftSales, nftTransfers, type NftItemFilter } from '../src/data/nfts';
import { vestingContracts, whitelistsOf } from '../src/data/vesting';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './helpers/databases';

/**
 * The asset routes' statements, one per filter set a route accepts, run with EXPLAIN against tables of tens of
 * thousands of rows, each holding hubs (a collection, an owner, a multisig member with many rows) next to small
 * groups: every filter set must reach its rows through one of ton-indexer's indexes, never by reading the table.
 * (jetton wallets and transfers have theirs in assets.jettons.test.ts.)
 */
describe.skipIf(!(await postgresAvailable()))('asset query plans on PostgreSQL', () => {
  let db: TestDatabase;
  // `0:` and 64 hex digits: four of the kind (one per kind of address, so kinds never collide), then `n`
  const addr = (kind: string, n: number) => `0:${kind.repeat(4)}${n.toString(16).toUpperCase().padStart(60, '0')}`;
  const sqlAddr = (kind: string, n: string) => `'0:${kind.repeat(4)}' || lpad(upper(to_hex(${n})), 60, '0')`;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    const run = (sql: string) => db.writer.query(sql);
    // collections C: 2000, collection 1 (the hub) holds half of 60,000 items; owners B: owner 1 holds a tenth
    await run(`insert into nft_collections (address, owner_address, next_item_index, last_transaction_lt)
               select ${sqlAddr('C', 'i')}, ${sqlAddr('B', 'i % 300')}, i, i from generate_series(1, 2000) i`);
    await run(`insert into nft_items (address, init, index, collection_address, owner_address, real_owner, last_transaction_lt)
               select ${sqlAddr('E', 'i')}, true, i, ${sqlAddr('C', 'case when i % 2 = 0 then 1 else i % 2000 end')},
                      ${sqlAddr('B', 'case when i % 10 = 0 then 1 else i % 5000 end')}, ${sqlAddr('B', 'case when i % 10 = 0 then 1 else i % 5000 end')}, i
                 from generate_series(1, 60000) i`);
    await run(`insert into nft_transfers (tx_hash, tx_lt, tx_now, tx_aborted, nft_item_address, nft_collection_address, old_owner, new_owner)
               select rpad(to_hex(i), 43, 'A') || '=', i, 1700000000 + i / 10, false, ${sqlAddr('E', 'i % 60000')},
                      ${sqlAddr('C', 'case when i % 2 = 0 then 1 else i % 2000 end')}, ${sqlAddr('B', 'case when i % 10 = 0 then 1 else i % 5000 end')},
                      ${sqlAddr('B', '(i + 7) % 5000')}
                 from generate_series(1, 60000) i`);
    await run(`insert into getgems_nft_sales (address, nft_address, nft_owner_address, is_complete)
               select ${sqlAddr('5', 'i')}, ${sqlAddr('E', 'i')}, ${sqlAddr('B', 'i')}, false from generate_series(1, 20000) i`);
    await run(
      `insert into getgems_nft_auctions (address, nft_addr, nft_owner) select ${sqlAddr('6', 'i')}, ${sqlAddr('E', 'i')}, ${sqlAddr('B', 'i')} from generate_series(1, 20000) i`,
    );
    await run(`insert into telemint_nft_items (address, token_name) select ${sqlAddr('7', 'i')}, 'n' || i from generate_series(1, 20000) i`);
    // jetton masters F with admins D; burns of 5000 owners (owner 1 a tenth), wallets, 40 masters
    await run(`insert into jetton_masters (address, admin_address, total_supply, last_transaction_lt)
               select ${sqlAddr('F', 'i')}, ${sqlAddr('D', 'i % 500')}, i, i from generate_series(1, 20000) i`);
    await run(`insert into jetton_burns (tx_hash, tx_lt, tx_now, tx_aborted, owner, jetton_wallet_address, jetton_master_address, amount)
               select rpad(to_hex(i), 43, 'B') || '=', i, 1700000000 + i / 10, false, ${sqlAddr('B', 'case when i % 10 = 0 then 1 else i % 5000 end')},
                      ${sqlAddr('A', 'i % 20000')}, ${sqlAddr('F', 'i % 40')}, i
                 from generate_series(1, 60000) i`);
    // DNS entries of 60,000 domains, wallets B
    await run(`insert into dns_entries (nft_item_address, nft_item_owner, domain, dns_wallet)
               select ${sqlAddr('E', 'i')}, ${sqlAddr('B', 'i % 5000')}, 'd' || i || '.ton', ${sqlAddr('B', 'i % 5000')} from generate_series(1, 60000) i`);
    // multisigs M with three signers and a proposer of 5000 members B (member 1 in a tenth); their orders O
    await run(`insert into multisig (address, threshold, signers, proposers, next_order_seqno)
               select ${sqlAddr('9', 'i')}, 2,
                      array[${sqlAddr('B', 'case when i % 10 = 0 then 1 else i % 5000 end')}, ${sqlAddr('B', '(i + 1) % 5000')}, ${sqlAddr('B', '(i + 2) % 5000')}]::tonaddr[],
                      array[${sqlAddr('B', '(i + 3) % 5000')}]::tonaddr[], 3
                 from generate_series(1, 20000) i`);
    await run(`insert into multisig_orders (address, multisig_address, order_seqno, threshold, signers)
               select ${sqlAddr('8', 'i')}, ${sqlAddr('9', 'i % 20000')}, i / 20000, 2, array[${sqlAddr('B', 'i % 5000')}]::tonaddr[]
                 from generate_series(1, 60000) i`);
    // vesting contracts V of 5000 owners and senders, a whitelist of two wallets each
    await run(`insert into vesting_contracts (address, owner_address, vesting_sender_address, vesting_total_amount)
               select ${sqlAddr('4', 'i')}, ${sqlAddr('B', 'i % 5000')}, ${sqlAddr('B', '(i + 11) % 5000')}, i from generate_series(1, 30000) i`);
    await run(`insert into vesting_whitelist (vesting_contract_address, wallet_address)
               select ${sqlAddr('4', 'i / 2')}, ${sqlAddr('B', 'i % 5000')} from generate_series(2, 60001) i`);
    await run(`insert into latest_account_states (account, hash, balance, account_status, last_trans_lt, code_hash)
               select ${sqlAddr('B', 'i')}, rpad(to_hex(i), 43, 'S') || '=', i * 1000, 'active', i, 'code' from generate_series(1, 60000) i`);
    await run('analyze');
  }, 180_000);
  afterAll(async () => {
    await db?.drop();
  });

  const plan = async (run: (q: Queryable) => Promise<unknown>) => {
    const plans: string[] = [];
    await run({
      async query(text, params) {
        const rows = await db.writer.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
        plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
        return [] as never[];
      },
    });
    return plans.join('\n');
  };
  /** The plan reads `table` only through an index (one of `indexes` when given). */
  const expectIndexed = (text: string, table: string, indexes: string[] = []) => {
    expect(text).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    if (indexes.length > 0) expect(text).toMatch(new RegExp(`\\b(${indexes.join('|')})\\b`));
  };
  const page = { limit: 100, offset: 0 };
  const [hubOwner, owner] = [addr('B', 1), addr('B', 4321)];

  it('nft/items: by address, owner (on sale too), collection, collection and index, owner and collections, last transaction', async () => {
    const none: NftItemFilter = { addresses: [], owners: [], includeOnSale: false, collections: [], indexes: [], order: 'id' };
    const cases: [Partial<NftItemFilter>, string[]][] = [
      [{ addresses: [addr('E', 5), addr('E', 6)] }, ['nft_items_pkey']],
      // by owner the planner reads either owner index, the order's prefix (owner) coming sorted from both
      [{ owners: [owner], order: 'owner' }, ['nft_items_index_2', 'nft_items_index_5']],
      [{ owners: [hubOwner], order: 'owner' }, ['nft_items_index_2', 'nft_items_index_5']],
      [{ owners: [owner], includeOnSale: true, order: 'owner' }, ['nft_items_index_8', 'nft_items_index_7']],
      [{ collections: [addr('C', 1)], order: 'collection' }, ['nft_items_index_1']],
      // a small collection (46 items): any index on the collection, then a sort of its few rows (seen in CI, by the
      // statistics ANALYZE happened to sample)
      [{ collections: [addr('C', 7)], order: 'collection' }, ['nft_items_index_1', 'nft_items_index_6']],
      [{ collections: [addr('C', 1)], indexes: ['40', '42'], order: 'collection' }, ['nft_items_index_1']],
      [{ owners: [hubOwner], collections: [addr('C', 1), addr('C', 3)], order: 'owner' }, ['nft_items_index_2', 'nft_items_index_5', 'nft_items_index_8']],
      // the hub holds half the items: walking all of them newest first finds a page soonest
      [{ collections: [addr('C', 1)], order: 'last_transaction' }, ['nft_items_index_6', 'nft_items_index_4']],
      [{ collections: [addr('C', 7)], order: 'last_transaction' }, ['nft_items_index_6']],
      [{ owners: [owner], order: 'last_transaction' }, ['nft_items_index_5', 'nft_items_index_2']],
      [{ order: 'last_transaction' }, ['nft_items_index_4']],
      [{}, ['nft_items_index_3']],
    ];
    for (const [f, indexes] of cases) expectIndexed(await plan((q) => nftItems(q, { ...none, ...f }, page)), 'nft_items', indexes);
  });

  it('nft/collections, nft/sales: by address, by owner, none', async () => {
    expectIndexed(await plan((q) => nftCollections(q, { addresses: [addr('C', 4)], owners: [] }, page)), 'nft_collections', ['nft_collections_pkey']);
    expectIndexed(await plan((q) => nftCollections(q, { addresses: [], owners: [addr('B', 4)] }, page)), 'nft_collections', ['nft_collections_index_1']);
    expectIndexed(await plan((q) => nftCollections(q, { addresses: [], owners: [] }, page)), 'nft_collections', ['nft_collections_index_2']);
    const sales = await plan((q) => nftSales(q, [addr('5', 3), addr('6', 3), addr('7', 3)]));
    for (const table of ['getgems_nft_sales', 'getgems_nft_auctions', 'telemint_nft_items', 'nft_items']) expectIndexed(sales, table);
  });

  it('nft/transfers: by item, collection, owner either side or one, none, and in a time window', async () => {
    const f = {
      owners: [] as string[],
      direction: undefined as 'in' | 'out' | undefined,
      items: [] as string[],
      collection: undefined as string | undefined,
      windows: {},
    };
    const cases: [Partial<typeof f>, string[]][] = [
      [{ items: [addr('E', 9)] }, ['nft_transfers_index_2']],
      // the hub collection holds half the transfers: reading all of them in lt order finds a page soonest
      [{ collection: addr('C', 1) }, ['nft_transfers_index_4', 'nft_transfers_index_9']],
      [{ collection: addr('C', 7) }, ['nft_transfers_index_4']],
      [{ owners: [owner], direction: 'in' }, ['nft_transfers_index_7']],
      [{ owners: [owner], direction: 'out' }, ['nft_transfers_index_5']],
      [{ owners: [owner] }, ['nft_transfers_index_5']],
      [{ owners: [hubOwner] }, []],
      [{}, ['nft_transfers_index_9']],
      [{ windows: { startUtime: 1700003000, endUtime: 1700004000 } }, ['nft_transfers_index_10', 'nft_transfers_index_9']],
      [{ collection: addr('C', 7), windows: { startUtime: 1700003000 } }, ['nft_transfers_index_3', 'nft_transfers_index_4']],
    ];
    for (const sort of ['desc', 'asc'] as const)
      for (const [g, indexes] of cases) expectIndexed(await plan((q) => nftTransfers(q, { ...f, ...g }, { ...page, sort })), 'nft_transfers', indexes);
  });

  it('jetton/masters and jetton/burns: by address, admin, owner, wallet, master, none, and in a time window', async () => {
    expectIndexed(await plan((q) => jettonMastersPage(q, { addresses: [addr('F', 3)], adminAddresses: [] }, page)), 'jetton_masters', ['jetton_masters_pkey']);
    expectIndexed(await plan((q) => jettonMastersPage(q, { addresses: [], adminAddresses: [addr('D', 3)] }, page)), 'jetton_masters', [
      'jetton_masters_index_1',
    ]);
    expectIndexed(await plan((q) => jettonMastersPage(q, { addresses: [], adminAddresses: [] }, page)), 'jetton_masters', ['jetton_masters_index_2']);
    const none = { owners: [] as string[], wallets: [] as string[], master: undefined as string | undefined, completeTracesOnly: false };
    const cases: [Partial<typeof none> & { startUtime?: number }, string[]][] = [
      [{ owners: [owner] }, ['jetton_burns_index_2']],
      [{ owners: [hubOwner] }, ['jetton_burns_index_2', 'jetton_burns_index_8']],
      [{ wallets: [addr('A', 17)] }, ['jetton_burns_index_4']],
      [{ master: addr('F', 3) }, ['jetton_burns_index_6', 'jetton_burns_index_8']],
      [{}, ['jetton_burns_index_8']],
      [{ owners: [owner], startUtime: 1700001000 }, ['jetton_burns_index_1', 'jetton_burns_index_2']],
    ];
    for (const sort of ['desc', 'asc'] as const)
      for (const [f, indexes] of cases) expectIndexed(await plan((q) => jettonBurnsPage(q, { ...none, ...f }, { ...page, sort })), 'jetton_burns', indexes);
  });

  it('dns/records by wallet on dns_entries_index_3 (by domain the indexer has no index: a known scan, README says so)', async () => {
    expectIndexed(await plan((q) => dnsRecords(q, { wallet: owner }, page)), 'dns_entries', ['dns_entries_index_3']);
    expect(await plan((q) => dnsRecords(q, { domain: 'd77.ton' }, page))).toMatch(/Seq Scan on dns_entries/);
  });

  it('multisig/wallets and multisig/orders: by address, by member (the GIN indexes), by multisig (a filter is required)', async () => {
    for (const sort of ['desc', 'asc'] as const) {
      expectIndexed(await plan((q) => multisigs(q, { addresses: [addr('9', 3)], members: [] }, { ...page, sort })), 'multisig', ['multisig_pkey']);
      const byMember = await plan((q) => multisigs(q, { addresses: [], members: [owner] }, { ...page, sort }));
      expectIndexed(byMember, 'multisig', ['multisig_index_2']);
      expect(byMember).toMatch(/multisig_index_3/);
      expectIndexed(await plan((q) => multisigOrders(q, { addresses: [addr('8', 3)], multisigs: [] }, { ...page, sort })), 'multisig_orders', [
        'multisig_orders_pkey',
      ]);
      expectIndexed(await plan((q) => multisigOrders(q, { addresses: [], multisigs: [addr('9', 3)] }, { ...page, sort })), 'multisig_orders', [
        'multisig_orders_index_2',
      ]);
    }
    expectIndexed(await plan((q) => newestOrdersOf(q, [addr('9', 3), addr('9', 4)], 100)), 'multisig_orders', ['multisig_orders_index_2']);
  });

  it('vesting: by contract, by wallet as owner or sender, whitelisted too, and the whitelists of a page', async () => {
    expectIndexed(await plan((q) => vestingContracts(q, { contracts: [addr('4', 3)] }, { ...page, sort: 'asc' })), 'vesting_contracts', [
      'vesting_contracts_pkey',
    ]);
    const byWallet = await plan((q) => vestingContracts(q, { wallets: [owner], checkWhitelist: false }, { ...page, sort: 'asc' }));
    expectIndexed(byWallet, 'vesting_contracts', ['vesting_index_3']);
    expect(byWallet).toMatch(/vesting_index_2/);
    const whitelisted = await plan((q) => vestingContracts(q, { wallets: [owner], checkWhitelist: true }, { ...page, sort: 'asc' }));
    expectIndexed(whitelisted, 'vesting_contracts');
    expectIndexed(whitelisted, 'vesting_whitelist', ['vesting_index_1']);
    // each role its own branch on its own index
    expect(whitelisted).toMatch(/vesting_index_3/);
    expect(whitelisted).toMatch(/vesting_index_2/);
    expectIndexed(await plan((q) => whitelistsOf(q, [addr('4', 3), addr('4', 4)])), 'vesting_whitelist', ['vesting_whitelist_pkey']);
  });

  it('accountStates, walletStates, topAccountsByBalance: by account on an account index, by balance on latest_account_states_index_1', async () => {
    const accounts = [owner, hubOwner];
    for (const cells of ['both', 'data', 'none'] as const)
      expectIndexed(await plan((q) => latestStatesWithMethods(q, { accounts, codeHashes: [], cells })), 'latest_account_states', [
        'latest_account_states_pkey',
        'latest_account_states_address_book_index',
      ]);
    expectIndexed(await plan((q) => accountsByBalance(q, { limit: 100, offset: 1000 })), 'latest_account_states', ['latest_account_states_index_1']);
  });
});
