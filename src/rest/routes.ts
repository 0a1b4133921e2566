import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestContext, type RequestContext, type Services } from '../context';
import { ApiError, classifyDbError, notFound } from '../errors';
import { BusyError, ClientGoneError, workSignal, type Slot } from '../http/limiter';
import { logUnexpected, requestIdOf } from '../http/logUnexpected';
import * as pendingTraces from './pendingTraces';
import * as transactions from './transactions';
import * as byMessage from './transactionsByMessage';
import * as adjacent from './adjacentTransactions';
import * as messages from './messages';
import * as blocks from './blocks';
import * as lookups from './addressBook';
import * as traces from './traces';
import * as actions from './actions';
import * as pendingActions from './pendingActions';
import * as pendingTransactions from './pendingTransactions';
import { QueryParams, restParamNames, restSource } from './query';
import {
  ADDRESS_BOOK,
  ADJACENT_TRANSACTIONS,
  BLOCK_PAGE,
  BLOCKS,
  MASTERCHAIN_BLOCK_SHARDS,
  MASTERCHAIN_BLOCK_SHARD_STATE,
  MASTERCHAIN_INFO,
  ACTIONS,
  MESSAGES,
  METADATA,
  PENDING_ACTIONS,
  PENDING_TRANSACTIONS,
  TRACES,
  PENDING_TRACES,
  TRANSACTIONS,
  TRANSACTIONS_BY_MESSAGE,
} from '../params/routes';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import { readRequestSettings, type RequestSettings } from './requestSettings';
import { sendError, sendJson, sendPage, strongEtag } from './respond';
import { OPENAPI } from './openapi';
import { docsPage, type ErrorExample } from './docsPage';
import { cachedExamples } from '../data/examples';
import * as blockTransactions from './transactionsByMasterchainBlock';

export const API_PREFIX = '/api/v3/';

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const DEFAULT_ADDRESS_BOOK_MAX_AGE_MS = 60_000;
const OPENAPI_JSON = JSON.stringify(OPENAPI);

interface Parsed {
  run: (ctx: RequestContext, settings: RequestSettings) => Promise<{ body: unknown; immutable: boolean }>;
  /** Identifies the response among immutable ones (same key, same bytes), for the page cache. */
  cacheKey?: (settings: RequestSettings) => string;
  /** How many transactions it may shape at most, for the limiter's memory bound (1 when small). */
  weight?: number;
}

interface Route {
  /** Its parameters (params/routes.ts): the query string may hold these and the control parameters. */
  spec: RouteParams;
  /** Parses the query (throwing 422s) and returns the call to make; parsing happens before any SQL. */
  parse(source: ParamSource): Parsed;
}

type Run = Parsed['run'];

/**
 * A route from its parameters, the parser of its request (shared with GraphQL) and its handler; `weight` is how
 * many transactions it may shape (a message or a block counted as one).
 */
function route<R>(
  spec: RouteParams,
  request: (source: ParamSource) => R,
  run: (ctx: RequestContext, request: R, settings: RequestSettings) => ReturnType<Run>,
  weight?: (request: R) => number,
): Route {
  return {
    spec,
    parse: (source) => {
      const parsed = request(source);
      return { run: (ctx, settings) => run(ctx, parsed, settings), weight: weight?.(parsed) };
    },
  };
}

