import { GraphQLError } from 'graphql';
import { classifyDbError } from '../errors';

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
 * pass; anything else is masked as INTERNAL_SERVER_ERROR keeping its cause as `originalError` (never sent),
 * which `unexpectedErrors` logs with the request it broke.
 */
export const createMaskError =
  (handled: WeakSet<object>) =>
  (error: unknown, message: string): Error => {
    // yoga logs every error its mask changed; the ones handled here are not logged by it again.
    if (typeof error === 'object' && error !== null) handled.add(error);
    const cause = rootCause(error);
    const known = classifyDbError(cause);
    if (known && known.code !== 'INTERNAL') {
      return new GraphQLError(known.message, { ...located(error), extensions: { code: known.code, http: { status: 200 } } });
    }
    if (cause instanceof GraphQLError) return error as GraphQLError;
    return new GraphQLError(message, {
      ...located(error),
      originalError: cause instanceof Error ? cause : new Error(String(cause)),
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  };

/** The causes of the masked errors of a result: what nobody expected. */
export function unexpectedCauses(errors: readonly GraphQLError[] | undefined): { cause: Error; field?: string }[] {
  return (errors ?? []).flatMap((e) =>
    e.extensions?.code === 'INTERNAL_SERVER_ERROR' && e.originalError ? [{ cause: e.originalError, field: e.path?.join('.') }] : [],
  );
}

export const badUserInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** A request that is not a well-formed GraphQL request: 400, naming what is wrong. */
export const badRequest = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
