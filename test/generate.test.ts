import { Cell } from '@ton/core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../src/generate/generator';
import { generateInto } from '../src/generate/load';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { startService } from './helpers/service';

const fingerprint = async (db: TestDatabase) =>
  (
    await db.writer.query<{ f: string }>(
      `select md5(string_agg(hash || ':' || lt || ':' || account || ':' || coalesce(trace_id, ''), ',' order by lt)) ||
              (select count(*)::text from messages) || (select count(*)::text from traces where state = 'pending') as f from transactions`,
    )
  )[0].f;

describe('cli generate (on PGlite)', () => {
  const dbs: TestDatabase[] = [];
  afterAll(async () => Promise.all(dbs.map((d) => d.drop())));

  it('is deterministic from its seed, and what it writes is served', async () => {
    const make = async (seed: string) => {
      const db = await createTestDatabase('pglite');
      dbs.push(db);
      expect(await generateInto(db.writer, { ...DEFAULT_OPTIONS, transactions: 3000, seed, bigBlockEvery: 50 })).toBe(3000);
      return db;
    };
    const [a, b, c] = [await make('one'), await make('one'), await make('two')];
    expect(await fingerprint(a)).toBe(await fingerprint(b));
    expect(await fingerprint(a)).not.toBe(await fingerprint(c));

    const [{ n }] = await a.writer.query<{ n: string }>('select count(*)::text as n from transactions');
    expect(n).toBe('3000');
    const [{ seqno, count }] = await a.writer.query<{ seqno: number; count: string }>(
      `select mc_block_seqno as seqno, count(*)::text as count from transactions group by 1 order by count(*) desc limit 1`,
    );
    expect(Number(count)).toBeGreaterThanOrEqual(1000);
    const [{ depth }] = await a.writer.query<{ depth: string }>(`select max(nodes_)::text as depth from traces`);
    expect(Number(depth)).toBeGreaterThan(1);

    const service = await startService(a.reader, 'mainnet');
    try {
      const body = await (await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${seqno}&limit=1000`)).json();
      expect(body.transactions).toHaveLength(1000);
      const comments = body.transactions.flatMap((t: any) => [t.in_msg, ...t.out_msgs]).filter((m: any) => m?.message_content?.decoded);
      expect(comments.length).toBeGreaterThan(10);
      const [{ account }] = await a.writer.query<{ account: string }>(
        `select T.account from traces E join transactions T on T.hash = E.trace_id where E.state = 'pending' and E.nodes_ > 1 limit 1`,
      );
      const pending = await (await service.get(`/api/v3/pendingTraces?account=${account}`)).json();
      expect(pending.traces.length).toBeGreaterThan(0);
      // every generated trace of two or more transactions carries one action (a TON or jetton transfer)
      const multi = pending.traces.filter((t: any) => t.transactions_order.length > 1);
      expect(multi.length).toBeGreaterThan(0);
      for (const t of multi) expect(t.actions.map((a: any) => a.type)).toEqual([expect.stringMatching(/^(ton|jetton)_transfer$/)]);
    } finally {
      await service.close();
    }

    // the asset tables: events of real transactions, hubs at the share the benches rely on, wallet data cells
    const scalar = async (sql: string) => Number((await a.writer.query<{ n: string }>(`select (${sql})::text as n`))[0].n);
    const transfers = await scalar('select count(*) from jetton_transfers');
    expect(transfers).toBeGreaterThan(300);
    expect(
      await scalar(
        'select count(*) from jetton_transfers j left join transactions t on t.hash = j.tx_hash and t.lt = j.tx_lt where t.account is distinct from j.jetton_wallet_address',
      ),
    ).toBe(0);
    expect(
      await scalar(
        'select count(*) from jetton_transfers j left join jetton_wallets w on w.address = j.jetton_wallet_address where w.jetton is distinct from j.jetton_master_address or w.owner is distinct from j.source',
      ),
    ).toBe(0);
    const hub = await scalar('select max(n) from (select count(*) as n from jetton_transfers group by jetton_master_address) m');
    expect(hub / 3000).toBeGreaterThan(0.15);
    expect(await scalar('select max(n) from (select count(*) as n from jetton_wallets group by jetton) m')).toBeGreaterThanOrEqual(300);
    expect(await scalar('select count(*) from jetton_wallets where mintless_amount is not null')).toBeGreaterThan(0);
    expect(await scalar('select count(*) from nft_transfers n left join transactions t on t.hash = n.tx_hash and t.lt = n.tx_lt where t.hash is null')).toBe(0);
    expect(
      await scalar(
        'select count(*) from nft_items i join getgems_nft_sales s on s.address = i.owner_address and s.nft_address = i.address where s.nft_owner_address = i.real_owner',
      ),
    ).toBeGreaterThan(0);
    for (const table of ['dns_entries', 'multisig', 'multisig_orders', 'vesting_contracts', 'contract_methods', 'nft_collections']) {
      expect(await scalar(`select count(*) from ${table}`), table).toBeGreaterThan(0);
    }
    const wallets = await a.writer.query<{ code_hash: string; data_boc: string; data_hash: string }>(
      'select code_hash, data_boc, data_hash from latest_account_states where data_boc is not null',
    );
    expect(new Set(wallets.map((w) => w.code_hash)).size).toBeGreaterThanOrEqual(3);
    for (const w of wallets.slice(0, 50)) expect(Cell.fromBase64(w.data_boc).hash().toString('base64')).toBe(w.data_hash);
  }, 180_000);
});
