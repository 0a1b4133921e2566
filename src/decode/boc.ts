import type { Cell } from '@ton/core';

/**
 * `std_boc_serialize(cell, 0)` as the C++ node writes it: no index, no CRC, and the C++ cell order (its
 * BagOfCells weight/revisit ordering: roughly breadth first), which differs from @ton/core's depth-first order
 * for trees of more than a couple of levels. Needed because TON Center prints inner cells as these bytes.
 */

const MAX_CELL_WHS = 64;

interface Info {
  cell: Cell;
  refs: number[];
  wt: number;
  newIdx: number;
}

export function cppBoc(root: Cell): Buffer {
  const list: Info[] = [];
  const byHash = new Map<string, number>();
  const importCell = (c: Cell): number => {
    const h = c.hash().toString('hex');
    const known = byHash.get(h);
    if (known !== undefined) return known;
    const refs: number[] = [];
    let sum = 1;
    for (const r of c.refs) {
      const i = importCell(r);
      refs.push(i);
      sum += list[i].wt;
    }
    byHash.set(h, list.length);
    list.push({ cell: c, refs, wt: Math.min(0xff, sum), newIdx: -1 });
    return list.length - 1;
  };
  const rootIdx = importCell(root);
  const n = list.length;
  for (let i = n - 1; i >= 0; i--) {
    const d = list[i];
    const s = d.refs.length;
    let c = s;
    let sum = MAX_CELL_WHS - 1;
    let mask = 0;
    for (let j = 0; j < s; j++) {
      const dj = list[d.refs[j]];
      if (dj.wt <= Math.floor((MAX_CELL_WHS - 1 + j) / s)) {
        sum -= dj.wt;
        c--;
        mask |= 1 << j;
      }
    }
    if (c) {
      for (let j = 0; j < s; j++) {
        if (!(mask & (1 << j))) {
          const dj = list[d.refs[j]];
          const limit = Math.floor(sum++ / c);
          if (dj.wt > limit) dj.wt = limit;
        }
      }
    }
  }
  for (const d of list) {
    let sum = 1;
    for (const r of d.refs) sum += list[r].wt;
    d.wt = sum <= d.wt ? sum : 0;
  }
  const order: Info[] = [];
  const revisit = (idx: number, force: number): number => {
    const d = list[idx];
    if (d.newIdx >= 0) return d.newIdx;
    if (!force) {
      if (d.newIdx !== -1) return d.newIdx;
      for (let j = d.refs.length - 1; j >= 0; j--) revisit(d.refs[j], list[d.refs[j]].wt === 0 ? 1 : 0);
      d.newIdx = -2;
      return -2;
    }
    if (force > 1) {
      d.newIdx = order.length;
      order.push(d);
      return d.newIdx;
    }
    if (d.newIdx === -3) return -3;
    if (d.wt === 0) revisit(idx, 0);
    for (let j = d.refs.length - 1; j >= 0; j--) revisit(d.refs[j], 1);
    for (let j = d.refs.length - 1; j >= 0; j--) revisit(d.refs[j], 2);
    d.newIdx = -3;
    return -3;
  };
  revisit(rootIdx, 0);
  revisit(rootIdx, 1);
  revisit(rootIdx, 2);
  // cells are written last-allocated first
  const pos = (d: Info) => n - 1 - d.newIdx;
  const sizeBytes = Math.max(1, Math.ceil(Math.log2(n + 1) / 8));
  const parts: Buffer[] = [];
  let total = 0;
  for (let i = n - 1; i >= 0; i--) {
    const d = order[i];
    const c = d.cell;
    const bits = c.bits.length;
    const bytes = Math.ceil(bits / 8);
    const buf = Buffer.alloc(2 + bytes + d.refs.length * sizeBytes);
    buf[0] = d.refs.length + (c.isExotic ? 8 : 0) + c.mask.value * 32;
    buf[1] = Math.floor(bits / 8) + bytes;
    for (let b = 0; b < bits; b++) if (c.bits.at(b)) buf[2 + (b >> 3)] |= 0x80 >> (b & 7);
    if (bits % 8) buf[2 + (bits >> 3)] |= 0x80 >> (bits & 7);
    let o = 2 + bytes;
    for (const r of d.refs) {
      buf.writeUIntBE(pos(list[r]), o, sizeBytes);
      o += sizeBytes;
    }
    parts.push(buf);
    total += buf.length;
  }
  const offBytes = Math.max(1, Math.ceil(Math.log2(total + 1) / 8));
  const head = Buffer.alloc(6 + 3 * sizeBytes + offBytes + sizeBytes);
  head.writeUInt32BE(0xb5ee9c72, 0);
  head[4] = sizeBytes;
  head[5] = offBytes;
  let o = 6;
  head.writeUIntBE(n, o, sizeBytes);
  o += sizeBytes;
  head.writeUIntBE(1, o, sizeBytes);
  o += sizeBytes;
  head.writeUIntBE(0, o, sizeBytes);
  o += sizeBytes;
  head.writeUIntBE(total, o, offBytes);
  o += offBytes;
  head.writeUIntBE(pos(list[rootIdx]), o, sizeBytes);
  return Buffer.concat([head, ...parts]);
}
