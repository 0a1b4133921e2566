import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExamples } from '../src/data/examples';
import { DEMO_DIR } from '../src/db/open';
import { exampleTabs } from '../src/graphql/examples';
import { exampleUrls } from '../src/rest/docsPage';
import type { Database } from '../src/db/types';
import { importDocument, importFile } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { ALL_TABS, DEMO_TABS, importDemo } from './helpers/demo';
import { fixtureText, transactionsOf } from './helpers/fixtures';
import { startService } from './helpers/service';
import { syntheticTrace } from './helpers/synthetic';
import { API_PREFIX, methodsOf, REST_ROUTES } from '../src/rest/registry';
import { DEFAULT_OPTIONS } from '../src/generate/generator';
import { generateInto } from '../src/generate/load';

/** Whether a GraphQL result holds data: a root field that is not null and not an empty list. */
const hasData = (data: Record<string, unknown> | null | undefined) =>
  Object.values(data ?? {}).some((v) => v !== null && !(Array.isArray(v) && v.length === 0));

type Service = Awaited<ReturnType<typeof startService>>;
interface SentTab {
  query: string;
  variables: string;
}

/** The tabs the GraphiQL page hands to the browser, read from the page itself. */
async function sentTabs(service: Service): Promise<SentTab[]> {
  const res = await service.get('/graphql', { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  const options = /renderYogaGraphiQL\(document\.querySelector\('#root'\), (.*)\);<\/script>/.exec(await res.text());
  expect(options, 'the page renders GraphiQL with options').not.toBeNull();
  return JSON.parse(options![1]).defaultTabs;
}

const tabName = (tab: SentTab) => /query (\w+)/.exec(tab.query)![1];

async function runTab(service: Service, tab: SentTab) {
  const res = await service.get('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: tab.query, variables: JSON.parse(tab.variables) }),
  });
  return res.json();
}

/** Every tab the page sends: no empty variable, no error, and (unless the database is empty) data. */
async function expectTabsRun(service: Service, opts: { data: boolean }): Promise<SentTab[]> {
  const tabs = await sentTabs(service);
  expect(tabs.length).toBeGreaterThan(0);
  for (const tab of tabs) {
    for (const [name, value] of Object.entries(JSON.parse(tab.variables))) expect(value, `${tabName(tab)}: $${name}`).not.toBe('');
    const body = await runTab(service, tab);
    expect(body.errors, tabName(tab)).toBeUndefined();
    if (opts.data) expect(hasData(body.data), tabName(tab)).toBe(true);
  }
  return tabs;
}

/**
 * Whether a REST answer holds data: a list (the page of an envelope is its first list) that is not empty, or an
 * object without lists (addressBook, masterchainInfo, walletInformation, balanceChanges) with a value that is
 * neither null nor empty.
 */
function restData(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0;
  if (body === null || typeof body !== 'object') return false;
  const values = Object.values(body);
  const list = values.find(Array.isArray);
  if (list !== undefined) return list.length > 0;
  return values.some((v) => v !== null && !(typeof v === 'object' && Object.keys(v).length === 0));
}

/** Every docs link answers 200 with data, and the docs page shows it. */
async function expectLinksAnswer(service: Service, urls: { url: string }[]) {
  for (const { url } of urls) {
    const res = await service.get(url);
    expect(res.status, url).toBe(200);
    expect(restData(await res.json()), url).toBe(true);
  }
  const page = await (await service.get('/api/v3/docs')).text();
  for (const { url } of urls) expect(page).toContain(`href="${url.replace(/&/g, '&#38;')}"`);
}

/** HTML text back to the characters escapeHtml wrote. */
const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));

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
    const seqnos = readdirSync(DEMO_DIR)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => transactionsOf(JSON.parse(readFileSync(path.join(DEMO_DIR, f), 'utf8'))).map((t: any) => t.mc_block_seqno));
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
    const tabs = await expectTabsRun(service, { data: true });
    expect(tabs.map(tabName)).toEqual(DEMO_TABS);
  });

  it('the navigation tab reaches a destination transaction and its trace', async () => {
    const tab = exampleTabs(await findExamples(db.reader))[3];
    const { data } = await runTab(service, tab);
    const reached = data.transaction.outMsgs.map((m: any) => m.destinationTransaction).filter(Boolean);
    expect(reached.length).toBeGreaterThan(0);
    expect(reached[0].trace.traceId).toBe(JSON.parse(tab.variables).hash);
  });

  it('every example link of the docs page answers with data', async () => {
    const urls = Object.values(exampleUrls(await findExamples(db.reader))).flat();
    expect(urls.length).toBeGreaterThanOrEqual(4);
    await expectLinksAnswer(service, urls);
  });

  it('the docs page shows real error answers and links to the OpenAPI document and GraphQL', async () => {
    const page = await (await service.get('/api/v3/docs')).text();
    for (const link of ['/api/v3/openapi.json', '/graphql']) expect(page).toContain(`href="${link}"`);
    const shown = [...page.matchAll(/<li><code>([^<]+)<\/code> → (\d+) <code>([^<]+)<\/code><\/li>/g)];
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const [, url, status, body] of shown) {
      const res = await service.get(unescapeHtml(url));
      expect(res.status, url).toBe(Number(status));
      expect(await res.text(), url).toBe(unescapeHtml(body));
    }
  });

  it('/ is a small HTML index for browsers and JSON for clients that ask for it', async () => {
    const html = await service.get('/', { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    const text = await html.text();
    for (const link of ['/graphql', '/api/v3/docs', '/api/v3/openapi.json']) expect(text).toContain(`href="${link}"`);
    const json = await (await service.get('/', { headers: { accept: 'application/json' } })).json();
    expect(json).toMatchObject({ graphql: '/graphql', docs: '/api/v3/docs', openapi: '/api/v3/openapi.json' });
    // every route of the registry, in its order
    expect(json.rest.map((r: any) => r.path)).toEqual(REST_ROUTES.map((r) => `${API_PREFIX}${r.name}`));
    // every GET route has its link where the data has rows for it (the suite below); the demo set (mainnet traces,
    // transactions and asset responses) holds no NFT transfer or sale, no jetton burn, multisig or vesting contract,
    // and no wallet's data cell (traces carry its hash only); a route answering only POST has no link
    expect(json.rest.filter((r: any) => r.methods !== 'POST' && typeof r.example !== 'string').map((r: any) => r.path)).toEqual([
      '/api/v3/nft/transfers',
      '/api/v3/nft/sales',
      '/api/v3/walletInformation',
      '/api/v3/wallet',
      '/api/v3/multisig/wallets',
      '/api/v3/multisig/orders',
      '/api/v3/vesting',
      '/api/v3/jetton/burns',
    ]);
  });
});

