import { Cell } from '@ton/core';
import { type Budget, type Ctx, newBudget, PRINTER_REF_LIMIT } from './budget.js';
import { setBocReader } from './compile.js';
import { quoteGo } from './json.js';
import { type CompiledSchema, compileSchema, readSchemaTexts } from './schema.js';
import { readLiteBoc } from './liteBoc.js';
import { WalletPaths } from './wallets.js';

/**
 * TON Center's message-body decoder (reference §1–§3): one body in, its constructor name and the exact JSON
 * text of `message_content.decoded` out, or null. Work per body is bounded (budget.ts); nothing throws.
 * A bounded cache by body hash belongs to the caller (next step).
 */

export interface DecodedBody {
  /** The top-level constructor, e.g. `jetton_notify`, `empty_cell`, `wallet_signed_v4`. */
  type: string;
  /** TON Center's JSON text (legacy shape for a top-level text comment). */
  json: string;
  /** For a top-level text comment: its text. */
  comment?: string;
}

const EMPTY_CELL = '{"@type":"empty_cell"}';

/** Cells in one body's BOC beyond which it is not decoded (a message carries at most 8192). */
export const MAX_BOC_CELLS = 8192;

let schema: CompiledSchema | undefined;
let wallets: WalletPaths | undefined;
let firstName: Map<number, string> | undefined;

function load(): CompiledSchema {
  if (!schema) {
    schema = compileSchema(readSchemaTexts());
    wallets = new WalletPaths(schema.compiler, schema.order.special);
    firstName = new Map();
    for (const [op, list] of schema.candidates) firstName.set(op, list[0].name);
    setBocReader(readBoc);
  }
  return schema;
}

/** Compiles the schemas now (else on first use); returns the compile time in ms. */
export function loadDecoder(): number {
  return load().compileMs;
}

/** Sizes of the decoder's caches that bodies can grow (compiled instances per run-time natural). */
export function decoderCacheSizes(): { instances: number; runtime: number; clears: number } {
  return load().compiler.cacheSizes();
}

function readBoc(text: string): Cell | undefined {
  try {
    const buf = text.startsWith('te6') ? Buffer.from(text, 'base64') : Buffer.from(text, 'hex');
    if (buf.length === 0) return undefined;
    const lite = readLiteBoc(buf);
    if (lite) return lite;
    const cells = Cell.fromBoc(buf);
    return cells.length === 1 ? cells[0] : undefined;
  } catch {
    return undefined;
  }
}

/** The compiled schemas (compiled on first use), for readers of the typed mode's layouts. */
export function decoderSchema(): CompiledSchema {
  return load();
}

/** TON Center's `decode_boc` on one cell, with its recursion; undefined for every `unknown…` result. */
export function decodeCell(cell: Cell, depth: number, budget: Budget): string | undefined {
  if (cell.isExotic) return undefined;
  const bits = cell.bits.length;
  if (bits === 0 && cell.refs.length === 0) return EMPTY_CELL;
  if (bits < 32) return undefined;
  const s = load();
  const opcode = cell.beginParse().preloadUint(32);
  const name = firstName?.get(opcode);
  const ctx = (): Ctx => ({ budget, printerRefs: PRINTER_REF_LIMIT, depth, inner: decodeCell });
  const w = wallets as WalletPaths;
  const special = name ? w.specialType(name) : undefined;
  if (name && special) {
    const out = w.byName(cell, name, special, ctx());
    if (out !== undefined) return out;
    // TON Center leaves the failed special output in its buffer and appends the stub's: invalid JSON, null.
    budget.poisoned = true;
    return undefined;
  }
  if (!name) return w.signedExternal(cell, budget, depth, decodeCell);
  for (const cand of s.candidates.get(opcode) ?? []) {
    let out: string | undefined;
    try {
      out = cand.dec(cell.beginParse(), ctx());
    } catch {
      out = undefined;
    }
    if (out !== undefined) return out;
  }
  return undefined;
}

