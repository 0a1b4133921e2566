import { GraphQLError, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { GraphQLLimits } from './limits';
import { selectedOperation } from './operation';

/** A GraphQL request's parameters as sent, whatever the transport; fields absent when unreadable (yoga reports those). */
export interface SentParams {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  /** A JSON body of only `query`, `variables` and `operationName`, each of its type (or null): a plain query's. */
  plain?: boolean;
}

const object = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const PLAIN_KEYS = new Set(['query', 'variables', 'operationName']);

const isPlain = (json: Record<string, unknown>): boolean =>
  typeof json.query === 'string' &&
  (json.variables === undefined || json.variables === null || object(json.variables)) &&
  (json.operationName === undefined || json.operationName === null || typeof json.operationName === 'string') &&
  Object.keys(json).every((key) => PLAIN_KEYS.has(key));

const jsonOrUndefined = (text: string | null): unknown => {
  if (text === null || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The parameters of a GraphQL over HTTP request: the URL's for GET, else the body's by its content type (JSON,
 * `application/graphql`, a form). Used to know what a request will run before yoga runs it.
 */
export function sentParams(contentType: string | undefined, body: Buffer | undefined, url: string): SentParams {
  if (!body) {
    const search = new URL(url, 'http://localhost').searchParams;
    return {
      query: search.get('query') ?? undefined,
      variables: jsonOrUndefined(search.get('variables')),
      operationName: search.get('operationName') ?? undefined,
    };
  }
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const text = body.toString('utf8');
  if (type === 'application/graphql') return { query: text };
  if (type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(text);
    return { query: form.get('query') ?? undefined, variables: jsonOrUndefined(form.get('variables')), operationName: form.get('operationName') ?? undefined };
  }
  const json = jsonOrUndefined(text);
  return object(json)
    ? { query: json.query, variables: json.variables, operationName: json.operationName, plain: type === 'application/json' && isPlain(json) }
    : {};
}

/** A document past a size or token limit, rejected before any other work on it. */
const overLimit = (message: string, limit: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', limit, http: { status: 400 } } });

export interface InspectedRequest {
  params: SentParams;
  document?: DocumentNode;
  operation?: OperationDefinitionNode;
  variables: Record<string, unknown>;
}

/**
 * Checks the document's size, then parses it within the token limit (so the work is bounded by the limits
 * whatever the document; one yoga parsed before, `parsed`, is taken as it is), and finds the operation it runs. A
 * document that does not parse is left to yoga, which answers with the syntax error.
 */
export function inspectRequest(
  params: SentParams,
  limits: Pick<GraphQLLimits, 'maxDocumentBytes' | 'maxTokens'>,
  parsed: (text: string) => DocumentNode | undefined = () => undefined,
): InspectedRequest {
  const variables = object(params.variables) ? params.variables : {};
  if (typeof params.query !== 'string') return { params, variables };
  const size = Buffer.byteLength(params.query);
  if (size > limits.maxDocumentBytes) throw overLimit(`document size limit of ${limits.maxDocumentBytes} bytes exceeded: got ${size} bytes`, 'documentBytes');
  let document: DocumentNode;
  try {
    document = parsed(params.query) ?? parse(params.query, { maxTokens: limits.maxTokens, noLocation: true });
  } catch (err) {
    if (/contains more th\w+ \d+ tokens/.test((err as Error).message)) throw overLimit(`token limit of ${limits.maxTokens} exceeded`, 'tokens');
    return { params, variables };
  }
  const operationName = typeof params.operationName === 'string' ? params.operationName : undefined;
  return { params, document, operation: selectedOperation(document, operationName), variables };
}
