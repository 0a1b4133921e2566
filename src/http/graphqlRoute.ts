import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, parse } from 'graphql';
import type { createGraphQL } from '../graphql/yoga';
import { readBody } from './body';
import { clientGone, type Limiter } from './limiter';
import { requestIdOf } from './logUnexpected';

// Connection-level headers belong to this hop, not to the GraphQL request.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'proxy-connection', 'te', 'trailer']);

const PAGE_ARGUMENT = /\b(?:limit|first|last)\s*:\s*(?:(\d+)|\$(\w+))/g;

/**
 * What a GraphQL request weighs for the limiter, before yoga parses it: the largest page it asks for (a `limit`,
 * `first` or `last` argument written in the query, or a variable given or defaulted for one), else 1. An
 * estimate for admission only: the cost limit (graphql/limits.ts) bounds what a query may do.
 */
export function graphqlWeight(params: { query?: unknown; variables?: unknown }): number {
  if (typeof params.query !== 'string') return 1;
  const variables = typeof params.variables === 'object' && params.variables !== null ? (params.variables as Record<string, unknown>) : {};
  let weight = 1;
  for (const [, literal, variable] of params.query.matchAll(PAGE_ARGUMENT)) {
    const given = literal !== undefined ? Number(literal) : variables[variable] ?? new RegExp(`\\$${variable}\\s*:\\s*Int!?\\s*=\\s*(\\d+)`).exec(params.query)?.[1];
    const n = Number(given);
    if (Number.isFinite(n) && n > weight) weight = n;
  }
  return weight;
}

/** The request's parameters as sent (a JSON body, or the URL for GET), for `graphqlWeight`; {} when unreadable. */
function sentParams(body: Buffer | undefined, url: string): { query?: unknown; variables?: unknown; operationName?: unknown } {
  try {
    if (body) return JSON.parse(body.toString('utf8')) as { query?: unknown; variables?: unknown; operationName?: unknown };
    const search = new URL(url, 'http://localhost').searchParams;
    const variables = search.get('variables');
    return { query: search.get('query') ?? undefined, variables: variables ? JSON.parse(variables) : undefined, operationName: search.get('operationName') ?? undefined };
  } catch {
    return {};
  }
}

/** The headers through which the HTTP route tells GraphQL who the client is (its address, its API key). */
export const CLIENT_IP_HEADER = 'x-tonql-client-ip';
export const CLIENT_KEY_HEADER = 'x-tonql-client-key';

/** Whether the operation a request runs is a subscription (false when it does not parse: yoga reports that). */
function isSubscription(params: { query?: unknown; operationName?: unknown }): boolean {
  if (typeof params.query !== 'string') return false;
  try {
    return getOperationAST(parse(params.query), typeof params.operationName === 'string' ? params.operationName : undefined)?.operation === 'subscription';
  } catch {
    return false;
  }
}

/**
 * GraphQL over SSE (a subscription, or a query asked for as a stream): yoga's response is written as it comes,
 * outside the limiter (a stream may last hours), and the operation ends when the client goes.
 */
async function streamGraphQL(req: IncomingMessage, res: ServerResponse, yoga: ReturnType<typeof createGraphQL>, headers: Headers, body: Buffer | undefined) {
  const abort = new AbortController();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  // a client gone ends the operation: the stream is cancelled, which returns the subscription's iterator
  res.once('close', () => {
    abort.abort();
    reader?.cancel().catch(() => {});
  });
  const response = await yoga.fetch(`http://localhost${req.url ?? '/graphql'}`, { method: req.method, headers, body, signal: abort.signal });
  const head: Record<string, string> = {};
  response.headers.forEach((value, name) => (head[name] = value));
  res.writeHead(response.status, head);
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
 * /graphql: the body is read first (bounded, outside any slot), the response built by yoga inside a limiter
 * slot into bytes, and written after the slot is freed, so a slow upload or a slow reader holds no slot.
 */
export async function serveGraphQL(req: IncomingMessage, res: ServerResponse, yoga: ReturnType<typeof createGraphQL>, limiter?: Limiter, client?: { ip: string; key: string | undefined }) {
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // The id the server settled on (the client's when sane), for the log line of an unexpected error.
  const reqId = requestIdOf(res);
  if (reqId) headers.set('x-request-id', reqId);
  // Who is asking, as the server determined it (never what the client says), for the live subscriber limits.
  headers.delete(CLIENT_IP_HEADER);
  headers.delete(CLIENT_KEY_HEADER);
  if (client) headers.set(CLIENT_IP_HEADER, client.ip);
  if (client?.key) headers.set(CLIENT_KEY_HEADER, client.key);
  // only a subscription streams; anything else asked for as a stream is built in a limiter slot like the rest
  if (/text\/event-stream/.test(String(req.headers.accept ?? '')) && isSubscription(sentParams(body, req.url ?? '/graphql'))) return streamGraphQL(req, res, yoga, headers, body);
  const build = async () => {
    const response = await yoga.fetch(`http://localhost${req.url ?? '/graphql'}`, { method: req.method, headers, body });
    return { status: response.status, headers: response.headers, payload: Buffer.from(await response.arrayBuffer()) };
  };
  const built = limiter ? await limiter.run(build, clientGone(res), graphqlWeight(sentParams(body, req.url ?? '/graphql'))) : await build();
  const head: Record<string, string> = {};
  built.headers.forEach((value, name) => (head[name] = value));
  head['content-length'] = String(built.payload.length);
  res.writeHead(built.status, head);
  res.end(req.method === 'HEAD' ? undefined : built.payload);
}
