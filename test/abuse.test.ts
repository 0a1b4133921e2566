import fc from 'fast-check';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { realTestnetTraces } from './helpers/fixtures';
import { startService } from './helpers/service';

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;

const PARAMS = [
  'seqno', 'limit', 'offset', 'sort', 'account', 'ext_msg_hash', 'supported_action_types', 'x_timeout', 'x_no_address_book', 'api_key', 'foo', 'SEQNO', 'limit[]', '',
  'workchain', 'shard', 'mc_seqno', 'root_hash', 'exclude_account', 'hash', 'lt', 'start_utime', 'end_utime', 'start_lt', 'end_lt',
  'msg_hash', 'body_hash', 'opcode', 'direction', 'source', 'destination', 'exclude_externals', 'only_externals', 'address', 'file_hash',
  'trace_id', 'tx_hash', 'action_id', 'action_type', 'exclude_action_type', 'include_actions', 'include_transactions',
];
const hostileValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.double().map(String),
  fc.constantFrom('%ff', '%c3%28', '%', '%zz', '%00', '0x' + 'f'.repeat(64), 'A'.repeat(44), '-1', '1e9', ' 1', 'asc%20', 'null', '[]', '{}'),
  fc.string({ minLength: 500, maxLength: 3000 }),
  fc.integer({ min: 8200, max: 20000 }).map((n) => 'x'.repeat(n)),
);
const queryString = fc
  .array(fc.tuple(fc.constantFrom(...PARAMS), hostileValue, fc.boolean()), { maxLength: 8 })
  .map((pairs) => pairs.map(([k, v, raw]) => `${encodeURIComponent(k)}=${raw ? v : encodeURIComponent(v)}`).join('&'));

const hostileDocument = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    '{ transactionsByMasterchainBlock(seqno: 1) { hash } }',
    '{ transactionsByMasterchainBlock(seqno: -1) { hash } }',
    '{ transactionsByMasterchainBlock(seqno: "x", limit: 99999) { hash } }',
    '{ pendingTraces { traceId } }',
    '{ pendingTraces(account: "x", extMsgHash: ["y"]) { traceId } }',
    '{ transaction(hash: null) { hash } }',
    '{ __schema { types { name fields { name } } } }',
    'query { ...A } fragment A on Query { ...A }',
    'subscription { x }',
    'mutation { x }',
    '{'.repeat(5000),
  ),
  fc.integer({ min: 1, max: 40 }).map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: transactionsByMasterchainBlock(seqno: 32737160, limit: 1000) { hash outMsgs { hash } }`).join(' ')} }`),
  fc.integer({ min: 1, max: 60 }).map((n) => `{ transaction(hash: "x") ${'{ inMsg { sourceTransaction '.repeat(n)}{ hash }${' } }'.repeat(n)} }`),
);
const graphqlBody = fc.oneof(
  fc.record({ query: hostileDocument, variables: fc.option(fc.jsonValue()), operationName: fc.option(fc.string({ maxLength: 10 })) }).map((b) => JSON.stringify(b)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
);

// GraphQL-over-HTTP requests with every JSON type in every parameter, both methods, any content type, batches.
const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(null, 0, -1, 1.5, true, false, '', [], {}, [1, 'a'], { a: { b: [] } }));
const documentish = fc.oneof(hostileDocument, fc.constantFrom('{ __typename }', 'query Q { __typename }', `{ transactionsByMasterchainBlock(seqno: 32737160, limit: 2) { hash } }`));
const paramValue = <T>(likely: fc.Arbitrary<T>) => fc.option(fc.oneof(likely, anyJson), { nil: undefined });
const paramsObject = fc.record(
  { query: paramValue(documentish), variables: paramValue(fc.constant({ seqno: 32737160 })), operationName: paramValue(fc.constantFrom('Q', 'missing')), extensions: paramValue(fc.constant({})) },
  { requiredKeys: [] },
);
const graphqlRequest = fc.oneof(
  fc.record({
    method: fc.constant('POST'),
    type: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/graphql', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'application/xml', 'application/graphql-response+json', ''),
    body: fc.oneof(
      paramsObject.map((p) => JSON.stringify(p)),
      fc.array(paramsObject, { maxLength: 4 }).map((list) => JSON.stringify(list)),
      anyJson.map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
      documentish,
    ),
  }),
  fc.record({
    method: fc.constant('GET'),
    type: fc.constant(''),
    body: fc
      .record({ query: paramValue(documentish), variables: paramValue(fc.constant({ seqno: 1 })), operationName: paramValue(fc.string({ maxLength: 8 })), extensions: paramValue(fc.constant({})) }, { requiredKeys: [] })
      .chain((p) =>
        fc.tuple(...Object.entries(p).map(([k, v]) => fc.boolean().map((raw) => `${k}=${encodeURIComponent(raw && typeof v === 'string' ? v : JSON.stringify(v) ?? '')}`))),
      )
      .map((parts) => parts.join('&')),
  }),
);

