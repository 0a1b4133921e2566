import type { IncomingMessage, ServerResponse } from 'node:http';
import type { createGraphQL } from '../graphql/yoga';
import { readBody } from './body';
import { clientGone, type Limiter } from './limiter';

// Connection-level headers belong to this hop, not to the GraphQL request.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'proxy-connection', 'te', 'trailer']);

/**
 * /graphql: the body is read first (bounded, outside any slot), the response built by yoga inside a limiter
 * slot into bytes, and written after the slot is freed, so a slow upload or a slow reader holds no slot.
 */
export async function serveGraphQL(req: IncomingMessage, res: ServerResponse, yoga: ReturnType<typeof createGraphQL>, limiter?: Limiter) {
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const build = async () => {
    const response = await yoga.fetch(`http://localhost${req.url ?? '/graphql'}`, { method: req.method, headers, body });
    return { status: response.status, headers: response.headers, payload: Buffer.from(await response.arrayBuffer()) };
  };
  const built = limiter ? await limiter.run(build, clientGone(res)) : await build();
  const head: Record<string, string> = {};
  built.headers.forEach((value, name) => (head[name] = value));
  head['content-length'] = String(built.payload.length);
  res.writeHead(built.status, head);
  res.end(req.method === 'HEAD' ? undefined : built.payload);
}
