import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors';
import { ClientGoneError } from './limiter';

export const MAX_BODY_BYTES = 1024 * 1024;

export const tooLarge = (bytes: number | string) =>
  new ApiError(413, `the request body is ${bytes} bytes; at most ${MAX_BODY_BYTES} are accepted`, 'BAD_USER_INPUT');

/**
 * Reads a request body, counting the bytes as they arrive (a chunked body declares no length): past the
 * limit it stops reading and throws 413 at once.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(tooLarge(`over ${limit}`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => (cleanup(), resolve(Buffer.concat(chunks, size)));
    const onError = (err: Error) => (cleanup(), reject(err));
    const onClose = () => (cleanup(), reject(new ClientGoneError()));
    const cleanup = () => {
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
