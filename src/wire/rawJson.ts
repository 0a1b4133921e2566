import { randomBytes } from 'node:crypto';
import { type DeflatedPart, gzipOfParts } from '../encoding/gzipParts';
import { ownBytes } from '../encoding/ownBytes';
import type { Chunks } from '../http/compression';

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
  private readonly texts: Text[] = [];
  /** Texts that are also kept compressed, by index: how to have their gzip part. */
  private readonly parts = new Map<number, () => Promise<DeflatedPart>>();
  /** UTF-8 bytes of the texts marked so far (for strings, their length: a lower bound). */
  private markedBytes = 0;

  /**
   * The marker for a JSON text (or its UTF-8 bytes, whole or as consecutive chunks), to put where the text goes;
   * `part` gives it compressed.
   */
  mark(json: Text, part?: () => Promise<DeflatedPart>): string {
    this.texts.push(json);
    this.markedBytes += typeof json === 'string' || Buffer.isBuffer(json) ? json.length : json.reduce((sum, b) => sum + b.length, 0);
    if (part) this.parts.set(this.texts.length - 1, part);
    return `${MARK}${this.texts.length - 1}`;
  }

  /** `JSON.stringify` with every marker of this registry written as its text. */
  stringify(value: unknown): string {
    const out = JSON.stringify(value);
    return this.texts.length === 0
      ? out
      : this.pieces(out)
          .map((p) => (Array.isArray(p) ? p.join('') : String(p)))
          .join('');
  }

  /** The same as UTF-8 bytes, written straight into one buffer (no joined string to encode again). */
  bytes(value: unknown): Buffer {
    return this.whole([JSON.stringify(value)]);
  }

  /** `bytes` in memory of its own, as `ownBytes` writes a text. */
  ownBytes(value: unknown): Buffer {
    return this.whole([JSON.stringify(value)], true);
  }

  /** JSON text (in pieces) with this registry's markers written as their texts, into one buffer sized first. */
  private whole(batches: readonly string[], own = false): Buffer {
    if (this.texts.length === 0 && batches.length === 1) return own ? ownBytes(batches[0]) : Buffer.from(batches[0]);
    const pieces = batches.flatMap((b) => this.pieceIndexes(b)).flatMap((p): (string | Buffer)[] => (typeof p === 'string' ? [p] : asBuffers(this.texts[p])));
    let total = 0;
    for (const p of pieces) total += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
    const buf = own ? Buffer.allocUnsafeSlow(total) : Buffer.allocUnsafe(total);
    let at = 0;
    for (const p of pieces) at += typeof p === 'string' ? buf.write(p, at) : p.copy(buf, at);
    return buf;
  }

  /**
   * The same as UTF-8 bytes, as the pieces between and of the texts: a response goes out as bytes, and joining
   * first would copy every text into a whole new buffer (a few MB for a page of traces), or build a second whole
   * string (two bytes a character once a decoded text holds non-Latin-1) and encode it. When the value holds
   * texts kept compressed, `gzip` makes its gzip from their parts (what lies between compressed here).
   */
  written(value: unknown): WrittenJson {
    return this.chunked(jsonBatches(value));
  }

  private chunked(batches: readonly string[]): WrittenJson {
    if (this.texts.length === 0) return { chunks: batches.map((b) => Buffer.from(b)), length: batches.reduce((sum, b) => sum + Buffer.byteLength(b), 0) };
    const indexes = batches.flatMap((b) => this.pieceIndexes(b));
    const pieces = indexes.map((p) => (typeof p === 'string' ? [Buffer.from(p)] : asBuffers(this.texts[p])));
    const chunks = coalesced(pieces.flat());
    const length = chunks.reduce((sum, c) => sum + c.length, 0);
    if (this.parts.size === 0) return { chunks, length };
    const gzip = async () =>
      gzipOfParts((await Promise.all(indexes.map((p, i) => (typeof p === 'string' ? pieces[i] : (this.parts.get(p)?.() ?? pieces[i]))))).flat());
    return { chunks, length, gzip };
  }

  /**
   * A response's bytes, never as one whole JSON string (`jsonBatches`): in one buffer when `whole` (a page the page
   * cache keeps) or when it is small (under `WHOLE_MAX` of text, no texts kept compressed), which goes out faster
   * than chunks; else as `written` gives them (cached texts not copied, gzip laid from kept parts).
   */
  response(value: unknown, whole = false): WrittenJson {
    if (!whole && (this.parts.size > 0 || this.markedBytes >= WHOLE_MAX)) return this.written(value);
    const batches = jsonBatches(value);
    return whole || batches.length * BATCH_CHARS <= WHOLE_MAX ? writtenOf(this.whole(batches)) : this.chunked(batches);
  }

  /** The output cut at each written marker, the marker's text in its place. */
  private pieces(out: string): Text[] {
    return this.pieceIndexes(out).map((p) => (typeof p === 'string' ? p : this.texts[p]));
  }

  /** The output cut at each written marker, the marker's index in its place. */
  private pieceIndexes(out: string): (string | number)[] {
    const pieces: (string | number)[] = [];
    let from = 0;
    for (let at = out.indexOf(WRITTEN); at >= 0; at = out.indexOf(WRITTEN, from)) {
      const end = out.indexOf('"', at + WRITTEN.length);
      pieces.push(out.slice(from, at), Number(out.slice(at + WRITTEN.length, end)));
      from = end + 1;
    }
    pieces.push(out.slice(from));
    return pieces;
  }
}

