import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestContext, type RequestContext, type Services } from '../context';
import { ApiError, classifyDbError, notFound } from '../errors';
import { BusyError, ClientGoneError, workSignal, type Slot } from '../http/limiter';
import { logUnexpected, requestIdOf } from '../http/logUnexpected';
import { MAX_BODY_BYTES, readBody } from '../http/body';
import { CONTROL_PARAMS, QueryParams, restParamNames, restSource } from './query';
import { API_PREFIX, DOCS_PATH, methodsLabel, methodsOf, OPENAPI_PATH, REST_ROUTES, type RestRoute } from './registry';
import { readRequestSettings } from './requestSettings';
import { joined, writtenOf } from '../wire/rawJson';
import { sendError, sendJson, sendPage, strongEtag } from './respond';
import { OPENAPI } from './openapi';
import { docsPage, type ErrorExample } from './docsPage';
import { cachedExamples } from '../data/examples';

export { API_PREFIX } from './registry';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const OPENAPI_JSON = JSON.stringify(OPENAPI);

const ROUTES: Record<string, RestRoute> = Object.fromEntries(REST_ROUTES.map((r) => [`${API_PREFIX}${r.name}`, r]));

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

const ERROR_EXAMPLES = REST_ROUTES.flatMap((r) => r.errors.map((query) => `${API_PREFIX}${r.name}${query === '' ? '' : `?${query}`}`)).map(errorExample);

/** Handles every request under /api/v3/: parse, call the data layer, shape; errors become contract §2 bodies. */
export async function handleRest(req: IncomingMessage, res: ServerResponse, services: Services, path: string, rawQuery: string) {
  const started = performance.now();
  const common: Record<string, string> = { 'X-API-Version': services.apiVersion, 'Access-Control-Allow-Origin': '*' };
  let ctx: RequestContext | undefined;
  const now = services.pageCache?.now ?? Date.now;
  const timing = () => `app;dur=${(performance.now() - started).toFixed(1)}, db;desc="${ctx?.stats.statements ?? 0} statements"`;
  try {
    const methods: readonly string[] = methodsOf(ROUTES[path]);
    if (!methods.includes(req.method ?? '')) {
      return sendError(
        req,
        res,
        new ApiError(405, `method ${req.method} is not allowed; use ${methodsLabel(ROUTES[path]).replace(' and ', ', ')}`, 'BAD_USER_INPUT'),
        {
          ...common,
          Allow: methods.join(', '),
        },
      );
    }
    const posted = req.method === 'POST' ? ROUTES[path]?.post : undefined;
    if (path === OPENAPI_PATH) return sendJson(req, res, 200, OPENAPI_JSON, common);
    if (path === DOCS_PATH) {
      const page = docsPage(await (services.examples ?? cachedExamples(services.db))(), ERROR_EXAMPLES);
      res.writeHead(200, { ...common, 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(req.method === 'HEAD' ? undefined : page);
    }
    const route = ROUTES[path];
    if (!route) throw notFound(`no route ${path}; available: ${Object.keys(ROUTES).join(', ')}`);
    const query = new QueryParams(rawQuery, posted ? [...CONTROL_PARAMS] : restParamNames(route.spec));
    // a POST reads the JSON body (within the process-wide body budget): its parameters, or its whole request; a GET the query
    const read = posted ? await readBody(req, res, MAX_BODY_BYTES, services.bodies) : undefined;
    const body = read?.bytes;
    let parsed: ReturnType<typeof route.parse>;
    try {
      parsed = !body || !posted ? route.parse(restSource(query)) : posted.read ? posted.read(body) : route.parse(posted.source(body));
    } finally {
      // parsed: the body's bytes leave the budget, whatever the request does next
      read?.release();
    }
    const settings = readRequestSettings(query, req.headers);
    const key = services.pageCache?.enabled && parsed.cacheKey?.(settings);
    let page = key ? services.pageCache!.get(key) : undefined;
    if (!page) {
      const deadline = workSignal(res, services.requestTimeoutMs);
      const requestCtx = (ctx = createRequestContext(services, { ...settings, signal: deadline.signal }));
      const work = async (slot?: Slot) => {
        deadline.start();
        requestCtx.grow = slot && ((extra) => slot.grow(extra, deadline.signal));
        const { body, immutable, payload } = await parsed.run(requestCtx, settings);
        // a page that can never change is kept whole (one buffer, as the page cache holds it)
        const written = payload !== undefined ? writtenOf(payload) : requestCtx.raw.response(body, immutable);
        return { written, immutable };
      };
      const { written, immutable } = services.limiter && !parsed.forwarded ? await services.limiter.run(work, deadline.signal, parsed.weight) : await work();
      deadline.stop();
      if (!immutable) return sendJson(req, res, 200, written, { ...common, 'Server-Timing': timing() });
      const bytes = joined(written);
      // The transactions of a final block never change; its address book (names, bounceability) may.
      const maxAge = settings.noAddressBook ? undefined : services.addressBookMaxAgeMs;
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
    // a body refused or cut short was not read to its end: the connection cannot carry another request
    if (req.method === 'POST' && !req.complete) res.setHeader('Connection', 'close');
    const known = classifyDbError(err);
    const retry: Record<string, string> = err instanceof BusyError ? { 'Retry-After': String(err.retryAfter) } : {};
    if (known) return sendError(req, res, known, { ...common, ...retry, 'Server-Timing': timing() });
    logUnexpected(services.log, err, { reqId: requestIdOf(res), path });
    return sendError(req, res, new ApiError(500, 'internal error', 'INTERNAL'), common);
  }
}
