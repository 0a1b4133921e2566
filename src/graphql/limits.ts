import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { complexityFromQuery } from '@pothos/plugin-complexity';
import { GraphQLError, Kind, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { selectedOperation } from './operation';

export interface GraphQLLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  maxCost: number;
  maxDocumentBytes: number;
}

/**
 * What a query will make the server do: every field costs 1 and a list field multiplies what is under it by
 * the size declared next to it (its `limit` argument when it has one), from the variables as execution
 * coerces them, defaults included. Only the operation that runs is priced; aliases repeating a field add up.
 */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | undefined,
  ctx: object = {},
): number {
  const operation = selectedOperation(document, operationName);
  if (!operation) return 0;
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  return complexityFromQuery({ ...document, definitions: [operation, ...fragments] }, { schema, ctx, variables: variables ?? {} }).complexity;
}

/**
 * The service only reads: mutations are refused before the compiled executor, which would fail on the missing
 * root type with a 500.
 */
const onlyQueries = (type: string) =>
  new GraphQLError(`this API is read-only: ${type}s are not supported, only queries and subscriptions`, {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });

const operationType = (document: DocumentNode, operationName: string | null | undefined) => selectedOperation(document, operationName)?.operation ?? 'query';

/** graphql-armor rejects while parsing, as a syntax error without a code: those errors with the contract's code. */
export const withLimitCodes = (errors: readonly GraphQLError[]): GraphQLError[] =>
  errors.map((e) =>
    e.extensions?.code !== 'BAD_USER_INPUT' && / limit of \d+ exceeded/i.test(e.message)
      ? new GraphQLError(e.message.replace(/^Syntax Error: /, ''), { extensions: { ...e.extensions, code: 'BAD_USER_INPUT' } })
      : e,
  );

/**
 * Depth, aliases and tokens through graphql-armor, cost through the rule above, the document's size checked
 * before parsing. Every rejection is a BAD_USER_INPUT naming the limit.
 */
export function limitPlugins(limits: GraphQLLimits): Plugin[] {
  const armor = EnvelopArmorPlugin({
    maxDepth: { n: limits.maxDepth, ignoreIntrospection: true },
    maxAliases: { n: limits.maxAliases },
    maxTokens: { n: limits.maxTokens },
    maxDirectives: { n: 50 },
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }) as Plugin;
  /** The cost-limit error for an operation that exceeds it; undefined when within (or when variables do not coerce: execution reports them). */
  const overCost = (args: { schema: GraphQLSchema; document: unknown; operationName?: string | null; variableValues?: unknown; contextValue: unknown }) => {
    let cost = (args.contextValue as { admittedCost?: number }).admittedCost;
    if (cost === undefined) {
      try {
        cost = queryCost(
          args.schema,
          args.document as DocumentNode,
          args.operationName,
          args.variableValues as Record<string, unknown> | undefined,
          args.contextValue as object,
        );
      } catch {
        return undefined;
      }
    }
    if (cost <= limits.maxCost) return undefined;
    return new GraphQLError(`query cost limit of ${limits.maxCost} exceeded: this query costs ${cost} (list fields count their limit)`, {
      extensions: { code: 'BAD_USER_INPUT', limit: 'cost', max: limits.maxCost, actual: cost },
    });
  };
  const shaping: Plugin = {
    onParams: ({ params }) => {
      const size = typeof params.query === 'string' ? Buffer.byteLength(params.query) : 0;
      if (size > limits.maxDocumentBytes) {
        throw new GraphQLError(`document size limit of ${limits.maxDocumentBytes} bytes exceeded: got ${size} bytes`, {
          extensions: { code: 'BAD_USER_INPUT', limit: 'documentBytes', http: { status: 400 } },
        });
      }
    },
    // Subscriptions take this path instead of onExecute: they are served (graphql/types/live.ts), within the
    // same cost limit (each event resolves the whole selection).
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      const type = operationType(args.document as DocumentNode, args.operationName);
      if (type === 'mutation') return setResultAndStopExecution({ errors: [onlyQueries(type)] });
      const refused = overCost(args);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
    onExecute: ({ args, setResultAndStopExecution }) => {
      const type = operationType(args.document as DocumentNode, args.operationName);
      if (type === 'mutation') return setResultAndStopExecution({ errors: [onlyQueries(type)] });
      const refused = overCost(args);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
    onResultProcess: ({ result, setResult }) => {
      if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
      setResult({ ...result, errors: withLimitCodes(result.errors) });
    },
  };
  return [shaping, armor];
}
