import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { classifyDbError } from '../errors';
import { logUnexpected } from '../http/requestScope';

/** The error a resolver, loader or driver threw, under the GraphQL errors wrapping it on its way up. */
function rootCause(error: unknown): unknown {
  let e = error;
  while (e instanceof GraphQLError && e.originalError) e = e.originalError;
  return e;
}

const located = (error: unknown) =>
  error instanceof GraphQLError ? { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path } : {};

/**
 * The one place every GraphQL error gets its contract code, whichever field threw it (yoga's maskError): data
 * layer errors become BAD_USER_INPUT, NOT_FOUND, SERVICE_UNAVAILABLE or TIMEOUT; errors made for the client
 * pass; anything else is logged once with its stack and masked. `reported` collects what was handled here so
 * yoga's own logger does not log it again.
 */
export function createMaskError(log: Logger, reported: WeakSet<object>) {
  return (error: unknown, message: string): Error => {
    const cause = rootCause(error);
    const known = classifyDbError(cause);
    // One failed batch fails many fields with the same error: it is logged once.
    const seen = typeof cause === 'object' && cause !== null && reported.has(cause);
    for (const e of [error, cause]) if (typeof e === 'object' && e !== null) reported.add(e);
    if (known && known.code !== 'INTERNAL') {
      return new GraphQLError(known.message, { ...located(error), extensions: { code: known.code, http: { status: 200 } } });
    }
    if (cause instanceof GraphQLError) return error as GraphQLError;
    if (!seen) logUnexpected(log, cause, error instanceof GraphQLError && error.path ? { field: error.path.join('.') } : {});
    return new GraphQLError(message, { ...located(error), extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  };
}

export const badUserInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** A request that is not a well-formed GraphQL request: 400, naming what is wrong. */
export const badRequest = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
