import { randomBytes } from 'node:crypto';

// No string from the database holds NUL (PostgreSQL text cannot), and the nonce keeps any other source's
// strings from being taken for a marker. JSON.stringify writes the marker's NUL as \u0000.
const NONCE = randomBytes(8).toString('hex');
const MARK = `\u0000${NONCE}:`;
const WRITTEN = `"\\u0000${NONCE}:`;

/**
 * JSON texts that go into one response as they are: TON Center's decoded bodies keep their key order and Go's
 * escaping, which a parse and `JSON.stringify` would not. A wire object holds a marker string in the text's
 * place (`mark`); `stringify` writes the value and splices each text in where its marker is. Markers are plain
 * strings, so `JSON.stringify` keeps its fast path (a `toJSON` per value cost about 9 µs each
 * on a 100-transaction block page in a micro-benchmark);
 * a value holding markers is written by the registry that made them, within its request.
 */
export class RawTexts {
  private readonly texts: (string | Buffer)[] = [];

  /** The marker for a JSON text (or its UTF-8 bytes), to put where the text goes. */
  mark(json: string | Buffer): string {
    this.texts.push(json);
    return `${MARK}${this.texts.length - 1}`;
  }

  /** `JSON.stringify` with every marker of this registry written as its text. */
  stringify(value: unknown): string {
    const out = JSON.stringify(value);
    return this.texts.length === 0 ? out : this.pieces(out).map(String).join('');
  }

  /**
   * The same as UTF-8 bytes, written straight into one buffer: a response goes out as bytes, and joining first
   * would build a second whole copy (two bytes a character once a decoded text holds non-Latin-1), then encode it.
   * Without markers it is the JSON text.
   */
  bytes(value: unknown): string | Buffer {
    const out = JSON.stringify(value);
    if (this.texts.length === 0) return out;
    const pieces = this.pieces(out);
    let total = 0;
    for (const p of pieces) total += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
    const buf = Buffer.allocUnsafe(total);
    let at = 0;
    for (const p of pieces) at += typeof p === 'string' ? buf.write(p, at) : p.copy(buf, at);
    return buf;
  }

  /** The output cut at each written marker, the marker's text in its place. */
  private pieces(out: string): (string | Buffer)[] {
    const pieces: (string | Buffer)[] = [];
    let from = 0;
    for (let at = out.indexOf(WRITTEN); at >= 0; at = out.indexOf(WRITTEN, from)) {
      const end = out.indexOf('"', at + WRITTEN.length);
      pieces.push(out.slice(from, at), this.texts[Number(out.slice(at + WRITTEN.length, end))]);
      from = end + 1;
    }
    pieces.push(out.slice(from));
    return pieces;
  }
}