function countCells(root: Cell, limit: number): number {
  const seen = new Set<Cell>();
  const stack = [root];
  while (stack.length > 0 && seen.size <= limit) {
    const c = stack.pop() as Cell;
    if (seen.has(c)) continue;
    seen.add(c);
    for (const r of c.refs) stack.push(r);
  }
  return seen.size;
}

const LEGACY_COMMENT = /^\{"@type":"text_comment","text":("(?:[^"\\]|\\.)*")\}$/;

/** Decodes a message body as TON Center does for `message_content.decoded`; null when it shows null. */
export function decodeBody(boc: string | Cell): DecodedBody | null {
  try {
    const cell = typeof boc === 'string' ? readBoc(boc) : boc;
    if (!cell || countCells(cell, MAX_BOC_CELLS) > MAX_BOC_CELLS) return null;
    const budget = newBudget();
    const json = decodeCell(cell, 0, budget);
    if (json === undefined || budget.poisoned || budget.refs < 0 || budget.out < 0) return null;
    const type = /^\{"@type":"((?:[^"\\]|\\.)*)"/.exec(json)?.[1] ?? '';
    const m = LEGACY_COMMENT.exec(json);
    if (m) {
      const text = JSON.parse(m[1]) as string;
      return { type, comment: text, json: `{"@type":"text_comment","comment":${quoteGo(text)},"type":"text_comment"}` };
    }
    return { type, json };
  } catch {
    return null;
  }
}

/**
 * A decoded body in the typed mode (budget.ts `typed`): TON Center's JSON value, parsed, in which every object
 * the schema prints also names its layout (`"@c"`: Compiler.layouts), every inner cell that decoded keeps its
 * BOC (`"@boc"`), a top-level comment keeps TON Center's own shape (`{"@type":"text_comment","text":…}`) and a
 * text is never decoded as a BOC. Undecoded inner cells stay BOC strings, as in the JSON.
 */
export interface ParsedObject {
  '@type'?: string;
  '@c'?: number;
  '@boc'?: string;
  [field: string]: unknown;
}

/** A message body decoded in the typed mode, as its JSON text; null where `decodeBody` gives null (same bounds). */
export function decodeParsedText(boc: string | Cell): string | null {
  try {
    const cell = typeof boc === 'string' ? readBoc(boc) : boc;
    if (!cell || countCells(cell, MAX_BOC_CELLS) > MAX_BOC_CELLS) return null;
    const budget = newBudget(true);
    const json = decodeCell(cell, 0, budget);
    return json === undefined || budget.poisoned || budget.refs < 0 || budget.out < 0 ? null : json;
  } catch {
    return null;
  }
}

/** A message body decoded in the typed mode; null where `decodeBody` gives null (same bounds). */
export function decodeParsed(boc: string | Cell): ParsedObject | null {
  const json = decodeParsedText(boc);
  return json === null ? null : (JSON.parse(json) as ParsedObject);
}

/**
 * `decoded_opcode`: the first constructor name TON Center's slots give the stored opcode, or null (also for
 * a null opcode, i.e. a body shorter than 32 bits).
 */
export function decodedOpcode(opcode: number | null | undefined): string | null {
  if (opcode === null || opcode === undefined) return null;
  load();
  return firstName?.get(opcode >>> 0) ?? null;
}

/** One `/api/v3/decode` body item: TON Center's library output, re-encoded as its Go handler does (§5). */
export type DecodeItem = { json: string } | { error: string } | { invalidJson: string };

const B64 = /^[A-Za-z0-9+/]*$/;
const HEX = /^[0-9a-fA-F]*$/;

/** td's base64_decode (standard alphabet, padding required) and hex_decode, with their error words. */
function inputBytes(text: string): Buffer | string {
  if (text.startsWith('te6')) {
    if ((text.length & 3) !== 0) return 'unknown: failed to decode base64: Wrong string length';
    const bare = text.replace(/=+$/, '');
    if (text.length - bare.length >= 3) return 'unknown: failed to decode base64: Wrong string padding';
    if (!B64.test(bare)) return 'unknown: failed to decode base64: Wrong character in the string';
    return Buffer.from(text, 'base64');
  }
  if (text.length % 2 !== 0) return 'unknown: failed to decode hex: Wrong hex string length';
  if (!HEX.test(text)) return 'unknown: failed to decode hex: Wrong hex string';
  return Buffer.from(text, 'hex');
}

