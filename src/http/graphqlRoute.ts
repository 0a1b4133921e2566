import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST } from 'graphql';
import { ApiError } from '../errors';
import { queryCost, type GraphQLLimits } from '../graphql/limits';
import { inspectRequest, sentParams, type InspectedRequest } from '../graphql/request';
import { schema } from '../graphql/schema';
import { requestWeight } from '../graphql/weight';
import { runPlainQuery, type BuiltResponse, type PlainQuery } from '../graphql/directQuery';
import { parseTimeoutMs } from '../params/requestSettings';
import type { createGraphQL } from '../graphql/yoga';
import { addressesForBytes, LiveLimitError, type LiveAdmission, type LiveRuntime } from '../live/runtime';
import { MAX_BODY_BYTES, readBody, type BodyBudget } from './body';
import { sendEncoded } from './compression';
import { abortReason, workSignal, type Limiter, type Slot } from './limiter';
import { requestIdOf } from './logUnexpected';

// Connection-level headers belong to this hop, not to the GraphQL request.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'proxy-connection', 'te', 'trailer']);

/**
 * yoga's response headers without its framing ones (a multipart result says chunked; names keep their case):
 * this response frames its own bytes.
 */
function ownHeaders(headers: Headers): Record<string, string> {
  const own: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name.toLowerCase())) own[name] = value;
  });
  return own;
}

/**
 * Whether a client accepts server-sent events: it says nothing, or the most specific of its ranges that names
 * them (`text/event-stream`, else `text/*`, else `*\/*`, curl's default) has a q above 0 (RFC 9110 §12.5.1). A
 * subscription is only ever served as a stream.
 */
export function acceptsEventStream(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  let best: { specificity: number; q: number } | undefined;
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const specificity = ['*/*', 'text/*', 'text/event-stream'].indexOf(type);
    if (specificity < 0) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!best || specificity > best.specificity) best = { specificity, q: Number.isFinite(weight) ? weight : 0 };
  }
  return best !== undefined && best.q > 0;
}

/**
 * A live admission for a client, charged `keptBytes` (what the stream keeps for its life) as followed
 * addresses, refused with the Streaming API's status (429) and message.
 */
function admit(live: LiveRuntime, client: ClientIdentity, keptBytes: number): LiveAdmission {
  let admission: LiveAdmission | undefined;
  try {
    admission = live.admit(client.ip, client.key);
    admission.reserve(addressesForBytes(keptBytes));
    return admission;
  } catch (err) {
    admission?.release();
    if (err instanceof LiveLimitError)
      throw new ApiError(err.status, err.message, err.status === 503 ? 'SERVICE_UNAVAILABLE' : err.status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_USER_INPUT');
    throw err;
  }
}

/**
 * What yoga keeps of a GraphQL-over-SSE request for the stream's life, in copies of the request's bytes (its
 * body or URL): the text, held by its Request, and what it parsed to (the variables, however padded).
 * Measured: a subscription whose body is 1 MiB of JSON (an unused variable padded) holds 2.1 MiB.
 */
const KEPT_COPIES = 2;

/**
 * GraphQL over SSE (a subscription): admitted against the live limits first (429 when refused, before
 * anything runs), then yoga's response is written as it comes, outside the limiter (a stream may last hours).
 * What yoga keeps of the request (its body as text, or its URL, and their parse) is charged to the client's
 * live budgets as followed addresses, as graphql-ws charges a message. When the client goes, the operation
 * is aborted and its admission released at once.
 */
async function streamGraphQL(
  req: IncomingMessage,
  res: ServerResponse,
  yoga: Yoga,
  headers: Headers,
  body: string | undefined,
  live: LiveRuntime | undefined,
  client: ClientIdentity,
) {
  const kept = KEPT_COPIES * (Buffer.byteLength(body ?? '') + Buffer.byteLength(req.url ?? ''));
  const admission = live && admit(live, client, kept);
  const abort = new AbortController();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const closed = () => {
    abort.abort();
    reader?.cancel().catch(() => {});
    admission?.release();
  };
  // a client that left while its request was checked (rate limit, body) closed it already: no event follows
  if (res.closed || res.destroyed) closed();
  else res.once('close', closed);
  headers.set('accept', 'text/event-stream');
  const response = await yoga.fetch(
    `http://localhost${req.url ?? '/graphql'}`,
    { method: req.method, headers, body, signal: abort.signal },
    { liveAdmission: admission },
  );
  res.writeHead(response.status, ownHeaders(response.headers));
  if (!response.body) return void res.end();
  reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  if (res.destroyed) await reader.cancel().catch(() => {});
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          const go = () => (res.off('drain', go), res.off('close', go), resolve());
          res.once('drain', go);
          res.once('close', go);
        });
      }
    }
  } catch {
    // the client went away: the stream was cancelled
  }
  if (!res.writableEnded) res.end();
}

/**
 * What a request weighs in the limiter: what its document may shape, or 1 when it will be refused anyway (no
 * document, or over the cost limit: yoga answers it without executing), so a cheap refused request never
 * makes the others wait. With its cost, when priced: the cost limit's plugin takes it instead of pricing again.
 */
function admission(request: InspectedRequest, limits: GraphQLLimits): { weight: number; cost?: number } {
  const { document, operation, variables, params } = request;
  if (!document || !operation) return { weight: 1 };
  let cost: number;
  try {
    cost = queryCost(schema, document, typeof params.operationName === 'string' ? params.operationName : undefined, variables);
  } catch {
    return { weight: 1 };
  }
  return { weight: cost > limits.maxCost ? 1 : requestWeight(schema, document, operation, variables), cost };
}

