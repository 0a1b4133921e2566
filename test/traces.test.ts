import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText, realTestnetTraces } from './helpers/fixtures';
import { execute } from './helpers/graphql';
import { startService } from './helpers/service';
import { diffSpec, expandTrace } from './helpers/spec';

const MAINNET = 'traces_mainnet_2025-09_single.json';

/** The testnet set's traces as the database holds them: complete ones. */
describe.each(await availableBackends())('GET /api/v3/traces and GraphQL traces on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const testnet = realTestnetTraces();
  const cmp = (a: bigint | number | string, b: bigint | number | string) => (a < b ? -1 : a > b ? 1 : 0);
  const newestFirst = (traces: any[]) => [...traces].sort((a, b) => cmp(BigInt(b.end_lt), BigInt(a.end_lt)) || cmp(b.trace_id, a.trace_id));

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'testnet', testnet.text);
    service = await startService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const call = async (query: string, headers?: Record<string, string>) => {
    const res = await service.get(`/api/v3/traces?${query}`, { headers });
    return { status: res.status, body: await res.json() };
  };
  const get = async (query: string) => {
    const { status, body } = await call(query);
    expect(status, `${query}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
    return body;
  };
  const ids = (body: any) => body.traces.map((t: any) => t.trace_id);

  it('replays the real /traces?tx_hash= response: the same trace, every spec field equal, for any of its transactions', async () => {
    const mainnet = await createTestDatabase(backend);
    const served = await startService(mainnet.reader, 'mainnet');
    try {
      await importDocument(mainnet.writer, MAINNET, fixtureText(MAINNET));
      const file = fixtureJson(MAINNET);
      const [trace] = file.traces;
      for (const hash of Object.keys(trace.transactions)) {
        const body = await (await served.get(`/api/v3/traces?tx_hash=${encodeURIComponent(hash)}&include_actions=true`)).json();
        expect(ids(body)).toEqual([trace.trace_id]);
        expect(diffSpec('Trace', body.traces[0], expandTrace(trace), hash)).toEqual([]);
        expect(Object.keys(body)).toEqual(['traces', 'address_book', 'metadata']);
      }
    } finally {
      await served.close();
      await mainnet.drop();
    }
  });

  it('serves the 25-trace testnet set by account and by masterchain block, newest end first, each trace whole', async () => {
    const traces = testnet.json.traces;
    const all = await get('limit=1000');
    expect(ids(all)).toEqual(newestFirst(traces).map((t) => t.trace_id));
    for (const file of traces) {
      const served = all.traces.find((t: any) => t.trace_id === file.trace_id);
      expect(diffSpec('Trace', served, expandTrace({ ...file, actions: [] }), file.trace_id)).toEqual([]);
    }
    const account = traces[3].transactions[traces[3].trace_id].account;
    const touching = traces.filter((t: any) => Object.values<any>(t.transactions).some((tx) => tx.account === account));
    expect(ids(await get(`account=${account}&limit=1000`))).toEqual(newestFirst(touching).map((t) => t.trace_id));
    const seqno = traces[5].mc_seqno_end;
    const ended = traces.filter((t: any) => t.mc_seqno_end === seqno && t.trace_info.trace_state === 'complete');
    expect(ended.length).toBeGreaterThan(0);
    expect(ids(await get(`mc_seqno=${seqno}&limit=1000`))).toEqual(newestFirst(ended).map((t) => t.trace_id));
    expect(await call('mc_seqno=7')).toEqual({ status: 404, body: { error: 'masterchain block 7 not found', code: 404 } });
  });

  it('finds traces by id, by a transaction, by a message (raw or normalized hash), in windows, and pages with offset and sort', async () => {
    const traces = newestFirst(testnet.json.traces);
    const [a, b] = [traces[2], traces[7]];
    expect(ids(await get(`trace_id=${encodeURIComponent(a.trace_id)}&trace_id=${Buffer.from(b.trace_id, 'base64').toString('hex')}`))).toEqual([
      a.trace_id,
      b.trace_id,
    ]);
    const leaf = Object.values<any>(b.transactions).at(-1);
    expect(ids(await get(`tx_hash=${encodeURIComponent(leaf.hash)}`))).toEqual([b.trace_id]);
    const root = a.transactions[a.trace_id];
    expect(ids(await get(`msg_hash=${encodeURIComponent(root.in_msg.hash)}`))).toEqual([a.trace_id]);
    const normalized = traces.find((t) => t.transactions[t.trace_id].in_msg?.hash_norm);
    expect(normalized).toBeDefined();
    expect(ids(await get(`msg_hash=${encodeURIComponent(normalized.transactions[normalized.trace_id].in_msg.hash_norm)}`))).toEqual([normalized.trace_id]);
    expect(ids(await get('limit=3&offset=2&sort=asc'))).toEqual(
      [...traces]
        .reverse()
        .slice(2, 5)
        .map((t) => t.trace_id),
    );
    const [from, to] = [BigInt(traces[8].end_lt), BigInt(traces[3].end_lt)];
    expect(ids(await get(`start_lt=${from}&end_lt=${to}&limit=100`))).toEqual(
      traces.filter((t) => BigInt(t.end_lt) >= from && BigInt(t.end_lt) <= to).map((t) => t.trace_id),
    );
    const [start, end] = [traces[8].end_utime, traces[3].end_utime];
    const inTime = traces.filter((t) => t.end_utime >= start && t.end_utime <= end).sort((x, y) => y.end_utime - x.end_utime || cmp(y.trace_id, x.trace_id));
    expect(ids(await get(`start_utime=${start}&end_utime=${end}&limit=100`))).toEqual(inTime.map((t) => t.trace_id));
  });

  it("/events, TON Center's deprecated alias: the same traces under `events`, actions included", async () => {
    const traces = await get('limit=5&include_actions=true');
    const res = await service.get('/api/v3/events?limit=5');
    const events = await res.json();
    expect(res.status).toBe(200);
    expect(Object.keys(events)).toEqual(['events', 'address_book', 'metadata']);
    expect(events.events).toEqual(traces.traces);
  });

  it('leaves actions out unless include_actions, and rejects combined selectors and bad values with 422', async () => {
    const [first] = (await get('limit=1')).traces;
    expect(first.actions).toEqual([]);
    expect(await call('account=0:' + '1'.repeat(64) + `&tx_hash=${'1'.repeat(64)}`)).toEqual({
      status: 422,
      body: { error: 'at most one of "account", "trace_id", "tx_hash", "msg_hash" may be given, got "account" and "tx_hash"', code: 422 },
    });
    expect((await call('include_actions=maybe')).status).toBe(422);
    expect((await call('limit=1001')).status).toBe(422);
  });

  it('GraphQL traces: the same traces as REST, paged with keyset cursors; Account.traces', async () => {
    const rest = ids(await get('limit=1000'));
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 50; i += 1) {
      const { data, errors } = (await execute(
        service.yoga,
        'query ($after: String) { traces(first: 4, after: $after) { pageInfo { hasNextPage endCursor } edges { node { traceId traceInfo { transactions } } } } }',
        { after },
      )) as any;
      expect(errors).toBeUndefined();
      seen.push(...data.traces.edges.map((e: any) => e.node.traceId));
      if (!data.traces.pageInfo.hasNextPage) break;
      after = data.traces.pageInfo.endCursor;
    }
    expect(seen).toEqual(rest);
    const trace = testnet.json.traces[3];
    const account = trace.transactions[trace.trace_id].account;
    const { data } = (await execute(
      service.yoga,
      `{ account(address: "${account}") { traces(first: 100) { edges { node { traceId transactions { hash } } } } } }`,
    )) as any;
    expect(data.account.traces.edges.map((e: any) => e.node.traceId)).toEqual(ids(await get(`account=${account}&limit=100`)));
    const failed = (await execute(service.yoga, `{ traces(account: "${account}", txHash: ["${'1'.repeat(64)}"]) { edges { cursor } } }`)) as any;
    expect(failed.errors[0]).toMatchObject({
      message: 'at most one of "account", "traceId", "txHash", "msgHash" may be given, got "account" and "txHash"',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
