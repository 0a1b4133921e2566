import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExamples } from '../src/data/examples';
import { DEMO_DIR } from '../src/db/open';
import { exampleTabs } from '../src/graphql/examples';
import { exampleUrls } from '../src/rest/docsPage';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { importDemo } from './helpers/demo';
import { transactionsOf } from './helpers/fixtures';
import { startService } from './helpers/service';

/** Whether a GraphQL result holds data: a root field that is not null and not an empty list. */
const hasData = (data: Record<string, unknown> | null | undefined) =>
  Object.values(data ?? {}).some((v) => v !== null && !(Array.isArray(v) && v.length === 0));

describe.each(await availableBackends())('examples that run as they are, on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDemo(db.writer);
    service = await startService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('finds values that exist: the latest block with transactions, an account with a pending trace, a multi-transaction trace', async () => {
    const ex = await findExamples(db.reader);
    // from the demo files themselves, not from the query under test
    const seqnos = readdirSync(DEMO_DIR).filter((f) => f.endsWith('.json')).flatMap((f) => transactionsOf(JSON.parse(readFileSync(path.join(DEMO_DIR, f), 'utf8'))).map((t: any) => t.mc_block_seqno));
    expect(ex.seqno).toBe(Math.max(...seqnos));
    expect(ex.pendingAccount).toMatch(/^-?\d+:[0-9A-F]{64}$/);
    const [pending] = await db.writer.query<{ n: string }>(
      `select count(*) as n from traces E join transactions T on T.trace_id = E.trace_id where E.state = 'pending' and T.account = $1`,
      [ex.pendingAccount],
    );
    expect(Number(pending.n)).toBeGreaterThan(0);
    const [trace] = await db.writer.query<{ nodes_: string; state: string }>('select nodes_, state from traces where trace_id = $1', [ex.traceId]);
    expect(trace).toMatchObject({ state: 'complete' });
    expect(Number(trace.nodes_)).toBeGreaterThan(1);
  });

  it('every GraphiQL tab returns data and no error with its variables', async () => {
    const tabs = exampleTabs(await findExamples(db.reader));
    expect(tabs.map((t) => /query (\w+)/.exec(t.query)![1])).toEqual(['BlockTransactions', 'PendingTraces', 'Trace', 'Navigate']);
    for (const tab of tabs) {
      const res = await service.get('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: tab.query, variables: JSON.parse(tab.variables) }),
      });
      const body = await res.json();
      expect(body.errors, tab.query.slice(0, 200)).toBeUndefined();
      expect(hasData(body.data), tab.query.slice(0, 200)).toBe(true);
    }
  });

  it('the navigation tab reaches a destination transaction and its trace', async () => {
    const tab = exampleTabs(await findExamples(db.reader))[3];
    const res = await service.get('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: tab.query, variables: JSON.parse(tab.variables) }) });
    const { data } = await res.json();
    const reached = data.transaction.outMsgs.map((m: any) => m.destinationTransaction).filter(Boolean);
    expect(reached.length).toBeGreaterThan(0);
    expect(reached[0].trace.traceId).toBe(JSON.parse(tab.variables).hash);
  });

  it('every example link of the docs page answers with data', async () => {
    const urls = Object.values(exampleUrls(await findExamples(db.reader))).flat();
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const { url } of urls) {
      const res = await service.get(url);
      expect(res.status, url).toBe(200);
      const body = await res.json();
      expect((body.transactions ?? body.traces).length, url).toBeGreaterThan(0);
    }
    const page = await (await service.get('/api/v3/docs')).text();
    for (const { url } of urls) expect(page).toContain(`href="${url.replace(/&/g, "&#38;")}"`);
  });

  it('/ is a small HTML index for browsers and JSON for clients that ask for it', async () => {
    const html = await service.get('/', { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    const text = await html.text();
    for (const link of ['/graphql', '/api/v3/docs', '/api/v3/openapi.json']) expect(text).toContain(`href="${link}"`);
    const json = await (await service.get('/', { headers: { accept: 'application/json' } })).json();
    expect(json).toMatchObject({ graphql: '/graphql', docs: '/api/v3/docs', openapi: '/api/v3/openapi.json' });
    expect(json.rest.map((r: any) => r.path)).toEqual(['/api/v3/transactionsByMasterchainBlock', '/api/v3/pendingTraces']);
    expect(json.rest.every((r: any) => typeof r.example === 'string')).toBe(true);
  });
});
