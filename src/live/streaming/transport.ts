import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Services } from '../../context';
import { clientIdentity } from '../../http/access';
import { readBody } from '../../http/body';
import { ClientGoneError } from '../../http/limiter';
import { isGap } from '../queue';
import type { LiveSubscription } from '../hub';
import { LiveLimitError, type LiveRuntime } from '../runtime';
import { StreamingClient } from './render';
import { initialSettings, parseAddresses, parseSubscription, parseTraceKeys, SubscriptionError, type ClientSettings } from './request';

export const STREAMING_SSE = '/api/streaming/v2/sse';
export const STREAMING_WS = '/api/streaming/v2/ws';

/** How often an idle stream says it is alive (TON Center: 15 s). */
export const KEEPALIVE_MS = 15_000;

const interest = (s: ClientSettings) => ({ accounts: s.addresses, traceKeys: s.traceKeys });
const headerVersions = (req: IncomingMessage) => {
  const v = req.headers['x-actions-version'];
  return typeof v === 'string' && v.trim() !== '' ? [v.trim()] : [];
};

const who = (req: IncomingMessage, services: Services) => clientIdentity(req, services.access?.policy);

/** A WebSocket that stops answering pings is dropped: a half-open connection must not hold its slot. */
const HEARTBEAT_MS = 30_000;

/** Renders and sends what a subscription receives, one event at a time, until it ends. */
async function pump(sub: LiveSubscription, client: StreamingClient, send: (json: string) => Promise<void>, onError: (err: Error) => void) {
  for await (const item of sub.queue) {
    try {
      if (isGap(item)) await send(JSON.stringify({ type: 'gap', lost: item.gap }));
      else for (const json of await client.render(item)) await send(json);
    } catch (err) {
      onError(err as Error);
    }
  }
}

const json = (res: ServerResponse, status: number, body: object) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
};

/**
 * `POST /api/streaming/v2/sse`: TON Center's Streaming API over server-sent events. The body is the
 * subscription, fixed for the connection's life; `event: connected` first, then `event: event` per
 * notification, a `: keepalive` comment every 15 s.
 */
export async function serveSse(req: IncomingMessage, res: ServerResponse, services: Services, live: LiveRuntime): Promise<void> {
  let raw: Buffer;
  try {
    raw = await readBody(req);
  } catch (err) {
    if (err instanceof ClientGoneError) return;
    throw err;
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8') || 'null');
  } catch (err) {
    return json(res, 400, { error: `invalid subscription request: ${(err as Error).message}` });
  }
  let settings: ClientSettings | undefined;
  let release: () => void;
  try {
    settings = parseSubscription(body, { headerVersions: headerVersions(req) });
    live.checkAddresses(settings.addresses.size + settings.traceKeys.size);
    const { ip, key } = who(req, services);
    release = live.admit(ip, key);
  } catch (err) {
    const id = err instanceof SubscriptionError ? err.id : settings?.id;
    if (err instanceof SubscriptionError || err instanceof LiveLimitError) return json(res, err instanceof LiveLimitError ? err.status : 400, { ...(id === undefined ? {} : { id }), error: err.message });
    throw err;
  }
  const client = new StreamingClient(services, settings);
  const sub = live.hub.subscribe(interest(settings));
  const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
  const end = () => {
    clearInterval(keepalive);
    sub.close();
    release();
    unregister();
  };
  const unregister = live.onClose(() => {
    end();
    res.end();
  });
  // cleanup is in place before anything is awaited: a client gone at any point releases its slot
  res.once('close', end);
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  const write = (chunk: string) =>
    new Promise<void>((resolve) => {
      // a slow reader makes its own queue overflow (oldest events lost), never the publisher wait
      if (res.destroyed || res.write(chunk)) return resolve();
      const done = () => (res.off('drain', done), res.off('close', done), resolve());
      res.once('drain', done);
      res.once('close', done);
    });
  await write(`event: connected\ndata: ${JSON.stringify({ ...(settings.id === undefined ? {} : { id: settings.id }), status: 'subscribed' })}\n\n`);
  await pump(sub, client, (json) => write(`event: event\ndata: ${json}\n\n`), (err) => services.log.warn({ err }, 'streaming event'));
  if (!res.writableEnded) res.end();
}

