/**
 * The TON HTTP API v2 endpoint (ton-http-api, TON_API_V2_URL) that TON Center's forwarding routes call: one
 * request at a time per call, bounded in time (connection to last byte), in size and in how many are in flight,
 * every failure an ApiError that names the upstream problem (never its URL, which may hold credentials).
 */
import http from 'node:http';
import https from 'node:https';
import { ApiError } from '../errors';
import { abortReason, BusyError } from '../http/limiter';

export interface TonApiV2Options {
  url: string;
  /** Sent as the `api_key` query parameter, as TON Center sends its `-v2-apikey`. */
  apiKey?: string;
  timeoutMs: number;
  /** The largest answer read; past it the call fails with 502 (default 8 MiB). */
  maxResponseBytes?: number;
  /** Calls in flight at once; more are refused with 503 (default 64). */
  maxInFlight?: number;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_IN_FLIGHT = 64;

/** How the upstream is named in messages: the setting an operator can check, not its (possibly secret) value. */
export const UPSTREAM = 'the TON HTTP API v2 endpoint (TON_API_V2_URL)';

/** 501 when TON_API_V2_URL is unset: the route exists, this deployment has nowhere to forward it. */
export const notConfigured = () =>
  new ApiError(
    501,
    'TON_API_V2_URL is not set: this route forwards to a TON HTTP API v2 endpoint (ton-http-api), and this service has none configured',
    'NOT_IMPLEMENTED',
  );

export const badGateway = (message: string) => new ApiError(502, message, 'SERVICE_UNAVAILABLE');

/** An upstream `{"ok":false,"error":…,"code":…}`: its code when it is an HTTP error status (else 500) and its error text. */
function upstreamRefusal(body: Record<string, unknown>): ApiError {
  const code = typeof body.code === 'number' && Number.isInteger(body.code) && body.code >= 400 && body.code <= 599 ? body.code : 500;
  const error =
    typeof body.error === 'string' ? body.error : body.error === undefined ? 'the upstream answered ok:false without an error' : JSON.stringify(body.error);
  const kind =
    code === 404
      ? 'NOT_FOUND'
      : code === 409
        ? 'CONFLICT'
        : code === 429
          ? 'TOO_MANY_REQUESTS'
          : code === 504
            ? 'TIMEOUT'
            : code < 500
              ? 'BAD_USER_INPUT'
              : 'SERVICE_UNAVAILABLE';
  return new ApiError(code, error, kind);
}

export interface CallOptions {
  /** Query parameters (the API key is added). */
  query?: Record<string, string>;
  /** A JSON body: the call is a POST. */
  body?: unknown;
  /** Aborts the call (the client went away, the request's deadline passed). */
  signal?: AbortSignal;
  /** Lowers the timeout for this call (a client's `x_timeout`). */
  timeoutMs?: number;
}

export class TonApiV2 {
  private readonly base: URL;
  private readonly agent: http.Agent;
  inFlight = 0;

  constructor(readonly options: TonApiV2Options) {
    this.base = new URL(options.url);
    const max = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    this.agent = this.base.protocol === 'https:' ? new https.Agent({ keepAlive: true, maxSockets: max }) : new http.Agent({ keepAlive: true, maxSockets: max });
  }

  /** `method`'s URL: the base path, the method, the query and the key. */
  private urlOf(method: string, query: Record<string, string> = {}): URL {
    const url = new URL(this.base);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${method}`;
    url.search = '';
    url.hash = '';
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    if (this.options.apiKey) url.searchParams.set('api_key', this.options.apiKey);
    return url;
  }

  /**
   * Calls `method` and returns its `result` (whatever JSON it holds: the caller checks its shape). 502 when the
   * endpoint cannot be reached, answers too much or answers something that is not a v2 response; 504 past the
   * timeout; an `ok:false` answer as its code and error.
   */
  async call(method: string, opts: CallOptions = {}): Promise<unknown> {
    const max = this.options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    if (opts.signal?.aborted) throw abortReason(opts.signal);
    if (this.inFlight >= max) throw new BusyError(`the service is busy: ${max} requests to ${UPSTREAM} are already in flight; retry shortly`);
    this.inFlight += 1;
    try {
      const { status, text } = await this.exchange(method, opts);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badGateway(`${UPSTREAM} answered ${method} with HTTP ${status} and a body that is not JSON`);
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || typeof (parsed as { ok?: unknown }).ok !== 'boolean') {
        throw badGateway(`${UPSTREAM} answered ${method} with HTTP ${status} and JSON that is not a TON HTTP API v2 response (no boolean "ok")`);
      }
      const body = parsed as Record<string, unknown>;
      if (body.ok !== true) throw upstreamRefusal(body);
      return body.result;
    } finally {
      this.inFlight -= 1;
    }
  }

  /** One HTTP exchange, its body read whole within the size bound and the timeout. */
  private exchange(method: string, opts: CallOptions): Promise<{ status: number; text: string }> {
    const timeoutMs = Math.min(this.options.timeoutMs, opts.timeoutMs ?? Number.POSITIVE_INFINITY);
    const limit = this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const url = this.urlOf(method, opts.query);
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (err: Error | undefined, value?: { status: number; text: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        if (err) {
          req.destroy();
          reject(err);
        } else resolve(value!);
      };
      const onAbort = () => finish(abortReason(opts.signal!));
      const timer = setTimeout(() => finish(new ApiError(504, `${UPSTREAM} did not answer ${method} within ${timeoutMs} ms`, 'TIMEOUT')), timeoutMs);
      const req = transport.request(url, {
        method: payload ? 'POST' : 'GET',
        agent: this.agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      });
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err: NodeJS.ErrnoException) => finish(badGateway(`${UPSTREAM} could not be reached for ${method}: ${err.code ?? err.message}`)));
      req.on('response', (res) => {
        const declared = Number(res.headers['content-length']);
        if (declared > limit) return finish(badGateway(`${UPSTREAM} answered ${method} with ${declared} bytes; at most ${limit} are read`));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) return finish(badGateway(`${UPSTREAM} answered ${method} with more than ${limit} bytes; at most ${limit} are read`));
          chunks.push(chunk);
        });
        res.on('error', (err: NodeJS.ErrnoException) => finish(badGateway(`${UPSTREAM} broke off its answer to ${method}: ${err.code ?? err.message}`)));
        res.on('aborted', () => finish(badGateway(`${UPSTREAM} broke off its answer to ${method}`)));
        res.on('end', () => finish(undefined, { status: res.statusCode ?? 0, text: Buffer.concat(chunks, size).toString('utf8') }));
      });
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
