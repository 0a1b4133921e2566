/** An error whose message is safe to show to the client, with the HTTP status it maps to. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'SERVICE_UNAVAILABLE' | 'TIMEOUT' | 'TOO_MANY_REQUESTS' | 'NOT_IMPLEMENTED' | 'INTERNAL',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badInput = (message: string) => new ApiError(422, message, 'BAD_USER_INPUT');
export const notFound = (message: string) => new ApiError(404, message, 'NOT_FOUND');

/** invalid byte sequence (22021), untranslatable character (22P05): input text PostgreSQL cannot hold. */
const UNTEXTABLE_CODES = new Set(['22021', '22P05']);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * Maps a driver error to what the client may see: a statement timeout becomes 504, a lost or refused
 * connection 503, text the database cannot hold 422. Anything else stays an internal error (masked by the callers).
 */
export function classifyDbError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  const e = err as { code?: string; message?: string } | undefined;
  if (!e || typeof e !== 'object') return undefined;
  if (e.code === '57014') return new ApiError(504, 'database statement timeout exceeded', 'TIMEOUT');
  // Parameters refuse such text first (params/spec.ts checkText); this keeps any other input path a 4xx.
  if (e.code !== undefined && UNTEXTABLE_CODES.has(e.code)) return badInput('a value holds a character the database cannot take as text (such as NUL)');
  if (e.code && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08') || e.code === '57P01' || e.code === '57P03')) {
    return new ApiError(503, 'database unavailable', 'SERVICE_UNAVAILABLE');
  }
  if (e.message && /timeout exceeded when trying to connect|Connection terminated/i.test(e.message)) {
    return new ApiError(503, 'database unavailable', 'SERVICE_UNAVAILABLE');
  }
  return undefined;
}
