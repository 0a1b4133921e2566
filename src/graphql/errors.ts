import { GraphQLError } from 'graphql';
import { ApiError, classifyDbError } from '../errors';

/** Turns data-layer errors into GraphQL errors with contract §5 codes; anything else is left for yoga to mask. */
export function toGraphQLError(err: unknown): unknown {
  const known = err instanceof ApiError ? err : classifyDbError(err);
  if (!known) return err;
  return new GraphQLError(known.message, { extensions: { code: known.code, http: { status: 200 } } });
}

export async function withGraphQLErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw toGraphQLError(err);
  }
}

export const badUserInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
