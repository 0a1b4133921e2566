import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/http/server';
import { createGraphQL } from '../src/graphql/yoga';
import { queryCost } from '../src/graphql/limits';
import { defaults } from '../src/config';
import { parse } from 'graphql';
import { schema } from '../src/graphql/schema';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { execute } from './helpers/graphql';
import { testServices } from './helpers/service';

describe('GraphQL limits', () => {
  let db: TestDatabase;
  let yoga: ReturnType<typeof createGraphQL>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    yoga = createGraphQL(testServices(db.reader), {
      ...defaults().graphql,
      limits: { maxDepth: 6, maxAliases: 3, maxTokens: 300, maxCost: 20_000, maxDocumentBytes: 4000 },
    });
  });
  afterAll(async () => db?.drop());

  const rejected = async (query: string, variables?: Record<string, unknown>) => {
    const result = await execute(yoga, query, variables);
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0].extensions.code, result.errors?.[0].message).toBe('BAD_USER_INPUT');
    return result.errors![0].message as string;
  };

  it('rejects documents too deep, too aliased, too long or too costly, saying which limit and by how much', async () => {
    expect(await rejected('{ transaction(hash: "x") { inMsg { sourceTransaction { inMsg { sourceTransaction { inMsg { hash } } } } } } }')).toMatch(
      /depth limit of 6 exceeded, found 7/i,
    );
    expect(
      await rejected(
        '{ a: transaction(hash: "x") { hash } b: transaction(hash: "x") { hash } c: transaction(hash: "x") { hash } d: transaction(hash: "x") { hash } }',
      ),
    ).toMatch(/aliases limit of 3 exceeded, found 4/i);
    expect(await rejected(`{ transaction(hash: "x") { ${'hash '.repeat(300)} } }`)).toMatch(/token limit of 300 exceeded/i);
    // 1 + 1000 × (hash 1 + outMsgs (1 + 4 × 8 fields)) = 34001
    const page = '{ hash outMsgs { hash source destination value opcode bounce bounced createdLt } }';
    expect(await rejected(`query ($n: Int) { transactionsByMasterchainBlock(seqno: 1, limit: $n) ${page} }`, { n: 1000 })).toBe(
      'query cost limit of 20000 exceeded: this query costs 34001 (list fields count their limit)',
    );
    const big = `{ transaction(hash: "${'x'.repeat(5000)}") { hash } }`;
    expect(await rejected(big)).toBe(`document size limit of 4000 bytes exceeded: got ${Buffer.byteLength(big)} bytes`);
  });

  it('prices list fields by their limit from coerced values: literals, variables, variable defaults, fragments', () => {
    const cost = (query: string, variables?: Record<string, unknown>, operationName?: string) => queryCost(schema, parse(query), operationName, variables);
    const doc = 'query Q($n: Int) { transactionsByMasterchainBlock(seqno: 1, limit: $n) { ...F } } fragment F on Transaction { hash lt }';
    expect(cost(doc, { n: 10 })).toBe(1 + 10 * 2);
    expect(cost(doc, { n: 1000 })).toBe(1 + 1000 * 2);
    expect(cost('{ transactionsByMasterchainBlock(seqno: 1) { hash } }')).toBe(1 + 10);
    // a variable's default is what execution uses: priced as 1000, not as an absent limit
    expect(cost('query ($n: Int = 1000) { transactionsByMasterchainBlock(seqno: 1, limit: $n) { outMsgs { hash } } }')).toBe(1 + 1000 * (1 + 4));
    // only the operation that runs is priced
    expect(
      cost(
        'query A { transactionsByMasterchainBlock(seqno: 1, limit: 5) { hash } } query B { transactionsByMasterchainBlock(seqno: 1, limit: 7) { hash } }',
        {},
        'B',
      ),
    ).toBe(1 + 7);
    // same field name, different types: TraceInfo.transactions is a number, Trace.transactions a list of 50
    expect(cost('{ trace(id: "x") { traceInfo { transactions } transactions { hash } } }')).toBe(1 + (1 + 1) + (1 + 50 * 1));
    // a connection multiplies by its page size once: its edges are that page, not ten times more
    expect(cost('{ jettonWallets(first: 1000) { edges { cursor node { address balance } } } }')).toBe(1 + 1000 * (1 + 1 + 1 + 2));
    // the nested asset query: 100 holders, each with 10 transfers, is priced as that many objects
    expect(
      cost(
        '{ jettonMaster(address: "x") { wallets(first: 100) { edges { node { owner { address } transfers(first: 10) { edges { node { amount transaction { hash } } } } } } } } }',
      ),
    ).toBe(1 + 1 + 100 * (1 + 1 + 2 + 1 + 10 * (1 + 1 + 1 + 2)));
  });

  it('rejects a costly page whose limit only a variable default sets', async () => {
    expect(
      await rejected(
        'query ($n: Int = 1000) { transactionsByMasterchainBlock(seqno: 1, limit: $n) { hash outMsgs { hash source destination value opcode bounce bounced createdLt } } }',
      ),
    ).toBe('query cost limit of 20000 exceeded: this query costs 34001 (list fields count their limit)');
  });

  it('refuses mutations (the API only reads) and subscriptions where no live events are served', async () => {
    const mutation = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: 'mutation { x }' }),
    });
    expect(mutation.status).toBeLessThan(500);
    expect((await mutation.json()).errors[0]).toMatchObject({
      message: 'this API is read-only: mutations are not supported, only queries and subscriptions',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const subscription = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: `subscription { transactions(accounts: ["0:${'A'.repeat(64)}"]) { kind } }` }),
    });
    expect(await subscription.text()).toContain('live events are not served by this instance');
  });

  it('can switch introspection and GraphiQL off for production', async () => {
    const closed = createGraphQL(testServices(db.reader), { ...defaults().graphql, introspection: false, graphiql: false });
    const result = await execute(closed, '{ __schema { types { name } } }');
    expect(result.errors?.[0].message).toMatch(/introspection/i);
    const page = await closed.fetch('http://localhost/graphql', { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/graphiql/i);
    expect((await execute(yoga, '{ __schema { queryType { name } } }')).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    // over HTTP too, where a plain query runs without yoga's HTTP layer
    const { server } = createHttpServer(testServices(db.reader), { ...defaults().graphql, introspection: false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __type(name: "Query") { name } }' }),
      });
      expect((await res.json()).errors?.[0].message).toMatch(/introspection/i);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