const ROUTES: Record<string, Route> = {
  [`${API_PREFIX}transactionsByMasterchainBlock`]: {
    spec: BLOCK_PAGE,
    parse: (source) => {
      const page = parseParams(BLOCK_PAGE, source);
      return {
        run: (ctx, settings) => blockTransactions.getTransactionsByMasterchainBlock(ctx, page, settings),
        cacheKey: (settings) => `block/${page.seqno}/${page.limit}/${page.offset}/${page.sort}/${settings.noAddressBook}`,
        weight: page.limit,
      };
    },
  },
  [`${API_PREFIX}transactions`]: route(TRANSACTIONS, transactions.transactionsRequest, transactions.getTransactions, (r) => r.page.limit),
  [`${API_PREFIX}transactionsByMessage`]: route(
    TRANSACTIONS_BY_MESSAGE,
    byMessage.transactionsByMessageRequest,
    byMessage.getTransactionsByMessage,
    (r) => r.page.limit,
  ),
  // A transaction's neighbours: its parent and at most 255 children.
  [`${API_PREFIX}adjacentTransactions`]: route(ADJACENT_TRANSACTIONS, adjacent.adjacentTransactionsRequest, adjacent.getAdjacentTransactions, () => 256),
  [`${API_PREFIX}messages`]: route(MESSAGES, messages.messagesRequest, messages.getMessages, (r) => r.page.limit),
  [`${API_PREFIX}blocks`]: route(BLOCKS, blocks.blocksRequest, blocks.getBlocks, (r) => r.page.limit),
  [`${API_PREFIX}masterchainInfo`]: route(MASTERCHAIN_INFO, () => undefined, blocks.getMasterchainInfo),
  [`${API_PREFIX}masterchainBlockShards`]: route(MASTERCHAIN_BLOCK_SHARDS, blocks.shardsRequest, blocks.getMasterchainBlockShards, (r) => r.limit),
  [`${API_PREFIX}masterchainBlockShardState`]: route(MASTERCHAIN_BLOCK_SHARD_STATE, blocks.shardStateRequest, blocks.getMasterchainBlockShardState),
  [`${API_PREFIX}addressBook`]: route(ADDRESS_BOOK, lookups.addressBookRequest, lookups.getAddressBook, (r) => r.inputs.length),
  [`${API_PREFIX}metadata`]: route(METADATA, lookups.metadataRequest, lookups.getMetadata),
  [`${API_PREFIX}traces`]: route(TRACES, traces.tracesRequest, traces.getTraces, (r) => r.page.limit),
  [`${API_PREFIX}events`]: route(TRACES, traces.tracesRequest, traces.getEvents, (r) => r.page.limit),
  [`${API_PREFIX}actions`]: route(ACTIONS, actions.actionsRequest, actions.getActions, (r) => r.page.limit),
  [`${API_PREFIX}pendingTransactions`]: route(
    PENDING_TRANSACTIONS,
    pendingTransactions.pendingTransactionsRequest,
    pendingTransactions.getPendingTransactions,
    (r) => r.account.length * 100,
  ),
  [`${API_PREFIX}pendingActions`]: route(PENDING_ACTIONS, pendingActions.pendingActionsRequest, pendingActions.getPendingActions, () => 100),
  [`${API_PREFIX}pendingTraces`]: route(PENDING_TRACES, pendingTraces.pendingTracesRequest, pendingTraces.getPendingTraces, (r) => r.query.limit),
};

/** What the parser answers to a bad request, for the docs page: the real messages, never a copy of them. */
function errorExample(url: string): ErrorExample {
  const [path, query = ''] = url.split('?');
  try {
    const route = ROUTES[path];
    const params = new QueryParams(query, restParamNames(route.spec));
    route.parse(restSource(params));
    readRequestSettings(params, {});
  } catch (err) {
    if (err instanceof ApiError) return { url, status: err.status, body: JSON.stringify({ error: err.message, code: err.status }) };
  }
  throw new Error(`${url} is not an error example: it parses`);
}

const ERROR_EXAMPLES = [
  `${API_PREFIX}transactionsByMasterchainBlock?seqno=abc`,
  `${API_PREFIX}transactionsByMasterchainBlock?seqno=1&limt=5`,
  `${API_PREFIX}transactionsByMasterchainBlock?seqno=1&limit=5000`,
  `${API_PREFIX}transactions?account=0:${'1'.repeat(64)}&start_lt=tomorrow`,
  `${API_PREFIX}transactions?sort=newest`,
  `${API_PREFIX}transactionsByMessage?direction=in`,
  `${API_PREFIX}transactionsByMessage?opcode=jetton&direction=in`,
  `${API_PREFIX}adjacentTransactions?direction=in`,
  `${API_PREFIX}messages?exclude_externals=true&only_externals=true`,
  `${API_PREFIX}masterchainBlockShards?seqno=-1`,
  `${API_PREFIX}addressBook`,
  `${API_PREFIX}traces?account=0:${'1'.repeat(64)}&tx_hash=${'1'.repeat(64)}`,
  `${API_PREFIX}pendingTraces?account=EQ-not-an-address`,
  `${API_PREFIX}pendingTraces`,
].map(errorExample);

