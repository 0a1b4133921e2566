import fc from 'fast-check';
import { getNamedType, isCompositeType, isEnumType, isListType, isNonNullType, type GraphQLField, type GraphQLInputType } from 'graphql';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/graphql/schema';
import { createHttpServer } from '../src/http/server';
import { importDocument } from '../src/import/importFile';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { realTestnetTraces } from './helpers/fixtures';
import { startService, testServices } from './helpers/service';

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;

const PARAMS = [
  'seqno',
  'limit',
  'offset',
  'sort',
  'account',
  'ext_msg_hash',
  'supported_action_types',
  'x_timeout',
  'x_no_address_book',
  'api_key',
  'foo',
  'SEQNO',
  'limit[]',
  '',
  'workchain',
  'shard',
  'mc_seqno',
  'root_hash',
  'exclude_account',
  'hash',
  'lt',
  'start_utime',
  'end_utime',
  'start_lt',
  'end_lt',
  'msg_hash',
  'body_hash',
  'opcode',
  'direction',
  'source',
  'destination',
  'exclude_externals',
  'only_externals',
  'address',
  'file_hash',
  'trace_id',
  'tx_hash',
  'action_id',
  'action_type',
  'exclude_action_type',
  'include_actions',
  'include_transactions',
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
  fc
    .integer({ min: 1, max: 40 })
    .map(
      (n) =>
        `{ ${Array.from({ length: n }, (_, i) => `a${i}: transactionsByMasterchainBlock(seqno: 32737160, limit: 1000) { hash outMsgs { hash } }`).join(' ')} }`,
    ),
  fc.integer({ min: 1, max: 60 }).map((n) => `{ transaction(hash: "x") ${'{ inMsg { sourceTransaction '.repeat(n)}{ hash }${' } }'.repeat(n)} }`),
);
const graphqlBody = fc.oneof(
  fc
    .record({ query: hostileDocument, variables: fc.option(fc.jsonValue()), operationName: fc.option(fc.string({ maxLength: 10 })) })
    .map((b) => JSON.stringify(b)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
);

// GraphQL-over-HTTP requests with every JSON type in every parameter, both methods, any content type, batches.
const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(null, 0, -1, 1.5, true, false, '', [], {}, [1, 'a'], { a: { b: [] } }));
const documentish = fc.oneof(
  hostileDocument,
  fc.constantFrom('{ __typename }', 'query Q { __typename }', `{ transactionsByMasterchainBlock(seqno: 32737160, limit: 2) { hash } }`),
);
const paramValue = <T>(likely: fc.Arbitrary<T>) => fc.option(fc.oneof(likely, anyJson), { nil: undefined });
const paramsObject = fc.record(
  {
    query: paramValue(documentish),
    variables: paramValue(fc.constant({ seqno: 32737160 })),
    operationName: paramValue(fc.constantFrom('Q', 'missing')),
    extensions: paramValue(fc.constant({})),
  },
  { requiredKeys: [] },
);
const graphqlRequest = fc.oneof(
  fc.record({
    method: fc.constant('POST'),
    type: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/graphql',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      'application/xml',
      'application/graphql-response+json',
      '',
    ),
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
      .record(
        {
          query: paramValue(documentish),
          variables: paramValue(fc.constant({ seqno: 1 })),
          operationName: paramValue(fc.string({ maxLength: 8 })),
          extensions: paramValue(fc.constant({})),
        },
        { requiredKeys: [] },
      )
      .chain((p) =>
        fc.tuple(
          ...Object.entries(p).map(([k, v]) =>
            fc.boolean().map((raw) => `${k}=${encodeURIComponent(raw && typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`),
          ),
        ),
      )
      .map((parts) => parts.join('&')),
  }),
);

// GraphQL documents of the real schema with hostile argument values: every query field, and the connection and
// action-type arguments of the objects under them, given as variables of the argument's own type.
const ACCOUNT = `0:${'0'.repeat(64)}`;
const HASH = 'A'.repeat(43) + '=';
const CONNECTION_FIELDS = [
  'allTransactions',
  'traces',
  'actions',
  'Account.transactions',
  'Account.messages',
  'Account.traces',
  'Account.actions',
  'Block.transactions',
];
const forgedCursor = fc
  .tuple(
    fc.constantFrom(...CONNECTION_FIELDS, 'x'),
    fc.array(
      fc.oneof(
        fc.constantFrom('1', '-1', '99999999999999999999', ACCOUNT, '0:AB', `0:${'ab'.repeat(32)}`, 'in', 'out', 'sideways', HASH, '\u0000', ''),
        fc.string({ maxLength: 8 }),
        fc.integer(),
      ),
      { maxLength: 4 },
    ),
  )
  .map(([field, key]) => Buffer.from(JSON.stringify([field, ...key])).toString('base64url'));
