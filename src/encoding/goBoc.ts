import { type Cell, crc32c } from '@ton/core';

/**
 * A cell as tonutils-go's `ToBOC()` writes it, which is how TON Center prints the cells it reads itself (the
 * bodies inside multisig orders): no index, CRC32-C, cells in breadth-first order (a cell met again is moved
 * after every cell that refers to it). @ton/core orders depth first, which differs once a tree has two levels
 * of references.
 */
export function goBoc(root: Cell): Buffer {
  const cells = goOrder(root);
  const at = new Map(cells.map((c, i) => [c.hash().toString('hex'), i]));
  const refSize = byteSize(cells.length);
  const payload = Buffer.concat(
    cells.map((c) => {
      const bits = c.bits.length;
      const data = Buffer.alloc(Math.ceil(bits / 8));
      for (let i = 0; i < bits; i++) if (c.bits.at(i)) data[i >> 3] |= 0x80 >> (i & 7);
      if (bits % 8 !== 0) data[data.length - 1] |= 1 << (7 - (bits % 8));
      const d1 = c.refs.length + (c.isExotic ? 8 : 0) + c.mask.value * 32;
      const d2 = Math.floor(bits / 8) * 2 + (bits % 8 === 0 ? 0 : 1);
      return Buffer.concat([Buffer.from([d1, d2]), data, ...c.refs.map((r) => int(at.get(r.hash().toString('hex'))!, refSize))]);
    }),
  );
  const sizeBytes = byteSize(payload.length);
  const head = Buffer.concat([
    Buffer.from([0xb5, 0xee, 0x9c, 0x72, 0x40 | refSize, sizeBytes]),
    int(cells.length, refSize),
    int(1, refSize),
    int(0, refSize),
    int(payload.length, sizeBytes),
    int(0, refSize),
    payload,
  ]);
  return Buffer.concat([head, crc32c(head)]);
}

/** tonutils' cell order: breadth first by first sight, then each reference placed after its parent. */
function goOrder(root: Cell): Cell[] {
  const index = new Map<string, { cell: Cell; at: number }>();
  let next = 0;
  for (let level = [root]; level.length > 0; ) {
    const below: Cell[] = [];
    for (const c of level) {
      const h = c.hash().toString('hex');
      if (index.has(h)) continue;
      index.set(h, { cell: c, at: next++ });
      below.push(...c.refs);
    }
    level = below;
  }
  for (let moved = true; moved; ) {
    moved = false;
    for (const item of index.values()) {
      for (const r of item.cell.refs) {
        const ref = index.get(r.hash().toString('hex'))!;
        if (ref.at < item.at) {
          ref.at = next++;
          moved = true;
        }
      }
    }
  }
  return [...index.values()].sort((a, b) => a.at - b.at).map((i) => i.cell);
}

/** Bytes tonutils gives a count or size n: ceil(log2(n + 1) / 8). */
const byteSize = (n: number) => Math.max(1, Math.ceil(Math.log2(n + 1) / 8));

const int = (value: number, bytes: number) => {
  const out = Buffer.alloc(bytes);
  for (let i = bytes - 1, v = value; i >= 0; i--, v = Math.floor(v / 256)) out[i] = v % 256;
  return out;
};
