/**
 * The routes TON Center forwards to a TON HTTP API v2 endpoint (`message`, `runGetMethod`, `estimateFee`) and the
 * `use_v2=true` functions of `addressInformation` / `walletInformation`, against a stub ton-http-api on a local
 * port: what is forwarded, how the answer is converted, and every way the upstream can fail. No SQL is involved,
 * so one (empty, embedded) database serves every case.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createRequestContext, type Services } from '../src/context';
import { Limiter } from '../src/http/limiter';
import { addressInformationV2, walletInformationV2 } from '../src/operations/v2Proxy';
import { TonApiV2 } from '../src/upstream/tonApiV2';
import { hexNumber, stackEntry } from '../src/wire/v2';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText } from './helpers/fixtures';
import { listen, testServices } from './helpers/service';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: any;
}

/** What the stub does with a request: a status and a body (an object is sent as JSON), or its own handling. */
type Answer = { status?: number; json?: unknown; text?: string; delayMs?: number } | ((req: http.IncomingMessage, res: http.ServerResponse) => void);

/** A stub ton-http-api: it records each request and answers what the test set in `answer`. */
async function stubUpstream() {
  const seen: Seen[] = [];
  const state: { answer: Answer } = { answer: { json: { ok: true, result: {} } } };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const text = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined });
      const answer = state.answer;
      if (typeof answer === 'function') return answer(req, res);
      const send = () => {
        const body = answer.text ?? JSON.stringify(answer.json);
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
        res.end(body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    seen,
    answer: (a: Answer) => {
      state.answer = a;
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A port nothing listens on: one the system gave out and took back. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const ok = (result: unknown) => ({ json: { ok: true, result, '@extra': '1700000000.1:0:0.5' } });

const ACCOUNT_RAW = `0:${'83DF'.repeat(16)}`;
const BOC = 'te6cckEBAQEAAgAAAEysuc0=';
const HASH = 'y+8pBUC9w+38f5nLpPosrY468SPXtfEV+r/5XUZBrc4=';

describe('forwarding to a TON HTTP API v2 endpoint', () => {
  let db: TestDatabase;
  let stub: Awaited<ReturnType<typeof stubUpstream>>;
  let upstream: TonApiV2;
  let service: Awaited<ReturnType<typeof listen>>;
  let bare: Awaited<ReturnType<typeof listen>>;

  const post = (path: string, body: unknown, init: { raw?: string; headers?: Record<string, string>; via?: typeof service } = {}) =>
    (init.via ?? service).get(`/api/v3/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.raw ?? JSON.stringify(body),
    });
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    stub = await stubUpstream();
    upstream = new TonApiV2({ url: stub.url, apiKey: 'the-key', timeoutMs: 2000, maxResponseBytes: 64 * 1024 });
    service = await listen({ ...testServices(db.reader), tonApiV2: upstream });
    bare = await listen(testServices(db.reader));
  });
  afterAll(async () => {
    await service?.close();
    await bare?.close();
    upstream?.close();
    await stub?.close();
    await db?.drop();
  });
  beforeEach(() => {
    stub.seen.length = 0;
  });

  describe('without TON_API_V2_URL', () => {
    it('answers 501 naming the setting on every forwarding route, and the use_v2 functions throw the same', async () => {
      for (const [path, body] of [
        ['message', { boc: BOC }],
        ['runGetMethod', { address: ACCOUNT_RAW, method: 'seqno', stack: [] }],
        ['estimateFee', { address: ACCOUNT_RAW, body: BOC }],
      ] as const) {
        const { status, body: error } = await answer(await post(path, body, { via: bare }));
        expect(status, path).toBe(501);
        expect(error.error).toMatch(/^TON_API_V2_URL is not set/);
        expect(error.code).toBe(501);
      }
      const ctx = createRequestContext(bare.services);
      await expect(addressInformationV2(ctx, ACCOUNT_RAW)).rejects.toMatchObject({ status: 501 });
      await expect(walletInformationV2(ctx, ACCOUNT_RAW)).rejects.toMatchObject({ status: 501 });
    });

    it('still checks the body first: a bad one is 422 whether or not an endpoint is set', async () => {
      expect((await post('message', {}, { via: bare })).status).toBe(422);
    });

    it('is configured by TON_API_V2_URL, TON_API_V2_API_KEY and TON_API_V2_TIMEOUT_MS', () => {
      expect(loadConfig({}).tonApiV2).toEqual({ url: undefined, apiKey: undefined, timeoutMs: 10_000 });
      expect(loadConfig({ TON_API_V2_URL: 'https://toncenter.com/api/v2' }).tonApiV2).toEqual({
        url: 'https://toncenter.com/api/v2',
        apiKey: undefined,
        timeoutMs: 10_000,
      });
      expect(loadConfig({ TON_API_V2_URL: 'http://v2:8081/', TON_API_V2_API_KEY: 'k', TON_API_V2_TIMEOUT_MS: '500' }).tonApiV2).toEqual({
        url: 'http://v2:8081/',
        apiKey: 'k',
        timeoutMs: 500,
      });
      expect(() => loadConfig({ TON_API_V2_URL: 'toncenter.com/api/v2' })).toThrow(ConfigError);
      expect(() => loadConfig({ TON_API_V2_URL: 'http://' })).toThrow('TON_API_V2_URL must be an http:// or https:// URL');
      expect(() => loadConfig({ TON_API_V2_URL: 'http://x', TON_API_V2_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    });
  });

  describe('POST-only routes', () => {
    it('answer GET and HEAD with 405 and Allow: POST; OpenAPI describes their body; the docs page shows POST', async () => {
      for (const path of ['message', 'runGetMethod', 'estimateFee']) {
        for (const method of ['GET', 'HEAD']) {
          const res = await service.get(`/api/v3/${path}`, { method });
          expect(res.status, `${method} ${path}`).toBe(405);
          expect(res.headers.get('allow')).toBe('POST');
          if (method === 'GET') expect((await res.json()).error).toBe('method GET is not allowed; use POST');
        }
        expect((await service.get(`/api/v3/${path}`, { method: 'PUT' })).headers.get('allow')).toBe('POST');
      }
      const doc = await (await service.get('/api/v3/openapi.json')).json();
      expect(Object.keys(doc.paths['/api/v3/runGetMethod'])).toEqual(['post']);
      expect(doc.paths['/api/v3/runGetMethod'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/V2RunGetMethodRequest');
      expect(doc.paths['/api/v3/message'].post.operationId).toBe('message');
      // the route that answers both keeps its two operations
      expect(Object.keys(doc.paths['/api/v3/decode'])).toEqual(['get', 'post']);
      const page = await (await service.get('/api/v3/docs')).text();
      expect(page).toContain('<section id="estimateFee"><h2>POST <code>/api/v3/estimateFee</code></h2>');
      expect(page).toContain('schema <code>V2EstimateFeeRequest</code>');
      expect(page).toContain('<section id="decode"><h2>GET and POST <code>/api/v3/decode</code></h2>');
    });

    it('bound the request body (413 past 1 MiB) and forward nothing for a body refused', async () => {
      const res = await post('message', undefined, { raw: JSON.stringify({ boc: 'A'.repeat(1024 * 1024 + 10) }) });
      expect(res.status).toBe(413);
      expect(stub.seen).toEqual([]);
    });

    it('take no limiter turn while they wait on the upstream: database routes still answer', async () => {
      const limited = await listen({
        ...testServices(db.reader),
        tonApiV2: upstream,
        limiter: new Limiter({ max: 1, maxQueue: 0, maxWaitMs: 100 }),
      });
      try {
        stub.answer({ ...ok({ '@type': 'ext.message.info', hash: HASH }), delayMs: 400 });
        const slow = [
          post('message', { boc: BOC }, { via: limited }),
          post('message', { boc: BOC }, { via: limited }),
          limited.get(`/api/v3/addressInformation?address=${ACCOUNT_RAW}&use_v2=true`),
          limited.get(`/api/v3/walletInformation?address=${ACCOUNT_RAW}&use_v2=true`),
        ];
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(stub.seen).toHaveLength(4);
        const info = await limited.get('/api/v3/masterchainInfo');
        // 404 (an empty database), not 503 busy: the forwarded requests hold no slot
        expect(info.status).toBe(404);
        const statuses = (await Promise.all(slow)).map((r) => r.status);
        expect(statuses.slice(0, 2)).toEqual([200, 200]);
        // the stub's answer is no account: what matters is that none of them was refused a slot
        expect(statuses).not.toContain(503);
      } finally {
        await limited.close();
      }
    });
  });

  describe('POST /api/v3/message', () => {
    it('forwards {boc} to sendBocReturnHash with the api_key, and answers {message_hash, message_hash_norm}', async () => {
      stub.answer(ok({ '@type': 'ext.message.info', hash: HASH, hash_norm: 'ZmFrZQ==', '@extra': 'x' }));
      const res = await post('message', { boc: BOC }, { headers: { 'x-api-key': 'client-key' } });
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(text).toBe(`{"message_hash":"${HASH}","message_hash_norm":"ZmFrZQ=="}`);
      expect(stub.seen).toHaveLength(1);
      const [call] = stub.seen;
      expect(call.method).toBe('POST');
      expect(call.path).toBe('/api/v2/sendBocReturnHash');
      // the service's key, never the client's
      expect([...call.query]).toEqual([['api_key', 'the-key']]);
      expect(call.body).toEqual({ boc: BOC });
    });

    it('leaves message_hash_norm out when the upstream gives none', async () => {
      stub.answer(ok({ '@type': 'ext.message.info', hash: HASH }));
      expect(await (await post('message', { boc: BOC })).text()).toBe(`{"message_hash":"${HASH}"}`);
    });

    it('refuses bad bodies with 422 naming the field, before anything is sent', async () => {
      const cases: [string, string][] = [
        ['{', 'invalid JSON body'],
        ['[1]', 'the JSON body must be an object with "boc"; got a list'],
        ['{}', 'field "boc" is required: the external message, a BOC in base64'],
        ['{"boc":""}', 'field "boc" is required'],
        ['{"boc":5}', 'field "boc" must be a string, got a number'],
        ['{"boc":"not base64!"}', 'field "boc" must be a BOC in base64'],
        [`{"boc":"${BOC}","bocc":1}`, 'unknown field "bocc" in the JSON body; accepted: boc'],
      ];
      for (const [raw, message] of cases) {
        const { status, body } = await answer(await post('message', undefined, { raw }));
        expect(status, raw).toBe(422);
        expect(body.error, raw).toContain(message);
      }
      expect(stub.seen).toEqual([]);
    });

    it('passes an upstream ok:false through: its code (500 when it has none or an odd one) and its error', async () => {
      const cases: [unknown, number][] = [
        [{ ok: false, error: 'LITE_SERVER_UNKNOWN: cannot apply external message to current state', code: 500 }, 500],
        [{ ok: false, error: 'Validation error', code: 422 }, 422],
        [{ ok: false, error: 'Ratelimit exceed', code: 429 }, 429],
        [{ ok: false, error: 'no code' }, 500],
        [{ ok: false, error: 'odd code', code: 200 }, 500],
        [{ ok: false, error: 'string code', code: '400' }, 500],
      ];
      for (const [json, status] of cases) {
        stub.answer({ status: status === 500 ? 500 : status, json });
        const res = await answer(await post('message', { boc: BOC }));
        expect(res, JSON.stringify(json)).toEqual({ status, body: { error: (json as { error: string }).error, code: status } });
      }
    });
  });

  describe('POST /api/v3/runGetMethod', () => {
    it('forwards the stack in ton-http-api names and converts the result both ways', async () => {
      stub.answer(
        ok({
          '@type': 'smc.runResult',
          gas_used: 2966,
          stack: [
            ['num', '0x36'],
            ['num', '-0x1'],
            ['cell', { bytes: BOC, object: { data: { b64: '', len: 0 }, refs: [] } }],
            ['slice', { bytes: BOC }],
            [
              'tuple',
              {
                '@type': 'tvm.tuple',
                elements: [
                  { '@type': 'tvm.stackEntryNumber', number: { '@type': 'tvm.numberDecimal', number: '-123456789012345678901234567890' } },
                  { '@type': 'tvm.stackEntryNumber', number: { '@type': 'tvm.numberDecimal', number: '0' } },
                  { '@type': 'tvm.stackEntryCell', cell: { '@type': 'tvm.cell', bytes: BOC } },
                  { '@type': 'tvm.stackEntrySlice', slice: { '@type': 'tvm.slice', bytes: BOC } },
                  {
                    '@type': 'tvm.stackEntryList',
                    list: { '@type': 'tvm.list', elements: [{ '@type': 'tvm.stackEntryTuple', tuple: { '@type': 'tvm.tuple', elements: [] } }] },
                  },
                ],
              },
            ],
            ['list', { '@type': 'tvm.list', elements: [] }],
          ],
          exit_code: 0,
        }),
      );
      const request = {
        address: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
        method: 'get_wallet_address',
        stack: [
          { type: 'num', value: '0x12a' },
          { type: 'num', value: 7 },
          { type: 'cell', value: BOC },
          { type: 'slice', value: BOC },
        ],
      };
      const res = await post('runGetMethod', request);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual({
        gas_used: 2966,
        exit_code: 0,
        stack: [
          { type: 'num', value: '0x36' },
          { type: 'num', value: '-0x1' },
          { type: 'cell', value: BOC },
          { type: 'slice', value: BOC },
          {
            type: 'tuple',
            value: [
              // -123456789012345678901234567890 in hex, as Go's %#x prints a negative big.Int
              { type: 'num', value: `-0x${123456789012345678901234567890n.toString(16)}` },
              { type: 'num', value: '0x0' },
              { type: 'cell', value: BOC },
              { type: 'slice', value: BOC },
              { type: 'list', value: [{ type: 'tuple', value: [] }] },
            ],
          },
          { type: 'list', value: [] },
        ],
      });
      expect(Object.keys(body)).toEqual(['gas_used', 'exit_code', 'stack']);
      expect(stub.seen[0].path).toBe('/api/v2/runGetMethod');
      expect(stub.seen[0].body).toEqual({
        // forwarded in raw form (TON Center master forwards it as given)
        address: '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8',
        method: 'get_wallet_address',
        stack: [
          ['num', '0x12a'],
          ['num', 7],
          ['tvm.Cell', BOC],
          ['tvm.Slice', BOC],
        ],
      });
    });

    it('answers a non-zero exit code as a result, an empty stack as []', async () => {
      stub.answer(ok({ '@type': 'smc.runResult', gas_used: 0, stack: [], exit_code: -13 }));
      expect(await (await post('runGetMethod', { address: ACCOUNT_RAW, method: 'seqno' })).text()).toBe('{"gas_used":0,"exit_code":-13,"stack":[]}');
      expect(stub.seen[0].body.stack).toEqual([]);
    });

    it('refuses bad requests with 422 naming what is wrong', async () => {
      const cases: [unknown, string][] = [
        [{ method: 'seqno' }, 'field "address" is required'],
        [{ address: 'EQ-nope', method: 'seqno' }, 'field "address" must be an address'],
        [{ address: ACCOUNT_RAW }, 'field "method" is required'],
        [{ address: ACCOUNT_RAW, method: 'seqno', stack: {} }, 'field "stack" must be a list'],
        [
          { address: ACCOUNT_RAW, method: 'seqno', stack: [{ type: 'tuple', value: [] }] },
          'stack entry 0: unsupported stack parameter type "tuple"; accepted: num, cell, slice',
        ],
        [{ address: ACCOUNT_RAW, method: 'seqno', stack: [1] }, 'stack entry 0 must be an object'],
        [{ address: ACCOUNT_RAW, method: 'seqno', stack: [{ type: 'num', value: 'twelve' }] }, 'a num value must be an integer'],
        [{ address: ACCOUNT_RAW, method: 'seqno', stack: [{ type: 'num', value: 2 ** 60 }] }, 'send it as a string'],
        [{ address: ACCOUNT_RAW, method: 'seqno', stack: [{ type: 'cell', value: 5 }] }, 'a cell value must be a BOC in base64'],
        [{ address: ACCOUNT_RAW, method: 'seqno', stack: [{ type: 'num', value: '1', extra: 1 }] }, 'stack entry 0: unknown field "extra"'],
        [{ address: ACCOUNT_RAW, method: 'seqno', stack: Array(257).fill({ type: 'num', value: '1' }) }, 'at most 256 are accepted'],
        [{ address: ACCOUNT_RAW, method: 'seqno', stak: [] }, 'unknown field "stak"'],
      ];
      for (const [request, message] of cases) {
        const { status, body } = await answer(await post('runGetMethod', request));
        expect(status, JSON.stringify(request).slice(0, 100)).toBe(422);
        expect(body.error).toContain(message);
      }
      expect(stub.seen).toEqual([]);
    });

    it('answers 502 for a stack it cannot read, never 500', async () => {
      for (const stack of [[['tvm.stackEntryUnsupported', {}]], [{ '@type': 'tvm.stackEntryNumber' }], [['cell', {}]], 'x', [['num', 'zz']]]) {
        stub.answer(ok({ gas_used: 1, exit_code: 0, stack }));
        const { status, body } = await answer(await post('runGetMethod', { address: ACCOUNT_RAW, method: 'seqno' }));
        expect(status, JSON.stringify(stack)).toBe(502);
        expect(body.error).toMatch(/^the TON HTTP API v2 endpoint \(TON_API_V2_URL\) answered runGetMethod with an unexpected result: /);
      }
      // nested deeper than the bound
      let deep: unknown = { '@type': 'tvm.stackEntryTuple', tuple: { elements: [] } };
      for (let i = 0; i < 100; i++) deep = { '@type': 'tvm.stackEntryTuple', tuple: { elements: [deep] } };
      stub.answer(ok({ gas_used: 1, exit_code: 0, stack: [['tuple', { elements: [deep] }]] }));
      expect((await answer(await post('runGetMethod', { address: ACCOUNT_RAW, method: 'seqno' }))).body.error).toContain('nested deeper than 64');
    });

    it('prints numbers as Go prints a big.Int with %#x', () => {
      expect([0n, 1n, 255n, -255n, 2n ** 256n - 1n].map(hexNumber)).toEqual(['0x0', '0x1', '0xff', '-0xff', `0x${'f'.repeat(64)}`]);
      expect(stackEntry(['num', '1000'])).toEqual({ type: 'num', value: '0x3e8' });
      expect(stackEntry(['num', 16])).toEqual({ type: 'num', value: '0x10' });
    });
  });

  describe('POST /api/v3/estimateFee', () => {
    it('forwards all five fields as TON Center sends them and answers the fees without the upstream @type keys', async () => {
      const fee = (n: number) => ({ '@type': 'fees', in_fwd_fee: n, storage_fee: n + 1, gas_fee: n + 2, fwd_fee: n + 3 });
      stub.answer(ok({ '@type': 'query.fees', source_fees: fee(1000), destination_fees: [fee(5)], '@extra': 'x' }));
      const res = await post('estimateFee', { address: ACCOUNT_RAW.toLowerCase(), body: BOC });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(
        '{"source_fees":{"in_fwd_fee":1000,"storage_fee":1001,"gas_fee":1002,"fwd_fee":1003},"destination_fees":[{"in_fwd_fee":5,"storage_fee":6,"gas_fee":7,"fwd_fee":8}]}',
      );
      expect(stub.seen[0].path).toBe('/api/v2/estimateFee');
      expect(stub.seen[0].body).toEqual({ address: ACCOUNT_RAW, body: BOC, init_code: '', init_data: '', ignore_chksig: false });
    });

    it('keeps ignore_chksig and the init state when given, and answers destination_fees null when the upstream has none', async () => {
      stub.answer(ok({ source_fees: { in_fwd_fee: 1 } }));
      const body = { address: ACCOUNT_RAW, body: BOC, init_code: BOC, init_data: BOC, ignore_chksig: true };
      expect(await (await post('estimateFee', body)).json()).toEqual({
        source_fees: { in_fwd_fee: 1, storage_fee: 0, gas_fee: 0, fwd_fee: 0 },
        destination_fees: null,
      });
      expect(stub.seen[0].body).toEqual(body);
    });

    it('refuses bad requests with 422', async () => {
      for (const [request, message] of [
        [{ body: BOC }, 'field "address" is required'],
        [{ address: ACCOUNT_RAW, ignore_chksig: 'yes' }, 'field "ignore_chksig" must be true or false'],
        [{ address: ACCOUNT_RAW, init_code: '%%' }, 'field "init_code" must be a BOC in base64'],
      ] as const) {
        const { status, body } = await answer(await post('estimateFee', request));
        expect(status).toBe(422);
        expect(body.error).toContain(message);
      }
    });
  });

  describe('a failing upstream', () => {
    const request = () => post('message', { boc: BOC });

    it('unreachable: 502 naming the problem, not the URL', async () => {
      const gone = new TonApiV2({ url: `http://127.0.0.1:${await closedPort()}/secret-path?token=hidden`, timeoutMs: 2000 });
      const s = await listen({ ...testServices(db.reader), tonApiV2: gone });
      try {
        const { status, body } = await answer(await post('message', { boc: BOC }, { via: s }));
        expect(status).toBe(502);
        expect(body.error).toBe('the TON HTTP API v2 endpoint (TON_API_V2_URL) could not be reached for sendBocReturnHash: ECONNREFUSED');
      } finally {
        await s.close();
        gone.close();
      }
    });

    it('past the timeout: 504; a lower x_timeout lowers it', async () => {
      stub.answer({ ...ok({ hash: HASH }), delayMs: 2500 });
      const started = Date.now();
      const { status, body } = await answer(await request());
      expect(status).toBe(504);
      expect(body.error).toBe('the TON HTTP API v2 endpoint (TON_API_V2_URL) did not answer sendBocReturnHash within 2000 ms');
      expect(Date.now() - started).toBeLessThan(2400);
      stub.answer({ ...ok({ hash: HASH }), delayMs: 600 });
      const lowered = await answer(await post('message', { boc: BOC }, { headers: { 'x-timeout': '100' } }));
      expect(lowered).toEqual({
        status: 504,
        body: { error: 'the TON HTTP API v2 endpoint (TON_API_V2_URL) did not answer sendBocReturnHash within 100 ms', code: 504 },
      });
    });

    it('an answer that is not JSON, or JSON that is not a v2 response: 502', async () => {
      const cases: [Answer, string][] = [
        [{ status: 502, text: '<html>Bad Gateway</html>' }, 'answered sendBocReturnHash with HTTP 502 and a body that is not JSON'],
        [{ text: '' }, 'with HTTP 200 and a body that is not JSON'],
        [{ json: [1, 2] }, 'JSON that is not a TON HTTP API v2 response (no boolean "ok")'],
        [{ json: { result: { hash: HASH } } }, 'no boolean "ok"'],
        [{ json: { ok: 'true', result: {} } }, 'no boolean "ok"'],
        [ok('a string'), 'answered sendBocReturnHash with an unexpected result: the result is not an object'],
        [ok({ hash: 5 }), '"hash" is not a string'],
        [ok({}), 'no "hash"'],
      ];
      for (const [a, message] of cases) {
        stub.answer(a);
        const { status, body } = await answer(await request());
        expect(status, message).toBe(502);
        expect(body.error).toContain(message);
      }
    });

    it('a huge answer: 502 once the bound is passed, with or without a declared length', async () => {
      const huge = JSON.stringify({ ok: true, result: { hash: HASH, padding: 'x'.repeat(100 * 1024) } });
      stub.answer({ text: huge });
      const declared = await answer(await request());
      expect(declared.status).toBe(502);
      expect(declared.body.error).toBe(
        `the TON HTTP API v2 endpoint (TON_API_V2_URL) answered sendBocReturnHash with ${huge.length} bytes; at most 65536 are read`,
      );
      stub.answer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = 'x'.repeat(16 * 1024);
        for (let i = 0; i < 8; i++) res.write(chunk);
        res.end();
      });
      const chunked = await answer(await request());
      expect(chunked.status).toBe(502);
      expect(chunked.body.error).toBe(
        'the TON HTTP API v2 endpoint (TON_API_V2_URL) answered sendBocReturnHash with more than 65536 bytes; at most 65536 are read',
      );
    });

    it('a connection cut mid-answer: 502; and the service goes on answering', async () => {
      stub.answer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"ok":true,');
        setTimeout(() => res.socket?.destroy(), 20);
      });
      const cut = await answer(await request());
      expect(cut.status).toBe(502);
      expect(cut.body.error).toMatch(/^the TON HTTP API v2 endpoint \(TON_API_V2_URL\) (broke off its answer to|could not be reached for) sendBocReturnHash/);
      stub.answer(ok({ hash: HASH }));
      expect((await request()).status).toBe(200);
    });
  });

  describe('the use_v2=true functions', () => {
    const ctx = () => createRequestContext(service.services as Services);

    it('walletInformationV2: what ton-http-api answers for the v3r2 wallet gives exactly the TON Center body of the fixture', async () => {
      // ton-http-api's getWalletInformation for that wallet: the same values in its own shape
      stub.answer(
        ok({
          wallet: true,
          balance: '364006991',
          account_state: 'active',
          wallet_type: 'wallet v3 r2',
          seqno: 54,
          wallet_id: 698983191,
          last_transaction_id: { '@type': 'internal.transactionId', lt: '29168518000001', hash: HASH },
        }),
      );
      const served = await walletInformationV2(ctx(), ACCOUNT_RAW);
      const file = fixtureJson('assets/walletInformation__use_v2_true_v3r2__testnet_2024-12.json');
      expect(served).toEqual(file);
      expect(JSON.stringify(served)).toBe(JSON.stringify(JSON.parse(fixtureText('assets/walletInformation__use_v2_true_v3r2__testnet_2024-12.json'))));
      expect(stub.seen[0].method).toBe('GET');
      expect(stub.seen[0].path).toBe('/api/v2/getWalletInformation');
      expect(Object.fromEntries(stub.seen[0].query)).toEqual({ address: ACCOUNT_RAW, api_key: 'the-key' });
    });

    it("/walletInformation?use_v2=true and /account?use_v2=true answer through the same functions, with the client's x_timeout", async () => {
      stub.answer(
        ok({
          wallet: true,
          balance: '364006991',
          account_state: 'active',
          wallet_type: 'wallet v3 r2',
          seqno: 54,
          wallet_id: 698983191,
          last_transaction_id: { '@type': 'internal.transactionId', lt: '29168518000001', hash: HASH },
        }),
      );
      const res = await service.get(`/api/v3/walletInformation?address=${ACCOUNT_RAW}&use_v2=true`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(JSON.stringify(JSON.parse(fixtureText('assets/walletInformation__use_v2_true_v3r2__testnet_2024-12.json'))));
      stub.answer({ ...ok({ balance: '1', state: 'active' }), delayMs: 1500 });
      const slow = await service.get(`/api/v3/account?address=${ACCOUNT_RAW}&use_v2=true`, { headers: { 'X-Timeout': '200' } });
      expect(slow.status).toBe(504);
    });

    it("walletInformationV2: 409 `not a wallet` for a non-wallet that is not uninitialized (the fixture's error body)", async () => {
      stub.answer(ok({ wallet: false, balance: '5', account_state: 'active', last_transaction_id: { lt: '1', hash: HASH } }));
      const error = await walletInformationV2(ctx(), ACCOUNT_RAW).catch((e) => e);
      expect(error.status).toBe(409);
      expect({ error: error.message }).toEqual(fixtureJson('assets/walletInformation__not_a_wallet_error__testnet_2024-12.json'));
      // an uninitialized account is answered, without the wallet fields
      stub.answer(
        ok({
          wallet: false,
          balance: 0,
          account_state: 'uninitialized',
          last_transaction_id: { lt: '0', hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
        }),
      );
      const uninit = await walletInformationV2(ctx(), ACCOUNT_RAW);
      expect(JSON.stringify(uninit)).toBe(
        '{"balance":"0","last_transaction_lt":"0","last_transaction_hash":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","status":"uninitialized"}',
      );
    });

    it('addressInformationV2: §3.3 key order, frozen_hash filled, status from the upstream state, empty strings as null', async () => {
      stub.answer(
        ok({
          '@type': 'raw.fullAccountState',
          balance: '1000',
          extra_currencies: [],
          code: '',
          data: '',
          last_transaction_id: { '@type': 'internal.transactionId', lt: '47000000000003', hash: HASH },
          block_id: { '@type': 'ton.blockIdExt', workchain: -1, shard: '-9223372036854775808', seqno: 1, root_hash: HASH, file_hash: HASH },
          frozen_hash: HASH,
          sync_utime: 1700000000,
          state: 'frozen',
        }),
      );
      const served = await addressInformationV2(ctx(), ACCOUNT_RAW);
      expect(JSON.stringify(served)).toBe(
        `{"balance":"1000","code":null,"data":null,"last_transaction_lt":"47000000000003","last_transaction_hash":"${HASH}","frozen_hash":"${HASH}","status":"frozen"}`,
      );
      expect(stub.seen[0].path).toBe('/api/v2/getAddressInformation');
      stub.answer(ok({ balance: '0', code: BOC, data: BOC, last_transaction_id: { lt: '0', hash: '' }, frozen_hash: '', state: 'uninitialized' }));
      expect(await addressInformationV2(ctx(), ACCOUNT_RAW)).toEqual({
        balance: '0',
        code: BOC,
        data: BOC,
        last_transaction_lt: '0',
        last_transaction_hash: null,
        frozen_hash: null,
        status: 'uninitialized',
      });
    });

    it('both pass ok:false through and answer 502 for an odd result', async () => {
      stub.answer({ status: 416, json: { ok: false, error: 'Incorrect address', code: 416 } });
      await expect(addressInformationV2(ctx(), ACCOUNT_RAW)).rejects.toMatchObject({ status: 416, message: 'Incorrect address' });
      stub.answer(ok({ balance: 'lots', state: 'active' }));
      await expect(addressInformationV2(ctx(), ACCOUNT_RAW)).rejects.toMatchObject({ status: 502 });
      stub.answer(ok({ wallet: true, balance: '1', account_state: 'active', seqno: '5' }));
      await expect(walletInformationV2(ctx(), ACCOUNT_RAW)).rejects.toMatchObject({
        status: 502,
        message: expect.stringContaining('"seqno" is not an integer'),
      });
    });

    it('lower the timeout with settings.timeoutMs (a client x_timeout)', async () => {
      stub.answer({ ...ok({ wallet: true, balance: '1', account_state: 'active' }), delayMs: 500 });
      await expect(walletInformationV2(ctx(), ACCOUNT_RAW, { timeoutMs: 50 })).rejects.toMatchObject({ status: 504 });
    });
  });

  it('OpenAPI describes the answers: each response matches the schema of its path and status', async () => {
    const doc = await (await service.get('/api/v3/openapi.json')).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const check = async (path: string, body: unknown) => {
      const res = await post(path, body);
      const operation = doc.paths[`/api/v3/${path}`].post;
      expect(Object.keys(operation.responses), `${path} answered ${res.status}`).toContain(String(res.status));
      const schema = operation.responses[String(res.status)].content['application/json'].schema.$ref.split('/').pop();
      const validate = ajv.getSchema(`doc#/components/schemas/${schema}`)!;
      expect(validate(await res.json()) ? [] : validate.errors, path).toEqual([]);
      // and the request body against the request schema
      const request = ajv.getSchema(`doc#/components/schemas/${operation.requestBody.content['application/json'].schema.$ref.split('/').pop()}`)!;
      expect(request(body) ? [] : request.errors, path).toEqual([]);
    };
    stub.answer(ok({ hash: HASH, hash_norm: HASH }));
    await check('message', { boc: BOC });
    stub.answer(
      ok({
        gas_used: 1,
        exit_code: 0,
        stack: [
          ['num', '0x1'],
          ['tuple', { elements: [{ '@type': 'tvm.stackEntryCell', cell: { bytes: BOC } }] }],
        ],
      }),
    );
    await check('runGetMethod', { address: ACCOUNT_RAW, method: 'seqno', stack: [{ type: 'num', value: 1 }] });
    stub.answer(ok({ source_fees: { in_fwd_fee: 1, storage_fee: 2, gas_fee: 3, fwd_fee: 4 }, destination_fees: [] }));
    await check('estimateFee', { address: ACCOUNT_RAW, body: BOC });
    await check('message', { boc: '' });
    stub.answer({ json: { ok: false, error: 'x', code: 500 } });
    await check('estimateFee', { address: ACCOUNT_RAW });
  });
});