/** Handles every request under /api/v3/: parse, call the data layer, shape; errors become contract §2 bodies. */
export async function handleRest(req: IncomingMessage, res: ServerResponse, services: Services, path: string, rawQuery: string) {
  const started = performance.now();
  const common: Record<string, string> = { 'X-API-Version': services.apiVersion, 'Access-Control-Allow-Origin': '*' };
  let ctx: RequestContext | undefined;
  const now = services.pageCache?.now ?? Date.now;
  const timing = () => `app;dur=${(performance.now() - started).toFixed(1)}, db;desc="${ctx?.stats.statements ?? 0} statements"`;
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(req, res, new ApiError(405, `method ${req.method} is not allowed; use GET`, 'BAD_USER_INPUT'), { ...common, Allow: 'GET, HEAD' });
    }
    if (path === `${API_PREFIX}openapi.json`) return sendJson(req, res, 200, OPENAPI_JSON, common);
    if (path === `${API_PREFIX}docs`) {
      const page = docsPage(await (services.examples ?? cachedExamples(services.db))(), ERROR_EXAMPLES);
      res.writeHead(200, { ...common, 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(req.method === 'HEAD' ? undefined : page);
    }
    const route = ROUTES[path];
    if (!route) throw notFound(`no route ${path}; available: ${Object.keys(ROUTES).join(', ')}`);
    const query = new QueryParams(rawQuery, restParamNames(route.spec));
    const parsed = route.parse(restSource(query));
    const settings = readRequestSettings(query, req.headers);
    const key = services.pageCache?.enabled && parsed.cacheKey?.(settings);
    let page = key ? services.pageCache!.get(key) : undefined;
    if (!page) {
      const deadline = workSignal(res, services.requestTimeoutMs);
      const requestCtx = (ctx = createRequestContext(services, { ...settings, signal: deadline.signal }));
      const work = async (slot?: Slot) => {
        deadline.start();
        requestCtx.grow = slot && ((extra) => slot.grow(extra, deadline.signal));
        const { body, immutable } = await parsed.run(requestCtx, settings);
        return { payload: JSON.stringify(body), immutable };
      };
      const { payload, immutable } = services.limiter ? await services.limiter.run(work, deadline.signal, parsed.weight) : await work();
      deadline.stop();
      if (!immutable) return sendJson(req, res, 200, payload, { ...common, 'Server-Timing': timing() });
      const bytes = Buffer.from(payload);
      // The transactions of a final block never change; its address book (names, bounceability) may.
      const maxAge = settings.noAddressBook ? undefined : (services.addressBookMaxAgeMs ?? DEFAULT_ADDRESS_BOOK_MAX_AGE_MS);
      page = { payload: bytes, etag: strongEtag(bytes), expiresAt: maxAge === undefined ? undefined : now() + maxAge };
      if (key && maxAge !== 0) services.pageCache!.set(key, page);
    }
    const { expiresAt } = page;
    const cacheControl = expiresAt === undefined ? IMMUTABLE : `public, max-age=${Math.max(0, Math.floor((expiresAt - now()) / 1000))}`;
    const cacheHeaders = { ...common, 'Cache-Control': cacheControl, 'Server-Timing': timing() };
    // ETag and 304 per coding; a compressed copy of a cached page is kept with it.
    const served = page;
    return sendPage(req, res, served, cacheHeaders, key ? (coding, bytes) => services.pageCache!.keepVariant(key, served, coding, bytes) : undefined);
  } catch (err) {
    if (err instanceof ClientGoneError) return res.destroy();
    const known = classifyDbError(err);
    const retry: Record<string, string> = err instanceof BusyError ? { 'Retry-After': String(err.retryAfter) } : {};
    if (known) return sendError(req, res, known, { ...common, ...retry, 'Server-Timing': timing() });
    logUnexpected(services.log, err, { reqId: requestIdOf(res), path });
    return sendError(req, res, new ApiError(500, 'internal error', 'INTERNAL'), common);
  }
}