/**
 * A generated database (`cli generate`: blocks, traces pending and complete with actions, every asset table) has
 * rows for every route: each GET route of the registry gets a docs link that answers with data, and every tab runs.
 */
describe.each(await availableBackends())('examples on a database with rows in every table, on %s', (backend) => {
  let db: TestDatabase;
  let service: Service;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await generateInto(db.writer, { ...DEFAULT_OPTIONS, transactions: 1500, seed: 'examples', bigBlockEvery: 50 });
    service = await startService(db.reader, 'mainnet');
  }, 300_000);
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('every GET route of the registry has a docs link, and each link answers 200 with data', async () => {
    const ex = await findExamples(db.reader);
    const examples = exampleUrls(ex);
    const routes = REST_ROUTES.filter((r) => methodsOf(r).includes('GET')).map((r) => `${API_PREFIX}${r.name}`);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((path) => !(examples[path]?.length > 0))).toEqual([]);
    // a link per path of the registry, none elsewhere
    for (const [path, links] of Object.entries(examples)) {
      expect(routes, path).toContain(path);
      for (const { url } of links) expect(url.split('?')[0], path).toBe(path);
    }
    await expectLinksAnswer(service, Object.values(examples).flat());
    // the values the new links read are what they say
    const body = async (path: string) => (await service.get(examples[path][0].url)).json();
    for (const path of ['/api/v3/walletInformation', '/api/v3/wallet']) expect((await body(path)).wallet_type, path).toMatch(/^wallet/);
    expect((await body('/api/v3/decode')).opcodes).toHaveLength(1);
    expect((await body('/api/v3/events')).events[0].actions.length).toBeGreaterThan(0);
    expect((await body('/api/v3/nft/sales')).nft_sales.length).toBe(ex.nftSales.length);
    expect((await body('/api/v3/multisig/orders')).orders[0].actions).not.toBeNull();
    const index = await (await service.get('/', { headers: { accept: 'application/json' } })).json();
    expect(index.rest.filter((r: any) => r.methods !== 'POST' && typeof r.example !== 'string').map((r: any) => r.path)).toEqual([]);
  });

  it('every GraphiQL tab runs to data, the asset tabs included', async () => {
    const tabs = await expectTabsRun(service, { data: true });
    expect(tabs.map(tabName)).toEqual(ALL_TABS);
    const ex = await findExamples(db.reader);
    const run = async (name: string) => (await runTab(service, tabs.find((t) => tabName(t) === name)!)).data;
    expect((await run('JettonBurns')).jettonBurns.edges.length).toBeGreaterThan(0);
    expect((await run('TopAccounts')).topAccountsByBalance.edges[0].node.address).toBe(ex.richestAccount);
    expect((await run('NftCollections')).nftCollections.edges.length).toBeGreaterThan(0);
    expect((await run('NftTransfers')).nftTransfers.edges.length).toBeGreaterThan(0);
    expect((await run('NftSales')).nftSales.map((s: any) => s.address)).toEqual(ex.nftSales);
  });
});

