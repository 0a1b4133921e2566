import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Services } from '../../context';
import { clientIdentity } from '../../http/access';
import { MAX_BODY_BYTES, readBody, type ReadBody } from '../../http/body';
import { ApiError } from '../../errors';
import { ClientGoneError } from '../../http/limiter';
import type { Cursor } from '../cursor';
import { openFeed, type LiveFeed } from '../feed';
import { LiveLimitError, type LiveAdmission, type LiveRuntime } from '../runtime';
import { guardSocket, type GuardedSocket } from '../socketGuard';
import { StreamingClient } from './render';
import {
  initialSettings,
  parseAddresses,
  parseSubscription,
  parseTraceKeys,
  requestId,
  resumeCursor,
  shown,
  SubscriptionError,
  type ClientSettings,
} from './request';

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

/**
 * The largest WebSocket frame a client needs: a subscribe naming `maxAddresses` addresses (up to 128 bytes
 * each as JSON, raw form with room to spare) plus its other lists, capped at MAX_LIST_ITEMS names.
 */
export const streamingMaxPayload = (maxAddresses: number) => 64 * 1024 + maxAddresses * 128;

/** How many addresses and trace keys a client's settings follow: what its connection reserves. */
const followed = (s: ClientSettings) => s.addresses.size + s.traceKeys.size;

/**
 * Renders and sends what a feed yields, one item at a time, until it ends, each notification with its event id
 * (`send`'s second argument; the third says the notification already carries it, as our own gap and
 * resume_too_old events do). A replay or a rendering that fails (the database gone) ends the stream, so the
 * client resumes from the last id it has rather than past an event it never got.
 */
async function pump(
  feed: LiveFeed,
  client: StreamingClient,
  send: (json: string, id: string | undefined, carriesId?: boolean) => Promise<void>,
  onError: (err: Error) => void,
) {
  try {
    for await (const item of feed) {
      if (item.kind === 'gap') {
        const id = feed.id(item);
        await send(JSON.stringify({ type: 'gap', lost: item.lost, ...(id ? { event_id: id } : {}) }), id, true);
      } else if (item.kind === 'resume_too_old') {
        const id = feed.id(item);
        await send(JSON.stringify({ type: 'resume_too_old', event_id: id }), id, true);
      } else {
        const texts = await client.render(item.event);
        for (let i = item.skip; i < texts.length; i++) await send(texts[i], feed.id(item, i));
      }
    }
  } catch (err) {
    onError(err as Error);
    await feed.return();
    return false;
  }
  return true;
}

/** A notification with its id as a top-level `event_id` (the WebSocket form), added after TON Center's fields. */
const withEventId = (json: string, id: string | undefined, carriesId = false) =>
  id === undefined || carriesId ? json : `${json.slice(0, -1)},"event_id":${JSON.stringify(id)}}`;

const json = (res: ServerResponse, status: number, body: object) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
};

/**
 * The subscription a `POST /api/streaming/v2/sse` carries, read and parsed; its body goes back to the body
 * budget at once (that budget bounds bodies arriving; only the settings outlive this, charged as the addresses
 * they follow). Undefined when the request has been answered already (refused, or its client gone).
 */
async function readSubscription(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
  live: LiveRuntime,
): Promise<{ settings: ClientSettings; after: Cursor | undefined } | undefined> {
  let read: ReadBody;
  try {
    read = await readBody(req, res, MAX_BODY_BYTES, services.bodies);
  } catch (err) {
    if (err instanceof ClientGoneError) return undefined;
    if (!(err instanceof ApiError)) throw err;
    // a body refused before its end: the connection cannot carry another request
    res.setHeader('Connection', 'close');
    return void json(res, err.status, { error: err.message });
  }
  let body: unknown;
  try {
    body = JSON.parse(read.bytes.toString('utf8') || 'null');
  } catch (err) {
    return void json(res, 400, { error: `invalid subscription request: ${(err as Error).message}` });
  } finally {
    read.release();
  }
  let settings: ClientSettings | undefined;
  try {
    settings = parseSubscription(body, { headerVersions: headerVersions(req), maxAddresses: live.limits.maxAddresses });
    const after = resumeCursor(req.headers['last-event-id'], 'Last-Event-ID', settings.id);
    live.checkAddresses(followed(settings));
    return { settings, after };
  } catch (err) {
    const id = err instanceof SubscriptionError ? err.id : settings?.id;
    if (err instanceof SubscriptionError || err instanceof LiveLimitError) return void refuse(res, err instanceof LiveLimitError ? err.status : 400, id, err);
    throw err;
  }
}

