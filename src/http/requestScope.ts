import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';

/** What a log line about one request should name; set by the HTTP server, completed by GraphQL. */
export interface RequestScope {
  reqId: string;
  operationName?: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** Logs an error nobody expected, once, with its stack and the request it broke. */
export function logUnexpected(log: Logger, err: unknown, context: Record<string, unknown> = {}): void {
  const scope = requestScope.getStore();
  log.error({ err, reqId: scope?.reqId, operationName: scope?.operationName, ...context }, 'unexpected error');
}