/** A `/decode` body item's cell, or TON Center's error for it (§1.7). */
function itemCell(text: string): Cell | { error: string } {
  const bytes = inputBytes(text);
  if (typeof bytes === 'string') return { error: bytes };
  let cell: Cell;
  try {
    const lite = readLiteBoc(bytes);
    const cells = lite ? [lite] : Cell.fromBoc(bytes);
    if (cells.length !== 1) return { error: `unknown: failed to deserialize boc: expected one root cell, got ${cells.length}` };
    cell = cells[0];
  } catch (e) {
    return { error: `unknown: failed to deserialize boc: ${(e as Error).message}` };
  }
  if (cell.isExotic) return { error: 'unknown: vm error - cannot load an exotic cell' };
  if (cell.bits.length < 32 && (cell.bits.length > 0 || cell.refs.length > 0)) return { error: `unknown: boc is too small, size ${cell.bits.length}` };
  if (countCells(cell, MAX_BOC_CELLS) > MAX_BOC_CELLS) return { error: 'unknown: no parser succeeded' };
  return cell;
}

/**
 * TON Center's `decode_boc` on one `/decode` body item, without the legacy comment rewrite: the decoded JSON
 * text, an `unknown: …` error (§1.7), or the invalid JSON of the failed wallet special path (§1.4).
 */
export function decodeItem(text: string): DecodeItem {
  try {
    const cell = itemCell(text);
    if ('error' in cell) return cell;
    const budget = newBudget();
    const json = decodeCell(cell, 0, budget);
    if (budget.poisoned) return { invalidJson: json ?? stubOutput(cell) };
    if (json === undefined || budget.refs < 0 || budget.out < 0) return { error: 'unknown: no parser succeeded' };
    return { json };
  } catch {
    return { error: 'unknown: unhandled error' };
  }
}

/** One `/decode` body item in the typed mode: its value, or the error `/decode` reports for it. */
export type ParsedItem = { value: ParsedObject } | { error: string };

/** The words for TON Center's invalid JSON (the failed wallet special path, §1.4), which `/decode` returns as `failed_to_decode_json`. */
export const FAILED_TO_DECODE_JSON = 'failed to decode json: the wallet special path failed and left invalid JSON';

/** `decodeItem` in the typed mode. */
export function parseItem(text: string): ParsedItem {
  try {
    const cell = itemCell(text);
    if ('error' in cell) return cell;
    const budget = newBudget(true);
    const json = decodeCell(cell, 0, budget);
    if (budget.poisoned) return { error: FAILED_TO_DECODE_JSON };
    if (json === undefined || budget.refs < 0 || budget.out < 0) return { error: 'unknown: no parser succeeded' };
    return { value: JSON.parse(json) as ParsedObject };
  } catch {
    return { error: 'unknown: unhandled error' };
  }
}

/** What the generic path appends after a failed special path: the opcode-detection stub's output. */
function stubOutput(cell: Cell): string {
  const s = load();
  const budget = newBudget();
  for (const cand of s.candidates.get(cell.beginParse().preloadUint(32)) ?? []) {
    try {
      const out = cand.dec(cell.beginParse(), { budget, printerRefs: PRINTER_REF_LIMIT, depth: 0, inner: decodeCell });
      if (out !== undefined) return out;
    } catch {}
  }
  return '';
}

/** The JSON text with every object's keys sorted and strings escaped as Go's encoding/json writes them. */
export function sortedGoJson(json: string): string {
  const write = (v: unknown): string => {
    if (typeof v === 'string') return quoteGo(v);
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map(write).join(',')}]`;
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${quoteGo(k)}:${write(o[k])}`)
      .join(',')}}`;
  };
  return write(JSON.parse(json));
}
