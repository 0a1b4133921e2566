import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { startService } from './helpers/service';
import { syntheticBlock, syntheticTrace } from './helpers/synthetic';

/**
 * Row 13 of issue 20: equal requests give equal bytes, whatever order the rows were written in and whichever
 * backend serves them. Every out-message of a transaction here shares one created_lt, so only a total order
 * (created_lt, then hash) fixes their place; each database holds the same rows written in one of two orders.
 */
const SEQNO = 500;
const CONCURRENT = 200;

function documents(reversed: boolean) {
  const block = syntheticBlock(SEQNO, 6);
  const trace = syntheticTrace(7, 'ties');
  trace.traces[0].trace_info.trace_state = 'complete';
  const txs = [...block.transactions, ...Object.values<any>(trace.traces[0].transactions)];
  for (const tx of txs) for (const m of tx.out_msgs) m.created_lt = String(BigInt(tx.lt) + 1n);
  if (reversed) {
    block.transactions.reverse();
    for (const tx of txs) tx.out_msgs.reverse();
    const t = trace.traces[0];
    t.transactions = Object.fromEntries(Object.entries(t.transactions).reverse());
  }
  return { block: JSON.stringify(block), trace: JSON.stringify(trace), traceId: trace.traces[0].trace_id as string };
}

const traceId = documents(false).traceId;
const GRAPHQL = JSON.stringify({
  query: `query ($id: String!) {
    transactionsByMasterchainBlock(seqno: ${SEQNO}, limit: 100) { hash outMsgs { hash createdLt } }
    trace(id: $id) { transactions { hash outMsgs { hash } } root { children { transaction { hash } } } }
  }`,
  variables: { id: traceId },
});
const REQUESTS: [string, string, RequestInit?][] = [
  ['block page', `/api/v3/transactionsByMasterchainBlock?seqno=${SEQNO}&limit=100`],
  ['transactions', `/api/v3/transactions?mc_seqno=${SEQNO}&limit=100&sort=asc`],
  ['traces', `/api/v3/traces?trace_id=${encodeURIComponent(traceId)}&include_actions=true`],
  ['graphql', '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: GRAPHQL }],
];

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('row 13: equal requests give equal bytes across write orders, backends and concurrent requests', () => {
  const served: { name: string; db: TestDatabase; service: Awaited<ReturnType<typeof startService>> }[] = [];
  beforeAll(async () => {
    for (const backend of await availableBackends()) {
      for (const reversed of [false, true]) {
        const db = await createTestDatabase(backend);
        const docs = documents(reversed);
        await importDocument(db.writer, 'block', docs.block);
        await importDocument(db.writer, 'trace', docs.trace);
        served.push({ name: `${backend}${reversed ? ' reversed' : ''}`, db, service: await startService(db.reader) });
      }
    }
  }, 120_000);
  afterAll(async () => {
    for (const { db, service } of served) {
      await service.close();
      await db.drop();
    }
  });

  it('lists out-messages with equal created_lt by hash, and answers every request with the same bytes', async () => {
    const distinct: Set<string>[] = [];
    for (const [what, path, init] of REQUESTS) {
      const bodies = new Set<string>();
      for (const { service } of served) {
        const responses = await Promise.all(Array.from({ length: CONCURRENT }, () => service.get(path, init)));
        for (const res of responses) {
          expect(res.status, what).toBe(200);
          bodies.add(await res.text());
        }
      }
      distinct.push(bodies);
    }
    const figures = REQUESTS.map(([what], i) => `${what} ${distinct[i].size}`).join(', ');
    console.log(
      `row 13: distinct bodies per request over ${served.length} databases (${served.map((s) => s.name).join(', ')}) × ${CONCURRENT} concurrent: ${figures} (0c96db8, measured: block page 1, transactions 1, traces 2, graphql 2)`,
    );
    REQUESTS.forEach(([what], i) => {
      expect(distinct[i].size, what).toBe(1);
      const body = JSON.parse([...distinct[i]][0]);
      const txs =
        what === 'graphql' ? body.data.transactionsByMasterchainBlock : what === 'traces' ? Object.values<any>(body.traces[0].transactions) : body.transactions;
      expect(txs.length, what).toBeGreaterThan(0);
      for (const tx of txs) {
        const hashes = (tx.out_msgs ?? tx.outMsgs).map((m: any) => m.hash);
        expect(hashes, what).toEqual([...hashes].sort(cmp));
      }
    });
  }, 300_000);
});
