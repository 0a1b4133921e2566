import type { IncomingMessage, ServerResponse } from 'node:http';
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
function sentParams(body: Buffer | undefined, url: string): { query?: unknown; variables?: unknown } {
  try {
    if (body) return JSON.parse(body.toString('utf8')) as { query?: unknown; variables?: unknown };
    const search = new URL(url, 'http://localhost').searchParams;
    const variables = search.get('variables');
    return { query: search.get('query') ?? undefined, variables: variables ? JSON.parse(variables) : undefined };
  } catch {
    return {};
  }
}

/** The header through which the HTTP route tells GraphQL the client's address. */
export const CLIENT_IP_HEADER = 'x-tonql-client-ip';

/**
 * GraphQL over SSE (a subscription, or a query asked for as a stream): yoga's response is written as it comes,
 * outside the limiter (a stream may last hours), and the operation ends when the client goes.
 */
async function streamGraphQL(req: IncomingMessage, res: ServerResponse, yoga: ReturnType<typeof createGraphQL>, headers: Headers, body: Buffer | undefined) {
  const abort = new AbortController();
  res.once('close', () => abort.abort());
  const response = await yoga.fetch(`http://localhost${req.url ?? '/graphql'}`, { method: req.method, headers, body, signal: abort.signal });
  const head: Record<string, string> = {};
  response.headers.forEach((value, name) => (head[name] = value));
  res.writeHead(response.status, head);
  if (!response.body) return void res.end();
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
  } catch {
    // the client went away: the abort ended the operation
  }
  if (!res.writableEnded) res.end();
}

/**
 * /graphql: the body is read first (bounded, outside any slot), the response built by yoga inside a limiter
 * slot into bytes, and written after the slot is freed, so a slow upload or a slow reader holds no slot.
 */
export async function serveGraphQL(req: IncomingMessage, res: ServerResponse, yoga: ReturnType<typeof createGraphQL>, limiter?: Limiter, clientIp?: string) {
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
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  if (/text\/event-stream/.test(String(req.headers.accept ?? ''))) return streamGraphQL(req, res, yoga, headers, body);
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
