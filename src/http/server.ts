import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createMetrics, routeLabel } from './metrics';
import { accessEnabled, checkAccess, clientIdentity } from './access';
import { logUnexpected } from './logUnexpected';
import { MAX_BODY_BYTES, tooLarge } from './body';
import { serveGraphQL } from './graphqlRoute';
import { cachedExamples } from '../data/examples';
import { indexPage, serviceIndex } from './indexPage';
import { GRAPHIQL_ASSETS, serveGraphiQLAsset } from './graphiqlAssets';
import { Shutdown } from './shutdown';
import { BusyError, ClientGoneError } from './limiter';
import type { Services } from '../context';
import { ApiError, classifyDbError } from '../errors';
import { GraphQLError } from 'graphql';
import { createGraphQL } from '../graphql/yoga';
import { defaults, type GraphQLSettings } from '../config';
import { sendError, sendJson } from '../rest/respond';
import { API_PREFIX, handleRest } from '../rest/routes';
import { REST_POST_PATHS } from '../rest/registry';
import { serveSse, streamingSockets, STREAMING_SSE, STREAMING_WS } from '../live/streaming/transport';
import { graphqlWebSockets } from '../graphql/websocket';
import type { Duplex } from 'node:stream';

const STREAMING_PREFIX = '/api/streaming/';

/** Long enough for 1000 hashes or addresses in one GET (a raw address parameter is about 76 bytes). */
export const MAX_URL_BYTES = 96 * 1024;
/** Node's bound on a request's line and headers together (its default is 16 KiB). */
export const MAX_HEADER_BYTES = 128 * 1024;

