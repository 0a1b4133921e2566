import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Coding } from '../http/acceptEncoding';
import { codingFor, compress, etagFor, sendEncoded, varyOnEncoding } from '../http/compression';
import type { ApiError } from '../errors';
import type { WrittenJson } from '../wire/rawJson';
import type { CachedPage } from './pageCache';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Codings in the server's order when the body's gzip is mostly made already (a client weighing both equally gets it). */
const GZIP_FIRST: readonly Coding[] = ['gzip', 'br'];

/**
 * A JSON body, compressed when it is large enough and the client accepts it (http/compression.ts); a body written
 * with parts kept compressed (RawTexts.written) is gzipped from them.
 */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  payload: string | Buffer | WrittenJson,
  headers: Record<string, string> = {},
): void | Promise<void> {
  // Encoded once, here: a string handed to the socket is measured, then encoded again inside writev.
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const gzip = !Buffer.isBuffer(body) && body.gzip && codingFor(req, body.length, GZIP_FIRST) === 'gzip' ? body.gzip : undefined;
  return sendEncoded(req, res, status, body, { 'Content-Type': JSON_TYPE, ...headers }, gzip && 'gzip', gzip);
}

/** Error body of contract §2: `{"error": "...", "code": status}`. */
export function sendError(req: IncomingMessage, res: ServerResponse, err: ApiError, headers: Record<string, string> = {}): void | Promise<void> {
  return sendJson(req, res, err.status, JSON.stringify({ error: err.message, code: err.status }), headers);
}

export const strongEtag = (payload: string | Buffer) => `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(etag));
}

/** Compressions of a page under way, so that requests arriving together make one. */
const compressing = new WeakMap<CachedPage, Partial<Record<Coding, Promise<Buffer>>>>();

/**
 * A page with a validator, in the coding the client accepts, each coding its own tag (a 304 answers the tag of
 * the representation the client would get). A compressed copy is made once per page and coding, and handed to
 * `keep` (the page cache) to be served again.
 */
export function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  headers: Record<string, string>,
  keep?: (coding: Coding, bytes: Buffer) => void,
): void | Promise<void> {
  const coding = codingFor(req, page.payload.length);
  const etag = etagFor(page.etag, coding);
  if (etagMatches(req.headers['if-none-match'], etag)) {
    for (const [name, value] of Object.entries({ ...headers, ETag: etag })) res.setHeader(name, value);
    varyOnEncoding(res);
    res.writeHead(304);
    return void res.end();
  }
  const encoded = () => {
    const kept = coding && page.variants?.[coding];
    if (!coding || kept) return Promise.resolve(kept ?? page.payload);
    const pending = compressing.get(page) ?? {};
    compressing.set(page, pending);
    pending[coding] ??= compress(page.payload, coding).then(
      (bytes) => (keep?.(coding, bytes), delete pending[coding], bytes),
      (err) => (delete pending[coding], Promise.reject(err)),
    );
    return pending[coding];
  };
  return sendEncoded(req, res, 200, page.payload, { 'Content-Type': JSON_TYPE, ...headers, ETag: etag }, coding, encoded);
}
