import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import type { Services } from '../../src/context';
import type { Database } from '../../src/db/types';
import { EmulatorRepository } from '../../src/emulator/repository';
import { createHttpServer } from '../../src/http/server';
import { readAccountState } from '../../src/live/accountState';
import { RedisLiveSource } from '../../src/live/redisSource';
import { LiveRuntime } from '../../src/live/runtime';
import { defaults, type LiveLimits } from '../../src/config';
import { testServices } from './service';

/** The default queue; limits loose enough that only a test's own bound is met. */
export const LIMITS: LiveLimits = {
  queue: defaults().live.queue,
  maxSubscribers: 1000,
  maxPerIp: 1000,
  maxPerKey: 1000,
  maxAddresses: 100,
  maxAddressesPerIp: 1_000_000,
  maxAddressesPerKey: 1_000_000,
  maxAddressesTotal: 1_000_000,
  resumeMaxBlocks: defaults().live.resumeMaxBlocks,
  resumeConcurrency: defaults().live.resumeConcurrency,
};

/** A service with live events: the real HTTP server, the hub, and the emulator's Redis as its source. */
export async function startLiveService(db: Database, redisUrl: string, limits: Partial<LiveLimits> = {}, access?: Services['access']) {
  const redis = new Redis(redisUrl);
  const live = new LiveRuntime({ ...LIMITS, ...limits });
  const services: Services = { ...testServices(db), emulator: new EmulatorRepository(redis), live, access };
  const source = new RedisLiveSource(redisUrl, services.emulator!, live.hub, {
    maxTransactions: services.maxTraceTransactions,
    readAccountState: (key) => readAccountState(redis, key),
  });
  await source.start();
  const { server, yoga } = createHttpServer(services);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    services,
    live,
    yoga,
    base,
    redis,
    source,
    async close() {
      live.close();
      await source.stop();
      redis.disconnect();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until the list `events` returns (read again each time) holds something `match` accepts; fails after `ms`. */
export async function until<T>(events: () => T[], match: (e: T) => boolean, ms = 5000, what = 'an event'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const list = events();
    const found = list.find(match);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms; got ${list.length}: ${JSON.stringify(list).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until `condition` holds; fails after `ms`. */
export async function eventually(condition: () => boolean, ms = 5000, what = 'the condition'): Promise<void> {
  await until(() => (condition() ? [true] : []), Boolean, ms, what);
}

/**
 * A POST answered as server-sent events: its frames as they arrive (event, parsed data, id), its comments, and
 * whether it has ended; a response that is not a stream is left unread.
 */
export async function sseRequest(url: string, body: unknown, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: abort.signal,
  });
  const frames: { event: string; data: any; id?: string; at: number }[] = [];
  const comments: string[] = [];
  let ended = !res.headers.get('content-type')?.startsWith('text/event-stream');
  if (!ended) {
    void (async () => {
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += Buffer.from(chunk).toString('utf8');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (frame.startsWith(':')) comments.push(frame);
            const event = /^event: (.*)$/m.exec(frame)?.[1] ?? '';
            const data = /^data: (.+)$/m.exec(frame)?.[1];
            const id = /^id: (.*)$/m.exec(frame)?.[1];
            if (data !== undefined) frames.push({ event, data: JSON.parse(data), ...(id === undefined ? {} : { id }), at: performance.now() });
          }
        }
      } catch {
        // aborted
      }
      ended = true;
    })();
  }
  return { res, frames, comments, ended: () => ended, close: () => abort.abort() };
}

/** A Streaming API client over SSE: the events it got, the id to resume from, and a way to leave. */
export async function sseClient(base: string, body: unknown, headers: Record<string, string> = {}) {
  const { res, frames, comments, ended, close } = await sseRequest(`${base}/api/streaming/v2/sse`, body, headers);
  return {
    status: res.status,
    json: res.headers.get('content-type')?.includes('json') ? await res.json() : undefined,
    frames,
    comments,
    events: () => frames.filter((f) => f.event === 'event').map((f) => f.data),
    /** The id of the last event received (what a client sends back as Last-Event-ID). */
    lastId: () => frames.filter((f) => f.id !== undefined).at(-1)?.id,
    /** Whether the stream has ended (the server closed it, or the client did). */
    ended,
    close,
  };
}

/** A Streaming API client over WebSocket: the messages it got, and a way to send operations. */
export async function wsClient(base: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/streaming/v2/ws`, { headers });
  const messages: any[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  return {
    messages,
    closed,
    send: (o: unknown) => ws.send(typeof o === 'string' ? o : JSON.stringify(o)),
    close: () => ws.close(),
  };
}

/** A service with live endpoints and no event source: for what clients do to the endpoints themselves. */
export async function startQuietLiveService(db: Database, limits: Partial<LiveLimits> = {}, port = 0) {
  const live = new LiveRuntime({ ...LIMITS, ...limits });
  const services: Services = { ...testServices(db), live };
  const { server, yoga } = createHttpServer(services);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    services,
    live,
    yoga,
    base,
    async close() {
      live.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How long GET /health takes, in ms, sampled every `everyMs` until stopped: the event loop's stalls as a client sees them. */
export function healthProbe(base: string, everyMs = 20) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await (await fetch(`${base}/health`)).arrayBuffer();
        samples.push(performance.now() - started);
      } catch {
        // the server went away (a failed test closing it)
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { max: Math.max(0, ...samples), count: samples.length };
    },
  };
}