/** A request target in absolute form (`GET http://host/path`, as sent to a proxy) as its path and query. */
function originForm(target: string): string {
  if (!/^https?:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}
// No multipart: it carries file uploads, and this API only reads.
const GRAPHQL_BODY_TYPES = /^\s*application\/(json|graphql|x-www-form-urlencoded)\s*(;|$)/i;

/** A rejection on /graphql in the GraphQL error shape, with the HTTP status it maps to. */
function sendGraphQLError(
  req: IncomingMessage,
  res: ServerResponse,
  err: ApiError,
  headers: Record<string, string> = {},
  extensions: Record<string, unknown> = {},
) {
  const { http: _http, ...rest } = extensions;
  sendJson(req, res, err.status, JSON.stringify({ errors: [{ message: err.message, extensions: { ...rest, code: err.code } }] }), headers);
}

/** Ready means the dependencies answer: the database always, Redis when configured. */
async function readiness(services: Services) {
  const check = async (probe: () => Promise<unknown>) => {
    try {
      await Promise.race([probe(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
      return 'ok';
    } catch {
      return 'unavailable';
    }
  };
  const routed = services.db.serving !== undefined;
  const [database, redis] = await Promise.all([
    // with replicas: ready while any source can serve reads (the router probes them in the background)
    routed ? Promise.resolve(services.db.serving ? 'ok' : 'unavailable') : check(() => services.db.query('select 1')),
    services.emulator ? check(() => services.emulator!.ping()) : Promise.resolve('not configured'),
  ]);
  const sources = routed
    ? { sources: services.db.states!.map((s) => ({ name: s.name, role: s.role, state: s.state, lag_ms: s.lagMs, masterchain_seqno: s.tip, error: s.error })) }
    : {};
  return { ready: database === 'ok' && redis !== 'unavailable', database, redis, ...sources };
}

/** One node:http server: REST under /api/v3 (no GraphQL machinery on that path), GraphQL at /graphql. */
export function createHttpServer(services: Services, opts: GraphQLSettings = defaults().graphql) {
  services.examples ??= cachedExamples(services.db);
  const metrics = createMetrics(services);
  const yoga = createGraphQL(services, { ...opts, onOperation: (type, field) => metrics.graphqlOperations.inc({ type, field }) });
  const graphqlRoute = {
    limits: opts.limits,
    limiter: services.limiter,
    live: services.live,
    bodies: services.bodies,
    requestTimeoutMs: services.requestTimeoutMs,
    onServed: (path: 'plain' | 'yoga') => metrics.graphqlRequests.inc({ path }),
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = originForm(req.url ?? '/');
    if (url.length > MAX_URL_BYTES) {
      return sendError(req, res, new ApiError(414, `the URL is ${url.length} bytes long; at most ${MAX_URL_BYTES} are accepted`, 'BAD_USER_INPUT'));
    }
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      res.setHeader('Connection', 'close');
      return path === '/graphql' ? sendGraphQLError(req, res, tooLarge(declared)) : sendError(req, res, tooLarge(declared));
    }
    // Only /graphql and the REST routes taking POST read a body; elsewhere an unread body must not be drained.
    const readsBody = path === '/graphql' || (req.method === 'POST' && REST_POST_PATHS.has(path));
    if (!readsBody && (declared > 0 || req.headers['transfer-encoding'])) res.setHeader('Connection', 'close');
    const query = q < 0 ? '' : url.slice(q + 1);
    if ((path.startsWith(API_PREFIX) || path.startsWith(STREAMING_PREFIX) || path === '/graphql') && services.access && accessEnabled(services.access.policy)) {
      try {
        await checkAccess(req, query, services.access.policy, services.access.limiter);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const retryAfter = (err as ApiError & { retryAfter?: number }).retryAfter;
        return sendError(req, res, err, retryAfter === undefined ? {} : { 'Retry-After': String(Math.max(1, retryAfter)) });
      }
    }
    if (path.startsWith(API_PREFIX)) return handleRest(req, res, services, path, query);
    if (path === STREAMING_SSE || path === STREAMING_WS) {
      if (!services.live) return sendError(req, res, new ApiError(503, 'live events are not served by this instance', 'SERVICE_UNAVAILABLE'));
      if (path === STREAMING_WS)
        return sendError(req, res, new ApiError(426, 'this endpoint speaks WebSocket: send an Upgrade request', 'BAD_USER_INPUT'), { Upgrade: 'websocket' });
      if (req.method !== 'POST')
        return sendError(req, res, new ApiError(405, 'send the subscription as the body of a POST', 'BAD_USER_INPUT'), { Allow: 'POST' });
      return serveSse(req, res, services, services.live);
    }
    if (path === '/graphql' && req.method === 'POST' && !GRAPHQL_BODY_TYPES.test(req.headers['content-type'] ?? '')) {
      // yoga answers these with an empty 415; clients get a GraphQL error body like every other rejection.
      const message = `content type "${(req.headers['content-type'] ?? '').slice(0, 80)}" is not accepted; send application/json`;
      return sendGraphQLError(req, res, new ApiError(415, message, 'BAD_USER_INPUT'));
    }
    if (path === '/graphql') {
      try {
        return await serveGraphQL(req, res, yoga, graphqlRoute, clientIdentity(req, services.access?.policy));
      } catch (err) {
        if (err instanceof ClientGoneError) return res.destroy();
        // a body refused or cut short was not read to its end: the connection cannot carry another request
        if (!req.complete) res.setHeader('Connection', 'close');
        if (err instanceof BusyError) return sendGraphQLError(req, res, err, { 'Retry-After': String(err.retryAfter) });
        if (err instanceof GraphQLError)
          return sendGraphQLError(req, res, new ApiError(Number(err.extensions.http?.status ?? 400), err.message, 'BAD_USER_INPUT'), {}, err.extensions);
        const known = classifyDbError(err);
        if (!known) throw err;
        return sendGraphQLError(req, res, known);
      }
    }
    if (path.startsWith(GRAPHIQL_ASSETS) && opts.graphiql !== false) return serveGraphiQLAsset(req, res, path.slice(GRAPHIQL_ASSETS.length));
    if (path === '/favicon.ico') return serveGraphiQLAsset(req, res, 'favicon.ico');
    if (path === '/healthcheck') {
      // TON Center's own liveness route: a plain 200 OK.
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end('OK');
    }
    if (path === '/metrics') {
      const text = await metrics.registry.metrics();
      res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
      return res.end(text);
    }
    if (path === '/health') return sendJson(req, res, 200, JSON.stringify({ status: 'ok' }));
    if (path === '/ready') {
      if (shutdown.draining) return sendJson(req, res, 503, JSON.stringify({ ready: false, shutting_down: true }));
      const checks = await readiness(services);
      return sendJson(req, res, checks.ready ? 200 : 503, JSON.stringify(checks));
    }
    if (path === '/') {
      const examples = await services.examples!();
      // A browser gets the page; a client that asks for JSON (and not HTML) the same as data.
      const accept = String(req.headers.accept ?? '');
      if (/application\/json/.test(accept) && !/text\/html/.test(accept)) return sendJson(req, res, 200, JSON.stringify(serviceIndex(examples)));
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(req.method === 'HEAD' ? undefined : indexPage(examples));
    }
    return sendError(req, res, new ApiError(404, `no route ${path}`, 'NOT_FOUND'));
  };
  // Unfinished headers are memory (up to MAX_HEADER_BYTES a connection): they must arrive within headersTimeout
  // (Node's default is 60 s), checked each second instead of Node's 30, so the bound is what the setting says.
  const headersTimeout = services.headersTimeoutMs ?? defaults().headersTimeoutMs;
  const timeouts = { headersTimeout, requestTimeout: Math.max(300_000, headersTimeout), connectionsCheckingInterval: Math.min(1000, headersTimeout) };
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, ...timeouts }, (req, res) => {
    // A request id from the client (or a load balancer) is kept when it is sane; otherwise one is made.
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    shutdown.track(req, res, id);
    const started = performance.now();
    res.once('finish', () => {
      const path = originForm(req.url ?? '/').split('?')[0];
      const route = routeLabel(path);
      const seconds = (performance.now() - started) / 1000;
      metrics.requests.inc({ route, method: req.method ?? 'GET', status: String(res.statusCode) });
      metrics.duration.observe({ route }, seconds);
      services.log.info({ reqId: id, method: req.method, path: path.slice(0, 200), status: res.statusCode, ms: Math.round(seconds * 1000) }, 'request');
    });
    handle(req, res).catch((err) => {
      logUnexpected(services.log, err, { reqId: id });
      if (!res.headersSent) sendError(req, res, new ApiError(500, 'internal error', 'INTERNAL'));
      else res.destroy();
    });
  });
  const shutdown = new Shutdown(server, services.log);
  const streaming = services.live && streamingSockets(services, services.live);
  const graphqlSockets = services.live && graphqlWebSockets(services, yoga, opts.limits);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refuse = (status: number, reason: string, message: string) => {
      const body = JSON.stringify({ error: message, code: status });
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    };
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    const serve = path === STREAMING_WS ? streaming : path === '/graphql' ? graphqlSockets : undefined;
    if (!serve) return refuse(404, 'Not Found', `no WebSocket endpoint ${path.slice(0, 200)}`);
    // the same keys and rate limits as HTTP requests, before the handshake
    const access =
      services.access && accessEnabled(services.access.policy)
        ? checkAccess(req, url.includes('?') ? url.slice(url.indexOf('?') + 1) : '', services.access.policy, services.access.limiter)
        : Promise.resolve();
    access.then(
      () => serve(req, socket, head),
      (err) =>
        err instanceof ApiError
          ? refuse(err.status, err.status === 401 ? 'Unauthorized' : err.status === 429 ? 'Too Many Requests' : 'Forbidden', err.message)
          : socket.destroy(),
    );
  });
  // Node answers an Expect it does not know with a bare 417; clients get the contract's JSON body.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Connection', 'close');
    sendError(req, res, new ApiError(417, `Expect: ${String(req.headers.expect).slice(0, 80)} is not supported (only 100-continue)`, 'BAD_USER_INPUT'));
  });
  // Requests Node rejects before they reach a handler (a request line and headers over MAX_HEADER_BYTES,
  // malformed HTTP) still get the contract's JSON error body.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const [status, reason, message] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', `the request line and headers exceed ${MAX_HEADER_BYTES / 1024} KiB`]
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'the request did not arrive in time']
          : [400, 'Bad Request', 'the request is not valid HTTP'];
    const body = JSON.stringify({ error: message, code: status });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return { server, yoga, metrics, shutdown };
}
