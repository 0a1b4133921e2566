import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../errors';
import { BusyError, ClientGoneError } from './limiter';

export const MAX_BODY_BYTES = 1024 * 1024;

export const tooLarge = (bytes: number | string) =>
  new ApiError(413, `the request body is ${bytes} bytes; at most ${MAX_BODY_BYTES} are accepted`, 'BAD_USER_INPUT');

/**
 * The bytes of request bodies held in memory at once, over every connection, and how long a body may take to
 * arrive: a thousand clients each sending most of a 1 MiB body and holding would otherwise pin a GiB.
 */
export class BodyBudget {
  held = 0;
  refused = 0;

  constructor(
    readonly maxBytes: number,
    readonly timeoutMs: number,
  ) {}

  /** Takes `bytes` more; false when they do not fit. */
  take(bytes: number): boolean {
    if (this.held + bytes > this.maxBytes) {
      this.refused += 1;
      return false;
    }
    this.held += bytes;
    return true;
  }

  give(bytes: number): void {
    this.held -= bytes;
  }
}

/** A body read whole: its bytes, counted against the budget until `release` or until the response closes. */
export interface ReadBody {
  readonly bytes: Buffer;
  /** Gives the bytes back to the budget now (idempotent): for a body whose request lives on without it. */
  release(): void;
}

/**
 * Reads a request body, counting the bytes as they arrive (a chunked body declares no length): past `limit`
 * it stops reading and throws 413 at once; past the budget 503; past the budget's timeout 408. The bytes
 * count against the budget while they arrive and, once read, until the caller releases them (or `res` closes):
 * a GraphQL query's body waiting its turn in the limiter's queue is still memory, and is released once its
 * response is built (bounded by the queue's wait and the request's deadline), not when a slow reader has taken
 * it; a REST body once parsed; a stream, which may last hours, once parsed, charging what it keeps to its
 * client's live budgets instead.
 */
export function readBody(req: IncomingMessage, res: ServerResponse, limit: number, budget: BodyBudget): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (err: Error) => {
      cleanup();
      req.pause();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) return stop(tooLarge(`over ${limit}`));
      if (!budget.take(chunk.length)) {
        return stop(new BusyError(`the service is busy: ${budget.maxBytes} bytes of request bodies are already arriving; retry shortly`));
      }
      size += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      const held = size;
      size = 0;
      cleanup();
      let given = false;
      const release = () => {
        if (given) return;
        given = true;
        res.off('close', release);
        budget.give(held);
      };
      if (res.closed) release();
      else res.once('close', release);
      const bytes = Buffer.concat(chunks, held);
      // the release outlives the read (until the response closes): it must not keep the chunks too
      chunks.length = 0;
      resolve({ bytes, release });
    };
    const onError = (err: Error) => stop(err);
    const onClose = () => stop(new ClientGoneError());
    const timer = setTimeout(
      () => stop(new ApiError(408, `the request body did not arrive within ${budget.timeoutMs} ms`, 'BAD_USER_INPUT')),
      budget.timeoutMs,
    );
    const cleanup = () => {
      clearTimeout(timer);
      budget.give(size);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
