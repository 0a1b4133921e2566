// The TL-B schema data of the message-body decoder (src/decode/schemas): every file is well formed, the set is the 944
// constructors of TON Center's schema, order.json agrees with the files, and — when our reference notes are on this
// machine (they live outside the repository) — every constructor equals its row of the notes' constructor table.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../src/decode/schemas');
const REFERENCE = process.env.TONCENTER_DECODE_REFERENCE ?? path.resolve(import.meta.dirname, '../../shared/reference/toncenter-decode.md');
const FALLBACK_REFERENCE = '/work/shared/reference/toncenter-decode.md';

interface Manifest {
  files: string[];
  slots: string[];
  neverTried: string[];
  special: { byOpcodeName: Record<string, string>; unknownOpcode: string[] };
  printedNames: Record<string, string>;
  collisions: { opcode: string; tryOrder: { name: string; type: string }[] }[];
}

interface Decl {
  file: string;
  name: string;
  /** `#0f8a7ea5`, `$10`, `#1eda`, `$_`, or '' (anonymous). */
  tag: string;
  fields: string;
  /** The result expression (`HashmapE n X`) and its type name (`HashmapE`). */
  result: string;
  type: string;
}

const manifest: Manifest = JSON.parse(readFileSync(path.join(DIR, 'order.json'), 'utf8'));

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Splits at whitespace outside brackets; throws on unbalanced or crossed brackets. */
function topLevel(text: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  let current = '';
  for (const ch of text) {
    if (ch in OPEN) stack.push(OPEN[ch]);
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (stack.pop() !== ch) throw new Error(`unbalanced ${ch} in ${text}`);
    }
    if (/\s/.test(ch) && stack.length === 0) {
      if (current) out.push(current);
      current = '';
    } else current += ch;
  }
  if (stack.length) throw new Error(`unclosed bracket in ${text}`);
  if (current) out.push(current);
  return out;
}

