import { randomBytes } from 'node:crypto';

/**
 * JSON text that goes into a response as it is: TON Center's decoded bodies keep their key order and Go's
 * escaping, which a parse and `JSON.stringify` would not. `stringifyWire` writes a marker for each and puts the
 * texts in its place; outside it a value serializes as its parsed form.
 */
export class RawJson {
  constructor(readonly json: string) {}

  toJSON(): unknown {
    if (!pending) return JSON.parse(this.json);
    pending.push(this.json);
    return `${MARK}${pending.length - 1}`;
  }
}

// No string from the database holds NUL (PostgreSQL text cannot), and the nonce keeps any other source's
// strings from being taken for a marker. JSON.stringify writes the marker's NUL as \u0000.
const NONCE = randomBytes(8).toString('hex');
const MARK = `\u0000${NONCE}:`;
const WRITTEN = `"\\u0000${NONCE}:`;

let pending: string[] | undefined;

/** `JSON.stringify` with each RawJson written as its text. */
export function stringifyWire(value: unknown): string {
  const outer = pending;
  const texts: string[] = [];
  pending = texts;
  try {
    const out = JSON.stringify(value);
    return texts.length === 0 ? out : splice(out, texts);
  } finally {
    pending = outer;
  }
}

/** The output with each written marker replaced by its text (a scan for the marker, not a regular expression). */
function splice(out: string, texts: string[]): string {
  let result = '';
  let from = 0;
  for (let at = out.indexOf(WRITTEN); at >= 0; at = out.indexOf(WRITTEN, from)) {
    const end = out.indexOf('"', at + WRITTEN.length);
    result += out.slice(from, at) + texts[Number(out.slice(at + WRITTEN.length, end))];
    from = end + 1;
  }
  return result + out.slice(from);
}
