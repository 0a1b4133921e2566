import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limiter } from '../src/http/limiter';
import { createHttpServer } from '../src/http/server';
import { LiveRuntime } from '../src/live/runtime';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { LIMITS } from './helpers/live';
import { testServices } from './helpers/service';

// GraphQL subscriptions over HTTP, generated: any Accept, any content type, any method, valid and broken
// documents. None may hold a limiter slot or a live slot once its client is gone, none may get a 5xx.

const ACCOUNT = `0:${'ab'.repeat(32)}`;
const subscriptionDocument = fc.oneof(
  fc.constantFrom(
    `subscription { transactions(accounts: ["${ACCOUNT}"]) { kind } }`,
    `subscription S { traces(accounts: ["${ACCOUNT}"]) { kind trace { traceId } } }`,
    `subscription { actions(accounts: ["${ACCOUNT}"], types: ["jetton_transfer"]) { kind actions { type } } }`,
    `subscription { accountStates(accounts: ["${ACCOUNT}"]) { kind } }`,
    `subscription { jettonBalances(account: "${ACCOUNT}", jetton: "${ACCOUNT}") { kind wallet { balance } } }`,
    `subscription { jettonBalances(account: "${ACCOUNT}", jetton: "not an address") { kind } }`,
    `subscription { transactions(accounts: []) { kind } }`,
    `subscription { transactions(accounts: ["not an address"]) { kind } }`,
    `subscription { traces { kind } }`,
    `subscription { transactions(accounts: ["${ACCOUNT}"]) { kind } } query Q { __typename }`,
    `subscription { a: transactions(accounts: ["${ACCOUNT}"]) { kind } b: traces(accounts: ["${ACCOUNT}"]) { kind } }`,
    `subscription { nothing }`,
    'subscription {',
    `subscription { ...F } fragment F on Subscription { ...F }`,
    `subscription { actions(accounts: ["${ACCOUNT}"], supportedActionTypes: ["\\u0000"]) { kind } }`,
  ),
  fc
    .array(fc.constantFrom('v1', 'v2', 'v3', 'v4', 'latest', 'jettons', '\u0000'), { maxLength: 400 })
    .map((types) => `subscription { traces(accounts: ["${ACCOUNT}"], supportedActionTypes: ${JSON.stringify(types)}) { kind } }`),
  fc.integer({ min: 1, max: 3000 }).map((n) => `subscription { transactions(accounts: ${JSON.stringify(Array.from({ length: n }, () => ACCOUNT))}) { kind } }`),
);
const accept = fc.option(
  fc.constantFrom(
    '*/*',
    'text/event-stream',
    'text/*',
    'application/json',
    'application/graphql-response+json',
    'multipart/mixed',
    'text/event-stream;q=0',
    'text/html, */*;q=0.1',
    '',
  ),
  { nil: undefined },
);
const contentType = fc.constantFrom(
  'application/json',
  'application/graphql',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
);

function body(type: string, query: string): string {
  if (type === 'application/graphql') return query;
  if (type === 'application/x-www-form-urlencoded') return new URLSearchParams({ query }).toString();
  return JSON.stringify({ query });
}

describe('abuse: generated GraphQL subscriptions over HTTP', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('never answers 5xx, never holds a limiter slot, and gives every live slot back when the client goes', async () => {
    const limiter = new Limiter({ max: 2, maxQueue: 4, maxWaitMs: 2000 });
    const live = new LiveRuntime({ ...LIMITS, maxPerIp: 10_000, maxAddresses: 1000 });
    const { server } = createHttpServer({ ...testServices(db.reader), limiter, live });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const statuses = new Map<number, number>();
    try {
      await fc.assert(
        fc.asyncProperty(subscriptionDocument, accept, contentType, fc.boolean(), async (query, acceptHeader, type, viaGet) => {
          const abort = new AbortController();
          const headers: Record<string, string> = acceptHeader === undefined ? {} : { accept: acceptHeader };
          const res = viaGet
            ? await fetch(`${base}/graphql?${new URLSearchParams({ query })}`, { headers, signal: abort.signal })
            : await fetch(`${base}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': type }, body: body(type, query), signal: abort.signal });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status).toBeLessThan(500);
          if (/text\/event-stream/.test(res.headers.get('content-type') ?? '')) {
            // a stream: it must not sit in a limiter slot; the client leaves
            expect(limiter.running).toBe(0);
          } else if (viaGet && /text\/html/.test(res.headers.get('content-type') ?? '')) {
            // a browser's GET (Accept: text/html) is given GraphiQL
            expect(acceptHeader).toMatch(/text\/html/);
          } else if (/^multipart\/mixed/.test(res.headers.get('content-type') ?? '')) {
            // asked for as multipart (incremental delivery): its parts are JSON
            expect(acceptHeader).toMatch(/multipart\/mixed/);
            expect(await res.text()).toMatch(/Content-Type: application\/json/);
          } else {
            const text = await res.text();
            expect(() => JSON.parse(text)).not.toThrow();
          }
          abort.abort();
          const deadline = Date.now() + 3000;
          while ((live.subscribers > 0 || live.followedAddresses > 0 || limiter.running > 0) && Date.now() < deadline)
            await new Promise((r) => setTimeout(r, 10));
          expect(live.subscribers).toBe(0);
          expect(live.followedAddresses).toBe(0);
          expect(limiter.running).toBe(0);
        }),
        { numRuns: 120 },
      );
      expect((await fetch(`${base}/health`)).status).toBe(200);
      console.log(`subscriptions corpus: statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    } finally {
      live.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);
});
