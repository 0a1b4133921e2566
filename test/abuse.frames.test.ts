import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { eventually, startQuietLiveService } from './helpers/live';
import { parseSubscription, requestId, SubscriptionError } from '../src/live/streaming/request';
import { streamingMaxPayload } from '../src/live/streaming/transport';

// The fast-check corpus of abuse.test.ts, extended to WebSocket frames of both protocols: the Streaming API v2
// and graphql-ws. Whatever a frame holds, the server answers it (or closes that one connection with a 4xxx/1xxx
// code that is not an internal error), nothing throws out, and /health keeps answering.

const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(null, 0, -1, 1e308, '', '__proto__', 'constructor', [], {}, ['v4', 'v4'], '0:' + 'A'.repeat(64), 'EQ' + 'A'.repeat(46)),
  fc.integer({ min: 200, max: 5000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => ['v4', 'latest', '0:' + String(i % 10).repeat(64), 'transactions'][i % 4])),
);

const streamingFrame = fc.oneof(
  fc
    .record(
      {
        operation: fc.oneof(fc.constantFrom('ping', 'subscribe', 'unsubscribe', 'dance'), hostile),
        id: hostile,
        types: fc.oneof(fc.subarray(['transactions', 'actions', 'trace', 'account_state_change', 'jettons_change']), hostile),
        addresses: fc.oneof(fc.array(fc.constantFrom('0:' + '1'.repeat(64), '0:' + '2'.repeat(64), 'nope'), { maxLength: 4 }), hostile),
        trace_external_hash_norms: hostile,
        action_types: hostile,
        supported_action_types: hostile,
        min_finality: fc.oneof(fc.constantFrom('pending', 'confirmed', 'finalized'), hostile),
        include_address_book: hostile,
        include_metadata: hostile,
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
);

const document = fc.oneof(
  fc.constantFrom(
    'subscription($a: [String!]!) { transactions(accounts: $a) { kind } }',
    'subscription($s: [String!]) { traces(accounts: ["0:' + '1'.repeat(64) + '"], supportedActionTypes: $s) { kind } }',
    'subscription($t: [String!]) { actions(accounts: ["0:' + '1'.repeat(64) + '"], types: $t) { kind } }',
    'subscription { accountStates(accounts: []) { kind } }',
    '{ __typename }',
    'subscription {',
  ),
  fc.string({ maxLength: 100 }),
);

const graphqlWsFrame = fc.oneof(
  fc
    .record(
      {
        type: fc.oneof(fc.constantFrom('subscribe', 'ping', 'pong', 'complete', 'next', 'connection_init', 'error'), hostile),
        id: fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), hostile),
        payload: fc.oneof(
          fc.record(
            { query: fc.oneof(document, hostile), variables: fc.oneof(fc.record({ a: hostile, s: hostile, t: hostile }), hostile) },
            { requiredKeys: [] },
          ),
          hostile,
        ),
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
  fc
    .constantFrom(
      { type: 'next', id: '1', payload: {} },
      { type: 'error', id: '1', payload: [{ message: 'x' }] },
      { type: 'connection_ack' },
      { type: 'complete', id: '1' },
      { type: 'subscribe', id: '1', payload: { query: 'subscription { accountStates(accounts: ["0:' + '1'.repeat(64) + '"]) { kind } }' } },
      { type: 'subscribe', id: 'i'.repeat(200), payload: { query: 'subscription { accountStates(accounts: ["0:' + '1'.repeat(64) + '"]) { kind } }' } },
    )
    .map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
);

/** Opens a socket, sends `frames`, waits for its answers; how it ended (undefined: still open) and what it got. */
async function exchange(url: string, frames: (string | Buffer)[], protocol?: string, first?: string) {
  const ws = new WebSocket(url, protocol);
  const got: string[] = [];
  ws.on('message', (data) => got.push(String(data)));
  ws.on('error', () => {});
  let end: { code: number; reason: string } | undefined;
  ws.on('close', (code, reason) => (end = { code, reason: String(reason) }));
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  if (first) ws.send(first);
  for (const frame of frames) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  await new Promise((r) => setTimeout(r, 30));
  ws.close();
  await eventually(() => end !== undefined, 3000, 'the close');
  return { got, end: end! };
}

describe('abuse: generated WebSocket frames', () => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startQuietLiveService>>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    service = await startQuietLiveService(db.reader, { maxAddresses: 1000, maxAddressesPerIp: 10_000 });
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('the Streaming API answers every frame with a JSON error or status, and keeps serving', async () => {
    const url = `${service.base.replace('http', 'ws')}/api/streaming/v2/ws`;
    await fc.assert(
      fc.asyncProperty(fc.array(streamingFrame, { minLength: 1, maxLength: 6 }), async (frames) => {
        const { got, end } = await exchange(url, frames);
        for (const text of got) {
          const reply = JSON.parse(text);
          expect(typeof reply === 'object' && reply !== null && ('error' in reply || 'status' in reply), text.slice(0, 200)).toBe(true);
          expect(reply.error ?? '').not.toBe('internal error');
          expect(text.length).toBeLessThan(2000);
        }
        // past the size limit the server closes with 1009 while the client may still be sending the frame: the
        // connection can then end in a reset that loses the close frame (1006, seen under CI's load)
        const oversize = frames.some((f) => Buffer.byteLength(f) > streamingMaxPayload(1000));
        expect(oversize ? [1000, 1005, 1006, 1009] : [1000, 1005, 1009]).toContain(end.code);
      }),
      { numRuns: 100 },
    );
    expect((await fetch(`${service.base}/health`)).status).toBe(200);
    await eventually(() => service.live.subscribers === 0 && service.live.followedAddresses === 0, 3000, 'every slot given back');
  }, 120_000);

  it('graphql-ws answers or closes with a client-error code, never an internal error, and keeps serving', async () => {
    const url = `${service.base.replace('http', 'ws')}/graphql`;
    await fc.assert(
      fc.asyncProperty(fc.array(graphqlWsFrame, { minLength: 1, maxLength: 6 }), fc.boolean(), async (frames, init) => {
        const { got, end } = await exchange(url, frames, 'graphql-transport-ws', init ? JSON.stringify({ type: 'connection_init' }) : undefined);
        for (const text of got) expect(() => JSON.parse(text)).not.toThrow();
        expect(end.code, end.reason).not.toBe(4500);
        expect(end.code, end.reason).not.toBe(1011);
      }),
      { numRuns: 100 },
    );
    expect((await fetch(`${service.base}/health`)).status).toBe(200);
    await eventually(() => service.live.subscribers === 0 && service.live.followedAddresses === 0, 3000, 'every slot given back');
  }, 120_000);
});

describe('request ids the fuzzer found', () => {
  it('refuses an id that is an object (String() of {"toString": false} throws) with a clear error, over SSE and WebSocket alike', () => {
    expect(() => requestId({ toString: false })).toThrow(new SubscriptionError('id must be a string'));
    expect(() => parseSubscription({ id: { toString: false }, types: ['transactions'], addresses: [`0:${'1'.repeat(64)}`] })).toThrow(
      new SubscriptionError('id must be a string'),
    );
    expect(requestId(7)).toBe('7');
  });
});
