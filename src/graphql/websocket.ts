import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ExecutionArgs } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Services } from '../context';
import { apiKeyOf, clientIp, proxyTrust } from '../http/access';
import { LiveLimitError } from '../live/runtime';
import type { createGraphQL } from './yoga';

type Enveloped = ReturnType<ReturnType<typeof createGraphQL>['getEnveloped']>;

/**
 * GraphQL over WebSocket (the graphql-ws protocol) at /graphql, for subscriptions (queries work too): each
 * operation runs through the same yoga envelope as HTTP requests, so limits, masking and context are the same.
 * A connection counts against the live subscriber limits.
 */
export function graphqlWebSockets(services: Services, yoga: ReturnType<typeof createGraphQL>) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const live = services.live!;
  useServer<Record<string, unknown>, { request: IncomingMessage; release?: () => void }>(
    {
      onConnect: (ctx) => {
        const req = ctx.extra.request;
        const q = (req.url ?? '').indexOf('?');
        try {
          ctx.extra.release = live.admit(clientIp(req, services.access?.policy.trustProxy ?? proxyTrust(0)), apiKeyOf(req, q < 0 ? '' : (req.url ?? '').slice(q + 1)));
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
      execute: (args: ExecutionArgs) => (args.rootValue as Enveloped).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as Enveloped).subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const enveloped = yoga.getEnveloped({ ...ctx, req: ctx.extra.request, socket: ctx.extra.socket, params });
        const args = {
          schema: enveloped.schema,
          operationName: params.operationName,
          document: enveloped.parse(params.query),
          variableValues: params.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: enveloped,
        };
        const errors = enveloped.validate(args.schema, args.document);
        return errors.length > 0 ? errors : args;
      },
    },
    wss,
  );
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
}
