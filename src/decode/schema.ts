import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../packageRoot.js';
import { Compiler, type TypeDec } from './compile.js';
import type { Constructor } from './tlbAst.js';
import { parseTlb } from './tlbParse.js';

/**
 * Loads the `schemas/*.tlb` files in `order.json`'s order and compiles them once.
 *
 * TON Center's top-level parser slots are fixed result types (`order.json` `slots`: InternalMsgBody0 … 11,
 * ExternalMsgBody, ForwardPayload), tried in that order. A constructor is a candidate for an opcode when its tag,
 * read as a right-aligned integer (no tag: 0), equals the whole 32-bit opcode (reference §1.3). Only a 32-bit
 * tag can then parse: a shorter tag fails its own tag check, and an untagged slot constructor (opcode 0) never
 * succeeds in TON Center, so both stay candidates for the name (`decoded_opcode`) but never decode.
 */
export interface Candidate {
  name: string;
  dec: TypeDec;
}

export interface CompiledSchema {
  compiler: Compiler;
  /** Top-level candidates by 32-bit opcode, in TON Center's try order. */
  candidates: Map<number, Candidate[]>;
  constructors: Constructor[];
  order: SchemaOrder;
  compileMs: number;
}

/** The schema directory, found from the package root (import.meta.url moves once esbuild bundles into dist/). */
export const SCHEMA_DIR = packagePath('src/decode/schemas');

/** `order.json`: file load order, the tried types in TON Center's order, printed names (README.md there). */
export interface SchemaOrder {
  files: string[];
  slots: string[];
  /** Types declared but never tried at the top level (reachable only from another type's field). */
  neverTried: string[];
  printedNames: Record<string, string>;
  special: { byOpcodeName: Record<string, string>; unknownOpcode: string[] };
}

export function readSchemaOrder(dir = SCHEMA_DIR): SchemaOrder {
  return JSON.parse(readFileSync(join(dir, 'order.json'), 'utf8')) as SchemaOrder;
}

/** The `.tlb` files in `order.json`'s order. */
export function readSchemaTexts(dir = SCHEMA_DIR): { file: string; text: string }[] {
  return readSchemaOrder(dir).files.map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));
}

const NEVER: TypeDec = () => undefined;

export function compileSchema(texts: { file: string; text: string }[], order: SchemaOrder = readSchemaOrder()): CompiledSchema {
  const t0 = performance.now();
  const constructors = texts.flatMap((t) => parseTlb(t.text, t.file));
  // Names TON Center prints that are not TL-B identifiers (`overlap_stub_00000001`).
  for (const c of constructors) c.name = order.printedNames[c.name] ?? c.name;
  const compiler = new Compiler(constructors);
  const candidates = new Map<number, Candidate[]>();
  for (const slot of order.slots) {
    for (const c of compiler.byType.get(slot) ?? []) {
      if (c.tag.length > 32) continue;
      const op = c.tag ? Number.parseInt(c.tag, 2) : 0;
      const list = candidates.get(op) ?? [];
      list.push({ name: c.name, dec: c.tag.length === 32 ? compiler.constructorDec(c) : NEVER });
      candidates.set(op, list);
    }
  }
  return { compiler, candidates, constructors, order, compileMs: performance.now() - t0 };
}
