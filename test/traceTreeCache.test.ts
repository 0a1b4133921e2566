import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterchainTip } from '../src/data/blocks';
import { importDocument } from '../src/import/importFile';
import { TransactionCache } from '../src/shape/transactionCache';
import { TraceTreeCache } from '../src/traces/treeCache';
import { countingDatabase } from './helpers/counting';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { pendingDataset } from './helpers/fixtures';
import { listen, testServices } from './helpers/service';

/** From each trace of the block page to its root's children, their out-messages and where those went. */
const NAVIGATION = `query ($seqno: UInt32!) {
  transactionsByMasterchainBlock(seqno: $seqno, limit: 50) {
    hash
    trace { traceId root { transactionHash transactionLt inMsgHash children { transactionHash transactionNow
      transaction { hash lt outMsgs { hash value destinationTransaction { hash account } } }
      children { transactionHash transaction { account } } } } }
  }
}`;

describe.each(await availableBackends())('final traces navigated from the trace tree cache on %s', (backend) => {
  let db: TestDatabase;
  let cached: Awaited<ReturnType<typeof listen>>;
  let plain: Awaited<ReturnType<typeof listen>>;
  /** REST with the transaction cache, which trace pages now fill and read. */
  let lists: Awaited<ReturnType<typeof listen>>;
  const transactions = new TransactionCache(4 * 1024 * 1024);
  const counted = { db: undefined as never, counter: { statements: 0, texts: [], params: [] } } as unknown as ReturnType<typeof countingDatabase>;
  const trees = new TraceTreeCache(4 * 1024 * 1024);
  const masterchainTip = new MasterchainTip();
  let stopFollowing: () => void;
  let blocks: number[];
  let tip: number;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    // real traces, four of them marked pending as the indexer marks them while messages are in flight
    await importDocument(db.writer, 'traces', JSON.stringify(pendingDataset().testnet));
    Object.assign(counted, countingDatabase(db.reader));
    cached = await listen({ ...testServices(counted.db), masterchainTip, traceTrees: trees });
    plain = await listen(testServices(db.reader));
    lists = await listen({ ...testServices(db.reader), masterchainTip, transactionCache: transactions });
    [{ tip }] = await db.writer.query<{ tip: number }>('select max(seqno) as tip from blocks where workchain = -1');
    stopFollowing = masterchainTip.follow(db.reader, 20);
    for (let i = 0; i < 250 && masterchainTip.highest !== tip; i++) await new Promise((r) => setTimeout(r, 20));
    blocks = (await db.writer.query<{ s: number }>('select distinct mc_block_seqno as s from transactions order by 1')).map((r) => r.s);
  });
  afterAll(async () => {
    stopFollowing?.();
    await cached?.close();
    await plain?.close();
    await lists?.close();
    await db?.drop();
  });

  const run = async (server: typeof cached, seqno: number) => {
    const res = await server.get('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify({ query: NAVIGATION, variables: { seqno } }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text).errors).toBeUndefined();
    return text;
  };

  it('answers as the uncached service, and navigates a final trace again without reading its transactions or their messages', async () => {
    for (const seqno of blocks) {
      const expected = await run(plain, seqno);
      expect(await run(cached, seqno)).toBe(expected);
      expect(await run(cached, seqno)).toBe(expected);
    }
    expect(trees.size.entries).toBeGreaterThan(0);
    expect(trees.hits).toBeGreaterThan(0);
    // a block whose transactions' traces are all final
    const [{ below }] = await db.writer.query<{ below: number }>(
      `select T.mc_block_seqno as below from transactions T join traces E on E.trace_id = T.trace_id
        group by 1 having bool_and(E.state = 'complete' and E.mc_seqno_end < $1) order by count(*) desc limit 1`,
      [tip],
    );
    await run(cached, below);
    counted.counter.texts.length = 0;
    await run(cached, below);
    // neither a trace's transactions nor all of their messages: only what the selection names below the root
    expect(counted.counter.texts.some((t) => /where T\.trace_id = any/i.test(t))).toBe(false);
    const metrics = await (await cached.get('/metrics')).text();
    const figure = (name: string) => Number(new RegExp(`^tonql_trace_tree_cache\\{figure="${name}"\\} (\\d+)`, 'm').exec(metrics)?.[1]);
    expect([figure('entries'), figure('hits')]).toEqual([trees.size.entries, trees.hits]);
    expect(figure('hits')).toBeGreaterThan(0);
  });

  it('never keeps the tree of a trace that is not final: pending, or completed in the newest block', async () => {
    const open = await db.writer.query<{ trace_id: string; pending: boolean }>(
      `select trace_id, state <> 'complete' as pending from traces where state <> 'complete' or mc_seqno_end >= $1`,
      [tip],
    );
    expect(open.some((t) => t.pending)).toBe(true);
    expect(open.some((t) => !t.pending)).toBe(true);
    const byId = (id: string) =>
      JSON.stringify({
        query: `query ($id: String!) { trace(id: $id) { traceId root { transactionHash children { transactionHash transaction { hash lt } } } } }`,
        variables: { id },
      });
    for (const { trace_id } of open) {
      const answer = async (server: typeof cached) =>
        (await server.get('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: byId(trace_id) })).text();
      const expected = await answer(plain);
      expect(await answer(cached)).toBe(expected);
      expect(await answer(cached)).toBe(expected);
    }
    for (const seqno of blocks) await run(cached, seqno);
    const kept = open.filter(({ trace_id }) => trees.get(trace_id) !== undefined);
    expect(kept).toEqual([]);
  });

  it('writes the transactions of pending traces in REST trace pages as they are, never from or into the transaction cache', async () => {
    const pending = (await db.writer.query<{ trace_id: string }>(`select trace_id from traces where state <> 'complete'`)).map((r) => r.trace_id);
    const hashes = (await db.writer.query<{ hash: string }>('select hash from transactions where trace_id = any($1)', [pending])).map((r) => r.hash);
    expect(hashes.length).toBeGreaterThan(0);
    const text = async (server: typeof cached, path: string) => (await server.get(path, { headers: { 'accept-encoding': 'identity' } })).text();
    const paths = [
      ...pending.map((id) => `/api/v3/traces?trace_id=${encodeURIComponent(id)}`),
      ...hashes.slice(0, 20).map((h) => `/api/v3/transactions?hash=${encodeURIComponent(h)}`),
    ];
    for (const path of [...paths, ...paths]) expect(await text(lists, path)).toBe(await text(plain, path));
    // why they must not be shared: a pending trace names its external message in its transactions, the lists do not
    const [trace] = JSON.parse(await text(lists, `/api/v3/traces?trace_id=${encodeURIComponent(pending[0])}`)).traces;
    expect(Object.values(trace.transactions).every((t: any) => t.trace_external_hash === trace.external_hash)).toBe(true);
    expect(trace.external_hash).not.toBeNull();
  });
});
