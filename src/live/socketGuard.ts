import type { WebSocket } from 'ws';

/**
 * Bytes a socket may have queued for its peer (ws' `bufferedAmount`: written, not yet taken by the kernel).
 * A peer past it does not read: it is cut off, so its replies and events never pile up in memory.
 */
export const MAX_SOCKET_BUFFERED_BYTES = 4 * 1024 * 1024;

/** A WebSocket that stops answering pings is dropped: a half-open connection must not hold its slot. */
export const HEARTBEAT_MS = 30_000;

export interface GuardedSocket {
  /** Sends unless the peer is not reading (then the socket is terminated); resolves once written or dropped. */
  send(text: string): Promise<void>;
}

/**
 * What every WebSocket server here does with each socket, written once: a socket in error is terminated (a
 * malformed or oversized frame is the client's problem, never the process'); one whose queued bytes pass the
 * bound is terminated, checked on every message received and before every send; a peer silent for two
 * heartbeats is terminated.
 */
export function guardSocket(ws: WebSocket, opts: { maxBufferedBytes?: number; heartbeatMs?: number } = {}): GuardedSocket {
  const max = opts.maxBufferedBytes ?? MAX_SOCKET_BUFFERED_BYTES;
  const overflowing = (adding = 0) => ws.bufferedAmount + adding > max;
  ws.on('error', () => ws.terminate());
  // first in line: the handlers after it never answer a peer already cut off
  ws.prependListener('message', () => {
    if (overflowing()) ws.terminate();
  });
  let alive = true;
  ws.on('pong', () => (alive = true));
  const heartbeat = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  ws.once('close', () => clearInterval(heartbeat));
  return {
    send: (text) =>
      new Promise<void>((resolve) => {
        if (ws.readyState !== ws.OPEN) return resolve();
        if (overflowing(Buffer.byteLength(text))) {
          ws.terminate();
          return resolve();
        }
        ws.send(text, () => resolve());
      }),
  };
}
