import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { chunkSizeFor, GZIP_LEVEL, inTurn, ownCopy } from '../encoding/gzipParts';
import { type Coding, negotiateEncoding } from './acceptEncoding';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Brotli's quality chosen by measurement on this service's pages (gzip's level: encoding/gzipParts.ts): 4 takes a
 * 2.8 MB trace page to 5.9% in ~5–8 ms (quality 5: 5.5% in ~12–15 ms; 11 takes 35 ms for a 39 KB page, far too slow
 * for responses built per request).
 */
const BROTLI_QUALITY = 4;

/** `body` in `coding`, off the event loop in its turn, in output chunks sized for it (`chunkSizeFor`). */
export async function compress(body: Buffer, coding: Coding): Promise<Buffer> {
  const chunkSize = chunkSizeFor(body.length);
  const bytes = await inTurn(() =>
    coding === 'gzip'
      ? gzip(body, { level: GZIP_LEVEL, chunkSize })
      : brotli(body, {
          chunkSize,
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
  );
  return ownCopy(bytes);
}

const COMPRESSIBLE = /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i;

/** Whether a response of this type may be compressed: JSON, never a stream (text/event-stream) whose events must not wait. */
export const compressible = (contentType: unknown) => typeof contentType === 'string' && COMPRESSIBLE.test(contentType);

/** The coding for this request and body, or undefined (identity). */
export const codingFor = (req: IncomingMessage, size: number, order?: readonly Coding[]) =>
  negotiateEncoding(req.headers['accept-encoding'], size, undefined, order);

/** A strong validator per representation: each coding's bytes differ, so does its tag (`"x"` → `"x-gzip"`). */
export const etagFor = (etag: string, coding: Coding | undefined) => (coding ? etag.replace(/"$/, `-${coding}"`) : etag);

/** Adds `Accept-Encoding` to the response's Vary: its bytes depend on it (and on the size, which a cache cannot know). */
export function varyOnEncoding(res: ServerResponse): void {
  const names = String(res.getHeader('vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (names.some((n) => n === '*' || n.toLowerCase() === 'accept-encoding')) return;
  res.setHeader('Vary', [...names, 'Accept-Encoding'].join(', '));
}

/** A body as the pieces it was written in, in order, and their total length. */
export interface Chunks {
  readonly chunks: readonly Buffer[];
  readonly length: number;
}

/**
 * Sends a body as the client's Accept-Encoding asks when its type is compressible: compressed on the threadpool
 * (or taken from `encoded`, a copy kept with a cached page), with Content-Encoding, Content-Length and
 * Vary set; HEAD gets the headers a GET would. Synchronous when nothing is compressed. Should compression fail,
 * the body goes out as it is, without its coded tag, so callers that do not await it lose nothing.
 */
export function sendEncoded(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: Buffer | Chunks,
  headers: OutgoingHttpHeaders,
  coding: Coding | undefined = undefined,
  encoded?: () => Promise<Buffer>,
): void | Promise<void> {
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
  const eligible = compressible(res.getHeader('content-type')) && !res.hasHeader('content-encoding');
  if (eligible) varyOnEncoding(res);
  const chosen = eligible ? (coding ?? codingFor(req, body.length)) : undefined;
  const write = (bytes: Buffer | Chunks) => {
    res.setHeader('Content-Length', String(bytes.length));
    res.writeHead(status);
    if (req.method === 'HEAD') return void res.end();
    if (Buffer.isBuffer(bytes)) return void res.end(bytes);
    if (bytes.chunks.length === 1) return void res.end(bytes.chunks[0]);
    // one writev of every chunk: the body is never copied into one buffer (a few MB for a page of traces)
    res.cork();
    for (const chunk of bytes.chunks) res.write(chunk);
    res.end();
  };
  if (!chosen) return write(body);
  return (encoded ?? (() => compress(Buffer.isBuffer(body) ? body : Buffer.concat(body.chunks, body.length), chosen)))().then(
    (bytes) => {
      if (res.destroyed) return;
      res.setHeader('Content-Encoding', chosen);
      write(bytes);
    },
    () => {
      if (res.destroyed) return;
      res.removeHeader('ETag');
      write(body);
    },
  );
}
