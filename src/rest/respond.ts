import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiError } from '../errors';

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, payload: string | Buffer, headers: Record<string, string> = {}): void {
  // Encoded once, here: a string handed to the socket is measured, then encoded again inside writev.
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length), ...headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Error body of contract §2: `{"error": "...", "code": status}`. */
export function sendError(req: IncomingMessage, res: ServerResponse, err: ApiError, headers: Record<string, string> = {}): void {
  sendJson(req, res, err.status, JSON.stringify({ error: err.message, code: err.status }), headers);
}

export const strongEtag = (payload: string | Buffer) => `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(etag));
}
