import { useGraphQlJit } from '@envelop/graphql-jit';
import {
  assertValidSchema,
  BREAK,
  NoSchemaIntrospectionCustomRule,
  type GraphQLError,
  getNamedType,
  getOperationAST,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { Kind, type DocumentNode, type SelectionNode } from 'graphql';
import { createYoga, type GraphiQLOptions, type Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import { defaults, type GraphQLSettings } from '../config';
import { limitPlugins } from './limits';
import { createRequestContext, type RequestContext, type Services } from '../context';
import { logUnexpected } from '../http/logUnexpected';
import { createMaskError, unexpectedCauses } from './errors';
import { cachedExamples } from '../data/examples';
import { exampleTabs } from './examples';
import { renderGraphiQLPage } from './graphiqlPage';
import { selectedOperation } from './operation';
import { requestParams, requestTimeoutMs } from './requestParams';
import { schema } from './schema';
import { PARSED_BODY } from './parsed/model';
import { parsedModel } from './types/parsedBody';
import { TRACE_TRANSACTION_COLUMNS } from './types/transaction';

/** The types of typed bodies: ParsedBody, its members and the unions inside them. */
const TYPED_BODY_TYPES = new Set([PARSED_BODY, ...parsedModel.objects.map((o) => o.name), ...parsedModel.unions.map((u) => u.name)]);

/**
 * Whether a document selects a typed body: a field whose type is one of TYPED_BODY_TYPES, whatever its name.
 * graphql-jit compiles a case for every member of a union at each field of its type, and ParsedBody has about
 * 930: such a document would take 100 ms and more to compile, so it runs on graphql-js instead.
 */
const typedBodies = new WeakMap<DocumentNode, boolean>();
export function selectsTypedBodies(document: DocumentNode): boolean {
  let found = typedBodies.get(document);
  if (found === undefined) {
    found = false;
    const types = new TypeInfo(schema);
    visit(
      document,
      visitWithTypeInfo(types, {
        Field: () => {
          const type = types.getType();
          if (type && TYPED_BODY_TYPES.has(getNamedType(type).name)) {
            found = true;
            return BREAK;
          }
        },
      }),
    );
    typedBodies.set(document, found);
  }
  return found;
}

/**
 * Introspection refused on every path: yoga's plugin for it keys on the Request, which neither a plain query
 * (directQuery.ts) nor a graphql-ws subscription has.
 */
const noIntrospection: Plugin<RequestContext> = {
  onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule),
};

/**
 * Execution gets the request's work signal (client gone, deadline), so the executor stops resolving once it aborts.
 * yoga's own plugin reads it from the Request only, which a plain query (directQuery.ts) does not have.
 */
const signalOf = (args: { contextValue: unknown }) => {
  const ctx = args.contextValue as RequestContext & { request?: Request };
  return ctx.signal ?? ctx.request?.signal;
};
const cancellation: Plugin<RequestContext> = {
  onExecute: ({ args }) => {
    (args as { signal?: AbortSignal }).signal = signalOf(args);
  },
  // a subscription over SSE has no work signal (it is not a request's work): its Request's, aborted when the client goes
  onSubscribe: ({ args }) => {
    (args as { signal?: AbortSignal }).signal = signalOf(args);
  },
};

/** Each request's context by its Request, for the hooks that only see the Request (response and result). */
type Contexts = WeakMap<Request, RequestContext>;

function rememberContexts(contexts: Contexts): Plugin<RequestContext> {
  return {
    onContextBuilding: ({ context }) => {
      const request = (context as { request?: Request }).request;
      return ({ context: built }) => {
        if (request) contexts.set(request, built as unknown as RequestContext);
      };
    },
  };
}

/**
 * The operation a request runs, found once: kept on the request's context (for the log line of an unexpected
 * error) and counted by type and first root field (metrics).
 */
function operationFacts(onOperation: GraphQLOptions['onOperation']): Plugin<RequestContext> {
  return {
    onExecute: ({ args }) => {
      const operation = selectedOperation(args.document as DocumentNode, args.operationName);
      (args.contextValue as RequestContext).operationName = operation?.name?.value ?? args.operationName ?? undefined;
      if (!onOperation) return;
      const first = operation?.selectionSet.selections.find((s: SelectionNode) => s.kind === Kind.FIELD);
      onOperation(operation?.operation ?? 'unknown', first?.kind === Kind.FIELD ? first.name.value : 'unknown');
    },
  };
}

/** Logs the errors of a result nobody expected (masked in the response), each once with its stack, request, operation and field. */
export type UnexpectedLog = (errors: readonly GraphQLError[] | undefined, request: { reqId?: string; operationName?: string }) => void;

function unexpectedLog(log: Services['log']): UnexpectedLog {
  const logged = new WeakSet<Error>();
  return (errors, request) => {
    // One failed batch fails many fields with the same error: it is logged once.
    for (const { cause, field } of unexpectedCauses(errors)) {
      if (logged.has(cause)) continue;
      logged.add(cause);
      logUnexpected(log, cause, { ...request, field });
    }
  };
}

function unexpectedErrors(logErrors: UnexpectedLog, contexts: Contexts): Plugin<RequestContext> {
  return {
    onResultProcess: ({ request, result }) => {
      const results = Array.isArray(result) ? result : [result];
      for (const r of results) {
        logErrors('errors' in r ? r.errors : undefined, {
          reqId: request.headers.get('x-request-id') ?? undefined,
          operationName: contexts.get(request)?.operationName,
        });
      }
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
function serverTiming(contexts: Contexts): Plugin<RequestContext> {
  const started = new WeakMap<Request, number>();
  return {
    onRequest: ({ request }) => {
      started.set(request, performance.now());
    },
    onResponse: ({ request, response }) => {
      const ctx = contexts.get(request);
      const since = started.get(request);
      if (ctx && since !== undefined) {
        response.headers.set('Server-Timing', `app;dur=${(performance.now() - since).toFixed(1)}, db;desc="${ctx.stats.statements} statements"`);
      }
    },
  };
}

/** The GraphQL endpoint; each request gets its own context (loaders, statement counter). */
/** The GraphQL settings (limits, document cache in MB of text × DOCUMENT_COST, introspection and GraphiQL switches). */
export interface GraphQLOptions extends GraphQLSettings {
  /** Called for each executed operation with its type and first root field (for metrics). */
  onOperation?: (type: string, field: string) => void;
}

/** What the HTTP route hands each request's context (graphqlRoute.ts); `timeoutMs` when there is no Request (directQuery.ts). */
export type ServerContext = {
  request?: Request;
  timeoutMs?: number;
  workSignal?: AbortSignal;
  grow?: RequestContext['grow'];
  liveAdmission?: RequestContext['liveAdmission'];
  admittedCost?: number;
};

/** A parsed document holds about this many bytes per byte of its text (its AST, the compiled query). */
const DOCUMENT_COST = 20;

/** The share of GRAPHQL_CACHE_MB that parsed documents get; the errors of invalid ones get the rest. */
const DOCUMENTS_SHARE = 0.75;

/**
 * yoga's parse and error caches, bounded in bytes by the documents' length (its own hold 1024 of any size),
 * `mb` in all: the documents three quarters, the errors of invalid ones a quarter.
 */
function documentCaches(mb: number) {
  const cache = <T extends object>(bytes: number) =>
    new LRUCache<string, T>({ maxSize: Math.max(1, Math.floor(bytes)), sizeCalculation: (_value, key) => Math.max(1, key.length * DOCUMENT_COST) });
  const bytes = mb * 1024 * 1024;
  return mb === 0 ? false : { documentCache: cache<DocumentNode>(bytes * DOCUMENTS_SHARE), errorCache: cache<object>(bytes * (1 - DOCUMENTS_SHARE)) };
}

export function createGraphQL(services: Services, opts: GraphQLOptions = defaults().graphql) {
  const handled = new WeakSet<object>();
  const logErrors = unexpectedLog(services.log);
  const contexts: Contexts = new WeakMap();
  // graphql-js validates a schema on its first request; with the typed bodies' ~930 types that is tens of ms,
  // paid here at start rather than inside the first request (which would stall the event loop then)
  assertValidSchema(schema);
  const examples = services.examples ?? cachedExamples(services.db);
  const caches = documentCaches(opts.cacheMb);
  const yoga = createYoga<Record<string, unknown>, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // The HTTP route reads the body first, bounded (http/body.ts: 413 past MAX_BODY_BYTES), and hands yoga the
    // bytes; yoga's own limit would count them again through a stream pipeline on every request.
    maxRequestBodySize: false,
    // What the HTTP route hands over (graphqlRoute.ts): the work's signal, the slot's growth, the live admission.
    // Over WebSocket (graphql-ws) there is no Request: the session's timeout applies.
    context: ({ request, timeoutMs, workSignal, grow, liveAdmission, admittedCost }: ServerContext) => {
      const ctx = createRequestContext(services, {
        timeoutMs: request ? requestTimeoutMs(request) : timeoutMs,
        signal: workSignal,
        traceTransactionColumns: TRACE_TRANSACTION_COLUMNS,
      });
      ctx.grow = grow;
      ctx.liveAdmission = liveAdmission;
      ctx.admittedCost = admittedCost;
      return ctx;
    },
    // Documents are cached by their text: bounded by the texts' length, not by their number.
    parserAndValidationCache: caches,
    maskedErrors: { maskError: createMaskError(handled) },
    // Compiled execution: a 1000-transaction page resolves ~150k fields, where graphql-js's interpreter dominates.
    plugins: [
      // the work's signal aborted (client gone, deadline): execution stops instead of resolving the rest
      cancellation,
      requestParams,
      ...limitPlugins(opts.limits),
      ...(!opts.introspection ? [noIntrospection] : []),
      // graphql-jit hands a subscription's resolver the operation's variables instead of the field's arguments:
      // subscriptions run on graphql-js (they resolve one event at a time, where the interpreter costs little),
      // and so do documents that select typed bodies (selectsTypedBodies).
      useGraphQlJit(
        {},
        {
          enableIf: (args) =>
            getOperationAST(args.document, args.operationName)?.operation !== 'subscription' && !selectsTypedBodies(args.document as DocumentNode),
        },
      ),
      rememberContexts(contexts),
      operationFacts(opts.onOperation),
      unexpectedErrors(logErrors, contexts),
      warnings,
      serverTiming(contexts),
    ],
    graphiql:
      opts.graphiql === false
        ? false
        : async () => {
            const defaultTabs = exampleTabs(await examples(), { live: Boolean(services.live), demoAccounts: services.live?.demo?.accounts });
            // GraphiQL 5 opens the first tab without its variables unless they are also given as initialVariables.
            return { title: 'tonql · GraphiQL', defaultTabs, initialVariables: defaultTabs[0].variables } as GraphiQLOptions;
          },
    renderGraphiQL: renderGraphiQLPage,
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => services.log.warn({ args }, 'graphql'),
      // What the mask handled is logged by unexpectedErrors (with the request id) or was expected; not here again.
      error: (...args: unknown[]) => {
        if (args.length === 1 && typeof args[0] === 'object' && args[0] !== null && handled.has(args[0])) return;
        services.log.error(args[0] instanceof Error ? { err: args[0] } : { args }, 'graphql');
      },
    },
  });
  // the documents yoga parsed, by their text: the HTTP route inspects a document it has seen without parsing it again
  const parsed = (text: string) => (caches ? caches.documentCache.get(text) : undefined);
  return Object.assign(yoga, { logErrors, parsed });
}
