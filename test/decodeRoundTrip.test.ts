// The decoder over all 944 constructors: every constructor's printer compiles, and every constructor TON Center
// tries round-trips: random field values following its TL-B, built with @ton/core's Builder, decode to the same
// constructor with the same top-level fields (scalars compared by value). Prints the counts and the failures.
//
// What is round-tripped here: the 547 constructors of the 14 parser slots. The 11 constructors of the wallet special
// paths are round-tripped by test/decodeWallets.test.ts; the 11 of the types TON Center never tries
// (order.json `neverTried`) are not, no body reaches them. The 375 constructors of helper types (Maybe, Either,
// addresses, dictionaries, messages, out lists, every protocol's own types) are exercised only inside the slot
// constructors whose fields hold them, through the random values built for those: that covers each helper a
// slot constructor can reach, with the values the builder chose, not each helper on its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Cell, Cell as CellClass } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { newBudget, PRINTER_REF_LIMIT } from '../src/decode/budget.js';
import { decodeCell } from '../src/decode/decode.js';
import { decodeBody, decodedOpcode } from '../src/decode/index.js';
import { compileSchema, readSchemaOrder, readSchemaTexts, SCHEMA_DIR } from '../src/decode/schema.js';
import type { Constructor, TypeExpr } from '../src/decode/tlbAst.js';
import { fixturePath } from './helpers/fixtures';
import { attemptBody, type Built, mulberry32, Retry, TlbBuilder } from './helpers/tlbBuild.js';

const SAMPLES = 6;
const ATTEMPTS = 80;

const nat = (v: number): TypeExpr => ({ k: 'nat', e: { k: 'num', v } });