/** Databases without the demo's variety, as ton-indexer databases can be: each tab runs, or is not sent. */
describe.each(await availableBackends())('examples on other databases, on %s', (backend) => {
  async function onDatabase(load: (db: Database) => Promise<unknown>, check: (service: Service, db: TestDatabase) => Promise<void>) {
    const db = await createTestDatabase(backend);
    const service = await startService(db.reader);
    try {
      await load(db.writer);
      await check(service, db);
    } finally {
      await service.close();
      await db.drop();
    }
  }
  const DEMO_FINALIZED = readdirSync(DEMO_DIR).filter((f) => f.endsWith('.json') && !f.startsWith('pending_'));
  const singleTransactionTrace = (seed: string) => {
    const doc = syntheticTrace(1, seed);
    doc.traces[0].trace_info.trace_state = 'complete';
    return JSON.stringify(doc);
  };

  it('without pending traces, the tree tab falls back to a finalized trace of several transactions and runs to data', () =>
    onDatabase(
      async (db) => {
        for (const file of DEMO_FINALIZED) await importFile(db, path.join(DEMO_DIR, file));
      },
      async (service, db) => {
        const tabs = await expectTabsRun(service, { data: true });
        expect(tabs.map(tabName)).toEqual(DEMO_TABS.map((t) => (t === 'PendingTraces' ? 'TraceTree' : t)));
        const { id } = JSON.parse(tabs[1].variables);
        const [trace] = await db.writer.query<{ state: string; nodes_: string }>('select state, nodes_ from traces where trace_id = $1', [id]);
        expect(trace.state).toBe('complete');
        expect(Number(trace.nodes_)).toBeGreaterThan(1);
        const { data } = await runTab(service, tabs[1]);
        expect(data.trace.root.children.length).toBeGreaterThan(0);
      },
    ));

  it('with only single-transaction traces, no tab is sent with an empty id and every tab runs to data', () =>
    onDatabase(
      async (db) => {
        await importDocument(db, 'a.json', singleTransactionTrace('a'));
        await importDocument(db, 'b.json', singleTransactionTrace('b'));
      },
      async (service) => {
        const tabs = await expectTabsRun(service, { data: true });
        expect(tabs.map(tabName)).toEqual([
          'BlockTransactions',
          'TraceTree',
          'Trace',
          'Navigate',
          'Account',
          'Message',
          'Traces',
          'TopAccounts',
          'TraceBalanceChanges',
        ]);
      },
    ));

  it('with transactions but no traces, the trace tabs are left out and the others run to data', () =>
    onDatabase(
      (db) => importDocument(db, 'account.json', fixtureText('transactions_testnet_2025-07_by_account.json')),
      async (service) => {
        const tabs = await expectTabsRun(service, { data: true });
        expect(tabs.map(tabName)).toEqual(['BlockTransactions', 'Navigate', 'Account', 'Message', 'TopAccounts']);
      },
    ));

  it('on an empty database, GraphiQL still opens on one tab that says so and runs without errors; the docs say there is nothing to try', () =>
    onDatabase(
      async () => {},
      async (service) => {
        const tabs = await expectTabsRun(service, { data: false });
        expect(tabs).toHaveLength(1);
        expect(tabs[0].query).toMatch(/no transactions yet/);
        const docs = await service.get('/api/v3/docs');
        expect(docs.status).toBe(200);
        expect(await docs.text()).toContain('no data in this database to show yet');
        const index = await (await service.get('/', { headers: { accept: 'application/json' } })).json();
        expect(index.rest.map((r: any) => r.example)).toEqual(index.rest.map(() => null));
      },
    ));
});