const hostileText = fc.oneof(
  { arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udc00'), weight: 5 },
  {
    arbitrary: fc.constantFrom(' 10', '10 ', '__proto__', 'constructor', ACCOUNT, HASH, 'v1', 'latest', 'jetton_transfer', '', 'null', '0x0f8a7ea5'),
    weight: 3,
  },
  { arbitrary: fc.string({ maxLength: 30, unit: 'binary' }), weight: 1 },
  { arbitrary: forgedCursor, weight: 2 },
);
const plausible = (name: string): fc.Arbitrary<string> =>
  /account|address|source|destination/i.test(name)
    ? fc.constant(ACCOUNT)
    : /hash|id$/i.test(name)
      ? fc.constant(HASH)
      : /types?$/i.test(name)
        ? fc.constantFrom('v1', 'latest', 'jetton_transfer', 'call_contract')
        : /shard/.test(name)
          ? fc.constant('8000000000000000')
          : fc.constantFrom('1', 'in');
function hostileArgument(type: GraphQLInputType, name: string): fc.Arbitrary<unknown> {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const item = hostileArgument(inner.ofType, name);
    return fc.oneof(
      fc.array(item, { maxLength: 5 }),
      item.chain((v) => fc.integer({ min: 2, max: 1200 }).map((n) => Array.from({ length: n }, () => v))),
    );
  }
  const named = getNamedType(inner);
  if (isEnumType(named)) return fc.constantFrom(...named.getValues().map((v) => v.name));
  switch (named.name) {
    case 'Int':
      return fc.oneof(
        { arbitrary: fc.constantFrom(1, 10), weight: 2 },
        { arbitrary: fc.integer(), weight: 1 },
        { arbitrary: fc.constantFrom(0, -1, 1000, 1001, 2 ** 31 - 1), weight: 1 },
      );
    case 'UInt32':
      return fc.oneof({ arbitrary: fc.constantFrom(1, 32737160), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 2 ** 32 - 1 }), weight: 1 });
    case 'BigInt':
      return fc.oneof(
        { arbitrary: fc.constant('1'), weight: 3 },
        { arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String), weight: 1 },
        { arbitrary: fc.constantFrom(' 1', '1 '), weight: 1 },
      );
    case 'Boolean':
      return fc.boolean();
    // mostly a value the argument takes, so the hostile ones reach the code past the first check
    default:
      return fc.oneof({ arbitrary: plausible(name), weight: 3 }, { arbitrary: hostileText, weight: 2 });
  }
}
const selectionOf = (field: GraphQLField<unknown, unknown>) => {
  const type = getNamedType(field.type);
  if (!isCompositeType(type)) return '';
  if (type.name.endsWith('Connection')) return ' { edges { cursor } pageInfo { endCursor } }';
  const nested: Record<string, string> = {
    Account:
      ' { transactions(first: $first, after: $after) { edges { cursor } } messages(last: $first, before: $after) { edges { cursor } } traces(first: $first, supportedActionTypes: $types) { edges { cursor } } actions(first: $first, after: $after, supportedActionTypes: $types) { edges { cursor } } }',
    Trace: ' { traceId actions(supportedActionTypes: $types) { type } }',
    Transaction: ' { hash actions(supportedActionTypes: $types) { type } outMsgs { hash } }',
    Block: ' { seqno transactions(first: $first, after: $after) { edges { cursor } } }',
  };
  return nested[type.name] ?? ' { __typename }';
};
const QUERY_FIELDS = Object.values(schema.getQueryType()!.getFields()).filter((f) => f.args.length > 0);
const NESTED_ARGS = { first: 'Int', after: 'String', types: '[String!]' } as const;
const graphqlArguments = fc
  .array(fc.constantFrom(...QUERY_FIELDS), { minLength: 1, maxLength: 3 })
  .chain((fields) =>
    fc.tuple(
      fc.tuple(
        ...fields.map((f) =>
          fc.tuple(
            fc.constant(f),
            fc.tuple(
              ...f.args.map((a) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: hostileArgument(a.type, a.name), weight: 1 })),
            ),
          ),
        ),
      ),
      fc.record({
        first: fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: fc.integer({ min: -2, max: 1002 }), weight: 1 }),
        after: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: forgedCursor, weight: 1 }, { arbitrary: hostileText, weight: 1 }),
        types: fc.oneof(
          hostileArgument(
            schema
              .getQueryType()!
              .getFields()
              .actions.args.find((a) => a.name === 'supportedActionTypes')!.type,
            'supportedActionTypes',
          ),
          fc.constant(null),
        ),
      }),
    ),
  )
  .map(([fields, nested]) => {
    const declared: string[] = [];
    const variables: Record<string, unknown> = {};
    const parts = fields.map(([field, values], i) => {
      const given = field.args.flatMap((a, j) =>
        values[j] === undefined && !isNonNullType(a.type) ? [] : [[a, values[j] ?? (getNamedType(a.type).name === 'String' ? ACCOUNT : 1)] as const],
      );
      for (const [a, v] of given) {
        declared.push(`$f${i}_${a.name}: ${a.type}`);
        variables[`f${i}_${a.name}`] = v;
      }
      const args = given.length === 0 ? '' : `(${given.map(([a]) => `${a.name}: $f${i}_${a.name}`).join(', ')})`;
      return `f${i}: ${field.name}${args}${selectionOf(field)}`;
    });
    // only the nested variables a selection uses: an unused one fails the whole document's validation
    for (const [k, t] of Object.entries(NESTED_ARGS)) {
      if (!parts.some((p) => p.includes(`$${k}`))) continue;
      declared.push(`$${k}: ${t}`);
      variables[k] = (nested as Record<string, unknown>)[k];
    }
    return { query: `query${declared.length > 0 ? ` (${declared.join(', ')})` : ''} { ${parts.join(' ')} }`, variables };
  });

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
      fc.asyncProperty(
        fc.constantFrom(
          'transactionsByMasterchainBlock',
          'transactions',
          'transactionsByMessage',
          'adjacentTransactions',
          'messages',
          'blocks',
          'masterchainInfo',
          'masterchainBlockShards',
          'masterchainBlockShardState',
          'addressBook',
          'metadata',
          'traces',
          'actions',
          'pendingTransactions',
          'pendingActions',
          'pendingTraces',
          'nothing',
        ),
        queryString,
        fc.option(fc.string({ maxLength: 30 })),
        async (route, query, timeout) => {
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
        },
      ),
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
      fc.asyncProperty(
        graphqlRequest,
        fc.constantFrom('application/json', 'application/graphql-response+json', '*/*'),
        async ({ method, type, body }, accept) => {
          graphqlRequests += 1;
          const init: RequestInit =
            method === 'GET' ? { headers: { accept } } : { method, headers: { accept, ...(type ? { 'content-type': type } : {}) }, body };
          const res = await service.get(method === 'GET' ? `/graphql?${body}` : '/graphql', init);
          const text = await res.text();
          expect(res.status, `${method} ${type} ${body.slice(0, 300)}`).toBeLessThan(500);
          if (/json/.test(res.headers.get('content-type') ?? '')) expect(() => JSON.parse(text)).not.toThrow();
        },
      ),
      { numRuns: 1000 },
    );
    expect(graphqlRequests).toBeGreaterThanOrEqual(1000);
    expect(requests).toBeGreaterThanOrEqual(700);
    expect((await service.get('/health')).status).toBe(200);
    gc();
    expect(process.memoryUsage().heapUsed - baseline).toBeLessThan(64 * 1024 * 1024);
  }, 300_000);

  it('answers GraphQL documents with hostile arguments (NUL, forged cursors, long and repeated lists) without 5xx or a logged stack', async () => {
    const lines: any[] = [];
    const sink = new Writable({
      write: (chunk, _enc, done) => (
        lines.push(
          ...String(chunk)
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l)),
        ),
        done()
      ),
    });
    const { server } = createHttpServer({ ...testServices(db.reader), log: pino({ level: 'info' }, sink) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const failures: string[] = [];
    let documents = 0;
    try {
      await fc.assert(
        fc.asyncProperty(graphqlArguments, async ({ query, variables }) => {
          documents += 1;
          const res = await fetch(`${base}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ query, variables }),
          });
          const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
          if (res.status >= 500 || body.errors?.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR'))
            failures.push(`${res.status} ${JSON.stringify({ query, variables }).slice(0, 400)}`);
        }),
        { numRuns: 1000 },
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const stacks = lines.filter((l) => l.level >= 50 || typeof l.err?.stack === 'string');
    console.log(
      `graphql argument corpus: ${failures.length} of ${documents} documents answered 5xx/INTERNAL_SERVER_ERROR, ${stacks.length} error log lines with a stack`,
    );
    expect(failures.slice(0, 5)).toEqual([]);
    expect(stacks.map((l) => l.msg)).toEqual([]);
  }, 300_000);
});
