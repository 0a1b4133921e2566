import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, getOperationAST, type ExecutionArgs } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Services } from '../context';
import { clientIdentity } from '../http/access';
import { LiveLimitError } from '../live/runtime';
import { DEFAULT_LIMITS, type GraphQLLimits } from './limits';
import type { createGraphQL } from './yoga';

type Enveloped = ReturnType<ReturnType<typeof createGraphQL>['getEnveloped']>;

const refusal = (message: string) => [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })];

/** Subscriptions one connection may hold at once (it was admitted once, for all of them). */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;

/**
 * GraphQL subscriptions over WebSocket (the graphql-ws protocol) at /graphql. Each runs through the same yoga
 * envelope as an HTTP request (schema, depth, alias and token limits, context); queries belong on HTTP, where
 * the limiter and the cost limit apply. A connection counts once against the live subscriber limits.
 */
export function graphqlWebSockets(services: Services, yoga: ReturnType<typeof createGraphQL>, limits: GraphQLLimits = DEFAULT_LIMITS) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const live = services.live!;
  // a frame too large or malformed is the client's problem: drop the connection, never the process
  wss.on('connection', (ws) => ws.on('error', () => ws.terminate()));
  useServer<Record<string, unknown>, { request: IncomingMessage; release?: () => void; operations?: Set<string> }>(
    {
      onConnect: (ctx) => {
        try {
          const { ip, key } = clientIdentity(ctx.extra.request, services.access?.policy);
          ctx.extra.release = live.admit(ip, key);
          const unregister = live.onClose(() => ctx.extra.socket.close(1001, 'server shutting down'));
          ctx.extra.socket.once('close', unregister);
          return true;
        } catch (err) {
          if (!(err instanceof LiveLimitError)) throw err;
          ctx.extra.socket.close(4429, err.message);
          return false;
        }
      },
      onClose: (ctx) => ctx.extra.release?.(),
      onComplete: (ctx, id) => void ctx.extra.operations?.delete(id),
      execute: (args: ExecutionArgs) => (args.rootValue as Enveloped).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as Enveloped).subscribe(args),
      onSubscribe: async (ctx, id, params) => {
        const operations = (ctx.extra.operations ??= new Set());
        if (operations.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) return refusal(`at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection`);
        const size = Buffer.byteLength(params.query ?? '');
        if (size > limits.maxDocumentBytes) return refusal(`document size limit of ${limits.maxDocumentBytes} bytes exceeded: got ${size} bytes`);
        const enveloped = yoga.getEnveloped({ ...ctx, req: ctx.extra.request, socket: ctx.extra.socket, params });
        let document;
        try {
          document = enveloped.parse(params.query);
        } catch (err) {
          // a syntax error (or a parse-time limit) answers this operation, not the whole connection
          return refusal((err as Error).message.replace(/^Syntax Error: /, ''));
        }
        if (getOperationAST(document, params.operationName)?.operation !== 'subscription') return refusal('over WebSocket this API serves subscriptions; send queries over HTTP (POST /graphql)');
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length > 0) return errors;
        operations.add(id);
        return {
          schema: enveloped.schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: enveloped,
        };
      },
    },
    wss,
  );
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
}