/** A subscription refused, as TON Center answers it: its id (when it has one) and the error. */
const refuse = (res: ServerResponse, status: number, id: string | undefined, err: Error) =>
  json(res, status, { ...(id === undefined ? {} : { id }), error: err.message });

/**
 * `POST /api/streaming/v2/sse`: TON Center's Streaming API over server-sent events. The body is the
 * subscription, fixed for the connection's life; `event: connected` first, then `event: event` per
 * notification, a `: keepalive` comment every 15 s.
 */
export async function serveSse(req: IncomingMessage, res: ServerResponse, services: Services, live: LiveRuntime): Promise<void> {
  const subscription = await readSubscription(req, res, services, live);
  if (!subscription) return;
  const { settings, after } = subscription;
  let admission: LiveAdmission | undefined;
  try {
    const { ip, key } = who(req, services);
    admission = live.admit(ip, key);
    admission.reserve(followed(settings));
  } catch (err) {
    admission?.release();
    if (err instanceof LiveLimitError) return refuse(res, err.status, settings.id, err);
    throw err;
  }
  const release = admission.release;
  const client = new StreamingClient(services, settings, live.replaySteps);
  const feed = openFeed(services, live, interest(settings), after, true);
  // on every frame: a client that got no event yet still has a place to resume from
  const idLine = () => (feed.lastId === undefined ? '' : `id: ${feed.lastId}\n`);
  const keepalive = setInterval(() => res.write(`: keepalive\n${idLine()}\n`), KEEPALIVE_MS);
  const end = () => {
    clearInterval(keepalive);
    void feed.return();
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
  await write(`${idLine()}event: connected\ndata: ${JSON.stringify({ ...(settings.id === undefined ? {} : { id: settings.id }), status: 'subscribed' })}\n\n`);
  await pump(
    feed,
    client,
    (json) => write(`${idLine()}event: event\ndata: ${json}\n\n`),
    (err) => services.log.warn({ err }, 'streaming event'),
  );
  if (!res.writableEnded) res.end();
}

/** One WebSocket client: its settings change with each subscribe and unsubscribe, and so does what it reserves. */
function serveSocket(ws: WebSocket, socket: GuardedSocket, req: IncomingMessage, services: Services, live: LiveRuntime, admission: LiveAdmission) {
  let settings = initialSettings(headerVersions(req));
  let reservation = () => {};
  /** Reserves what `next` follows in place of what the current settings do; on refusal the current stay reserved. */
  const follow = (next: ClientSettings) => {
    reservation();
    try {
      reservation = admission.reserve(followed(next));
    } catch (err) {
      reservation = admission.reserve(followed(settings));
      throw err;
    }
  };
  const client = new StreamingClient(services, settings, live.replaySteps);
  let feed = openFeed(services, live, interest(settings), undefined, true);
  const run = (f: LiveFeed) =>
    void pump(
      f,
      client,
      (json, id, carriesId) => socket.send(withEventId(json, id, carriesId)),
      (err) => services.log.warn({ err }, 'streaming event'),
    ).then((ok) => {
      // a replay or a rendering that failed ends the connection: the client resumes from its last event id
      if (!ok && f === feed) ws.close(1011, 'events could not be read: resume from the last event id');
    });
  const send = (o: object) => socket.send(JSON.stringify(o));
  const reply = (id: string | undefined, o: object) => send({ ...(id === undefined ? {} : { id }), ...o });
  ws.on('message', (data, isBinary) => {
    let envelope: Record<string, unknown>;
    let id: string | undefined;
    try {
      envelope = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data));
      if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) throw new Error('expected a JSON object');
    } catch (err) {
      return void send({ error: `invalid request envelope: ${(err as Error).message}` });
    }
    try {
      id = requestId(envelope.id);
      switch (envelope.operation) {
        case 'ping':
          return void reply(id, { status: 'pong' });
        case 'subscribe': {
          const next = parseSubscription(envelope, {
            previous: settings,
            ws: true,
            headerVersions: headerVersions(req),
            maxAddresses: live.limits.maxAddresses,
          });
          const after = resumeCursor(envelope.after, 'after', id);
          live.checkAddresses(followed(next), true);
          follow(next);
          settings = next;
          client.settings = next;
          if (after) {
            // a resume starts a feed of its own: what it replays follows the reply
            feed.return();
            feed = openFeed(services, live, interest(next), after, true);
            reply(id, { status: 'subscribed', ...(feed.lastId ? { event_id: feed.lastId } : {}) });
            return void run(feed);
          }
          feed.sub.update(interest(next));
          return void reply(id, { status: 'subscribed', ...(feed.lastId ? { event_id: feed.lastId } : {}) });
        }
        case 'unsubscribe': {
          // a list of something else counts as not given; one too long is refused before it is read
          const list = (key: string) => {
            const v = envelope[key];
            if (!Array.isArray(v)) return undefined;
            if (v.length > live.limits.maxAddresses)
              throw new SubscriptionError(`${key} has ${v.length} items; at most ${live.limits.maxAddresses} are accepted (LIVE_MAX_ADDRESSES)`);
            return v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
          };
          const addresses = list('addresses');
          const keys = list('trace_external_hash_norms');
          if (addresses === undefined && keys === undefined) throw new SubscriptionError('addresses or trace_external_hash_norms are required');
          const gone = new Set([...parseAddresses(addresses ?? []), ...parseTraceKeys(keys ?? [])]);
          const next = {
            ...settings,
            addresses: new Set([...settings.addresses].filter((a) => !gone.has(a))),
            traceKeys: new Set([...settings.traceKeys].filter((k) => !gone.has(k))),
          };
          follow(next);
          settings = next;
          client.settings = settings;
          feed.sub.update(interest(settings));
          return void reply(id, { status: 'unsubscribed' });
        }
        default:
          return void reply(id, { error: `unknown operation: ${shown(String(envelope.operation))}` });
      }
    } catch (err) {
      if (err instanceof SubscriptionError || err instanceof LiveLimitError) return void reply(id, { error: err.message });
      services.log.warn({ err }, 'streaming websocket message');
      return void reply(id, { error: 'internal error' });
    }
  });
  const end = () => {
    feed.return();
    admission.release();
    unregister();
  };
  const unregister = live.onClose(() => ws.close(1001, 'server shutting down'));
  ws.once('close', end);
  run(feed);
}

/** The WebSocket endpoint of the Streaming API, upgraded from `GET /api/streaming/v2/ws`. */
export function streamingSockets(services: Services, live: LiveRuntime) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: streamingMaxPayload(live.limits.maxAddresses) });
  return (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    // admitted once the handshake succeeded: a refused handshake never takes a slot
    wss.handleUpgrade(req, socket, head, (ws) => {
      const guarded = guardSocket(ws);
      let admission: LiveAdmission;
      try {
        const { ip, key } = who(req, services);
        admission = live.admit(ip, key);
      } catch (err) {
        if (!(err instanceof LiveLimitError)) throw err;
        // TON Center sends the error, then closes
        return void guarded.send(JSON.stringify({ error: err.message })).then(() => ws.close(1008, 'limit'));
      }
      serveSocket(ws, guarded, req, services, live, admission);
    });
}
