import { createClient } from 'graphql-ws';
import type { LimitFunction } from 'p-limit';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types';
import { pushTraces } from '../src/emulator/push';
import { CHANNELS } from '../src/live/redisSource';
import { encodeCursor, END, parseCursor } from '../src/live/cursor';
import { DatabaseFinalityWatcher } from '../src/live/dbWatcher';
import { openFeed } from '../src/live/feed';
import { LiveRuntime } from '../src/live/runtime';
import { LIMITS, eventually, sseClient, sseRequest, startLiveService, until, wsClient } from './helpers/live';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { freshRedisUrl, redisAvailable } from './helpers/redis';
import { testServices } from './helpers/service';
import { completeTrace, indexBlock } from './helpers/liveLog';
import { contextsDatabase } from './helpers/counting';
import { syntheticTrace } from './helpers/synthetic';

const ACCOUNT = `0:${'A1'.repeat(32)}`;
const OTHER = `0:${'B2'.repeat(32)}`;

/** Indexes block `seqno` with a trace rooted on each account given, and `more`; returns the roots' hashes, account by account. */
async function indexBlockOf(db: Database, seqno: number, accounts: string[], more: any[] = []): Promise<string[]> {
  const traces = accounts.map((account, i) => completeTrace(`block ${seqno} trace ${i}`, account, seqno, BigInt(i) * 1000n));
  await indexBlock(db, seqno, [...traces, ...more]);
  return traces.map((t) => t.trace_id);
}

/** The trace (its root transaction's hash) each transactions event tells, in the order received. */
const rootsOf = (events: any[]) => events.filter((e) => e.type === 'transactions').map((e) => e.transactions.at(-1).hash as string);

/** Waits until a client has received `n` transactions events (or at least `n`), and gives their traces' roots. */
async function receivedRoots(events: () => any[], n: number, what: string, opts: { atLeast?: boolean } = {}) {
  await eventually(() => (opts.atLeast ? rootsOf(events()).length >= n : rootsOf(events()).length === n), 5000, what);
  return rootsOf(events());
}

/** A notification as any transport tells it: a transactions event (its trace's root) or a notice (a gap), with its id. */
interface Told {
  kind: string;
  root?: string;
  /** The id the transport gives it (SSE `id:`, WebSocket `event_id`, GraphQL `cursor`). */
  id?: string;
  lost?: number;
  /** The id a notice carries in its own fields beside the transport's (a Streaming API gap's `event_id`). */
  own?: string;
}

/** A live client of one transport, subscribed to ACCOUNT's transactions: what it was told, and what it resumes from. */
interface LiveClient {
  told(): Told[];
  /** The last id it was given: what it sends back to resume. */
  lastId(): string | undefined;
  /** Whether its stream has ended (the server closed it under the client). */
  ended(): boolean;
  close(): void;
}

const SUBSCRIPTION = { types: ['transactions'], addresses: [ACCOUNT] };

const streamingTold = (data: any, id: string | undefined): Told =>
  data.type === 'transactions' ? { kind: 'event', root: data.transactions.at(-1).hash, id } : { kind: data.type, id, lost: data.lost, own: data.event_id };

const graphqlQuery = (after?: string) =>
  `subscription { transactions(accounts: ["${ACCOUNT}"]${after ? `, after: ${JSON.stringify(after)}` : ''}) { kind cursor lost transactions { hash } } }`;

const graphqlTold = (payload: any): Told => {
  const e = payload.data?.transactions;
  if (!e) return { kind: 'error', id: JSON.stringify(payload.errors) };
  return e.transactions.length > 0
    ? { kind: 'event', root: e.transactions.at(-1).hash, id: e.cursor }
    : { kind: e.kind.toLowerCase(), id: e.cursor, lost: e.lost };
};

