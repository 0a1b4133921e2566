import { useGraphQlJit } from '@envelop/graphql-jit';
import { Kind, type DocumentNode, type SelectionNode } from 'graphql';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { createYoga, type GraphiQLOptions, type Plugin } from 'graphql-yoga';
import { DEFAULT_LIMITS, limitPlugins, type GraphQLLimits } from './limits';
import { createRequestContext, type RequestContext, type Services } from '../context';
import { requestScope } from '../http/requestScope';
import { createMaskError } from './errors';
import { cachedExamples } from '../data/examples';
import { exampleTabs } from './examples';
import { renderGraphiQLPage } from './graphiqlPage';
import { selectedOperation } from './operation';
import { requestParams, requestTimeoutMs } from './requestParams';
import { schema } from './schema';

/**
 * The operation a request runs, found once: named in the request's scope (for the log line of an unexpected
 * error) and counted by type and first root field (metrics).
 */
function operationFacts(onOperation: GraphQLOptions['onOperation']): Plugin<RequestContext> {
  return {
    onExecute: ({ args }) => {
      const operation = selectedOperation(args.document as DocumentNode, args.operationName);
      const scope = requestScope.getStore();
      if (scope) scope.operationName = operation?.name?.value ?? args.operationName ?? undefined;
      if (!onOperation) return;
      const first = operation?.selectionSet.selections.find((s: SelectionNode) => s.kind === Kind.FIELD);
      onOperation(operation?.operation ?? 'unknown', first?.kind === Kind.FIELD ? first.name.value : 'unknown');
    },
  };
}

/** A source that did not answer is reported next to the data, in `extensions.warnings`, not as an error. */
const warnings: Plugin<RequestContext> = {
  onExecute: ({ args }) => ({
    onExecuteDone: ({ result, setResult }) => {
      const list = (args.contextValue as RequestContext).warnings;
      if (list.length > 0 && !(Symbol.asyncIterator in result)) setResult({ ...result, extensions: { ...result.extensions, warnings: list } });
    },
  }),
};

/** Server-Timing on GraphQL responses too: duration and SQL statements of the request, as REST reports them. */
function serverTiming(): Plugin<RequestContext> {
  const contexts = new WeakMap<Request, { ctx: RequestContext; started: number }>();
  return {
    onContextBuilding: ({ context }) => {
      const request = (context as { request?: Request }).request;
      return ({ context: built }) => {
        if (request) contexts.set(request, { ctx: built as unknown as RequestContext, started: performance.now() });
      };
    },
    onResponse: ({ request, response }) => {
      const entry = contexts.get(request);
      if (entry) {
        response.headers.set('Server-Timing', `app;dur=${(performance.now() - entry.started).toFixed(1)}, db;desc="${entry.ctx.stats.statements} statements"`);
      }
    },
  };
}

/** The GraphQL endpoint; each request gets its own context (loaders, statement counter). */
export interface GraphQLOptions {
  limits?: GraphQLLimits;
  /** Production switches: schema introspection and the GraphiQL page. */
  introspection?: boolean;
  graphiql?: boolean;
  /** Called for each executed operation with its type and first root field (for metrics). */
  onOperation?: (type: string, field: string) => void;
}

export function createGraphQL(services: Services, opts: GraphQLOptions = {}) {
  const reported = new WeakSet<object>();
  const examples = services.examples ?? cachedExamples(services.db);
  return createYoga<Record<string, unknown>, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    context: ({ request }) => createRequestContext(services, { timeoutMs: requestTimeoutMs(request) }),
    maskedErrors: { maskError: createMaskError(services.log, reported) },
    // Compiled execution: a 1000-transaction page resolves ~150k fields, where graphql-js's interpreter dominates.
    plugins: [
      requestParams,
      ...limitPlugins(opts.limits ?? DEFAULT_LIMITS),
      ...(opts.introspection === false ? [useDisableIntrospection()] : []),
      useGraphQlJit(),
      operationFacts(opts.onOperation),
      warnings,
      serverTiming(),
    ],
    graphiql: opts.graphiql === false ? false : async () => {
      const defaultTabs = exampleTabs(await examples());
      // GraphiQL 5 opens the first tab without its variables unless they are also given as initialVariables.
      return { title: 'tonql · GraphiQL', defaultTabs, initialVariables: defaultTabs[0].variables } as GraphiQLOptions;
    },
    renderGraphiQL: renderGraphiQLPage,
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => services.log.warn({ args }, 'graphql'),
      // The mask logs what it masks (with the request id); yoga would log the same error again.
      error: (...args: unknown[]) => {
        if (args.length === 1 && typeof args[0] === 'object' && args[0] !== null && reported.has(args[0])) return;
        services.log.error(args[0] instanceof Error ? { err: args[0] } : { args }, 'graphql');
      },
    },
  });
}
