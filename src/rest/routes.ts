import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestContext, type Services } from '../context';
import { ApiError, classifyDbError, notFound } from '../errors';
import { QueryParams } from './query';
import { readRequestSettings } from './requestSettings';
import { etagMatches, sendError, sendJson, strongEtag } from './respond';
import * as blockTransactions from './transactionsByMasterchainBlock';

export const API_PREFIX = '/api/v3/';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Handles every request under /api/v3/: parse, call the data layer, shape; errors become contract §2 bodies. */
export async function handleRest(req: IncomingMessage, res: ServerResponse, services: Services, path: string, rawQuery: string) {
  const started = performance.now();
  const common: Record<string, string> = { 'X-API-Version': services.apiVersion, 'Access-Control-Allow-Origin': '*' };
  let statements = 0;
  const timing = () => `app;dur=${(performance.now() - started).toFixed(1)}, db;desc="${statements} statements"`;
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(req, res, new ApiError(405, `method ${req.method} is not allowed; use GET`, 'BAD_USER_INPUT'), {
        ...common,
        Allow: 'GET, HEAD',
      });
    }
    switch (path) {
      case `${API_PREFIX}transactionsByMasterchainBlock`: {
        const query = new QueryParams(rawQuery, blockTransactions.PARAMS);
        const page = blockTransactions.parseBlockPage(query);
        const settings = readRequestSettings(query, req.headers);
        const ctx = createRequestContext(services, settings);
        try {
          const { body, immutable } = await blockTransactions.getTransactionsByMasterchainBlock(ctx, page, settings);
          statements = ctx.stats.statements;
          const payload = JSON.stringify(body);
          if (!immutable) return sendJson(req, res, 200, payload, { ...common, 'Server-Timing': timing() });
          const etag = strongEtag(payload);
          const cacheHeaders = { ...common, ETag: etag, 'Cache-Control': IMMUTABLE, 'Server-Timing': timing() };
          if (etagMatches(req.headers['if-none-match'], etag)) {
            res.writeHead(304, cacheHeaders);
            return res.end();
          }
          return sendJson(req, res, 200, payload, cacheHeaders);
        } finally {
          statements = ctx.stats.statements;
        }
      }
      default:
        throw notFound(`no route ${path}; available: ${API_PREFIX}transactionsByMasterchainBlock`);
    }
  } catch (err) {
    const known = classifyDbError(err);
    if (known) return sendError(req, res, known, { ...common, 'Server-Timing': timing() });
    services.log.error({ err, path }, 'request failed');
    return sendError(req, res, new ApiError(500, 'internal error', 'INTERNAL'), common);
  }
}