/**
 * A list or an object whose lists and objects below hold at most this many members each is written in one call:
 * a page of ten transactions (46 KB in the bench) written apart and joined cost a third more than in one call
 * (the joined rope is copied flat before its markers are found).
 */
const FEW = 16;
const membersOf = (v: object): unknown[] => (Array.isArray(v) ? v : Object.values(v));
const few = (v: object, depth: number): boolean =>
  depth === 2 ? membersOf(v).every((m) => m === null || typeof m !== 'object' || few(m, 1)) : depth === 1 && (Array.isArray(v) ? v.length <= FEW : fewKeys(v));

/** Whether an object has at most `FEW` keys, counted no further (a hub's address book has thousands). */
function fewKeys(v: object): boolean {
  let n = 0;
  for (const key in v) if (Object.hasOwn(v, key) && ++n > FEW) return false;
  return true;
}

/** Strings joined up to this length, far below V8's large-object size (strings over 128 KB cost a fresh mapping each). */
const BATCH_CHARS = 32 * 1024;

/**
 * `JSON.stringify(value)` as strings none much longer than `BATCH_CHARS` unless one value at the third level is, or
 * the value is `few` (one string): the top object or array and its members' members are written apart. A page's JSON as one string (a hub's
 * address book and metadata alone pass 128 KB) costs more in allocating it than in writing it.
 */
export function jsonBatches(value: unknown): string[] {
  const batches: string[] = [];
  let current = '';
  const push = (text: string) => {
    current += text;
    if (current.length >= BATCH_CHARS) {
      batches.push(current);
      current = '';
    }
  };
  const write = (v: unknown, depth: number): void => {
    if (depth === 0 || v === null || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function' || isBoxed(v) || few(v, depth)) {
      push(JSON.stringify(v) ?? 'null');
      return;
    }
    if (Array.isArray(v)) {
      push('[');
      // a plain loop: a hole is written as null, as JSON.stringify writes it (forEach would skip it)
      for (let i = 0; i < v.length; i++) {
        if (i > 0) push(',');
        write(v[i], depth - 1);
      }
      push(']');
      return;
    }
    push('{');
    let first = true;
    for (const key of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[key];
      // as JSON.stringify: members that are not JSON values are left out of an object
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      write(item, depth - 1);
    }
    push('}');
  };
  write(value, 2);
  if (current !== '' || batches.length === 0) batches.push(current);
  return batches;
}

const isBoxed = (v: object) => v instanceof String || v instanceof Number || v instanceof Boolean;

/** Chunks at least this long go out as they are; shorter neighbours are copied together (a write each costs more). */
const OWN_CHUNK_BYTES = 16 * 1024;

/** `chunks` with each run of short ones joined into buffers of up to about 64 KB. */
function coalesced(chunks: Buffer[]): Buffer[] {
  const out: Buffer[] = [];
  let run: Buffer[] = [];
  let runBytes = 0;
  const flush = () => {
    if (run.length > 0) out.push(run.length === 1 ? run[0] : Buffer.concat(run, runBytes));
    run = [];
    runBytes = 0;
  };
  for (const chunk of chunks) {
    if (chunk.length >= OWN_CHUNK_BYTES) {
      flush();
      out.push(chunk);
      continue;
    }
    run.push(chunk);
    runBytes += chunk.length;
    if (runBytes >= 4 * OWN_CHUNK_BYTES) flush();
  }
  flush();
  return out;
}

/** A JSON text: a string, its UTF-8 bytes, or those bytes as consecutive chunks. */
type Text = string | Buffer | readonly Buffer[];

/** Marked bytes from which a response is written in chunks rather than whole (`RawTexts.response`). */
const WHOLE_MAX = 1024 * 1024;

const asBuffer = (text: string | Buffer) => (typeof text === 'string' ? Buffer.from(text) : text);
const asBuffers = (text: Text): Buffer[] => (Array.isArray(text) ? [...text] : [asBuffer(text as string | Buffer)]);

/** A JSON body as written for a response: its chunks, and its gzip when made from parts kept compressed. */
export interface WrittenJson extends Chunks {
  gzip?: () => Promise<Buffer>;
}

/** A body written whole already. */
export const writtenOf = (json: string | Buffer): WrittenJson => {
  const bytes = asBuffer(json);
  return { chunks: [bytes], length: bytes.length };
};

/** Its bytes in one buffer (a copy unless it is one chunk). */
export const joined = (body: WrittenJson): Buffer => (body.chunks.length === 1 ? body.chunks[0] : Buffer.concat(body.chunks, body.length));