function parseFile(file: string): Decl[] {
  const text = readFileSync(path.join(DIR, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/.*$/gm, '');
  const parts = text.split(';');
  if (parts.pop()?.trim() !== '') throw new Error(`${file}: text after the last ';'`);
  return parts.map((part) => {
    const decl = part.replace(/\s+/g, ' ').trim();
    const tokens = topLevel(decl);
    const eq = tokens.indexOf('=');
    if (eq < 1 || tokens.lastIndexOf('=') !== eq) throw new Error(`${file}: no single top-level '=' in ${decl}`);
    const head = /^([A-Za-z_][A-Za-z0-9_]*)(#[0-9a-f]+|#_|\$[01]+|\$_)?$/.exec(tokens[0]);
    if (!head) throw new Error(`${file}: bad constructor head ${tokens[0]}`);
    const result = tokens.slice(eq + 1);
    if (!result.length || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(result[0])) throw new Error(`${file}: bad result in ${decl}`);
    // `flags . 0?X` is one conditional field written with spaces.
    const fieldTokens = topLevel(tokens.slice(1, eq).join(' ').replace(/ \. /g, '.'));
    for (const token of fieldTokens) if (!/^([A-Za-z_][A-Za-z0-9_]*:\S|[{(^])/.test(token)) throw new Error(`${file}: bad field ${token} in ${decl}`);
    return {
      file,
      name: head[1],
      tag: head[2] ?? '',
      fields: tokens.slice(1, eq).join(' '),
      result: result.join(' '),
      type: result[0],
    };
  });
}

const decls = manifest.files.flatMap(parseFile);
const printed = (d: Decl) => manifest.printedNames[d.name] ?? d.name;
/** The 32-bit value TON Center compares opcodes with: the tag right-aligned, 0 when there is none (§1.3). */
const lookupValue = (d: Decl) =>
  d.tag.startsWith('#') && d.tag !== '#_' ? Number.parseInt(d.tag.slice(1), 16) : d.tag.startsWith('$') && d.tag !== '$_' ? -1 : 0;

describe('decoder schemas (src/decode/schemas)', () => {
  it('order.json lists every .tlb file of the directory, once', () => {
    const onDisk = readdirSync(DIR)
      .filter((f) => f.endsWith('.tlb'))
      .sort();
    expect([...manifest.files].sort()).toEqual(onDisk);
    expect(new Set(manifest.files).size).toBe(manifest.files.length);
  });

  it('holds the 944 constructors: 547 in the 14 tried types, 11 for the wallet paths, 11 never tried, 375 helpers', () => {
    expect(decls).toHaveLength(944);
    expect(manifest.slots).toHaveLength(14);
    const special = new Set([...Object.values(manifest.special.byOpcodeName), ...manifest.special.unknownOpcode]);
    const count = (pred: (d: Decl) => boolean) => decls.filter(pred).length;
    expect(count((d) => manifest.slots.includes(d.type))).toBe(547);
    expect(count((d) => special.has(d.type))).toBe(11);
    expect(count((d) => manifest.neverTried.includes(d.type))).toBe(11);
    expect(count((d) => !manifest.slots.includes(d.type) && !special.has(d.type) && !manifest.neverTried.includes(d.type))).toBe(375);
  });

  it('has no duplicate (name, tag, result type) triple', () => {
    const keys = decls.map((d) => `${d.name}|${d.tag}|${d.type}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('declares every type it uses, with as many arguments as it declares', () => {
    const arity = new Map<string, number>();
    for (const d of decls) {
      const n = topLevel(d.result).length - 1;
      if ((arity.get(d.type) ?? n) !== n) throw new Error(`${d.type} declared with different arities`);
      arity.set(d.type, n);
    }
    const builtin = new Set(['Cell', 'Any', 'Type', 'SnakeString']);
    const problems: string[] = [];
    for (const d of decls) {
      const params = new Set([...d.fields.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*):/g)].map((m) => m[1]));
      for (const m of d.fields.matchAll(/(?<![A-Za-z0-9_])([A-Z][A-Za-z0-9_]*)(?![A-Za-z0-9_]*:)/g))
        if (!arity.has(m[1]) && !builtin.has(m[1]) && !params.has(m[1])) problems.push(`${d.name}: ${m[1]} undeclared`);
      for (const m of d.fields.matchAll(/\(([A-Z][A-Za-z0-9_]*)((?: [^()]+|\([^()]*\))*)\)/g)) {
        if (!arity.has(m[1])) continue;
        const args = topLevel(m[2]).length;
        if (args !== arity.get(m[1])) problems.push(`${d.name}: (${m[1]}${m[2]}) has ${args} arguments, declared ${arity.get(m[1])}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every tried type at most one constructor per 32-bit opcode', () => {
    for (const slot of manifest.slots) {
      const values = decls.filter((d) => d.type === slot).map(lookupValue);
      expect(
        values.filter((v, i) => values.indexOf(v) !== i),
        slot,
      ).toEqual([]);
      expect(values.every((v) => v >= 0)).toBe(true);
    }
  });

  it("order.json's collisions are exactly the opcodes shared by tried constructors, in type order", () => {
    const byOpcode = new Map<number, { name: string; type: string }[]>();
    for (const slot of manifest.slots)
      for (const d of decls.filter((x) => x.type === slot))
        byOpcode.set(lookupValue(d), [...(byOpcode.get(lookupValue(d)) ?? []), { name: printed(d), type: slot }]);
    const expected = [...byOpcode]
      .filter(([, list]) => list.length > 1)
      .sort(([a], [b]) => a - b)
      .map(([value, tryOrder]) => ({ opcode: `0x${value.toString(16).padStart(8, '0')}`, tryOrder }));
    expect(manifest.collisions).toEqual(expected);
    expect(manifest.collisions).toHaveLength(40);
  });

  it('order.json names types and constructors that the files declare', () => {
    const types = new Set(decls.map((d) => d.type));
    for (const t of [...manifest.slots, ...manifest.neverTried, ...Object.values(manifest.special.byOpcodeName), ...manifest.special.unknownOpcode])
      expect(types.has(t), t).toBe(true);
    for (const name of Object.keys(manifest.special.byOpcodeName))
      expect(
        decls.some((d) => d.name === name && manifest.slots.includes(d.type)),
        name,
      ).toBe(true);
    for (const id of Object.keys(manifest.printedNames)) expect(decls.filter((d) => d.name === id)).toHaveLength(1);
  });

  const reference = [REFERENCE, FALLBACK_REFERENCE].find((p) => existsSync(p));
  const withReference = reference ? describe : describe.skip;
  if (!reference)
    console.warn(`decodeSchemas: the reference notes are not on this machine (${REFERENCE}): the comparison with the constructor table is skipped`);

  withReference('against the constructor table of the reference notes', () => {
    const markdown = reference ? readFileSync(reference, 'utf8') : '';
    const SLOT_NAMES: Record<string, string> = { Ext: 'ExternalMsgBody', FP: 'ForwardPayload' };
    const slotName = (short: string) => SLOT_NAMES[short] ?? short.replace(/^IMB(\d+)$/, 'InternalMsgBody$1');
    const rows = [...markdown.slice(markdown.indexOf('## A. Constructor table')).matchAll(/^\| (\d+) \| (.*?) \| (.*?) \| (.*?) \| (.*) \|$/gm)].map((m) => ({
      n: Number(m[1]),
      name: m[2].startsWith('`_`') ? '_' : m[2],
      tag: m[3],
      type: slotName(
        m[4]
          .replace(/\*/g, '')
          .replace(/ \(.*\)$/, '')
          .trim(),
      ),
      fields: m[5] === '—' ? '' : m[5].slice(1, -1),
    }));

    it('has 944 rows, in the order of the files', () => {
      expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 944 }, (_, i) => i + 1));
    });

    it("every constructor's name, tag, result type and fields equal its row", () => {
      const norm = (s: string) => s.replace(/\s+/g, ' ').replace(/: /g, ':').trim();
      const mismatches: string[] = [];
      rows.forEach((row, i) => {
        const d = decls[i];
        const hex = /^`0x([0-9a-f]{8})`ᶜ?$/.exec(row.tag);
        const short = /^`([#$][0-9a-f]+)`(?: \((\d+) b\))?$/.exec(row.tag);
        const tag = row.tag === '—' ? (row.name === '_' ? '' : '$_') : hex ? `#${hex[1]}` : short ? short[1] : `?${row.tag}`;
        if (short?.[2] && short[1].startsWith('#') && (short[1].length - 1) * 4 !== Number(short[2])) mismatches.push(`row ${row.n}: tag width`);
        const got = `${printed(d)} ${d.tag} ${d.type} ${norm(d.fields)}`;
        const want = `${row.name} ${tag} ${row.type} ${norm(row.fields)}`;
        if (got !== want) mismatches.push(`row ${row.n} (${d.file}): ${got} ≠ ${want}`);
      });
      expect(mismatches).toEqual([]);
    });

    it("order.json's collisions are §1.3's table: same opcodes, same types in the same order, same first name", () => {
      const section = markdown.slice(markdown.indexOf('### 1.3'), markdown.indexOf('### 1.4'));
      const table = [...section.matchAll(/^\| (0x[0-9a-f]{8}) \| (.*) \|$/gm)].map((m) => ({
        opcode: m[1],
        types: [...m[2].matchAll(/\[(IMB\d+|Ext|FP)\]/g)].map((t) => slotName(t[1])),
        first: /^`?([a-z0-9_,]+)/.exec(m[2])?.[1],
      }));
      expect(table).toHaveLength(40);
      expect(manifest.collisions.map((c) => ({ opcode: c.opcode, types: c.tryOrder.map((t) => t.type), first: c.tryOrder[0].name }))).toEqual(table);
    });
  });
});
