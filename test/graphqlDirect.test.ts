import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaults } from '../src/config';
import { inspectRequest, sentParams } from '../src/graphql/request';
import { plainQuery } from '../src/http/graphqlRoute';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureText, realTestnetTraces } from './helpers/fixtures';
import { listen, testServices } from './helpers/service';

const BLOCK = 32737160;
const limits = defaults().graphql.limits;

/** Whether the HTTP route would run this request as a plain query (without yoga's HTTP layer). */
function isPlain(body: string, headers: Record<string, string> = {}, method = 'POST', url = '/graphql') {
  const allHeaders = { 'content-type': 'application/json', ...headers };
  const req = { method, headers: allHeaders } as unknown as IncomingMessage;
  return (
    plainQuery(req, url, inspectRequest(sentParams(allHeaders['content-type'], method === 'GET' ? undefined : Buffer.from(body), url), limits)) !== undefined
  );
}

describe('which GraphQL requests run as plain queries', () => {
  const query = (extra: Record<string, unknown> = {}) => JSON.stringify({ query: '{ __typename }', ...extra });

  it('a POSTed JSON body of a query, its variables and operation name, accepting application/json', () => {
    expect(isPlain(query())).toBe(true);
    expect(isPlain(query({ variables: { a: 1 }, operationName: null }))).toBe(true);
    expect(isPlain(query(), { accept: '*/*' })).toBe(true);
    expect(isPlain(query(), { accept: 'application/json', 'x-timeout': '500' })).toBe(true);
  });

  it('anything else goes through yoga: other media types, extensions, other keys, batches, GET, URL parameters, non-queries, bad timeouts', () => {
    expect(isPlain(query(), { accept: 'application/graphql-response+json' })).toBe(false);
    expect(isPlain(query(), { accept: 'text/event-stream' })).toBe(false);
    expect(isPlain(query(), { 'content-type': 'application/graphql' })).toBe(false);
    expect(isPlain(query({ extensions: {} }))).toBe(false);
    expect(isPlain(query({ other: 1 }))).toBe(false);
    expect(isPlain(query({ variables: 'x' }))).toBe(false);
    expect(isPlain(query({ operationName: 7 }))).toBe(false);
    expect(isPlain(`[${query()}]`)).toBe(false);
    expect(isPlain('', {}, 'GET', '/graphql?query=%7B__typename%7D')).toBe(false);
    expect(isPlain(query(), {}, 'POST', '/graphql?x_timeout=100')).toBe(false);
    expect(isPlain(JSON.stringify({ query: 'mutation { x }' }))).toBe(false);
    expect(isPlain(JSON.stringify({ query: 'subscription { x }' }))).toBe(false);
    expect(isPlain(JSON.stringify({ query: '{ oops' }))).toBe(false);
    expect(isPlain(JSON.stringify({ query: 'query A { __typename } query B { __typename }' }))).toBe(false);
    expect(isPlain(JSON.stringify({ query: 'query A { __typename } query B { __typename }', operationName: 'B' }))).toBe(true);
    expect(isPlain(query(), { 'x-timeout': 'soon' })).toBe(false);
  });
});