type Yoga = ReturnType<typeof createGraphQL>;
type ClientIdentity = { ip: string; key: string | undefined };

export interface GraphQLRoute {
  limits: GraphQLLimits;
  limiter?: Limiter;
  live?: LiveRuntime;
  bodies: BodyBudget;
  /** How long a query's work may run once it has its turn. */
  requestTimeoutMs?: number;
  /** Told which path served a request that was not a subscription (metrics). */
  onServed?: (path: 'plain' | 'yoga') => void;
}

/**
 * /graphql: the body is read first (bounded, outside any slot) and checked against the size and token limits
 * before any other work. A subscription streams (or is refused with 406 when the client does not accept a
 * stream); anything else is built by yoga inside a limiter slot, weighed by what it may shape, into bytes,
 * written after the slot is freed, so a slow upload or a slow reader holds no slot. The work stops when the
 * client goes or its deadline passes.
 */
export async function serveGraphQL(req: IncomingMessage, res: ServerResponse, yoga: Yoga, route: GraphQLRoute, client: ClientIdentity) {
  const read = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req, res, MAX_BODY_BYTES, route.bodies);
  const body = read?.bytes;
  const url = req.url ?? '/graphql';
  const request = inspectRequest(sentParams(req.headers['content-type'], body, url), route.limits, yoga.parsed);
  // The id the server settled on (the client's when sane), for the log line of an unexpected error.
  const reqId = requestIdOf(res);
  // The request's headers as yoga reads them: made only for a request yoga serves (not a plain query's).
  const yogaHeaders = () => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    if (reqId) headers.set('x-request-id', reqId);
    return headers;
  };
  if (request.operation?.operation === 'subscription') {
    if (!acceptsEventStream(req.headers.accept)) {
      throw new ApiError(
        406,
        'a subscription is a stream: ask for it with Accept: text/event-stream (GraphQL over SSE), or subscribe over WebSocket (graphql-ws)',
        'BAD_USER_INPUT',
      );
    }
    // a stream may last hours: its body leaves the body budget (which bounds bodies arriving and requests being
    // built), and yoga is handed it as text, which its Request keeps as it is instead of a text beside the bytes
    read?.release();
    return streamGraphQL(req, res, yoga, yogaHeaders(), read?.bytes.toString('utf8'), route.live, client);
  }
  const { weight, cost: admittedCost } = admission(request, route.limits);
  const work = workSignal(res, route.requestTimeoutMs);
  const plain = plainQuery(req, url, request);
  const build = async (slot?: Slot): Promise<BuiltResponse> => {
    work.start();
    // resolvers run in parallel: a trace's transactions are added to the weight at once, the turn kept
    const grow = slot && ((extra: number) => slot.charge(extra));
    // A literal (envelop assigns the request's context onto it: onto an object made by a spread, which gets hidden
    // classes of its own each time, that took 5 µs instead of 0.2). yoga's path reads the timeout off its Request.
    const server = { grow, workSignal: work.signal, admittedCost, timeoutMs: plain?.timeoutMs, reqId };
    const direct = plain && (await runPlainQuery(yoga, plain.query, server));
    route.onServed?.(direct ? 'plain' : 'yoga');
    if (direct) return direct;
    const response = await yoga.fetch(`http://localhost${url}`, { method: req.method, headers: yogaHeaders(), body, signal: work.signal }, server);
    return { status: response.status, headers: ownHeaders(response.headers), payload: Buffer.from(await response.arrayBuffer()) };
  };
  let built;
  try {
    built = route.limiter ? await route.limiter.run(build, work.signal, weight) : await build();
  } catch (err) {
    throw work.signal.aborted ? abortReason(work.signal) : err;
  } finally {
    work.stop();
    // built: the body is no longer needed, however long the response takes to write
    read?.release();
  }
  if (work.signal.aborted) throw abortReason(work.signal);
  // JSON results are compressed per Accept-Encoding; Content-Length is set there.
  return sendEncoded(req, res, built.status, built.payload, built.headers);
}

/** Accept values under which yoga answers `application/json` (what a plain query is answered with). */
const PLAIN_ACCEPT = new Set(['', '*/*', 'application/json']);

/**
 * A query that needs none of yoga's HTTP layer: POSTed to /graphql as a plain JSON body (`SentParams.plain`),
 * accepting `application/json`, its document parsed to a query operation, with a valid X-Timeout when it has one,
 * and from no other origin (yoga answers a cross-origin request with its CORS headers). Anything else (GET, other
 * media types, batches, extensions, URL parameters, errors to report) goes through yoga.
 */
export function plainQuery(req: IncomingMessage, url: string, request: InspectedRequest): { query: PlainQuery; timeoutMs: number | undefined } | undefined {
  const { params, document } = request;
  if (req.method !== 'POST' || url !== '/graphql' || !params.plain || !document || req.headers.origin !== undefined) return undefined;
  // graphql-js' rule: a document of several operations runs the one named, and none without a name
  if (getOperationAST(document, (params.operationName ?? undefined) as string | undefined)?.operation !== 'query') return undefined;
  if (!PLAIN_ACCEPT.has((req.headers.accept ?? '').trim().toLowerCase())) return undefined;
  const asked = req.headers['x-timeout'];
  if (Array.isArray(asked)) return undefined;
  let timeoutMs: number | undefined;
  try {
    timeoutMs = parseTimeoutMs(asked);
  } catch {
    return undefined;
  }
  const query: PlainQuery = {
    query: params.query as string,
    variables: (params.variables ?? undefined) as PlainQuery['variables'],
    operationName: (params.operationName ?? undefined) as string | undefined,
  };
  return { query, timeoutMs };
}
