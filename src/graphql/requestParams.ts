import type { Plugin } from 'graphql-yoga';
import { ApiError } from '../errors';
import { parseTimeoutMs } from '../params/requestSettings';
import { badRequest } from './errors';

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** The statement timeout a GraphQL request asks for (`X-Timeout` header, else `x_timeout` in the URL). */
export function requestTimeoutMs(request: Request): number | undefined {
  try {
    return parseTimeoutMs(request.headers.get('x-timeout') ?? new URL(request.url).searchParams.get('x_timeout') ?? undefined);
  } catch (err) {
    throw err instanceof ApiError ? badRequest(err.message) : err;
  }
}

function checkParams(params: Record<string, unknown>): void {
  const { query, operationName } = params;
  if (query === undefined || query === null) throw badRequest('the "query" parameter is required: a GraphQL document, as a string');
  if (typeof query !== 'string') throw badRequest(`the "query" parameter must be a string holding a GraphQL document, got ${jsonType(query)}`);
  for (const name of ['variables', 'extensions']) {
    const value = params[name];
    if (value !== undefined && value !== null && jsonType(value) !== 'object') {
      throw badRequest(`the "${name}" parameter must be a JSON object, got ${jsonType(value)}`);
    }
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw badRequest(`the "operationName" parameter must be a string, got ${jsonType(operationName)}`);
  }
}

/**
 * Every malformed GraphQL request is a 400 naming the parameter: GET parameters that are not JSON, and
 * `query`, `variables`, `operationName`, `extensions` of the wrong JSON type (yoga answers some with 500).
 */
export const requestParams: Plugin = {
  onRequestParse: ({ request, url, requestParser, setRequestParser }) => {
    if (!requestParser) return;
    setRequestParser(async (req) => {
      requestTimeoutMs(request);
      if (req.method === 'GET') {
        for (const name of ['variables', 'extensions']) {
          const raw = url.searchParams.get(name);
          if (raw === null || raw === '') continue;
          try {
            JSON.parse(raw);
          } catch {
            throw badRequest(`the "${name}" parameter must be a JSON object, got text that is not JSON`);
          }
        }
      }
      const params = await requestParser(req);
      if (!Array.isArray(params) && !(params instanceof Response)) checkParams(params as unknown as Record<string, unknown>);
      return params;
    });
  },
};
