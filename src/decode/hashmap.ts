import type { Slice } from '@ton/core';
import { type Ctx, spendRef } from './budget.js';

/** Prints one value of the dictionary's value type; undefined on failure. */
export type ValueDec = (s: Slice, ctx: Ctx) => string | undefined;

/** Bits needed for a natural in 0..n: ceil(log2(n + 1)). */
export function bitsFor(n: number): number {
  return n <= 0 ? 0 : 32 - Math.clz32(n);
}

const UNARY_ZERO = '{"@type":"unary_zero"}';

/** `Hashmap n X` printed as the raw tlbc tree (hashmap_edge / labels / nodes), as TON Center prints it. */
export function printHashmap(s: Slice, ctx: Ctx, n: number, value: ValueDec): string | undefined {
  if (s.remainingBits < 1) return undefined;
  let label: string;
  let l: number;
  if (!s.loadBit()) {
    let k = 0;
    while (true) {
      if (s.remainingBits < 1) return undefined;
      if (!s.loadBit()) break;
      k++;
    }
    if (k > n || s.remainingBits < k) return undefined;
    const unary = `${'{"@type":"unary_succ","x":'.repeat(k)}${UNARY_ZERO}${'}'.repeat(k)}`;
    label = `{"@type":"hashmap_label_short","len":${unary},"s":"${s.loadBits(k).toString()}"}`;
    l = k;
  } else {
    const w = bitsFor(n);
    if (s.remainingBits < 1 + w) return undefined;
    if (!s.loadBit()) {
      l = s.loadUint(w);
      if (l > n || s.remainingBits < l) return undefined;
      label = `{"@type":"hashmap_label_long","n":"${l}","s":"${s.loadBits(l).toString()}"}`;
    } else {
      const v = s.loadBit();
      l = s.loadUint(w);
      if (l > n) return undefined;
      label = `{"@type":"hashmap_label_same","v":${v},"n":"${l}"}`;
    }
  }
  const m = n - l;
  let node: string | undefined;
  if (m === 0) {
    const v = value(s, ctx);
    if (v === undefined) return undefined;
    node = `{"@type":"hashmap_node_leaf","value":${v}}`;
  } else {
    if (s.remainingRefs < 2 || !spendRef(ctx) || !spendRef(ctx)) return undefined;
    const left = printHashmap(s.loadRef().beginParse(), ctx, m - 1, value);
    if (left === undefined) return undefined;
    const right = printHashmap(s.loadRef().beginParse(), ctx, m - 1, value);
    if (right === undefined) return undefined;
    node = `{"@type":"hashmap_node_fork","left":${left},"right":${right}}`;
  }
  return `{"@type":"hashmap_edge","label":${label},"node":${node}}`;
}

export function printHashmapE(s: Slice, ctx: Ctx, n: number, value: ValueDec): string | undefined {
  if (s.remainingBits < 1) return undefined;
  if (!s.loadBit()) return '{"@type":"hashmap_empty"}';
  if (s.remainingRefs < 1 || !spendRef(ctx)) return undefined;
  const root = printHashmap(s.loadRef().beginParse(), ctx, n, value);
  return root === undefined ? undefined : `{"@type":"hashmap_root","root":${root}}`;
}
