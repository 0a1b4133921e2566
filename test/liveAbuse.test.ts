import { createClient } from 'graphql-ws';
import v8 from 'node:v8';
import vm from 'node:vm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandActionTypes } from '../src/actions/supported';
import { loadConfig } from '../src/config';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { eventually, healthProbe, sseClient, startQuietLiveService, wsClient } from './helpers/live';

// Issue 20's attacks on the live endpoints, each bounded here (a cap on what the attack sends), each printing
// its figure ("row N: …") for the issue's closing note.

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;
/** Memory the process holds: JavaScript objects, and buffers outside the heap (queued socket writes). */
const held = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
/** A change in memory with its sign (`+1.4`, `-1.4`): what a peer held can come out below what was there before. */
const signedMb = (bytes: number) => `${bytes < 0 ? '-' : '+'}${mb(Math.abs(bytes))}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const address = (n: number) => '0:' + n.toString(16).toUpperCase().padStart(64, '0');

/** A raw WebSocket, open; `pause()` makes it stop reading (the kernel's buffers fill, then the server's). */
async function rawSocket(url: string, protocol?: string) {
  const ws = new WebSocket(url, protocol);
  const received: string[] = [];
  ws.on('message', (data) => received.push(String(data)));
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  const socket = (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
  return { ws, received, closed, pause: () => socket.pause(), resume: () => socket.resume() };
}

/** Sends `frames` from a client that stopped reading, then reads again: what the server held meanwhile, and how it ended. */
async function floodWithoutReading(client: Awaited<ReturnType<typeof rawSocket>>, frame: string, frames: number) {
  const before = held();
  const repliesBefore = client.received.length;
  client.pause();
  for (let i = 0; i < frames && client.ws.readyState === WebSocket.OPEN; i++) client.ws.send(frame);
  await eventually(() => client.ws.bufferedAmount === 0 || client.ws.readyState !== WebSocket.OPEN, 20_000, 'the frames sent');
  // what the server holds once it has read what was sent (on a loaded machine that takes a while): the least
  // seen over a few seconds, so frames still in flight inside this process are not counted as held
  let growth = Infinity;
  for (const until = Date.now() + 4000; Date.now() < until && growth > 4 * 2 ** 20; ) {
    await sleep(250);
    growth = Math.min(growth, held() - before);
  }
  client.resume();
  const end = await Promise.race([client.closed, sleep(3000).then(() => undefined)]);
  return { growth, replies: client.received.length - repliesBefore, end };
}

describe('abuse: live endpoints', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => db?.drop());

  it('row 2: bounds the addresses one client address follows, over graphql-ws, the Streaming API and GraphQL over SSE alike (429 naming the setting)', async () => {
    const defaults = loadConfig({}).live;
    const service = await startQuietLiveService(db.reader, defaults);
    const url = `${service.base.replace('http', 'ws')}/graphql`;
    const query = 'subscription($a: [String!]!) { transactions(accounts: $a) { kind } }';
    // the attack, capped: at most 100 subscriptions of 1000 accounts (the issue's went to 80 × 100 of them)
    const CAP = 100;
    const before = held();
    const clients: ReturnType<typeof createClient>[] = [];
    let accepted = 0;
    let refusal: any;
    try {
      attack: for (let c = 0; c < 80; c++) {
        const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
        clients.push(client);
        for (let s = 0; s < 100; s++) {
          const accounts = Array.from({ length: defaults.maxAddresses }, (_, i) => address(c * 1e6 + s * 1e4 + i));
          const errors: any[] = [];
          const subscribed = service.live.hub.subscriberCount;
          client.subscribe(
            { query, variables: { a: accounts } },
            { next: (v) => v.errors && errors.push(v.errors[0]), error: (e) => errors.push(e), complete: () => {} },
          );
          await eventually(() => service.live.hub.subscriberCount > subscribed || errors.length > 0, 10_000, 'the subscription or its refusal');
          if (errors.length > 0) {
            refusal = Array.isArray(errors[0]) ? errors[0][0] : errors[0];
            break attack;
          }
          if (++accepted >= CAP) break attack;
        }
      }
      const growth = held() - before;
      console.log(
        `row 2: one client address over graphql-ws: ${accepted} subscriptions × ${defaults.maxAddresses} accounts accepted (${accepted * defaults.maxAddresses} followed), then ${refusal ? `refused: ${refusal.extensions?.code} "${refusal.message}"` : `no refusal (attack stopped at its cap)`}; heap +${mb(growth)} MB (0c96db8, measured: 100 × 1000 accepted, no refusal, heap +63.8 MB; the attack carried on: 1331 subscriptions held, heap +837.1 MB after 20 s, still growing)`,
      );
      expect(refusal).toMatchObject({ message: expect.stringContaining('(LIVE_MAX_ADDRESSES_PER_IP)'), extensions: { code: 'TOO_MANY_REQUESTS' } });
      expect(accepted * defaults.maxAddresses).toBeLessThanOrEqual(defaults.maxAddressesPerIp);
      expect(growth).toBeLessThan(64 * 2 ** 20);
      // the same budget over the Streaming API, SSE and WebSocket: what is left of it is less than `over`
      const left = defaults.maxAddressesPerIp - service.live.followedAddresses;
      const over = Array.from({ length: left + 1 }, (_, i) => address(9e6 + i));
      const sse = await sseClient(service.base, { id: 'b', types: ['transactions'], addresses: over });
      expect(sse.status).toBe(429);
      expect(sse.json).toEqual({ id: 'b', error: expect.stringContaining('(LIVE_MAX_ADDRESSES_PER_IP)') });
      const ws = await wsClient(service.base);
      ws.send({ id: 's', operation: 'subscribe', types: ['transactions'], addresses: over });
      await eventually(() => ws.messages.length > 0, 3000, 'the refusal');
      expect(ws.messages[0]).toEqual({ id: 's', error: expect.stringContaining('(LIVE_MAX_ADDRESSES_PER_IP)') });
      ws.close();
      // and GraphQL over SSE
      const overSse = await fetch(`${service.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ query, variables: { a: over } }),
      });
      const sseText = await overSse.text();
      console.log(`row 2: GraphQL over SSE past the budget: ${overSse.status} ${sseText.replace(/\n/g, ' ').slice(0, 300)}`);
      expect(overSse.status).toBe(429);
      expect(sseText).toContain('(LIVE_MAX_ADDRESSES_PER_IP)');
      expect(sseText).toContain('TOO_MANY_REQUESTS');
    } finally {
      await Promise.all(clients.map((c) => c.dispose()));
    }
    await eventually(() => service.live.subscribers === 0 && service.live.followedAddresses === 0, 3000, 'every slot and address given back');
    await service.close();
  }, 60_000);

  it('row 2, padded: subscriptions of one address each, padded to the frame limit, are charged their bytes and bounded alike', async () => {
    const defaults = loadConfig({}).live;
    const service = await startQuietLiveService(db.reader, defaults);
    const url = `${service.base.replace('http', 'ws')}/graphql`;
    // a document at the size limit (a comment) and ~150 KB of junk in the extensions: one account each
    const query = `#${'x'.repeat(99_000)}\nsubscription($a: [String!]!) { transactions(accounts: $a) { kind } }`;
    const extensions = { junk: 'y'.repeat(150_000) };
    const before = held();
    const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
    let accepted = 0;
    let refusal: any;
    try {
      for (let s = 0; s < 100 && !refusal; s++) {
        const errors: any[] = [];
        const subscribed = service.live.hub.subscriberCount;
        client.subscribe(
          { query, variables: { a: [address(s)] }, extensions },
          { next: (v) => v.errors && errors.push(v.errors[0]), error: (e) => errors.push(e), complete: () => {} },
        );
        await eventually(() => service.live.hub.subscriberCount > subscribed || errors.length > 0, 10_000, 'the subscription or its refusal');
        if (errors.length > 0) refusal = Array.isArray(errors[0]) ? errors[0][0] : errors[0];
        else accepted++;
      }
      const growth = held() - before;
      console.log(
        `row 2 (padded): ${accepted} subscriptions of 1 account and ~250 KB each accepted, then ${refusal ? `refused: ${refusal.extensions?.code} "${refusal.message}"` : 'no refusal'}; heap +${mb(growth)} MB (before the charge: 100 per connection, 10,000 per client address, ~2.5 GB) (0c96db8, measured: 100 of 100 accepted, no refusal, heap +74.6 MB)`,
      );
      expect(refusal).toMatchObject({ message: expect.stringContaining('(LIVE_MAX_ADDRESSES_PER_IP)'), extensions: { code: 'TOO_MANY_REQUESTS' } });
      expect(accepted).toBeLessThan(60);
      expect(growth).toBeLessThan(64 * 2 ** 20);
    } finally {
      await client.dispose();
    }
    await eventually(() => service.live.subscribers === 0 && service.live.followedAddresses === 0, 3000, 'every slot and address given back');
    await service.close();
  }, 60_000);

  it('row 3: graphql-ws cuts off a peer that does not read, echoes only small ping payloads, and refuses frames larger than a subscribe needs', async () => {
    const service = await startQuietLiveService(db.reader, { maxAddresses: loadConfig({}).live.maxAddresses });
    const url = `${service.base.replace('http', 'ws')}/graphql`;
    const connect = async () => {
      const client = await rawSocket(url, 'graphql-transport-ws');
      client.ws.send(JSON.stringify({ type: 'connection_init' }));
      await eventually(() => client.received.some((m) => m.includes('connection_ack')), 3000, 'the ack');
      return client;
    };
    try {
      // a ping with a small payload is echoed
      const polite = await connect();
      polite.ws.send(JSON.stringify({ type: 'ping', payload: { n: 1 } }));
      await eventually(() => polite.received.length === 2, 3000, 'the pong');
      polite.ws.close();
      // a large payload is not echoed: the connection is closed, naming the bound
      const large = await connect();
      large.ws.send(JSON.stringify({ type: 'ping', payload: { p: 'x'.repeat(200_000) } }));
      const largeEnd = await Promise.race([large.closed, sleep(1000).then(() => undefined)]);
      // a 1 MiB frame is more than any subscribe needs
      const huge = await connect();
      huge.ws.send(JSON.stringify({ type: 'ping', payload: { p: 'x'.repeat(2 ** 20) } }));
      const hugeEnd = await Promise.race([huge.closed, sleep(1000).then(() => undefined)]);
      // a peer that stops reading while pinging: its pongs queue up to the bound, then it is cut off
      const FRAMES = 30_000;
      const flood = await floodWithoutReading(await connect(), JSON.stringify({ type: 'ping', payload: { p: 'x'.repeat(1000) } }), FRAMES);
      console.log(
        `row 3: graphql-ws, ${FRAMES} pings of 1 KB from a peer not reading: ${flood.replies} pongs delivered, ${flood.end ? `cut off (close ${flood.end.code})` : 'still connected'}, memory held ${signedMb(flood.growth)} MB; 200 KB ping payload: ${largeEnd ? `close ${largeEnd.code}` : `echoed (${large.received.at(-1)?.length} B)`}; 1 MiB frame: ${hugeEnd ? `close ${hugeEnd.code}` : `echoed (${huge.received.at(-1)?.length} B)`} (0c96db8, measured: 30000 pongs delivered, still connected, memory held +123.4 MB; 200 KB ping payload echoed (200034 B); 1 MiB frame: close 1009; 1 MiB frames from a peer not reading: RSS +1416 MB in 20 s, still growing)`,
      );
      expect(JSON.parse(polite.received[1])).toEqual({ type: 'pong', payload: { n: 1 } });
      expect(largeEnd).toEqual({ code: 4400, reason: expect.stringMatching(/ping payload of \d+ bytes; at most 1024 are echoed/) });
      expect(large.received).toHaveLength(1);
      expect(hugeEnd?.code).toBe(1009);
      expect(flood.end).toBeDefined();
      expect(flood.replies).toBeLessThan(FRAMES);
      expect(flood.growth).toBeLessThan(12 * 2 ** 20);
      expect((await fetch(`${service.base}/health`)).status).toBe(200);
    } finally {
      await service.close();
    }
  }, 60_000);

  it('row 4: the Streaming API WebSocket cuts off a peer that does not read, and never echoes an over-long id', async () => {
    const service = await startQuietLiveService(db.reader, { maxAddresses: loadConfig({}).live.maxAddresses });
    const url = `${service.base.replace('http', 'ws')}/api/streaming/v2/ws`;
    try {
      const long = await rawSocket(url);
      long.ws.send(JSON.stringify({ operation: 'ping', id: 'i'.repeat(100_000) }));
      await eventually(() => long.received.length === 1, 3000, 'the answer');
      long.ws.close();
      const huge = await rawSocket(url);
      huge.ws.send(JSON.stringify({ operation: 'ping', id: 'i'.repeat(2 ** 20) }));
      const hugeEnd = await Promise.race([huge.closed, sleep(1000).then(() => undefined)]);
      const FRAMES = 60_000;
      const frame = JSON.stringify({ operation: 'o'.repeat(128), id: 'i'.repeat(128) });
      const flood = await floodWithoutReading(await rawSocket(url), frame, FRAMES);
      console.log(
        `row 4: Streaming WebSocket, ${FRAMES} refused operations of 290 B from a peer not reading: ${flood.replies} replies delivered, ${flood.end ? `cut off (close ${flood.end.code})` : 'still connected'}, memory held ${signedMb(flood.growth)} MB; 100 KB id: answer of ${long.received[0].length} B; 1 MiB id: ${hugeEnd ? `close ${hugeEnd.code}` : `echoed (${huge.received.at(-1)?.length} B)`} (0c96db8, measured: 60000 replies delivered, still connected, memory held +36.5 MB; 100 KB id: answer of 100025 B; 1 MiB id: close 1009; 1 MiB-frame ids from a peer not reading: RSS +732 MB in 20 s, still growing)`,
      );
      expect(JSON.parse(long.received[0])).toEqual({ error: 'id is 100000 characters long; at most 128 are accepted' });
      expect(hugeEnd?.code).toBe(1009);
      expect(flood.end).toBeDefined();
      expect(flood.replies).toBeLessThan(FRAMES);
      expect(flood.growth).toBeLessThan(12 * 2 ** 20);
      expect(service.live.subscribers).toBe(0);
      expect((await fetch(`${service.base}/health`)).status).toBe(200);
    } finally {
      await service.close();
    }
  }, 60_000);

  it('row 8: expands supported action types once each and caps every list of a subscription, without stalling the server', async () => {
    const started = performance.now();
    const expanded = expandActionTypes(Array.from({ length: 120_000 }, (_, i) => `v${i % 5}`));
    const expandMs = performance.now() - started;
    expect(expanded).toEqual(expandActionTypes(['v0', 'v1', 'v2', 'v3', 'v4']));
    const service = await startQuietLiveService(db.reader, { maxAddresses: loadConfig({}).live.maxAddresses });
    try {
      const names = (n: number) => Array.from({ length: n }, (_, i) => `v${i % 5}`);
      // what /health takes on this machine right now, without the attack (the suite runs beside it)
      const quiet = healthProbe(service.base);
      await sleep(600);
      const baseline = await quiet.stop();
      const probe = healthProbe(service.base);
      await sleep(100);
      const sse = await sseClient(service.base, { types: ['actions'], addresses: [address(1)], supported_action_types: names(120_000) });
      const ws = await wsClient(service.base);
      ws.send({
        id: 'w',
        operation: 'subscribe',
        types: ['actions'],
        addresses: [address(1)],
        action_types: names(1000),
        supported_action_types: names(20_000),
      });
      await eventually(() => ws.messages.length > 0, 5000, 'the WebSocket answer');
      const client = createClient({ url: `${service.base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
      const answer = new Promise<any>((resolve) =>
        client.subscribe(
          {
            query: 'subscription($s: [String!]) { traces(accounts: ["0:' + '1'.repeat(64) + '"], supportedActionTypes: $s) { kind } }',
            variables: { s: names(20_000) },
          },
          { next: resolve, error: resolve, complete: () => {} },
        ),
      ).then(
        (answer) => answer,
        () => undefined,
      );
      const graphqlAnswer = await Promise.race([answer, sleep(3000).then(() => ({ subscribed: true }))]);
      await sleep(100);
      const health = await probe.stop();
      await client.dispose();
      sse.close();
      ws.close();
      console.log(
        `row 8: 120k supported action types expanded in ${expandMs.toFixed(1)} ms; SSE with 120k → ${sse.status}, WebSocket with 1000 action_types → ${JSON.stringify(ws.messages[0])}, graphql-ws with 20k → ${JSON.stringify(graphqlAnswer.errors?.[0]?.message ?? graphqlAnswer)}; /health max ${health.max.toFixed(0)} ms over ${health.count} probes (0c96db8, measured: expanded in 2210.3 ms; SSE 200, WebSocket {"id":"w","status":"subscribed"}, graphql-ws subscribed; /health max 2589 ms)`,
      );
      expect(expandMs).toBeLessThan(100);
      expect(sse.status).toBe(400);
      expect(sse.json).toEqual({ error: 'supported_action_types has 120000 items; at most 100 are accepted' });
      expect(ws.messages[0]).toEqual({ id: 'w', error: 'action_types has 1000 items; at most 100 are accepted' });
      expect(graphqlAnswer.errors[0]).toMatchObject({
        message: 'supportedActionTypes: 20000 values; at most 100 are accepted',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(health.max).toBeLessThan(Math.max(250, 3 * baseline.max));
    } finally {
      await service.close();
    }
  }, 60_000);

  it('row 12: frees a GraphQL-over-SSE subscription the moment its request is aborted, so 100 dropped and reopened at once are all served', async () => {
    const service = await startQuietLiveService(db.reader, { maxPerIp: 100 });
    const open = (round: number) =>
      Array.from({ length: 100 }, (_, i) => {
        const abort = new AbortController();
        const query = `subscription { accountStates(accounts: ["${address(round * 1000 + i)}"]) { kind } }`;
        const response = fetch(`${service.base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ query }),
          signal: abort.signal,
        });
        return { abort, response: response.catch(() => undefined) };
      });
    try {
      const first = open(0);
      await eventually(() => service.live.hub.subscriberCount === 100, 10_000, '100 subscriptions');
      // dropped, and reopened at once: the new ones must not be refused by the old ones' slots
      for (const c of first) c.abort.abort();
      const dropped = performance.now();
      const second = open(1);
      let freedMs: number | undefined;
      await eventually(() => first.every((_, i) => service.live.hub.followersOf(address(i)) === 0), 3000, 'the old slots freed').then(
        () => (freedMs = performance.now() - dropped),
        () => {},
      );
      // a refused one answers at once with its errors; a served one sends nothing until an event or a keepalive
      const firstChunk = async (c: (typeof second)[number]) => {
        const read = (await c.response)?.body
          ?.getReader()
          .read()
          .then(
            (r) => Buffer.from(r.value ?? []).toString(),
            () => '',
          );
        return Promise.race([read, sleep(1000).then(() => '')]);
      };
      const bodies = await Promise.all(second.map(firstChunk));
      const refused = bodies.filter((b) => b?.includes('errors')).length;
      const served = await eventually(() => service.live.hub.subscriberCount === 100, 3000, '100 reopened').then(
        () => true,
        () => false,
      );
      console.log(
        `row 12: 100 GraphQL-over-SSE subscriptions dropped and reopened at once: old slots free after ${freedMs === undefined ? 'more than 3000' : freedMs.toFixed(0)} ms; reopened: ${service.live.hub.subscriberCount} of 100 served, ${refused} refused`,
      );
      for (const c of second) c.abort.abort();
      expect(freedMs).toBeLessThan(1000);
      expect(refused).toBe(0);
      expect(served).toBe(true);
      await eventually(() => service.live.subscribers === 0 && service.live.hub.subscriberCount === 0, 3000, 'all freed');
    } finally {
      await service.close();
    }
  }, 60_000);

  it('row 6 (live half): a subscription executed but never read holds nothing once its request is aborted', async () => {
    const service = await startQuietLiveService(db.reader);
    try {
      const abort = new AbortController();
      const query = `subscription { accountStates(accounts: ["${address(7)}"]) { kind } }`;
      const res = await service.yoga.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query }),
        signal: abort.signal,
      });
      await res.arrayBuffer();
      const heldBefore = { slots: service.live.subscribers, subscriptions: service.live.hub.subscriberCount };
      abort.abort();
      const freed = await eventually(() => service.live.subscribers === 0 && service.live.hub.subscriberCount === 0, 2000, 'freed').then(
        () => true,
        () => false,
      );
      console.log(
        `row 6 (live half): a subscription answered ${res.status} and never read: held ${heldBefore.slots} slot(s), ${heldBefore.subscriptions} subscription(s); after its request aborted: ${service.live.subscribers} slot(s), ${service.live.hub.subscriberCount} subscription(s)`,
      );
      expect(freed).toBe(true);
    } finally {
      await service.close();
    }
  });
});
