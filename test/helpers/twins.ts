import { afterAll, beforeAll, expect } from 'vitest';
import type { Network } from '../../src/config';
import { createGraphQL } from '../../src/graphql/yoga';
import { countingDatabase } from './counting';
import { type BACKENDS, createTestDatabase, type TestDatabase } from './databases';
import { execute } from './graphql';
import { startService, testServices } from './service';

/** A connection's selection: its page info, and each edge's cursor and node with `fields`. */
export const page = (fields: string) => `pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { ${fields} } }`;

/**
 * REST routes and their GraphQL twins over one seeded database, for the describe block that calls this: the real
 * HTTP server for REST, and GraphQL in-process over a view of the same database that counts its statements.
 * Started before the block's tests (after `seed`, within `setupTimeout` ms), stopped after.
 */
export function graphqlTwins(
  backend: (typeof BACKENDS)[number],
  seed: (db: TestDatabase) => Promise<unknown>,
  { network = 'mainnet', setupTimeout }: { network?: Network; setupTimeout?: number } = {},
) {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  let counted: ReturnType<typeof countingDatabase>;
  let yoga: ReturnType<typeof createGraphQL>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await seed(db);
    service = await startService(db.reader, network);
    counted = countingDatabase(db.reader);
    yoga = createGraphQL(testServices(counted.db, network));
  }, setupTimeout);
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  /** The data of a document that must succeed. */
  const query = async (doc: string, variables?: Record<string, unknown>): Promise<any> => {
    const { data, errors } = (await execute(yoga, doc, variables)) as any;
    expect(errors, doc).toBeUndefined();
    return data;
  };
  /** The first error of a document. */
  const failure = async (doc: string, variables?: Record<string, unknown>): Promise<any> => ((await execute(yoga, doc, variables)) as any).errors?.[0];
  /** The status and body of a REST request (`path` under /api/v3/). */
  const restAnswer = async (path: string) => {
    const res = await service.get(`/api/v3/${path}`);
    return { status: res.status, body: (await res.json()) as any };
  };
  /** The body of a REST request that must succeed. */
  const rest = async (path: string) => {
    const { status, body } = await restAnswer(path);
    expect(status, `${path}: ${JSON.stringify(body).slice(0, 200)}`).toBe(200);
    return body;
  };
  /** The message of a REST request that must be refused with 422. */
  const restError = async (path: string): Promise<string> => {
    const { status, body } = await restAnswer(path);
    expect(status, path).toBe(422);
    return body.error;
  };

  /**
   * Every node of a connection, walked forward with `first`/`after` and back with `last`/`before`: `doc` declares
   * `$size` and `$cursor` and puts `paging` in the connection's arguments, `at` finds the connection in the data.
   * Both walks must agree, and every page but the last be full.
   */
  async function walk(doc: (paging: string) => string, at: (data: any) => any, variables: Record<string, unknown> = {}, size = 4) {
    const forward: any[] = [];
    for (let after: string | null = null; ; ) {
      const conn = at(await query(doc('first: $size, after: $cursor'), { ...variables, size, cursor: after }));
      forward.push(...conn.edges.map((e: any) => e.node));
      expect(conn.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!conn.pageInfo.hasNextPage) break;
      expect(conn.edges).toHaveLength(size);
      expect(forward.length, 'the walk does not end').toBeLessThan(100_000);
      after = conn.pageInfo.endCursor;
    }
    const backward: any[] = [];
    for (let before: string | null = null; ; ) {
      const conn = at(await query(doc('last: $size, before: $cursor'), { ...variables, size, cursor: before }));
      backward.unshift(...conn.edges.map((e: any) => e.node));
      if (!conn.pageInfo.hasPreviousPage) break;
      expect(conn.edges).toHaveLength(size);
      expect(backward.length, 'the walk does not end').toBeLessThan(100_000);
      before = conn.pageInfo.startCursor;
    }
    expect(backward).toEqual(forward);
    return forward;
  }

  /** What `run` returns and the SQL statements GraphQL sent meanwhile. */
  async function statements<T>(run: () => Promise<T>) {
    counted.counter.statements = 0;
    counted.counter.texts = [];
    const result = await run();
    return { count: counted.counter.statements, texts: [...counted.counter.texts], result };
  }

  return {
    query,
    failure,
    rest,
    restAnswer,
    restError,
    walk,
    statements,
    /** The database (after the set-up). */
    db: () => db,
    /** The counting view of the database GraphQL reads. */
    countingDb: () => counted.db,
  };
}
