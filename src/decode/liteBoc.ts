import { createHash } from 'node:crypto';
import { BitReader, BitString, Cell, CellType, Slice } from '@ton/core';

/**
 * A reader for the BOCs message bodies come in that builds @ton/core Cells without hashing them. @ton/core's
 * `Cell.fromBoc` computes every cell's SHA-256 in pure JavaScript as it builds it: over half of the time a body
 * takes to decode, and the decoder needs a hash only for a cell it prints as a BOC. These cells compute theirs
 * (with node:crypto) when asked. Only the common form is read here: ordinary cells of level 0, no stored hashes;
 * anything else (exotic cells, the old magics) is left to `Cell.fromBoc`, which `undefined` asks for.
 */

const MAGIC = 0xb5ee9c72;
const ZERO_MASK = { value: 0, level: 0, hashIndex: 0, hashCount: 1, apply: () => ZERO_MASK, isSignificant: (l: number) => l === 0 };

/** What a cell of this reader holds besides @ton/core's fields: its serialized form, for the hash. */
interface Lite {
  bits: BitString;
  refs: Cell[];
  data: Buffer;
  d1: number;
  d2: number;
  hashed?: Buffer;
  deep?: number;
}

function liteHash(c: Lite): Buffer {
  if (!c.hashed) {
    const h = createHash('sha256');
    h.update(Buffer.from([c.d1, c.d2]));
    h.update(c.data);
    for (const r of c.refs) {
      const d = r.depth();
      h.update(Buffer.from([d >> 8, d & 0xff]));
    }
    for (const r of c.refs) h.update(r.hash());
    c.hashed = h.digest();
  }
  return c.hashed;
}

function liteDepth(c: Lite): number {
  if (c.deep === undefined) {
    let depth = 0;
    for (const r of c.refs) depth = Math.max(depth, r.depth() + 1);
    c.deep = depth;
  }
  return c.deep;
}

// @ton/core defines a cell's methods per instance in its constructor; these cells share one prototype instead
// (below Cell's, so `instanceof Cell` and its getters hold) and skip the constructor, which hashes.
const LITE_PROTO: object = Object.create(Cell.prototype, {
  beginParse: {
    value(this: Lite) {
      return new Slice(new BitReader(this.bits), this.refs);
    },
  },
  hash: {
    value(this: Lite) {
      return liteHash(this);
    },
  },
  depth: {
    value(this: Lite) {
      return liteDepth(this);
    },
  },
  level: { value: () => 0 },
  equals: {
    value(this: Lite, other: Cell) {
      return liteHash(this).equals(other.hash());
    },
  },
});

/** A level-0 ordinary cell whose hash and depth are computed on first use. */
function liteCell(bits: BitString, refs: Cell[], data: Buffer, d1: number, d2: number): Cell {
  const cell = Object.create(LITE_PROTO) as Lite & Record<string, unknown>;
  cell.type = CellType.Ordinary;
  cell.bits = bits;
  cell.refs = refs;
  cell.mask = ZERO_MASK;
  cell.data = data;
  cell.d1 = d1;
  cell.d2 = d2;
  return cell as unknown as Cell;
}

/** The single root of a BOC in the common form, or undefined when the BOC is not (or not only) that. */
export function readLiteBoc(buf: Buffer): Cell | undefined {
  if (buf.length < 6 || buf.readUInt32BE(0) !== MAGIC) return undefined;
  const flags = buf[4];
  const hasIdx = (flags & 0x80) !== 0;
  const hasCrc = (flags & 0x40) !== 0;
  const size = flags & 7;
  const offBytes = buf[5];
  if (size < 1 || size > 4 || offBytes < 1 || offBytes > 8) return undefined;
  let at = 6;
  const readN = (n: number): number => {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 256 + buf[at++];
    return v;
  };
  if (buf.length < at + 3 * size + offBytes) return undefined;
  const cells = readN(size);
  const roots = readN(size);
  readN(size); // absent
  const totalSize = readN(offBytes);
  if (roots !== 1 || cells < 1) return undefined;
  const root = readN(size);
  if (hasIdx) at += cells * offBytes;
  const end = at + totalSize;
  if (end + (hasCrc ? 4 : 0) !== buf.length) return undefined;
  if (hasCrc && crc32c(buf.subarray(0, end)) !== buf.readUInt32LE(end)) return undefined;
  const raw: { d1: number; d2: number; data: Buffer; refs: number[] }[] = [];
  for (let i = 0; i < cells; i++) {
    if (at + 2 > end) return undefined;
    const d1 = buf[at];
    const d2 = buf[at + 1];
    at += 2;
    // exotic, stored hashes or a level: the general reader's work
    if (d1 & 0xf8) return undefined;
    const refCount = d1 & 7;
    const len = Math.ceil(d2 / 2);
    if (refCount > 4 || at + len + refCount * size > end) return undefined;
    const data = buf.subarray(at, at + len);
    at += len;
    const refs: number[] = [];
    for (let r = 0; r < refCount; r++) {
      const ref = readN(size);
      if (ref <= i || ref >= cells) return undefined;
      refs.push(ref);
    }
    raw.push({ d1, d2, data, refs });
  }
  if (at !== end || root >= cells) return undefined;
  const built: Cell[] = new Array(cells);
  for (let i = cells - 1; i >= 0; i--) {
    const { d1, d2, data, refs } = raw[i];
    let bitLength = (d2 >> 1) * 8;
    if (d2 & 1) {
      const last = data[data.length - 1];
      if (last === 0) return undefined;
      bitLength += 7 - Math.log2(last & -last);
    }
    built[i] = liteCell(
      new BitString(data, 0, bitLength),
      refs.map((r) => built[r]),
      data,
      d1,
      d2,
    );
  }
  return built[root];
}

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32c(bytes: Buffer): number {
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
