import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Chosen by measurement on this service's pages: level 6 takes a 2.8 MB trace page to 14% in ~15 ms (level 9:
 * 13.6% in ~22 ms).
 */
export const GZIP_LEVEL = 6;

/**
 * Bytes compressed on their own as raw deflate ending on a byte boundary (a sync flush: no final block), with
 * the CRC-32 and length of what they hold. Such parts laid end to end are one deflate stream (RFC 1951: each
 * part's back-references stay within its own bytes), so a response made of parts kept compressed (a final
 * trace's JSON) is gzipped by compressing only what is new in it.
 */
export interface DeflatedPart {
  deflated: Buffer;
  crc: number;
  length: number;
}

/**
 * Compressions at once (zlib's async calls run on the libuv threadpool, 4 threads by default); the rest wait
 * holding only the body they would hold anyway, so encoder memory (a few MB each for a large page) stays bounded.
 */
const MAX_RUNNING = 4;
let running = 0;
const waiting: (() => void)[] = [];

export async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_RUNNING) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * zlib's output as bytes of their own, for keeping: a single output chunk is a view of zlib's whole buffer (16 KiB
 * or more), and a small Buffer.from copy would be a view of Node's shared 8 KiB pool.
 */
export function ownCopy(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * zlib's output chunk for a body of `length` bytes: zlib comes back to the event loop after each chunk (16 KiB by
 * default: 47 round trips for a 5.5 MB trace page, each waiting behind whatever the loop is busy with; measured
 * 550 ms instead of 80 ms beside 10 ms tasks). A quarter of the body (JSON compresses to 5–20%), at most 1 MiB,
 * makes it one or two.
 */
export const chunkSizeFor = (length: number) => Math.min(Math.max(length >> 2, zlib.constants.Z_DEFAULT_CHUNK), 1024 * 1024);

/** `bytes` as a part, compressed off the event loop in its turn. */
export async function deflatePart(bytes: Buffer): Promise<DeflatedPart> {
  const chunkSize = chunkSizeFor(bytes.length);
  const deflated = await inTurn(() => deflateRaw(bytes, { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize }));
  return { deflated: ownCopy(deflated), crc: zlib.crc32(bytes), length: bytes.length };
}

// RFC 1952: magic, deflate, no flags, no modification time, no extra flags, unknown OS.
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty final block of fixed Huffman codes: ends the deflate stream.
const LAST_BLOCK = Buffer.from([3, 0]);

// CRC-32 arithmetic on reflected polynomials, as zlib's crc32_combine does it (which Node does not expose).
const POLY = 0xedb88320;

/** a·b modulo the CRC-32 polynomial. */
function multModP(a: number, b: number): number {
  let product = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N = new Uint32Array(32);
X2N[0] = 0x40000000;
for (let k = 1; k < 32; k++) X2N[k] = multModP(X2N[k - 1], X2N[k - 1]);

/** The CRC-32 of a then b, from theirs and b's length. */
function crcCombine(crcA: number, crcB: number, lengthB: number): number {
  // a's CRC times x^(8·lengthB): as if lengthB zero bytes followed it
  let power = 0x80000000;
  for (let n = lengthB, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) power = multModP(X2N[k & 31], power);
  return (multModP(power, crcA) ^ crcB) >>> 0;
}

/** Bytes laid out as stored (uncompressed) deflate blocks: cheaper than a compressor for a few bytes between parts. */
function storedPart(bytes: Buffer): DeflatedPart {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 0xffff) {
    const data = bytes.subarray(at, at + 0xffff);
    const header = Buffer.alloc(5);
    // not final, stored (BTYPE 00); the stream is byte-aligned here, so the header's other bits are padding
    header.writeUInt16LE(data.length, 1);
    header.writeUInt16LE(~data.length & 0xffff, 3);
    blocks.push(header, data);
  }
  return { deflated: Buffer.concat(blocks), crc: zlib.crc32(bytes), length: bytes.length };
}

/** Below this, bytes between parts are stored rather than compressed (a compressor costs its setup, ~50 µs). */
const STORED_MAX = 256;

/**
 * A gzip member of `parts` in order: plain bytes compressed here (consecutive ones together, off the event loop;
 * a few bytes stored as they are), parts kept compressed as they are.
 */
export async function gzipOfParts(parts: readonly (Buffer | DeflatedPart)[]): Promise<Buffer> {
  const runs: (Buffer[] | DeflatedPart)[] = [];
  for (const part of parts) {
    const last = runs.at(-1);
    if (!Buffer.isBuffer(part)) runs.push(part);
    else if (Array.isArray(last)) last.push(part);
    else runs.push([part]);
  }
  const deflated = await Promise.all(
    runs.map((run) => {
      if (!Array.isArray(run)) return run;
      const bytes = Buffer.concat(run);
      return bytes.length <= STORED_MAX ? storedPart(bytes) : deflatePart(bytes);
    }),
  );
  let crc = 0;
  let length = 0;
  for (const part of deflated) {
    crc = crcCombine(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat([HEADER, ...deflated.map((p) => p.deflated), LAST_BLOCK, trailer]);
}