/** Each transport a client follows an account over, opened on an instance, resuming after `after` when given. */
const TRANSPORTS: Record<string, (base: string, after?: string) => Promise<LiveClient>> = {
  'Streaming API over SSE': async (base, after) => {
    const c = await sseClient(base, SUBSCRIPTION, after ? { 'Last-Event-ID': after } : {});
    expect(c.status).toBe(200);
    return {
      told: () => c.frames.filter((f) => f.event === 'event').map((f) => streamingTold(f.data, f.id)),
      lastId: c.lastId,
      ended: c.ended,
      close: c.close,
    };
  },
  'Streaming API over WebSocket': async (base, after) => {
    const ws = await wsClient(base);
    let ended = false;
    void ws.closed.then(() => (ended = true));
    ws.send({ operation: 'subscribe', id: 's', ...SUBSCRIPTION, ...(after ? { after } : {}) });
    expect(
      await until(
        () => ws.messages,
        (m) => m.id === 's',
      ),
    ).toMatchObject({ status: 'subscribed' });
    return {
      told: () => ws.messages.filter((m) => typeof m.type === 'string').map((m) => streamingTold(m, m.event_id)),
      lastId: () => ws.messages.filter((m) => m.event_id !== undefined).at(-1)?.event_id,
      ended: () => ended,
      close: ws.close,
    };
  },
  'GraphQL over graphql-ws': async (base, after) => {
    const client = createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const payloads: any[] = [];
    let ended = false;
    const stop = client.subscribe(
      { query: graphqlQuery(after) },
      { next: (p) => payloads.push(p), error: () => (ended = true), complete: () => (ended = true) },
    );
    return {
      told: () => payloads.map(graphqlTold),
      lastId: () => payloads.at(-1)?.data?.transactions.cursor,
      ended: () => ended,
      close: () => (stop(), void client.dispose()),
    };
  },
  'GraphQL over SSE': async (base, after) => {
    const stream = await sseRequest(`${base}/graphql`, { query: graphqlQuery(after) });
    expect(stream.res.status).toBe(200);
    const payloads = () => stream.frames.filter((f) => f.event === 'next').map((f) => f.data);
    return {
      told: () => payloads().map(graphqlTold),
      lastId: () => payloads().at(-1)?.data?.transactions.cursor,
      ended: stream.ended,
      close: stream.close,
    };
  },
};

/** The traces (their roots) of the events among what a client was told, in order. */
const rootsTold = (told: Told[]) => told.filter((t) => t.kind === 'event').map((t) => t.root!);

/** Waits until a client's last event is of trace `root` (what it was told before is then all it gets of those). */
const toldThrough = (client: LiveClient, root: string, what: string) => eventually(() => rootsTold(client.told()).at(-1) === root, 10_000, what);

const backend = (await availableBackends()).includes('postgres') ? 'postgres' : 'pglite';