/** One WebSocket client: its settings change with each subscribe and unsubscribe. */
function serveSocket(ws: WebSocket, req: IncomingMessage, services: Services, live: LiveRuntime, release: () => void) {
  let settings = initialSettings(headerVersions(req));
  let alive = true;
  ws.on('pong', () => (alive = true));
  const heartbeat = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
  }, HEARTBEAT_MS);
  const client = new StreamingClient(services, settings);
  const sub = live.hub.subscribe(interest(settings));
  const sendText = (text: string) =>
    new Promise<void>((resolve) => {
      if (ws.readyState !== ws.OPEN) return resolve();
      ws.send(text, () => resolve());
    });
  const send = (o: object) => sendText(JSON.stringify(o));
  const reply = (id: unknown, o: object) => send({ ...(id === undefined || id === null ? {} : { id: String(id) }), ...o });
  ws.on('message', (data, isBinary) => {
    let envelope: Record<string, unknown>;
    try {
      envelope = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data));
      if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) throw new Error('expected a JSON object');
    } catch (err) {
      return void send({ error: `invalid request envelope: ${(err as Error).message}` });
    }
    const id = envelope.id;
    try {
      switch (envelope.operation) {
        case 'ping':
          return void reply(id, { status: 'pong' });
        case 'subscribe': {
          const next = parseSubscription(envelope, { previous: settings, ws: true, headerVersions: headerVersions(req) });
          live.checkAddresses(next.addresses.size + next.traceKeys.size, true);
          settings = next;
          client.settings = next;
          sub.update(interest(next));
          return void reply(id, { status: 'subscribed' });
        }
        case 'unsubscribe': {
          const addresses = envelope.addresses;
          const keys = envelope.trace_external_hash_norms;
          const list = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);
          if (list(addresses) === undefined && list(keys) === undefined) throw new SubscriptionError('addresses or trace_external_hash_norms are required');
          const gone = new Set([...parseAddresses(list(addresses) ?? []), ...parseTraceKeys(list(keys) ?? [])]);
          settings = {
            ...settings,
            addresses: new Set([...settings.addresses].filter((a) => !gone.has(a))),
            traceKeys: new Set([...settings.traceKeys].filter((k) => !gone.has(k))),
          };
          client.settings = settings;
          sub.update(interest(settings));
          return void reply(id, { status: 'unsubscribed' });
        }
        default:
          return void reply(id, { error: `unknown operation: ${String(envelope.operation)}` });
      }
    } catch (err) {
      if (err instanceof SubscriptionError || err instanceof LiveLimitError) return void reply(id, { error: err.message });
      services.log.warn({ err }, 'streaming websocket message');
      return void reply(id, { error: 'internal error' });
    }
  });
  const end = () => {
    clearInterval(heartbeat);
    sub.close();
    release();
    unregister();
  };
  const unregister = live.onClose(() => ws.close(1001, 'server shutting down'));
  ws.once('close', end);
  void pump(sub, client, sendText, (err) => services.log.warn({ err }, 'streaming event'));
}

/** The WebSocket endpoint of the Streaming API, upgraded from `GET /api/streaming/v2/ws`. */
export function streamingSockets(services: Services, live: LiveRuntime) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  return (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    // admitted once the handshake succeeded: a refused handshake never takes a slot
    wss.handleUpgrade(req, socket, head, (ws) => {
      // a frame too large or malformed is the client's problem: drop it, never the process
      ws.on('error', () => ws.terminate());
      let release: () => void;
      try {
        const { ip, key } = who(req, services);
        release = live.admit(ip, key);
      } catch (err) {
        if (!(err instanceof LiveLimitError)) throw err;
        // TON Center sends the error, then closes
        return ws.send(JSON.stringify({ error: err.message }), () => ws.close(1008, 'limit'));
      }
      serveSocket(ws, req, services, live, release);
    });
}
