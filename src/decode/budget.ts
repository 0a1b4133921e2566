import type { Cell } from '@ton/core';

/** Per-body work bounds: one object per decodeBody call, shared by the nested decodes it starts. */
export interface Budget {
  /** Reference descents left for the whole body, nested decodes included. */
  refs: number;
  /** Output characters left (BOC strings, hex, text). */
  out: number;
  /** Set when TON Center's output would be invalid JSON (the failed-special-path bug, §1.4). */
  poisoned?: boolean;
  /**
   * The typed mode (decode.ts `decodeParsed`), for the whole body and its nested decodes: every object the
   * schema prints carries its layout (`"@c"`, Compiler.layouts), an inner cell that decodes keeps its BOC
   * (`"@boc"`), and a text stays text (no textual recursion). Off, the output is TON Center's text.
   */
  typed?: boolean;
}

/** State of one printer run (one constructor attempt tree) inside a body's decode. */
export interface Ctx {
  budget: Budget;
  /** TON Center's per-printer limit of 4096 reference descents. */
  printerRefs: number;
  /** Nested decode depth of the cell being printed (0 = the body itself). */
  depth: number;
  /** Decodes an inner cell (a `Cell`/`Any`/`^Cell` value) as a body; undefined when it does not decode. */
  inner: (cell: Cell, depth: number, budget: Budget) => string | undefined;
}

export const PRINTER_REF_LIMIT = 4096;
export const BODY_REF_LIMIT = 16384;
export const BODY_OUTPUT_LIMIT = 1 << 20;
/**
 * Levels below the body (level 0) to which inner cells are decoded. TON Center's textual recursion
 * (`replace_boc_cells_recursive(text, depth)`, reference §1.6) is called with depth 0 on the body's text, puts in
 * the decodes of the BOC strings of the text at `depth` with their own text at depth + 1, and returns a text as is
 * once depth > 10: the cells eleven references down are decoded, the twelfth stay base64 BOCs.
 */
export const MAX_NESTED_DEPTH = 11;

export function newBudget(typed = false): Budget {
  return typed ? { refs: BODY_REF_LIMIT, out: BODY_OUTPUT_LIMIT, typed } : { refs: BODY_REF_LIMIT, out: BODY_OUTPUT_LIMIT };
}

/** Spends one reference descent; false when a bound is hit. */
export function spendRef(ctx: Ctx): boolean {
  ctx.printerRefs--;
  ctx.budget.refs--;
  return ctx.printerRefs >= 0 && ctx.budget.refs >= 0;
}

export function spendOut(ctx: Ctx, n: number): boolean {
  ctx.budget.out -= n;
  return ctx.budget.out >= 0;
}
