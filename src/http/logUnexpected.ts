import type { Logger } from 'pino';

/** What a log line about an unexpected error names: its request, and for GraphQL the operation and field. */
export interface UnexpectedContext {
  reqId?: string;
  operationName?: string;
  field?: string;
  path?: string;
}

/**
 * Logs an error nobody expected, once, with its stack and the request it broke. The request is passed in, not
 * found through AsyncLocalStorage: its promise hooks cost every promise of every request several per cent.
 */
export function logUnexpected(log: Logger, err: unknown, context: UnexpectedContext): void {
  log.error({ err, ...context }, 'unexpected error');
}

/** The id the HTTP server gave a request (its X-Request-Id response header). */
export const requestIdOf = (res: { getHeader(name: string): unknown }): string | undefined => {
  const id = res.getHeader('x-request-id');
  return typeof id === 'string' ? id : undefined;
};