describe.each(await availableBackends())('a plain query answered without yoga HTTP layer, on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    service = await listen(testServices(db.reader));
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  /** GraphQL requests the server handed to yoga's whole path so far, from /metrics. */
  const servedByYoga = async () => {
    const text = await (await fetch(`${service.base}/metrics`)).text();
    return Number(/^tonql_graphql_requests_total\{path="yoga"\} (\d+)$/m.exec(text)?.[1] ?? 0);
  };

  /** The headers a client sees that are not the same on every response (date, request id, timing's figures). */
  const answerOf = async (res: Response) => {
    const headers = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id', 'content-length'].includes(name)));
    headers['server-timing'] &&= headers['server-timing'].replace(/dur=[\d.]+/, 'dur=…');
    return { status: res.status, headers, body: await res.text() };
  };

  /**
   * The same request over HTTP twice, as sent and with `extensions: {}` (which only yoga's whole path takes), and
   * through yoga.fetch in-process; with how many times the server handed the first to yoga (its metrics).
   */
  async function both(body: string, headers: Record<string, string> = {}) {
    const init = (text: string) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
    const before = await servedByYoga();
    const sent = await answerOf(await fetch(`${service.base}/graphql`, init(body)));
    const viaYoga = (await servedByYoga()) - before;
    const parsed = JSON.parse(body);
    const throughYoga = await answerOf(await fetch(`${service.base}/graphql`, init(JSON.stringify({ ...parsed, extensions: {} }))));
    const inProcess = await service.yoga.fetch('http://localhost/graphql', init(body));
    const short = (a: { status: number; headers: Record<string, string>; body: string }) => ({
      status: a.status,
      type: a.headers['content-type'],
      body: a.body,
    });
    return {
      plain: short(sent),
      yoga: short({ status: inProcess.status, headers: { 'content-type': inProcess.headers.get('content-type') ?? '' }, body: await inProcess.text() }),
      sent,
      throughYoga,
      viaYoga,
    };
  }

  it('answers as yoga does: data, errors, NOT_FOUND, over-cost refusals, operation names, null variables, X-Timeout', async () => {
    const page = `query Page($s: UInt32!) { transactionsByMasterchainBlock(seqno: $s, limit: 5) { hash lt inMsg { hash value } outMsgs { hash } accountStateAfter { balance } } }`;
    const cases: [string, Record<string, string>?][] = [
      [JSON.stringify({ query: '{ __typename }' })],
      [JSON.stringify({ query: page, variables: { s: BLOCK } })],
      [JSON.stringify({ query: page, variables: { s: BLOCK } }), { 'x-timeout': '2000', accept: 'application/json' }],
      [JSON.stringify({ query: page, variables: { s: 4_000_000_000 } })],
      [JSON.stringify({ query: page, variables: { s: 'x' } })],
      [JSON.stringify({ query: page })],
      [JSON.stringify({ query: '{ transaction(hash: "x") { hash } }', variables: null, operationName: null })],
      [JSON.stringify({ query: `query A { __typename } query B { transaction(hash: "x") { hash } }`, operationName: 'B' })],
      [
        JSON.stringify({
          query: `{ transactionsByMasterchainBlock(seqno: 1, limit: 1000) { ${'outMsgs { destinationTransaction { '.repeat(6)}hash${' } }'.repeat(6)} } }`,
        }),
      ],
    ];
    for (const [body, headers] of cases) {
      const { plain, yoga, sent, throughYoga, viaYoga } = await both(body, headers);
      // answered without yoga's HTTP layer, with what yoga answers: status, every header, bytes
      expect(viaYoga, body).toBe(0);
      expect(plain, body).toEqual(yoga);
      expect(sent, body).toEqual(throughYoga);
    }
    // the cases reach each kind of answer
    const answers = await Promise.all(cases.map(async ([body, headers]) => (await both(body, headers)).plain));
    expect(answers.map((a) => a.status)).toContain(200);
    expect(answers.some((a) => /"NOT_FOUND"/.test(a.body))).toBe(true);
    expect(answers.some((a) => /query cost limit/.test(a.body))).toBe(true);
    expect(answers.some((a) => /"data":\{"transactionsByMasterchainBlock":\[\{"hash"/.test(a.body))).toBe(true);
  });

  it("inspects a document yoga has parsed before without parsing it again: yoga's own, from its cache", async () => {
    const query = `query Seen { transactionsByMasterchainBlock(seqno: ${BLOCK}, limit: 2) { hash } }`;
    expect(service.yoga.parsed(query)).toBeUndefined();
    expect(inspectRequest({ query }, limits, service.yoga.parsed).document).toBeDefined();
    await fetch(`${service.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const cached = service.yoga.parsed(query);
    expect(cached).toBeDefined();
    expect(inspectRequest({ query }, limits, service.yoga.parsed).document).toBe(cached);
    // the limits still hold for a document that was never parsed
    expect(() => inspectRequest({ query: `{ ${'a '.repeat(limits.maxTokens)}}` }, limits, service.yoga.parsed)).toThrow(/token limit/);
  });

  it('leaves to yoga what it answers itself: invalid documents, unresolvable operations, invalid X-Timeout', async () => {
    for (const [body, headers] of [
      [JSON.stringify({ query: '{ noSuchField }' })],
      [JSON.stringify({ query: 'query A { __typename } query B { __typename }' })],
      [JSON.stringify({ query: 'query A { __typename }', operationName: 'C' })],
      [JSON.stringify({ query: '{ __typename }' }), { 'x-timeout': 'soon' }],
      // a cross-origin request: yoga answers it, with its CORS headers
      [JSON.stringify({ query: '{ __typename }' }), { origin: 'https://explorer.example' }],
    ] as [string, Record<string, string>?][]) {
      const { plain, yoga, sent, throughYoga, viaYoga } = await both(body, headers);
      expect(viaYoga, body).toBe(1);
      expect(plain, body).toEqual(yoga);
      expect(sent, body).toEqual(throughYoga);
    }
    const cors = await both(JSON.stringify({ query: '{ __typename }' }), { origin: 'https://explorer.example' });
    expect(cors.sent.headers['access-control-allow-origin']).toBe('https://explorer.example');
    // a GET goes through yoga, priced once (by the route, to admit it): refused over the cost limit all the same
    const costly = `?query=${encodeURIComponent(`{ transactionsByMasterchainBlock(seqno: 1, limit: 1000) { ${'outMsgs { destinationTransaction { '.repeat(6)}hash${' } }'.repeat(6)} } }`)}`;
    const overHttp = await fetch(`${service.base}/graphql${costly}`);
    const inProcess = await service.yoga.fetch(`http://localhost/graphql${costly}`);
    expect(overHttp.status).toBe(inProcess.status);
    const refusal = await overHttp.text();
    expect(refusal).toBe(await inProcess.text());
    expect(refusal).toMatch(/query cost limit of 1000000 exceeded/);
    const timeout = await both(JSON.stringify({ query: '{ __typename }' }), { 'x-timeout': 'soon' });
    expect(timeout.plain.status).toBe(400);
    expect(JSON.parse(timeout.plain.body).errors[0].message).toBe('parameter "x_timeout" must be an integer from 1 to 600000, got "soon"');
  });
});
