import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Services } from '../context';
import { ApiError } from '../errors';
import { createGraphQL } from '../graphql/yoga';
import { sendError, sendJson } from '../rest/respond';
import { API_PREFIX, handleRest } from '../rest/routes';

/** One node:http server: REST under /api/v3 (no GraphQL machinery on that path), GraphQL at /graphql. */
export function createHttpServer(services: Services, opts: { exampleSeqno?: number } = {}) {
  const yoga = createGraphQL(services, opts);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    if (path.startsWith(API_PREFIX)) return handleRest(req, res, services, path, query);
    if (path === '/graphql') return services.limiter ? services.limiter.run(async () => yoga(req, res)) : yoga(req, res);
    if (path === '/') {
      return sendJson(req, res, 200, JSON.stringify({
        service: 'tonql',
        graphql: '/graphql',
        rest: [`${API_PREFIX}transactionsByMasterchainBlock?seqno=<masterchain seqno>`],
      }));
    }
    return sendError(req, res, new ApiError(404, `no route ${path}`, 'NOT_FOUND'));
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      services.log.error({ err }, 'unhandled request error');
      if (!res.headersSent) sendError(req, res, new ApiError(500, 'internal error', 'INTERNAL'));
      else res.destroy();
    });
  });
  return { server, yoga };
}
