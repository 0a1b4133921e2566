import type { DocumentNode, ExecutionResult, GraphQLError } from 'graphql';
import { processRegularResult } from 'graphql-yoga';
import type { RequestContext } from '../context';
import { withLimitCodes } from './limits';
import type { createGraphQL, ServerContext } from './yoga';

type Yoga = ReturnType<typeof createGraphQL>;

/** A query as the HTTP route read it: a JSON body of only `query`, `variables` and `operationName`, its document parsed. */
export interface PlainQuery {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

export interface BuiltResponse {
  status: number;
  headers: Record<string, string>;
  payload: Buffer;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A plain query run through yoga's envelop (the same parse and validation caches, plugins, context, error mask and
 * compiled execution) without yoga's HTTP layer: no Request, Headers or Response objects, which cost a small
 * page about as much as its own work. Answered as yoga answers `application/json`: a result with errors or HTTP
 * extensions through yoga's own result processor. Undefined when the document does not parse or validate, or
 * execution throws instead of reporting errors: yoga answers those (with its status codes and messages).
 */
export async function runPlainQuery(yoga: Yoga, plain: PlainQuery, server: ServerContext & { reqId?: string }): Promise<BuiltResponse | undefined> {
  const started = performance.now();
  const enveloped = yoga.getEnveloped(server);
  let document: DocumentNode;
  try {
    document = enveloped.parse(plain.query);
  } catch {
    return undefined;
  }
  if (enveloped.validate(enveloped.schema, document).length > 0) return undefined;
  let contextValue: RequestContext;
  let result: ExecutionResult & { stringify?: (result: ExecutionResult) => string };
  try {
    contextValue = (await enveloped.contextFactory()) as unknown as RequestContext;
    result = (await enveloped.execute({
      schema: enveloped.schema,
      document,
      contextValue,
      variableValues: plain.variables,
      operationName: plain.operationName,
    })) as typeof result;
  } catch {
    // Execution reports its errors in the result; a throw is yoga's to answer (as it masks it).
    return undefined;
  }
  if (Symbol.asyncIterator in result) return undefined;
  const headers: Record<string, string> = {
    'content-type': JSON_TYPE,
    'server-timing': `app;dur=${(performance.now() - started).toFixed(1)}, db;desc="${contextValue.stats.statements} statements"`,
  };
  if (!result.errors?.length && !result.extensions?.http) {
    return { status: 200, headers, payload: Buffer.from((result.stringify ?? JSON.stringify)(result)) };
  }
  const errors = result.errors && withLimitCodes(result.errors as GraphQLError[]);
  yoga.logErrors(errors, { reqId: server.reqId, operationName: contextValue.operationName });
  const response = await processRegularResult({ ...result, errors }, yoga.fetchAPI, 'application/json');
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') headers[name] = value;
  });
  return { status: response.status, headers, payload: Buffer.from(await response.arrayBuffer()) };
}