describe('abuse: generated malformed requests', () => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    service = await startService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('never answers 5xx, always answers JSON errors on REST, never dies, and gives memory back', async () => {
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(
        'transactionsByMasterchainBlock', 'transactions', 'transactionsByMessage', 'adjacentTransactions', 'messages', 'blocks', 'masterchainInfo',
        'masterchainBlockShards', 'masterchainBlockShardState', 'addressBook', 'metadata', 'traces', 'actions', 'pendingTransactions',
        'pendingActions', 'pendingTraces', 'nothing',
      ), queryString, fc.option(fc.string({ maxLength: 30 })), async (route, query, timeout) => {
        requests += 1;
        const headers: Record<string, string> = {};
        if (timeout !== null && /^[\x20-\x7e]*$/.test(timeout)) headers['X-Timeout'] = timeout;
        const res = await service.get(`/api/v3/${route}?${query}`, { headers });
        const text = await res.text();
        // a statement timeout the client lowered to a few milliseconds is a 504, as asked; nothing else is 5xx
        const lowered = Number(headers['X-Timeout']?.trim()) < 100;
        if (res.status !== 504 || !lowered) expect(res.status, `${route}?${query.slice(0, 200)}`).toBeLessThan(500);
        const body = JSON.parse(text);
        if (res.status >= 400) expect(body).toEqual({ error: expect.any(String), code: res.status });
      }),
      { numRuns: 800 },
    );
    await fc.assert(
      fc.asyncProperty(graphqlBody, fc.constantFrom('application/json', 'text/plain', 'application/graphql-response+json'), async (body, type) => {
        requests += 1;
        const res = await service.get('/graphql', { method: 'POST', headers: { 'content-type': type, accept: 'application/json' }, body });
        const text = await res.text();
        expect(res.status, body.slice(0, 200)).toBeLessThan(500);
        expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 300 },
    );
    let graphqlRequests = 0;
    await fc.assert(
      fc.asyncProperty(graphqlRequest, fc.constantFrom('application/json', 'application/graphql-response+json', '*/*'), async ({ method, type, body }, accept) => {
        graphqlRequests += 1;
        const init: RequestInit = method === 'GET' ? { headers: { accept } } : { method, headers: { accept, ...(type ? { 'content-type': type } : {}) }, body };
        const res = await service.get(method === 'GET' ? `/graphql?${body}` : '/graphql', init);
        const text = await res.text();
        expect(res.status, `${method} ${type} ${body.slice(0, 300)}`).toBeLessThan(500);
        if (/json/.test(res.headers.get('content-type') ?? '')) expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
    expect(graphqlRequests).toBeGreaterThanOrEqual(1000);
    expect(requests).toBeGreaterThanOrEqual(700);
    expect((await service.get('/health')).status).toBe(200);
    gc();
    expect(process.memoryUsage().heapUsed - baseline).toBeLessThan(64 * 1024 * 1024);
  }, 300_000);
});
