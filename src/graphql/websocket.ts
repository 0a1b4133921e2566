import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, getOperationAST, type ExecutionArgs } from 'graphql';
import { CloseCode, handleProtocols, makeServer, MessageType, stringifyMessage } from 'graphql-ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Services } from '../context';
import { clientIdentity } from '../http/access';
import { addressesForBytes, LiveLimitError, type LiveAdmission } from '../live/runtime';
import { guardSocket } from '../live/socketGuard';
import type { GraphQLLimits } from './limits';
import type { createGraphQL } from './yoga';

type Enveloped = ReturnType<ReturnType<typeof createGraphQL>['getEnveloped']>;

const refusal = (message: string) => [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })];

/** Subscriptions one connection may hold at once (it was admitted once, for all of them). */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
/** A `ping` payload larger than this (as JSON) is not echoed: the connection is closed (4400). */
export const MAX_PING_PAYLOAD_BYTES = 1024;
/** Characters an operation id may have (graphql-ws echoes it in every message of the operation). */
export const MAX_OPERATION_ID_LENGTH = 128;

/**
 * The largest message a client needs: a subscribe with a document at the document size limit and variables
 * naming `maxAddresses` addresses (128 bytes each as JSON, with room to spare) and its other lists.
 */
export const graphqlWsMaxPayload = (limits: GraphQLLimits, maxAddresses: number) => limits.maxDocumentBytes + 64 * 1024 + maxAddresses * 128;

/** graphql-ws' own keep-alive interval: a peer that misses a ping for this long is dropped. */
const KEEPALIVE_MS = 12_000;

interface Extra {
  request: IncomingMessage;
  socket: WebSocket;
  admission?: LiveAdmission;
  operations?: Set<string>;
  /** What each subscription's message is charged against the followed-address budgets, by operation id. */
  held?: Map<string, () => void>;
}

/** graphql-ws keeps a subscription's message for the subscription's life: these bytes are charged to the client. */
const messageBytes = (params: { query?: string; variables?: unknown; extensions?: unknown }) =>
  Buffer.byteLength(params.query ?? '') +
  Buffer.byteLength(JSON.stringify(params.variables ?? null)) +
  Buffer.byteLength(JSON.stringify(params.extensions ?? null));

/**
 * GraphQL subscriptions over WebSocket (the graphql-ws protocol) at /graphql. Each runs through the same yoga
 * envelope as an HTTP request (schema, depth, alias and token limits, context); queries belong on HTTP, where
 * the limiter and the cost limit apply. A connection counts once against the live subscriber limits, and its
 * subscriptions' addresses against the followed-address budgets (through its admission, in each context).
 * Sockets are served by our own adapter over graphql-ws' protocol core, so every send goes through the socket
 * guard (a peer that does not read is cut off) and a ping's payload is echoed only when small.
 */
export function graphqlWebSockets(services: Services, yoga: ReturnType<typeof createGraphQL>, limits: GraphQLLimits) {
  const live = services.live!;
  const wss = new WebSocketServer({ noServer: true, maxPayload: graphqlWsMaxPayload(limits, live.limits.maxAddresses), handleProtocols });
  const server = makeServer<Record<string, unknown>, Extra>({
    onConnect: (ctx) => {
      try {
        const { ip, key } = clientIdentity(ctx.extra.request, services.access?.policy);
        ctx.extra.admission = live.admit(ip, key);
        const unregister = live.onClose(() => ctx.extra.socket.close(1001, 'server shutting down'));
        ctx.extra.socket.once('close', unregister);
        return true;
      } catch (err) {
        if (!(err instanceof LiveLimitError)) throw err;
        ctx.extra.socket.close(4429, err.message);
        return false;
      }
    },
    onClose: (ctx) => ctx.extra.admission?.release(),
    onComplete: (ctx, id) => {
      ctx.extra.operations?.delete(id);
      ctx.extra.held?.get(id)?.();
      ctx.extra.held?.delete(id);
    },
    execute: (args: ExecutionArgs) => (args.rootValue as Enveloped).execute(args),
    subscribe: (args: ExecutionArgs) => (args.rootValue as Enveloped).subscribe(args),
    onSubscribe: async (ctx, id, params) => {
      if (id.length > MAX_OPERATION_ID_LENGTH) {
        ctx.extra.socket.close(CloseCode.BadRequest, `operation id longer than ${MAX_OPERATION_ID_LENGTH} characters`);
        return refusal(`operation id longer than ${MAX_OPERATION_ID_LENGTH} characters`);
      }
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
      if (getOperationAST(document, params.operationName)?.operation !== 'subscription')
        return refusal('over WebSocket this API serves subscriptions; send queries over HTTP (POST /graphql)');
      const errors = enveloped.validate(enveloped.schema, document);
      if (errors.length > 0) return errors;
      try {
        const release = ctx.extra.admission?.reserve(addressesForBytes(messageBytes(params)));
        if (release) (ctx.extra.held ??= new Map()).set(id, release);
      } catch (err) {
        if (!(err instanceof LiveLimitError)) throw err;
        return [new GraphQLError(err.message, { extensions: { code: 'TOO_MANY_REQUESTS' } })];
      }
      operations.add(id);
      return {
        schema: enveloped.schema,
        operationName: params.operationName,
        document,
        variableValues: params.variables,
        // the connection's admission: each subscription reserves its addresses through it
        contextValue: Object.assign(await enveloped.contextFactory(), { liveAdmission: ctx.extra.admission }),
        rootValue: enveloped,
      };
    },
  });
  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const guarded = guardSocket(ws, { heartbeatMs: KEEPALIVE_MS });
    const closed = server.opened(
      {
        protocol: ws.protocol,
        send: guarded.send,
        close: (code, reason) => ws.close(code, reason),
        onMessage: (cb) =>
          ws.on('message', (data) => {
            cb(String(data)).catch((err: Error) => {
              // a message of a type only a server sends (next, error, connection_ack) is the client's mistake
              if (/^Unexpected message of type/.test(err.message)) return ws.close(CloseCode.BadRequest, err.message.slice(0, 120));
              services.log.warn({ err }, 'graphql-ws message');
              ws.close(CloseCode.InternalServerError, 'internal error');
            });
          }),
        onPing: (payload) => {
          const size = payload === undefined ? 0 : Buffer.byteLength(JSON.stringify(payload));
          if (size > MAX_PING_PAYLOAD_BYTES)
            return ws.close(CloseCode.BadRequest, `ping payload of ${size} bytes; at most ${MAX_PING_PAYLOAD_BYTES} are echoed`);
          return guarded.send(stringifyMessage(payload ? { type: MessageType.Pong, payload } : { type: MessageType.Pong }));
        },
      },
      { request, socket: ws },
    );
    ws.once('close', (code, reason) => void closed(code, String(reason)).catch((err: Error) => services.log.warn({ err }, 'graphql-ws close')));
  });
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
}