describe.skipIf(!(await redisAvailable()))(`resumable live streams, on ${backend}`, () => {
  let db: TestDatabase;
  let redisUrl: string;
  const instances: { service: Awaited<ReturnType<typeof startLiveService>>; watcher: DatabaseFinalityWatcher }[] = [];
  let seqno = 100;
  /** Every trace of ACCOUNT the writer indexed, in order. */
  const written: string[] = [];
  const write = async (blocks = 1) => {
    for (let i = 0; i < blocks; i++) {
      const [mine] = await indexBlockOf(db.writer, ++seqno, [ACCOUNT, OTHER]);
      written.push(mine);
    }
  };
  /** An instance (reading `reader`); its watcher polls once at the start and then every 25 ms, unless told not to (`poll`, `timer`). */
  const start = async (limits = {}, { poll = true, timer = poll, reader = db.reader }: { poll?: boolean; timer?: boolean; reader?: Database } = {}) => {
    const service = await startLiveService(reader, redisUrl, limits);
    const watcher = new DatabaseFinalityWatcher(service.services, service.live.hub, { intervalMs: 25, maxBlocksPerPoll: 32 });
    if (poll) await watcher.poll();
    if (timer) watcher.start();
    const instance = { service, watcher };
    instances.push(instance);
    return instance;
  };
  const stop = async (instance: (typeof instances)[number]) => {
    await instance.watcher.stop();
    await instance.service.close();
    instances.splice(instances.indexOf(instance), 1);
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    redisUrl = await freshRedisUrl(11);
    await indexBlockOf(db.writer, seqno, [OTHER]);
  });
  afterAll(async () => {
    for (const instance of [...instances]) await stop(instance);
    await db?.drop();
  });

  it.each(Object.keys(TRANSPORTS))(
    '%s: every event has an id; a client whose instance stops under it mid-stream resumes on another with its last id: every finalized event once, in order',
    async (transport) => {
      const open = TRANSPORTS[transport];
      const a = await start();
      const b = await start();
      const first = await open(a.service.base);
      await eventually(() => a.service.live.hub.followersOf(ACCOUNT) === 1, 10_000, 'the subscription on A');
      const from = written.length;
      await write(3);
      await eventually(() => rootsTold(first.told()).length > 0, 10_000, 'a first event on A');
      // A stops while the client is connected, perhaps before it was told all three
      await stop(a);
      await eventually(first.ended, 10_000, 'the client seeing its stream end');
      const lastId = first.lastId();
      expect(lastId).toMatch(/^v1\./);
      // blocks keep coming while the client has no instance
      await write(3);
      const second = await open(b.service.base, lastId);
      await eventually(() => b.service.live.hub.followersOf(ACCOUNT) === 1, 10_000, 'the subscription on B');
      await write(2);
      await toldThrough(second, written.at(-1)!, 'the missed and the new events on B');
      expect([...rootsTold(first.told()), ...rootsTold(second.told())]).toEqual(written.slice(from));
      const told = [...first.told(), ...second.told()];
      expect(told.filter((t) => t.kind !== 'event')).toEqual([]);
      expect(told.filter((t) => !/^v1\./.test(t.id ?? ''))).toEqual([]);
      second.close();
      await stop(b);
    },
  );

  it.each(Object.keys(TRANSPORTS))(
    '%s: a subscriber too slow for its queue is told a gap with the id to resume from, then refilled from the log: each lost event once, in order',
    async (transport) => {
      const open = TRANSPORTS[transport];
      // a queue of one, and a watcher polled by hand: one poll publishes five blocks' events at once
      const a = await start({ queue: 1 }, { timer: false });
      const client = await open(a.service.base);
      await eventually(() => a.service.live.hub.followersOf(ACCOUNT) === 1, 10_000, 'the subscription');
      const stats = { ...a.service.live.hub.stats };
      const from = written.length;
      await write(5);
      await a.watcher.poll();
      await toldThrough(client, written.at(-1)!, 'the five events, refilled');
      const told = client.told();
      const gaps = told.filter((t) => t.kind === 'gap');
      expect(gaps).toHaveLength(1);
      const [gap] = gaps;
      expect(gap.lost).toBeGreaterThan(0);
      expect(gap.id).toMatch(/^v1\./);
      // a Streaming API gap carries its id in its data too: the same
      if (gap.own !== undefined) expect(gap.own).toBe(gap.id);
      expect(rootsTold(told)).toEqual(written.slice(from));
      const refilled = rootsTold(told.slice(told.indexOf(gap)));
      expect(refilled.length).toBeGreaterThanOrEqual(gap.lost!);
      expect(a.service.live.hub.stats.dropped - stats.dropped).toBe(gap.lost);
      expect(a.service.live.hub.stats.replays - stats.replays).toBe(1);
      client.close();
      // the gap's id is a place to resume from: a new connection with it is told the same events after it
      const resumed = await open(a.service.base, gap.id);
      await toldThrough(resumed, written.at(-1)!, 'the events after the gap, on a new connection');
      expect(rootsTold(resumed.told())).toEqual(refilled);
      resumed.close();
      await stop(a);
    },
  );

  it('gives the connected frame (and a WebSocket subscribe reply) an id: a client that left before any event resumes without a gap', async () => {
    const a = await start();
    const client = await sseClient(a.service.base, { types: ['transactions'], addresses: [ACCOUNT] });
    await until(
      () => client.frames,
      (f) => f.event === 'connected',
      5000,
      'the connected frame',
    );
    const id = client.lastId();
    expect(id).toMatch(/^v1\./);
    client.close();
    const from = written.length;
    await write(2);
    const resumed = await sseClient(a.service.base, { types: ['transactions'], addresses: [ACCOUNT] }, { 'Last-Event-ID': id! });
    await receivedRoots(resumed.events, 2, 'the two blocks indexed meanwhile');
    expect(rootsOf(resumed.events())).toEqual(written.slice(from));
    resumed.close();
    const ws = await wsClient(a.service.base);
    ws.send({ operation: 'subscribe', id: '1', types: ['transactions'], addresses: [ACCOUNT] });
    const reply = await until(
      () => ws.messages,
      (m) => m.id === '1',
    );
    expect(reply).toMatchObject({ status: 'subscribed', event_id: expect.stringMatching(/^v1\./) });
    ws.close();
    await stop(a);
  });

  it('resumes a Streaming API WebSocket from a subscribe with "after", each event carrying its event_id', async () => {
    const a = await start();
    const ws = await wsClient(a.service.base);
    ws.send({ operation: 'subscribe', id: '1', types: ['transactions'], addresses: [ACCOUNT] });
    await until(
      () => ws.messages,
      (m) => m.status === 'subscribed',
    );
    const from = written.length;
    await write(3);
    await receivedRoots(() => ws.messages, 3, 'three events');
    const events = ws.messages.filter((m) => m.type === 'transactions');
    expect(events.every((m) => typeof m.event_id === 'string')).toBe(true);
    // the same client asks again from its first event: the two after it come again, once, then live ones
    ws.send({ operation: 'subscribe', id: '2', types: ['transactions'], addresses: [ACCOUNT], after: events[0].event_id });
    await until(
      () => ws.messages,
      (m) => m.id === '2' && m.status === 'subscribed',
    );
    await write(1);
    await receivedRoots(() => ws.messages, 6, 'the replay and the new event');
    expect(rootsOf(ws.messages)).toEqual([...written.slice(from, from + 3), ...written.slice(from + 1)]);
    ws.send({ operation: 'subscribe', id: '3', types: ['transactions'], addresses: [ACCOUNT], after: 'v1.bm9wZQ' });
    const refused = await until(
      () => ws.messages,
      (m) => m.id === '3',
    );
    expect(refused.error).toMatch(/^after: invalid event id/);
    ws.close();
    await stop(a);
  });

  it('resumes GraphQL subscriptions with `after`, over graphql-ws and over SSE, each payload with its cursor', async () => {
    const a = await start();
    const client = createClient({ url: `${a.service.base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const query = (after?: string) =>
      `subscription { transactions(accounts: ["${ACCOUNT}"]${after ? `, after: "${after}"` : ''}) { kind cursor transactions { hash } } }`;
    /** A subscription's payloads (and its error, if any), as they come. */
    const collect = (text: string) => {
      const got: any[] = [];
      const stop = client.subscribe({ query: text }, { next: (v) => got.push(v), error: (e) => got.push({ error: e }), complete: () => {} });
      return { got, stop };
    };
    const { got, stop: stop1 } = collect(query());
    await eventually(() => a.service.live.hub.followersOf(ACCOUNT) === 1);
    const from = written.length;
    await write(2);
    await eventually(() => got.length === 2, 5000, 'two events');
    stop1();
    const cursors = got.map((g) => g.data.transactions.cursor as string);
    expect(cursors.every((c) => /^v1\./.test(c))).toBe(true);
    await write(2);
    const { got: resumed, stop: stop2 } = collect(query(cursors[1]));
    await eventually(() => resumed.length === 2, 5000, 'the two missed events');
    stop2();
    const hashes = (list: any[]) => list.map((g) => g.data.transactions.transactions.at(-1).hash);
    expect([...hashes(got), ...hashes(resumed)]).toEqual(written.slice(from));

    // over SSE, from the first cursor: the three after it
    const res = await fetch(`${a.service.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: query(cursors[0]) }),
    });
    const reader = res.body!.getReader();
    let text = '';
    while ((text.match(/^data: /gm) ?? []).length < 3) text += Buffer.from((await reader.read()).value!).toString('utf8');
    await reader.cancel();
    const sse = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]));
    expect(hashes(sse)).toEqual(written.slice(from + 1));

    const refused = await new Promise<unknown>((resolve) =>
      client.subscribe({ query: query('nonsense') }, { next: resolve, error: resolve, complete: () => resolve('complete') }),
    );
    expect(JSON.stringify(refused)).toMatch(/after: invalid event id/);
    await client.dispose();
    await stop(a);
  });

  it('starts a resume from further back than LIVE_RESUME_MAX_BLOCKS with one resume_too_old event naming the oldest resumable id', async () => {
    const a = await start({ resumeMaxBlocks: 2 });
    const from = written.length;
    const old = encodeCursor({ at: { seqno, ord: '~' }, told: 0, ahead: new Map() });
    await write(4);
    await eventually(() => a.service.live.hub.position?.seqno === seqno, 5000, 'the watcher at the newest block');
    const client = await sseClient(a.service.base, { types: ['transactions'], addresses: [ACCOUNT] }, { 'Last-Event-ID': old });
    await receivedRoots(client.events, 2, 'the last two blocks');
    const [notice] = client.events();
    expect(notice.type).toBe('resume_too_old');
    expect(parseCursor(notice.event_id).at).toEqual({ seqno: seqno - 2, ord: '~' });
    expect(client.frames.find((f) => f.data === notice)?.id).toBe(notice.event_id);
    expect(rootsOf(client.events())).toEqual(written.slice(from + 2));
    client.close();

    const bad = await sseClient(a.service.base, { types: ['transactions'], addresses: [ACCOUNT] }, { 'Last-Event-ID': 'v2.x' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^Last-Event-ID: invalid event id/);
    await stop(a);
  });

  it('does not tell a resumed subscriber again a trace the emulator finalized before the database indexed it', async () => {
    const a = await start();
    const b = await start();
    const client = await sseClient(a.service.base, { types: ['transactions'], addresses: [ACCOUNT] });
    await eventually(() => a.service.live.hub.followersOf(ACCOUNT) === 1);
    const next = seqno + 1;
    const early = completeTrace('finalized first by the emulator', ACCOUNT, next, 500_000n);
    const [key] = await pushTraces(a.service.redis, { traces: [early] }, { finality: 'finalized', ttlSeconds: 30 });
    await a.service.redis.publish(CHANNELS.finalized, key);
    await until(client.events, (e) => e.trace_external_hash_norm === key, 5000, "the emulator's finalization");
    const id = client.lastId()!;
    expect([...parseCursor(id).ahead.keys()]).toEqual([key]);
    client.close();
    // the indexer catches up: the block holds that trace and another of the account
    const [other] = await indexBlockOf(db.writer, ++seqno, [ACCOUNT], [early]);
    written.push(other);
    const resumed = await sseClient(b.service.base, { types: ['transactions'], addresses: [ACCOUNT] }, { 'Last-Event-ID': id });
    await receivedRoots(resumed.events, 1, 'the other trace', { atLeast: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(rootsOf(resumed.events())).toEqual([other]);
    resumed.close();
    await stop(a);
    await stop(b);
  });

  it('tells a resumed subscriber a trace the emulator finalized while it was away, once the database has it', async () => {
    const a = await start();
    const client = await sseClient(a.service.base, { types: ['transactions'], addresses: [ACCOUNT] });
    await eventually(() => a.service.live.hub.followersOf(ACCOUNT) === 1);
    await write(1);
    await receivedRoots(client.events, 1, 'a first event');
    const id = client.lastId()!;
    client.close();
    // away: the emulator finalizes a trace of the account; every instance's hub hears it, nobody is subscribed
    const next = seqno + 1;
    const away = completeTrace('finalized by the emulator while the client was away', ACCOUNT, next, 500_000n);
    const [key] = await pushTraces(a.service.redis, { traces: [away] }, { finality: 'finalized', ttlSeconds: 30 });
    await a.service.redis.publish(CHANNELS.finalized, key);
    await eventually(() => a.service.live.hub.wasFinalized(key), 5000, 'the hub told of the finalization');
    // back before the database has it: neither the replay nor Redis (it is final there) tell it; the log does
    const resumed = await sseClient(a.service.base, { types: ['transactions'], addresses: [ACCOUNT] }, { 'Last-Event-ID': id });
    await eventually(() => a.service.live.hub.followersOf(ACCOUNT) === 1);
    const [other] = await indexBlockOf(db.writer, ++seqno, [ACCOUNT], [away]);
    written.push(other);
    await receivedRoots(resumed.events, 2, 'both traces of the block');
    await new Promise((r) => setTimeout(r, 300));
    expect(rootsOf(resumed.events()).sort()).toEqual([other, away.trace_id].sort());
    resumed.close();
    await stop(a);
  });

  it('resumes a client that comes back before the restarted instance first read the database, and misses nothing after', async () => {
    const cold = await start({}, { poll: false });
    const warm = await start();
    const client = await sseClient(warm.service.base, { types: ['transactions'], addresses: [ACCOUNT] });
    await eventually(() => warm.service.live.hub.followersOf(ACCOUNT) === 1);
    const from = written.length;
    await write(1);
    await receivedRoots(client.events, 1, 'a first event');
    client.close();
    await stop(warm);
    expect(cold.service.live.hub.position).toBeNull();
    const resumed = await sseClient(cold.service.base, { types: ['transactions'], addresses: [ACCOUNT] }, { 'Last-Event-ID': client.lastId()! });
    await eventually(() => cold.service.live.hub.stats.replays === 1, 5000, 'the replay');
    await new Promise((r) => setTimeout(r, 200));
    await write(2);
    await cold.watcher.poll();
    await cold.watcher.poll();
    await receivedRoots(resumed.events, 2, 'the blocks indexed after the replay');
    expect([...rootsOf(client.events()), ...rootsOf(resumed.events())]).toEqual(written.slice(from));
    resumed.close();
    await stop(cold);
  });

  it('tells a resumed subscriber the traces the emulator still has unfinished, as they now are', async () => {
    const a = await start();
    const pending = syntheticTrace(2, 'pending for resume', { rootAccount: ACCOUNT, firstLt: 9_000_000_000n }).traces[0];
    const [key] = await pushTraces(a.service.redis, { traces: [pending] }, { finality: 'pending', ttlSeconds: 30 });
    const id = encodeCursor({ at: { seqno, ord: '~' }, told: 0, ahead: new Map() });
    const client = await sseClient(a.service.base, { types: ['transactions'], addresses: [ACCOUNT], min_finality: 'pending' }, { 'Last-Event-ID': id });
    const event = await until(client.events, (e) => e.trace_external_hash_norm === key, 5000, 'the pending trace');
    expect(event).toMatchObject({ type: 'transactions', finality: 'pending' });
    client.close();
    await stop(a);
  });

  it('tells a resumed subscriber, on another instance, a trace the emulator confirmed while it was away: as confirmed', async () => {
    const a = await start();
    const b = await start();
    const subscription = { types: ['transactions'], addresses: [ACCOUNT], min_finality: 'pending' };
    const client = await sseClient(a.service.base, subscription);
    await eventually(() => a.service.live.hub.followersOf(ACCOUNT) === 1);
    const trace = syntheticTrace(2, 'confirmed while the client was away', { rootAccount: ACCOUNT, firstLt: 9_100_000_000n }).traces[0];
    const [key] = await pushTraces(a.service.redis, { traces: [trace] }, { finality: 'pending', ttlSeconds: 30 });
    await a.service.redis.publish(CHANNELS.pending, key);
    await until(client.events, (e) => e.trace_external_hash_norm === key, 5000, 'the pending trace');
    expect(client.events().map((e) => e.finality)).toEqual(['pending']);
    const hashes = (e: any) => e.transactions.map((t: any) => t.hash);
    const mine = hashes(client.events()[0]);
    const id = client.lastId()!;
    client.close();
    await stop(a);
    // away: the emulator confirms the trace (its notice reaches no one)
    await pushTraces(b.service.redis, { traces: [trace] }, { finality: 'confirmed', ttlSeconds: 30 });
    const resumed = await sseClient(b.service.base, subscription, { 'Last-Event-ID': id });
    await eventually(() => b.service.live.hub.followersOf(ACCOUNT) === 1);
    // then a block: told after whatever the resume tells
    await write(1);
    await until(resumed.events, (e) => e.transactions?.at(-1).hash === written.at(-1), 10_000, 'the block indexed after the resume');
    const ofTrace = resumed.events().filter((e) => e.trace_external_hash_norm === key);
    expect(ofTrace.length).toBeGreaterThan(0);
    expect(ofTrace.map((e) => e.finality)).toEqual(ofTrace.map(() => 'confirmed'));
    expect(ofTrace.map(hashes)).toEqual(ofTrace.map(() => mine));
    resumed.close();
    await b.service.redis.del(key);
    await stop(b);
  });

  it('refills a subscriber that fell behind from the log: a gap carrying the id to resume from, then each lost finalized event once', async () => {
    const live = new LiveRuntime({ ...LIMITS, queue: 2 });
    const services = { ...testServices(db.reader), live };
    const watcher = new DatabaseFinalityWatcher(services, live.hub, { intervalMs: 60_000, maxBlocksPerPoll: 32 });
    await watcher.poll();
    const feed = openFeed(services, live, { accounts: new Set([ACCOUNT]), traceKeys: new Set() });
    const from = written.length;
    await write(5);
    await watcher.poll();
    const items: any[] = [];
    for (;;) {
      const next = await Promise.race([feed.next(), new Promise<null>((r) => setTimeout(() => r(null), 500))]);
      if (!next || next.done) break;
      items.push(next.value);
    }
    expect(items[0]).toMatchObject({ kind: 'gap', lost: 3 });
    expect(feed.id(items[0])).toMatch(/^v1\./);
    const told = items.filter((i) => i.kind === 'event').map((i) => i.event.trace.transactions[0].row.hash);
    expect(told).toEqual(written.slice(from));
    expect(live.hub.stats).toMatchObject({ dropped: 3, replays: 1, replayed: 5 });
    await feed.return();
  });

  it('runs at most LIVE_RESUME_CONCURRENCY replay steps at once however many clients resume together, and reads the database in them only (the address book and metadata asked for included)', async () => {
    // clients that ask for the address book and metadata: rendering a replayed event reads them, within the steps too
    const SUBSCRIPTION = { types: ['transactions'], addresses: [ACCOUNT], include_address_book: true, include_metadata: true };
    const CONCURRENCY = 2;
    const CLIENTS = 12;
    const tracked = contextsDatabase(db.reader);
    const a = await start({ resumeConcurrency: CONCURRENCY }, { timer: false, reader: tracked.db });
    const live = a.service.live;
    // each replay step runs in the wrapper's scope, so that it tells the steps' statements from any other
    const steps = live.replaySteps;
    const scoped = Object.defineProperties(
      (fn: (...args: unknown[]) => unknown, ...args: unknown[]) => steps(() => tracked.scope.run(true, () => fn(...args))),
      { activeCount: { get: () => steps.activeCount }, pendingCount: { get: () => steps.pendingCount } },
    );
    (live as { replaySteps: LimitFunction }).replaySteps = scoped as unknown as LimitFunction;
    const figure = async (name: string) =>
      Number(new RegExp(`tonql_live_events\\{figure="${name}"\\} (\\d+)`).exec(await (await fetch(`${a.service.base}/metrics`)).text())?.[1]);
    const id = encodeCursor({ at: { seqno, ord: END }, told: 0, ahead: new Map() });
    // a client that stays is told the blocks live: the resumed ones must be told the same
    const staying = await sseClient(a.service.base, SUBSCRIPTION);
    await eventually(() => live.hub.followersOf(ACCOUNT) === 1);
    const from = written.length;
    await write(3);
    await a.watcher.poll();
    await receivedRoots(staying.events, 3, 'the three blocks, live');
    // every statement waits at the gate: the replays pile up behind the ones reading
    tracked.reset();
    tracked.hold();
    const clients = await Promise.all(Array.from({ length: CLIENTS }, () => sseClient(a.service.base, SUBSCRIPTION, { 'Last-Event-ID': id })));
    await eventually(
      () => steps.activeCount === CONCURRENCY && steps.pendingCount === CLIENTS - CONCURRENCY && tracked.contexts() === CONCURRENCY,
      10_000,
      'every replay begun, the first ones held reading',
    );
    expect(await figure('replay_steps_running')).toBe(CONCURRENCY);
    expect(await figure('replay_steps_waiting')).toBe(CLIENTS - CONCURRENCY);
    tracked.open();
    await eventually(() => clients.every((c) => rootsOf(c.events()).length === 3), 20_000, 'every client told the three blocks');
    for (const c of clients) expect(c.events()).toEqual(staying.events());
    expect(clients[0].events().every((d: { address_book?: object }) => d.address_book !== undefined)).toBe(true);
    expect(rootsOf(staying.events())).toEqual(written.slice(from));
    // never more request contexts reading at once than steps allowed, and nothing read outside a step
    expect(tracked.seen.maxContexts).toBe(CONCURRENCY);
    expect(tracked.seen.outside.map((text) => text.replace(/\s+/g, ' ').slice(0, 60))).toEqual([]);
    expect(live.hub.stats.replays).toBe(CLIENTS);
    await eventually(() => steps.activeCount + steps.pendingCount === 0, 10_000, 'every replay done');
    expect([await figure('replay_steps_running'), await figure('replay_steps_waiting')]).toEqual([0, 0]);
    for (const c of [staying, ...clients]) c.close();
    await stop(a);
  });
});
