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
  });
});
