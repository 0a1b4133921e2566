import { encode } from '@msgpack/msgpack';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTraces } from '../src/emulator/push';
import { redisTarget, replayTraces } from '../src/emulator/replay';
import { importDocument } from '../src/import/importFile';
import { DatabaseFinalityWatcher } from '../src/live/dbWatcher';
import { LiveHub } from '../src/live/hub';
import { LiveRuntime } from '../src/live/runtime';
import { eventFinality } from '../src/live/select';
import { proxyTrust } from '../src/http/access';
import { RateLimiter } from '../src/http/rateLimit';
import { request } from 'node:http';
import { CHANNELS } from '../src/live/redisSource';
import { createRequestContext } from '../src/context';
import { defaults } from '../src/config';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { realTestnetTraces } from './helpers/fixtures';
import { decodeBody, decodedOpcode } from '../src/decode/index';
import { eventually, sseClient, startLiveService, until, wsClient } from './helpers/live';
import { freshRedisUrl, redisAvailable } from './helpers/redis';

/** The pending `trace` event among a subscriber's events. */
const traces0 = (events: any[]) => events.find((e) => e.type === 'trace' && e.finality === 'pending');
/** What the decoder makes of a body, parsed. */
const decodeJson = (body: string) => {
  const d = decodeBody(body);
  return d && JSON.parse(d.json);
};

const id = (n: number) => Buffer.alloc(32, n).toString('base64');

/** A real testnet trace started by an external message, with an action on its root transaction as the classifier would add. */
function traceWithActions(index: number) {
  const traces = realTestnetTraces().json.traces.filter((t: any) => Object.keys(t.transactions).length >= 3);
  const trace = structuredClone(traces[index % traces.length]);
  const root = trace.transactions[trace.transactions_order[0]];
  trace.actions = [
    {
      trace_id: trace.trace_id,
      action_id: id(60 + index),
      type: 'ton_transfer',
      success: true,
      start_lt: root.lt,
      end_lt: root.lt,
      trace_end_lt: trace.end_lt,
      trace_end_utime: trace.end_utime,
      trace_mc_seqno_end: Number(trace.mc_seqno_end),
      transactions: [root.hash],
      accounts: [root.account],
      details: { source: null, destination: root.account, value: '1', value_extra_currencies: {}, comment: 'hi', encrypted: false },
    },
  ];
  return { trace, root, account: root.account as string, keyOf: async () => '' };
}

const play = (redis: any, trace: unknown, invalidateEvery = 0, stepMs = 60) =>
  replayTraces(redisTarget(redis, 60), { traces: [trace] }, { stepMs, invalidateEvery });