describe('decoder over the 944-constructor schema set', () => {
  const t0 = performance.now();
  const schema = compileSchema(readSchemaTexts(), readSchemaOrder());
  const all = schema.compiler.compileAll();
  const compileMs = performance.now() - t0;

  it('compiles every constructor', () => {
    console.log(
      `decode: ${all.compiled} of ${schema.constructors.length} constructors compiled in ${compileMs.toFixed(1)} ms (parse, candidates, every printer)`,
    );
    expect(all.failures).toEqual([]);
    expect(all.compiled).toBe(944);
  });

  it('accounts for all 944: the tried, the wallet special paths, the never tried and the helpers', () => {
    const { slots, special, neverTried } = schema.order;
    const specialTypes = new Set([...Object.values(special.byOpcodeName), ...special.unknownOpcode]);
    const group = (c: Constructor) =>
      slots.includes(c.result) ? 'tried' : specialTypes.has(c.result) ? 'special' : neverTried.includes(c.result) ? 'neverTried' : 'helper';
    const counts: Record<string, number> = { tried: 0, special: 0, neverTried: 0, helper: 0 };
    for (const c of schema.constructors) counts[group(c)]++;
    console.log(
      `decode: ${counts.tried} tried constructors (this file's round trip), ${counts.special} of the wallet special paths (decodeWallets.test.ts), ${counts.neverTried} never tried, ${counts.helper} of helper types (only inside the others)`,
    );
    expect(counts).toEqual({ tried: 547, special: 11, neverTried: 11, helper: 375 });
  });

  it("takes order.json's collisions, try order and printed names", () => {
    const collisions: { opcode: string; tryOrder: { name: string }[] }[] = JSON.parse(
      readFileSync(new URL('../src/decode/schemas/order.json', import.meta.url), 'utf8'),
    ).collisions;
    expect(collisions).toHaveLength(40);
    for (const c of collisions) {
      const op = Number.parseInt(c.opcode, 16);
      expect(schema.candidates.get(op)?.map((x) => x.name)).toEqual(c.tryOrder.map((t) => t.name));
      expect(decodedOpcode(op)).toBe(c.tryOrder[0].name);
    }
    expect([...schema.candidates.values()].filter((l) => l.length > 1)).toHaveLength(40);
    expect(schema.candidates.size).toBe(499);
    expect(decodedOpcode(1)).toBe('evaa_supply_master,pyth_update_guardian_set,w4_deploy_install_plugin');
    // 28-bit tags are found for their right-aligned opcode only, and then fail their own tag check (§1.3)
    expect(decodedOpcode(0x0bf3f447)).toBe('tonco_account_refund_me');
    expect(decodedOpcode(0x0c0ffede)).toBe('coffee_staking_lock_forward_payload');
  });

  it('sizes a W5 extended-action list by the hops from the root (two actions: n = 1)', () => {
    // w5_extension_action_request, no out actions, set_signature_auth_allowed inline, add_extension behind one ref
    const got = decodeBody('te6cckEBAgEAIgABG2V4dG72LdeaU08m80EQAQAdAsQ0XfSkgGYDNTDdCNIhS8xtTw==');
    const v = JSON.parse(got?.json ?? 'null');
    expect(v.request.extended_actions.value['@type']).toBe('extended_list_action');
    expect(v.request.extended_actions.value.prev['@type']).toBe('extended_list_last');
    expect(v.request.extended_actions.value.prev.action['@type']).toBe('add_extension');
  });

  it('measures throughput over the 52 real bodies', () => {
    const pairs: { body: string }[] = JSON.parse(readFileSync(fixturePath('decoded/decoded_bodies_mainnet_2025-11_to_2026-05.json'), 'utf8'));
    const cells = pairs.map((p) => CellClass.fromBase64(p.body));
    for (const c of cells) decodeBody(c);
    const rounds = 40;
    const t1 = performance.now();
    for (let r = 0; r < rounds; r++) for (const c of cells) decodeBody(c);
    const ms = performance.now() - t1;
    console.log(`decode: ${Math.round((rounds * cells.length * 1000) / ms)} bodies/s over the ${cells.length} real bodies`);
  });

  /** Checks a printed value against what was built: the constructor's name, its fields in order, scalar values. */
  function mismatch(json: string, name: string, built: Built): string {
    const v = JSON.parse(json) as Record<string, unknown>;
    if (v['@type'] !== name) return `decodes as ${String(v['@type'])}`;
    const keys = Object.keys(v).filter((k) => k !== '@type');
    const want = [...built.fields.keys()];
    if (keys.join(',') !== want.join(',')) return `fields ${keys.join(',')} instead of ${want.join(',')}`;
    for (const [k, text] of built.fields) {
      if (text !== null && JSON.stringify(v[k]) !== text) return `field ${k}: ${JSON.stringify(v[k])} instead of ${text}`;
    }
    return '';
  }

  it('round-trips the tried constructors', () => {
    const tried = schema.order.slots.flatMap((slot) => (schema.compiler.byType.get(slot) ?? []).map((c) => ({ c, slot })));
    // The same opcode's constructors in TON Center's try order (schema.candidates holds their printers).
    const sameOpcode = (c: Constructor) => tried.filter((t) => t.c.tag === c.tag).map((t) => t.c);
    const special = schema.order.special.byOpcodeName;
    const rnd = mulberry32(22);
    const builder = new TlbBuilder(schema.compiler, rnd);
    const failures: string[] = [];
    let ok = 0;
    for (const { c, slot } of tried) {
      const label = `${c.name}[${slot}]`;
      if (c.tag.length !== 32) {
        failures.push(`${label}: tag of ${c.tag.length} bits, never decodes (expected, reference §1.3)`);
        continue;
      }
      // The wallet stubs (`rest:Any`) only name the opcode: the body is printed by the special type.
      const specialType = special[c.name];
      const target = specialType ? schema.compiler.byType.get(specialType)?.find((x) => x.name === c.name) : c;
      if (!target) {
        failures.push(`${label}: no constructor ${c.name} in ${specialType}`);
        continue;
      }
      const op = Number.parseInt(c.tag, 2);
      const index = specialType ? 0 : sameOpcode(c).indexOf(c);
      const own = schema.candidates.get(op)?.[index];
      let good = 0;
      let reason = '';
      for (let attempt = 0; attempt < ATTEMPTS && good < SAMPLES && !reason; attempt++) {
        let cell: Cell;
        let built: Built;
        try {
          const args = target.resultArgs.map(() => nat(Math.floor(rnd() * 3)));
          ({ cell, built } = builder.buildConstructor(target, args));
        } catch (e) {
          if (e instanceof Retry || /overflow|too many references/i.test((e as Error).message)) continue;
          reason = `builder: ${(e as Error).message}`;
          break;
        }
        const got = decodeBody(cell);
        if (got?.comment !== undefined && got.type === c.name) {
          good++;
          continue;
        }
        let json = got?.json;
        if (!specialType && index > 0) {
          // An earlier constructor of the same opcode may print it first (TON Center's try order): check this
          // constructor's own printer.
          const ctx = { budget: newBudget(), printerRefs: PRINTER_REF_LIMIT, depth: 0, inner: decodeCell };
          json = own?.dec(cell.beginParse(), ctx);
        }
        if (json === undefined) {
          reason = `decodes to null (${cell.toBoc().toString('base64')})`;
          break;
        }
        reason = mismatch(json, c.name, built);
        if (!reason) good++;
      }
      if (good > 0 && !reason) ok++;
      else failures.push(`${label}: ${reason || 'no value could be built'}`);
    }
    console.log(
      `decode: ${ok} of ${tried.length} tried constructors round-trip (${SAMPLES} random bodies each; a constructor tried after another of its opcode checked with its own printer)`,
    );
    if (failures.length) console.log(`decode: round-trip failures:\n  ${failures.join('\n  ')}`);
    expect(failures.filter((f) => !f.includes('never decodes'))).toEqual([]);
  });
  it('finds the shadowed constructors schemas/shadowed.json lists: bodies an earlier constructor of their opcode prints', () => {
    // Every tried constructor after the first of its opcode (order.json collisions, the wallet stubs aside): random
    // bodies it prints, decoded as TON Center does; a body printed otherwise was read by an earlier constructor.
    const tried = schema.order.slots.flatMap((slot) => (schema.compiler.byType.get(slot) ?? []).map((c) => ({ c, slot })));
    const rnd = mulberry32(23);
    const builder = new TlbBuilder(schema.compiler, rnd);
    const bodies = 60;
    const always: { name: string; type: string }[] = [];
    const partly: { name: string; type: string }[] = [];
    const counts: string[] = [];
    for (const { c, slot } of tried) {
      if (c.tag.length !== 32 || schema.order.special.byOpcodeName[c.name]) continue;
      const index = tried.filter((t) => t.c.tag === c.tag).findIndex((t) => t.c === c);
      if (index === 0) continue;
      const own = schema.candidates.get(Number.parseInt(c.tag, 2))?.[index];
      let printed = 0;
      let shadowed = 0;
      for (let attempt = 0; attempt < 4 * bodies && printed < bodies; attempt++) {
        const cell = attemptBody(builder, c, attempt);
        if (!cell) continue;
        const mine = own?.dec(cell.beginParse(), { budget: newBudget(), printerRefs: PRINTER_REF_LIMIT, depth: 0, inner: decodeCell });
        if (mine === undefined) continue;
        printed++;
        if (decodeCell(cell, 0, newBudget()) !== mine) shadowed++;
      }
      expect(printed, c.name).toBe(bodies);
      if (shadowed === 0) continue;
      (shadowed === printed ? always : partly).push({ name: c.name, type: slot });
      counts.push(`${c.name}[${slot}] ${shadowed}/${printed}`);
    }
    console.log(`decode: shadowed (bodies printed by an earlier constructor of the opcode, of ${bodies} each):\n  ${counts.join('\n  ')}`);
    const file = JSON.parse(readFileSync(join(SCHEMA_DIR, 'shadowed.json'), 'utf8'));
    expect({ always, partly }, JSON.stringify({ always, partly })).toEqual({ always: file.always, partly: file.partly });
    // those with the very fields of an earlier constructor of their opcode can print nothing of their own
    const sameFields = tried.filter(({ c }, i) =>
      tried.slice(0, i).some((e) => e.c.tag === c.tag && c.tag.length === 32 && JSON.stringify(e.c.fields) === JSON.stringify(c.fields)),
    );
    expect(sameFields.length).toBeGreaterThan(0);
    for (const { c, slot } of sameFields) expect(always).toContainEqual({ name: c.name, type: slot });
  });
});