describe.skipIf(!(await redisAvailable()))('live events through Redis', () => {
  let db: TestDatabase;
  let redisUrl: string;
  let service: Awaited<ReturnType<typeof startLiveService>>;

  beforeAll(async () => {
    db = await createTestDatabase((await availableBackends())[0]);
    await importDocument(db.writer, 'testnet.json', realTestnetTraces().text);
    redisUrl = await freshRedisUrl(8);
    service = await startLiveService(db.reader, redisUrl, { maxAddresses: 3 });
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('shows a subscriber a trace going pending → confirmed → finalized, with its actions and its tree (TON Center Streaming API v2 over SSE)', async () => {
    const { trace, account, root } = traceWithActions(0);
    const [key] = await pushTraces(service.redis, { traces: [trace] }, { finality: 'pending', ttlSeconds: 1 });
    const client = await sseClient(service.base, {
      id: 'a1',
      types: ['transactions', 'actions', 'trace'],
      addresses: [account],
      trace_external_hash_norms: [key],
      min_finality: 'pending',
    });
    expect(client.status).toBe(200);
    await until(
      () => client.frames,
      (f) => f.event === 'connected',
    );
    expect(client.frames[0]).toMatchObject({ event: 'connected', data: { id: 'a1', status: 'subscribed' } });
    // each stage is read from Redis when announced, as it then is: stages far enough apart that a loaded machine
    // reads each before the next is written
    await play(service.redis, trace, 0, 400);
    // one finalization is sent as several frames (transactions, actions, trace): wait for each
    for (const type of ['transactions', 'actions', 'trace'])
      await until(client.events, (e) => e.type === type && e.finality === 'finalized', 5000, `finalized ${type}`);
    const all = client.events();
    const txEvents = all.filter((e) => e.type === 'transactions');
    expect(txEvents.map((e) => e.finality)).toEqual(['pending', 'confirmed', 'finalized']);
    for (const e of txEvents) {
      expect(Object.keys(e)).toEqual(['type', 'finality', 'trace_external_hash_norm', 'transactions']);
      expect(e.trace_external_hash_norm).toBe(key);
      expect(e.transactions.every((t: any) => t.account === account)).toBe(true);
      expect(e.transactions[0]).not.toHaveProperty('trace_external_hash');
      expect(e.transactions[0].account_state_after).toEqual({
        hash: expect.any(String),
        balance: null,
        extra_currencies: null,
        account_status: null,
        frozen_hash: null,
        data_hash: null,
        code_hash: null,
      });
    }
    expect(txEvents[0].transactions.every((t: any) => t.emulated === true && t.finality === 'pending')).toBe(true);
    expect(txEvents[2].transactions.every((t: any) => t.finality === 'finalized')).toBe(true);
    // TON Center decodes the bodies of emulated (pending) traces only: confirmed and finalized snapshots leave
    // `decoded` and `decoded_opcode` null
    const messagesOf = (txs: any[]) => txs.flatMap((t) => [t.in_msg, ...t.out_msgs]).filter((m) => m?.message_content);
    const pendingMessages = [...messagesOf(txEvents[0].transactions), ...messagesOf(Object.values(traces0(all).transactions))];
    expect(pendingMessages.length).toBeGreaterThan(0);
    for (const m of pendingMessages) {
      expect(m.message_content.decoded, m.hash).toEqual(decodeJson(m.message_content.body));
      expect(m.decoded_opcode, m.hash).toBe(decodedOpcode(m.opcode));
    }
    expect(pendingMessages.some((m) => m.message_content.decoded !== null)).toBe(true);
    for (const e of [...txEvents.slice(1), ...all.filter((e) => e.type === 'trace' && e.finality !== 'pending')])
      for (const m of messagesOf(e.type === 'trace' ? Object.values(e.transactions) : e.transactions)) {
        expect(m.message_content.decoded, `${e.type} ${e.finality}`).toBeNull();
        expect(m.decoded_opcode, `${e.type} ${e.finality}`).toBeNull();
      }
    const actions = all.filter((e) => e.type === 'actions');
    expect(actions.map((e) => e.finality)).toEqual(['pending', 'confirmed', 'finalized']);
    expect(actions[2].actions).toMatchObject([{ type: 'ton_transfer', details: { comment: 'hi' }, finality: 'finalized' }]);
    const traces = all.filter((e) => e.type === 'trace');
    expect(traces.map((e) => e.finality)).toEqual(['pending', 'confirmed', 'finalized']);
    expect(traces[2].trace.tx_hash).toBe(root.hash);
    expect(Object.keys(traces[2].transactions).sort()).toEqual(Object.keys(trace.transactions).sort());
    expect(Object.keys(traces[2].transactions)).toEqual(Object.keys(traces[2].transactions).sort());
    client.close();
  });

  it('tells of an invalidated trace only the subscribers that were sent it before it was final', async () => {
    const { trace, account } = traceWithActions(1);
    const early = await sseClient(service.base, { types: ['transactions'], addresses: [account], min_finality: 'pending' });
    const late = await sseClient(service.base, { types: ['transactions'], addresses: [account] });
    await until(
      () => late.frames,
      (f) => f.event === 'connected',
    );
    await play(service.redis, trace, 1);
    await until(early.events, (e) => e.type === 'trace_invalidated', 5000, 'trace_invalidated');
    const events = early.events();
    expect(events.map((e) => e.type)).toEqual(['transactions', 'trace_invalidated']);
    expect(events[1]).toEqual({ type: 'trace_invalidated', trace_external_hash_norm: events[0].trace_external_hash_norm });
    // one more trace goes all the way: the late subscriber sees that one, never the invalidation
    await play(service.redis, traceWithActions(2).trace);
    await new Promise((r) => setTimeout(r, 300));
    expect(late.events().some((e) => e.type === 'trace_invalidated')).toBe(false);
    early.close();
    late.close();
  });

  it("answers bad subscriptions as TON Center does: 400 with the request's id and the reason", async () => {
    const refused = async (body: unknown) => {
      const c = await sseClient(service.base, body);
      expect(c.status).toBe(400);
      return c.json;
    };
    const account = traceWithActions(0).account;
    expect(await refused('{not json')).toEqual({ error: expect.stringMatching(/^invalid subscription request: /) });
    expect(await refused({ id: '7', addresses: [account] })).toEqual({ id: '7', error: 'types are required for subscription' });
    expect(await refused({ id: '7', types: ['trace_invalidated'], addresses: [account] })).toEqual({ id: '7', error: 'invalid event type: trace_invalidated' });
    expect(await refused({ types: ['transactions'], addresses: ['nope'] })).toEqual({ error: 'invalid address: nope' });
    expect(await refused({ types: ['transactions'] })).toEqual({ error: 'addresses are required for subscription' });
    expect(await refused({ types: ['trace'] })).toEqual({ error: 'trace_external_hash_norms are required for trace subscription' });
    expect(await refused({ types: ['transactions'], addresses: [account], trace_external_hash_norms: ['x'] })).toEqual({
      error: 'trace_external_hash_norms requires type "trace"',
    });
    expect(await refused({ types: ['trace'], trace_external_hash_norms: [' '] })).toEqual({ error: 'trace_external_hash_norms contains empty value' });
    const four = ['0:' + '1'.repeat(64), '0:' + '2'.repeat(64), '0:' + '3'.repeat(64), '0:' + '4'.repeat(64)];
    expect(await refused({ types: ['transactions'], addresses: four })).toEqual({ error: 'too many addresses: 4 > max 3' });
  });

  it('speaks the WebSocket protocol: ping, subscribe (replacing), unsubscribe, and the error frames', async () => {
    const { trace, account } = traceWithActions(3);
    const ws = await wsClient(service.base);
    const reply = (n: number) => eventually(() => ws.messages.length >= n, 3000, `reply ${n}`).then(() => ws.messages[n - 1]);
    ws.send({ id: 'p', operation: 'ping' });
    expect(await reply(1)).toEqual({ id: 'p', status: 'pong' });
    ws.send('{');
    expect(await reply(2)).toEqual({ error: expect.stringMatching(/^invalid request envelope: /) });
    ws.send({ id: 'x', operation: 'dance' });
    expect(await reply(3)).toEqual({ id: 'x', error: 'unknown operation: dance' });
    ws.send({ id: 's0', operation: 'subscribe', types: ['transactions'] });
    expect(await reply(4)).toEqual({ id: 's0', error: 'addresses are required' });
    ws.send({ id: 'u0', operation: 'unsubscribe' });
    expect(await reply(5)).toEqual({ id: 'u0', error: 'addresses or trace_external_hash_norms are required' });
    ws.send({ id: 's1', operation: 'subscribe', types: ['transactions'], addresses: [account], min_finality: 'confirmed' });
    expect(await reply(6)).toEqual({ id: 's1', status: 'subscribed' });
    await play(service.redis, trace);
    await until(
      () => ws.messages,
      (m) => m.type === 'transactions' && m.finality === 'finalized',
      5000,
      'finalized transactions',
    );
    // min_finality confirmed: the pending stage was not sent
    expect(ws.messages.filter((m) => m.type === 'transactions').map((m) => m.finality)).toEqual(['confirmed', 'finalized']);
    ws.send({ id: 'u1', operation: 'unsubscribe', addresses: [account] });
    await until(
      () => ws.messages,
      (m) => m.id === 'u1',
    );
    expect(ws.messages.at(-1)).toEqual({ id: 'u1', status: 'unsubscribed' });
    const before = ws.messages.length;
    await play(service.redis, trace);
    await new Promise((r) => setTimeout(r, 300));
    expect(ws.messages.length).toBe(before);
    ws.close();
  });

  it('announces account states and jetton wallet balances the emulator writes (account_state_change, jettons_change)', async () => {
    const wallet = '0:' + 'AB'.repeat(32);
    const owner = '0:' + 'CD'.repeat(32);
    const master = '0:' + 'EF'.repeat(32);
    const client = await sseClient(service.base, { types: ['account_state_change', 'jettons_change'], addresses: [owner, wallet], min_finality: 'confirmed' });
    await until(
      () => client.frames,
      (f) => f.event === 'connected',
    );
    const h = (n: number) => new Uint8Array(32).fill(n);
    const key = `account_confirmed:${wallet}`;
    await service.redis.hset(key, {
      lt: '123456',
      state: Buffer.from(
        encode(
          {
            hash: h(1),
            balance: 5000000n,
            account_status: 'active',
            frozen_hash: null,
            code_hash: h(2),
            data_hash: h(3),
            last_trans_hash: h(4),
            last_trans_lt: 123456n,
            timestamp: 1700000000,
          },
          { useBigInt64: true },
        ),
      ),
      interfaces: Buffer.from(encode({ interfaces: [[0, { balance: '777', address: wallet, owner, jetton: master }]] })),
    });
    await service.redis.publish(CHANNELS.accountState, key);
    await eventually(() => client.events().length >= 2, 5000, 'two events');
    const b64 = (n: number) => Buffer.from(h(n)).toString('base64');
    expect(client.events()).toEqual([
      {
        type: 'account_state_change',
        finality: 'confirmed',
        account: wallet,
        state: { hash: b64(1), balance: '5000000', extra_currencies: null, account_status: 'active', frozen_hash: null, data_hash: b64(3), code_hash: b64(2) },
      },
      {
        type: 'jettons_change',
        finality: 'confirmed',
        jetton: { address: wallet, balance: '777', owner, jetton: master, last_transaction_lt: '123456', code_hash: b64(2), data_hash: b64(3) },
      },
    ]);
    client.close();
  });

  it('serves GraphQL subscriptions over SSE and over WebSocket (graphql-ws) with nested fields', async () => {
    const { trace, account, root } = traceWithActions(18);
    await eventually(() => service.live.hub.followersOf(account) === 0, 5000, 'earlier clients gone');
    const query = `subscription($a: [String!]!) { transactions(accounts: $a, minFinality: PENDING) { kind finality traceExternalHashNorm transactions { hash finality emulated inMsg { hash } } } }`;
    // GraphQL over SSE through yoga
    const abort = new AbortController();
    const res = await fetch(`${service.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query, variables: { a: [account] } }),
      signal: abort.signal,
    });
    if (res.status !== 200) throw new Error(`GraphQL over SSE answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const sse: any[] = [];
    void (async () => {
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += Buffer.from(chunk).toString('utf8');
          for (const m of buffer.matchAll(/^data: (.+)$/gm)) sse.push(JSON.parse(m[1]));
          buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
        }
      } catch {
        // aborted
      }
    })();
    // graphql-ws over WebSocket: actions and traces, with navigation into the trace
    const client = createClient({ url: `${service.base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const viaWs: any[] = [];
    const traces: any[] = [];
    const done: (() => void)[] = [];
    done.push(
      client.subscribe(
        {
          query: `subscription($a: [String!]!) { actions(accounts: $a, minFinality: PENDING) { kind finality actions { type details accounts } } }`,
          variables: { a: [account] },
        },
        { next: (v) => viaWs.push(v), error: (e) => viaWs.push({ error: e }), complete: () => {} },
      ),
    );
    done.push(
      client.subscribe(
        {
          query: `subscription($a: [String!]) { traces(accounts: $a, minFinality: PENDING) { kind finality trace { externalHash transactions { hash finality } actions { type } root { transactionHash children { transactionHash } } } } }`,
          variables: { a: [account] },
        },
        { next: (v) => traces.push(v), error: (e) => traces.push({ error: e }), complete: () => {} },
      ),
    );
    // all three subscribed (SSE, and two over one WebSocket) before the trace plays
    await eventually(() => service.live.hub.followersOf(account) === 3, 5000, 'three subscriptions');
    await play(service.redis, trace, 0, 400);
    await until(
      () => sse,
      (e) => e.data?.transactions?.finality === 'FINALIZED',
      5000,
      'finalized over SSE',
    );
    await until(
      () => viaWs,
      (e) => e.data?.actions?.finality === 'FINALIZED',
      5000,
      'finalized actions over WebSocket',
    );
    await until(
      () => traces,
      (e) => e.data?.traces?.finality === 'FINALIZED' && e.data.traces.trace.actions.length > 0,
      5000,
      'finalized trace with actions',
    );
    expect(sse.filter((e) => e.data).map((e) => e.data.transactions.finality)).toEqual(['PENDING', 'CONFIRMED', 'FINALIZED']);
    const first = sse.find((e) => e.data).data.transactions;
    expect(first.kind).toBe('UPDATE');
    expect(first.transactions[0]).toMatchObject({ finality: 'PENDING', emulated: true });
    expect(viaWs.every((e) => !e.error && !e.errors)).toBe(true);
    expect(viaWs.map((e) => e.data.actions.finality)).toEqual(['PENDING', 'CONFIRMED', 'FINALIZED']);
    expect(viaWs[2].data.actions.actions).toEqual([{ type: 'ton_transfer', details: expect.objectContaining({ comment: 'hi' }), accounts: [account] }]);
    const last = traces.filter((e) => e.data?.traces?.finality === 'FINALIZED').at(-1).data.traces;
    expect(last.trace.root.transactionHash).toBe(root.hash);
    expect(last.trace.transactions).toHaveLength(Object.keys(trace.transactions).length);
    abort.abort();
    for (const stop of done) stop();
    await client.dispose();
    // GraphiQL opens with a live tab where live events are served
    const page = await (await fetch(`${service.base}/graphql`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('subscription Live(');
  });

  it('gives each event of a GraphQL subscription fresh loaders: a transaction loaded while pending is not served again once final', async () => {
    const { trace, account } = traceWithActions(21);
    await eventually(() => service.live.hub.followersOf(account) === 0, 5000, 'earlier clients gone');
    const client = createClient({ url: `${service.base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const got: any[] = [];
    const stop = client.subscribe(
      {
        query: `subscription($a: [String!]!) { transactions(accounts: $a, minFinality: PENDING) { finality transactions { hash outMsgs { destinationTransaction { hash finality } } } } }`,
        variables: { a: [account] },
      },
      { next: (v) => got.push(v), error: (e) => got.push({ error: e }), complete: () => {} },
    );
    await eventually(() => service.live.hub.followersOf(account) === 1, 5000, 'the subscription');
    await play(service.redis, trace, 0, 400);
    await until(
      () => got,
      (e) => e.data?.transactions?.finality === 'FINALIZED',
      5000,
      'the finalized event',
    );
    stop();
    await client.dispose();
    // the Transaction loader caches per event: each event's children have that event's finality
    const children = (e: any) => e.data.transactions.transactions.flatMap((t: any) => t.outMsgs.map((m: any) => m.destinationTransaction).filter(Boolean));
    const events = got.filter((e) => e.data?.transactions?.finality);
    expect(events.map((e) => e.data.transactions.finality)).toEqual(['PENDING', 'CONFIRMED', 'FINALIZED']);
    expect(children(events[0]).length).toBeGreaterThan(0);
    for (const e of events) expect(children(e).map((c: any) => c.finality)).toEqual(children(e).map(() => e.data.transactions.finality));
  });

  it("adds the address book and metadata a client asks for, trimmed to its events' addresses, and filters action types", async () => {
    const { trace, account } = traceWithActions(19);
    await eventually(() => service.live.hub.followersOf(account) === 0, 5000, 'earlier clients gone');
    const withBook = await sseClient(service.base, {
      types: ['transactions', 'actions'],
      addresses: [account],
      include_address_book: true,
      include_metadata: true,
    });
    const onlySwaps = await sseClient(service.base, { types: ['actions'], addresses: [account], action_types: ['jetton_swap'] });
    const bare = await sseClient(service.base, { types: ['transactions'], addresses: [account] });
    await eventually(() => service.live.hub.followersOf(account) === 3, 5000, 'three subscriptions');
    await play(service.redis, trace);
    const txs = await until(withBook.events, (e) => e.type === 'transactions' && e.finality === 'finalized', 5000, 'finalized transactions');
    expect(Object.keys(txs)).toEqual(['type', 'finality', 'trace_external_hash_norm', 'transactions', 'address_book', 'metadata']);
    const named = new Set<string>(
      txs.transactions.flatMap((t: any) => [t.account, t.in_msg?.source, ...t.out_msgs.map((m: any) => m.destination)].filter(Boolean)),
    );
    expect(Object.keys(txs.address_book).sort()).toEqual([...named].sort());
    expect(txs.address_book[account]).toMatchObject({ user_friendly: expect.any(String) });
    const actions = await until(withBook.events, (e) => e.type === 'actions' && e.finality === 'finalized', 5000, 'finalized actions');
    expect(Object.keys(actions.address_book)).toEqual([account]);
    await until(bare.events, (e) => e.finality === 'finalized', 5000, 'the bare client');
    expect(bare.events().every((e) => !('address_book' in e) && !('metadata' in e))).toBe(true);
    // the action is a ton_transfer: a client that wants only swaps gets no actions event
    expect(onlySwaps.events()).toEqual([]);
    for (const c of [withBook, onlySwaps, bare]) c.close();
  });

  it('tells GraphQL subscribers of an invalidated trace they were sent, and counts live events in /metrics', async () => {
    const { trace, account } = traceWithActions(20);
    await eventually(() => service.live.hub.followersOf(account) === 0, 5000, 'earlier clients gone');
    const client = createClient({ url: `${service.base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const got: any[] = [];
    const stop = client.subscribe(
      {
        query: `subscription($a: [String!]!) { transactions(accounts: $a, minFinality: PENDING) { kind finality traceExternalHashNorm transactions { hash } } }`,
        variables: { a: [account] },
      },
      { next: (v) => got.push(v), error: (e) => got.push({ error: e }), complete: () => {} },
    );
    await eventually(() => service.live.hub.followersOf(account) === 1, 5000, 'the subscription');
    await play(service.redis, trace, 1);
    await until(
      () => got,
      (e) => e.data?.transactions?.kind === 'INVALIDATED',
      5000,
      'the invalidation',
    );
    expect(got.map((e) => e.data.transactions.kind)).toEqual(['UPDATE', 'INVALIDATED']);
    expect(got[1].data.transactions).toMatchObject({ finality: null, traceExternalHashNorm: got[0].data.transactions.traceExternalHashNorm, transactions: [] });
    stop();
    await client.dispose();
    const metrics = await (await fetch(`${service.base}/metrics`)).text();
    const figure = (name: string) => Number(new RegExp(`tonql_live_events\\{figure="${name}"\\} (\\d+)`).exec(metrics)?.[1]);
    expect(figure('published')).toBeGreaterThan(0);
    expect(figure('delivered')).toBeGreaterThan(0);
    expect(figure('dropped')).toBe(0);
  });

  it('refuses connections past the limits: 429 for too many subscribers, as TON Center words it', async () => {
    const tight = await startLiveService(db.reader, redisUrl, { maxPerIp: 1 });
    try {
      const account = traceWithActions(0).account;
      const first = await sseClient(tight.base, { types: ['transactions'], addresses: [account] });
      expect(first.status).toBe(200);
      const second = await sseClient(tight.base, { id: 'z', types: ['transactions'], addresses: [account] });
      expect(second.status).toBe(429);
      expect(second.json).toEqual({ id: 'z', error: 'connection limit reached: 1 active connections' });
      const ws = await wsClient(tight.base);
      const closed = await ws.closed;
      expect(ws.messages).toEqual([{ error: 'connection limit reached: 1 active connections' }]);
      expect(closed.code).toBe(1008);
      first.close();
      // the slot is free again once the first client has gone
      await eventually(() => tight.live.subscribers === 0, 3000, 'the slot released');
      const third = await sseClient(tight.base, { types: ['transactions'], addresses: [account] });
      expect(third.status).toBe(200);
      third.close();
    } finally {
      await tight.close();
    }
  });

  it('delivers from one Redis to the subscribers of each of two instances', async () => {
    const other = await startLiveService(db.reader, redisUrl);
    try {
      const { trace, account } = traceWithActions(5);
      const a = await sseClient(service.base, { types: ['transactions'], addresses: [account] });
      const b = await sseClient(other.base, { types: ['transactions'], addresses: [account] });
      await until(
        () => a.frames,
        (f) => f.event === 'connected',
      );
      await until(
        () => b.frames,
        (f) => f.event === 'connected',
      );
      await play(service.redis, trace);
      await until(a.events, (e) => e.finality === 'finalized', 5000, 'instance one');
      await until(b.events, (e) => e.finality === 'finalized', 5000, 'instance two');
      expect(a.events().map((e) => e.trace_external_hash_norm)).toEqual(b.events().map((e) => e.trace_external_hash_norm));
      a.close();
      b.close();
    } finally {
      await other.close();
    }
  });

  it('survives a WebSocket frame over the size limit, and a broken handshake takes no slot', async () => {
    const ws = await wsClient(service.base);
    ws.send('x'.repeat(2 * 1024 * 1024));
    expect((await ws.closed).code).not.toBe(1000);
    expect((await fetch(`${service.base}/health`)).status).toBe(200);
    const before = service.live.subscribers;
    const url = new URL(service.base);
    for (let i = 0; i < 3; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: '/api/streaming/v2/ws', headers: { connection: 'upgrade', upgrade: 'websocket' } });
        req.on('response', (res) => resolve(res.statusCode!));
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(400);
    }
    expect(service.live.subscribers).toBe(before);
  });

  it('asks WebSocket clients for the same API key as HTTP ones', async () => {
    const policy = { apiKeys: new Set(['k1']), requireKey: true, trustProxy: proxyTrust(0) };
    const keyed = await startLiveService(db.reader, redisUrl, {}, { policy, limiter: new RateLimiter() });
    try {
      await expect(wsClient(keyed.base)).rejects.toThrow(/401/);
      const ws = await wsClient(`${keyed.base}`, { 'x-api-key': 'k1' });
      ws.send({ id: 'p', operation: 'ping' });
      await until(
        () => ws.messages,
        (m) => m.status === 'pong',
      );
      ws.close();
      const graphqlWs = createClient({ url: `${keyed.base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
      const closed = await new Promise<any>((resolve) => graphqlWs.on('closed', resolve));
      expect(closed.code).toBe(1006);
      await graphqlWs.dispose();
    } finally {
      await keyed.close();
    }
  });

  it('frees a GraphQL subscription the moment its client goes, over SSE and over WebSocket, however quiet its account', async () => {
    const quiet = '0:' + '7'.repeat(64);
    const query = `subscription { accountStates(accounts: ["${quiet}"]) { kind } }`;
    const abort = new AbortController();
    const res = await fetch(`${service.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query }),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    await eventually(() => service.live.hub.followersOf(quiet) === 1, 3000, 'the SSE subscription');
    const admitted = service.live.subscribers;
    abort.abort();
    await eventually(() => service.live.hub.followersOf(quiet) === 0 && service.live.subscribers === admitted - 1, 3000, 'the SSE subscription freed');
    const client = createClient({ url: `${service.base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const errors: any[] = [];
    const stop = client.subscribe({ query }, { next: () => {}, error: (e) => errors.push(e), complete: () => {} });
    // a syntax error answers its operation only; the connection and its other subscription stay
    client.subscribe({ query: 'subscription {' }, { next: () => {}, error: (e) => errors.push(e), complete: () => {} });
    await eventually(() => service.live.hub.followersOf(quiet) === 1 && errors.length === 1, 3000, 'the WebSocket subscription and the refusal');
    expect(JSON.stringify(errors[0])).toContain('Expected Name');
    stop();
    await eventually(() => service.live.hub.followersOf(quiet) === 0, 3000, "completed on the client's word");
    await client.dispose();
    await eventually(() => service.live.subscribers === admitted - 1, 3000, 'the connection released');
  });

  it('reindexes a WebSocket client on unsubscribe: it no longer follows what it dropped', async () => {
    const a = '0:' + '5'.repeat(64);
    const b = '0:' + '6'.repeat(64);
    const ws = await wsClient(service.base);
    ws.send({ id: 's', operation: 'subscribe', types: ['transactions'], addresses: [a, b] });
    await until(
      () => ws.messages,
      (m) => m.id === 's',
    );
    expect([service.live.hub.followersOf(a), service.live.hub.followersOf(b)]).toEqual([1, 1]);
    ws.send({ id: 'u', operation: 'unsubscribe', addresses: [a] });
    await until(
      () => ws.messages,
      (m) => m.id === 'u',
    );
    expect([service.live.hub.followersOf(a), service.live.hub.followersOf(b)]).toEqual([0, 1]);
    ws.close();
    await eventually(() => service.live.hub.followersOf(b) === 0, 3000, 'the closed client unindexed');
  });

  it('ends every stream cleanly when the service stops', async () => {
    const stopping = await startLiveService(db.reader, redisUrl);
    const account = traceWithActions(0).account;
    const sse = await sseClient(stopping.base, { types: ['transactions'], addresses: [account] });
    const ws = await wsClient(stopping.base);
    await until(
      () => sse.frames,
      (f) => f.event === 'connected',
    );
    stopping.live.close();
    expect((await ws.closed).code).toBe(1001);
    await eventually(() => stopping.live.hub.subscriberCount === 0, 3000, 'no subscribers left');
    await stopping.close();
  });
});

describe('the live hub', () => {
  const account = '0:' + 'A'.repeat(64);
  const traceEvent = (
    stage: 'pending' | 'confirmed' | 'finalized' | 'classified',
    source: 'emulator' | 'database',
    finality: 'pending' | 'confirmed' | 'finalized' = 'finalized',
  ) => ({
    kind: 'trace' as const,
    key: 'K',
    stage,
    trace: {
      source,
      header: {} as any,
      actions: [],
      transactions: [{ row: { account, hash: 'h', lt: '1' } as any, emulated: false, finality, traceExternalHash: null }],
    },
  });

  it('sends nothing more about a trace the database finalized, and only the classification after an emulator finalization', () => {
    const hub = new LiveHub(defaults().live.queue);
    const sub = hub.subscribe({ accounts: new Set([account]), traceKeys: new Set() });
    hub.publish(traceEvent('finalized', 'database'));
    for (const stage of ['pending', 'confirmed', 'finalized', 'classified'] as const) hub.publish(traceEvent(stage, 'emulator'));
    expect(sub.queue.size).toBe(1);
    const other = new LiveHub(defaults().live.queue);
    const sub2 = other.subscribe({ accounts: new Set([account]), traceKeys: new Set() });
    other.publish(traceEvent('finalized', 'emulator'));
    other.publish(traceEvent('confirmed', 'emulator', 'confirmed'));
    other.publish(traceEvent('classified', 'emulator'));
    other.publish(traceEvent('finalized', 'database'));
    expect(sub2.queue.size).toBe(2);
  });

  it('admits subscribers within the limits per instance, per client address and per API key, and frees their slots', () => {
    const live = new LiveRuntime({
      ...defaults().live,
      queue: 4,
      maxSubscribers: 3,
      maxPerIp: 2,
      maxPerKey: 1,
      maxAddresses: 5,
      maxAddressesPerIp: 8,
      maxAddressesPerKey: 6,
      maxAddressesTotal: 12,
    });
    const a = live.admit('1.1.1.1', 'k');
    expect(() => live.admit('2.2.2.2', 'k')).toThrow('connection limit reached: 1 active connections');
    const b = live.admit('1.1.1.1', undefined);
    expect(() => live.admit('1.1.1.1', undefined)).toThrow('connection limit reached: 2 active connections');
    const c = live.admit('3.3.3.3', undefined);
    expect(() => live.admit('4.4.4.4', undefined)).toThrow('connection limit reached: 3 active connections');
    // followed addresses: per client address, per API key, per instance, each refusal naming its setting
    const freeA = a.reserve(5);
    expect(() => a.reserve(2)).toThrow('followed addresses limit reached for this API key: 5 followed + 2 new > max 6 (LIVE_MAX_ADDRESSES_PER_KEY)');
    expect(() => b.reserve(4)).toThrow('followed addresses limit reached for this client address: 5 followed + 4 new > max 8 (LIVE_MAX_ADDRESSES_PER_IP)');
    b.reserve(3);
    c.reserve(4);
    expect(() => c.reserve(1)).toThrow('followed addresses limit reached on this instance: 12 followed + 1 new > max 12 (LIVE_MAX_ADDRESSES_TOTAL)');
    expect(() => c.reserve(1)).toThrow(expect.objectContaining({ status: 429 }));
    freeA();
    freeA();
    expect(live.followedAddresses).toBe(7);
    for (const admission of [a, b, c]) admission.release();
    a.release();
    expect(live.subscribers).toBe(0);
    expect(live.followedAddresses).toBe(0);
    expect(() => live.checkAddresses(6)).toThrow('too many addresses: 6 > max 5');
    live.close();
    expect(() => live.admit('1.1.1.1', undefined)).toThrow(/shutting down/);
  });

  it('takes the finality of a trace too large to read whole from the stage that announced it', () => {
    const header = (stage: 'pending' | 'confirmed' | 'classified') => ({
      ...traceEvent(stage, 'emulator'),
      trace: { ...traceEvent(stage, 'emulator').trace, transactions: [] },
    });
    expect([eventFinality(header('pending')), eventFinality(header('confirmed')), eventFinality(header('classified'))]).toEqual([
      'pending',
      'confirmed',
      'pending',
    ]);
  });

  it('lets a slow subscriber lose the oldest events, told as a gap, without delaying a fast one', async () => {
    const hub = new LiveHub(4);
    const interest = { accounts: new Set([account]), traceKeys: new Set<string>() };
    const fast = hub.subscribe(interest);
    const slow = hub.subscribe(interest);
    const got: unknown[] = [];
    const reading = (async () => {
      for await (const item of fast.queue) {
        got.push(item);
        if (got.length === 10) break;
      }
    })();
    const event = (n: number) => ({
      kind: 'accountState' as const,
      account,
      finality: 'finalized' as const,
      lt: String(n),
      state: { hash: null, balance: null, account_status: null, frozen_hash: null, data_hash: null, code_hash: null },
    });
    for (let n = 0; n < 10; n++) {
      hub.publish(event(n));
      await new Promise((r) => setImmediate(r));
    }
    await reading;
    expect(got.map((e: any) => e.lt)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const late: any[] = [];
    for (let i = 0; i < 5; i++) late.push((await slow.queue.next()).value);
    expect(late).toEqual([{ gap: 6 }, event(6), event(7), event(8), event(9)]);
    expect(hub.stats).toMatchObject({ dropped: 6, published: 10, delivered: 20 });
  });
});

describe.each(await availableBackends())('finality from the database on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db?.drop());

  it('announces the traces newly indexed masterchain blocks completed, once, with their actions', async () => {
    const traces = [...realTestnetTraces().json.traces].sort((a: any, b: any) => Number(a.mc_seqno_end) - Number(b.mc_seqno_end));
    const cut = traces.findIndex((t: any) => Number(t.mc_seqno_end) > Number(traces[0].mc_seqno_end));
    await importDocument(db.writer, 'early.json', JSON.stringify({ traces: traces.slice(0, cut) }));
    const hub = new LiveHub(defaults().live.queue);
    const later = traces.slice(cut);
    const accounts = new Set<string>(later.flatMap((t: any) => Object.values(t.transactions).map((tx: any) => tx.account as string)));
    const sub = hub.subscribe({ accounts, traceKeys: new Set() });
    const services = { ...(await import('./helpers/service')).testServices(db.reader) };
    const watcher = new DatabaseFinalityWatcher(services, hub, { intervalMs: 1000, maxBlocksPerPoll: 1_000_000 });
    await watcher.poll();
    expect(hub.stats.published).toBe(0);
    await importDocument(db.writer, 'later.json', JSON.stringify({ traces: later }));
    await watcher.poll();
    await watcher.poll();
    const stored = (
      await createRequestContext(services).db.query<{ n: number }>(`select count(*)::int as n from traces where mc_seqno_end > $1 and state = 'complete'`, [
        Number(traces[cut - 1].mc_seqno_end),
      ])
    )[0].n;
    expect(stored).toBeGreaterThan(0);
    expect(hub.stats.published).toBe(stored);
    const first = (await sub.queue.next()).value as any;
    expect(first).toMatchObject({ kind: 'trace', stage: 'finalized', trace: { source: 'database' } });
    expect(first.trace.transactions.every((t: any) => t.finality === 'finalized')).toBe(true);
    // a trace announced finalized from Redis first is not announced again
    expect(hub.wasFinalized(first.key)).toBe(true);
  });
});
