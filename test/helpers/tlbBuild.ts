// A schema-driven random builder for the decoder's round trip: walks a constructor's TL-B, stores random values
// that follow it with @ton/core's Builder, and records what the printer should show for each top-level field.
import { type Builder, beginCell, type Cell } from '@ton/core';
import type { CompiledSchema } from '../../src/decode/schema.js';
import type { Compiler } from '../../src/decode/compile.js';
import { bitsFor } from '../../src/decode/hashmap.js';
import { type Env, holds as constraintHolds, evalNat as natValue } from '../../src/decode/nat.js';
import type { Constraint, Constructor, Field, NatExpr, TypeExpr } from '../../src/decode/tlbAst.js';

/** Thrown when a random choice cannot be completed (cell overflow, unsatisfiable constraint); the caller retries. */
export class Retry extends Error {}

export interface Built {
  /** Top-level field name → the printed JSON text expected for scalar fields, or null when only presence is checked. */
  fields: Map<string, string | null>;
}

const UINT = /^(u?int|bits)(\d+)$/;
const MAX_DEPTH = 7;

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A natural the builder needs now: unbound, the value is tried again with other choices. */
function evalNat(e: NatExpr, env: Env): number {
  const v = natValue(e, env);
  if (v === undefined) throw new Retry('unbound natural');
  return v;
}

const hasOut = (e: NatExpr): boolean => (e.k === 'var' ? !!e.out : e.k === 'num' ? false : hasOut(e.a) || hasOut(e.b));

/** The decoder's rule, except that a constraint on what a field will output is checked once it is read. */
const holds = (c: Constraint, env: Env): boolean => hasOut(c.a) || hasOut(c.b) || constraintHolds(c, env);

export class TlbBuilder {
  constructor(
    private readonly compiler: Compiler,
    private readonly rnd: () => number,
  ) {}

  private int(max: number): number {
    return Math.floor(this.rnd() * (max + 1));
  }

  /** Mostly small values (they are often lengths or flags), sometimes anything in range. */
  private natValue(width: number): number {
    const max = width >= 32 ? 0xffffffff : 2 ** width - 1;
    return this.rnd() < 0.7 ? Math.min(max, this.int(3)) : this.int(max);
  }

  private bigValue(width: number): bigint {
    let v = 0n;
    for (let i = 0; i < width; i++) v = (v << 1n) | (this.rnd() < 0.5 ? 1n : 0n);
    return v;
  }

  private storeBits(b: Builder, n: number): string {
    let bin = '';
    for (let i = 0; i < n; i++) bin += this.rnd() < 0.5 ? '1' : '0';
    for (const ch of bin) b.storeBit(ch === '1');
    return bin;
  }

  /** A top-level body for constructor `c` (result arguments `args`, closed): its tag, then its fields. */
  buildConstructor(c: Constructor, args: TypeExpr[] = []): { cell: ReturnType<Builder['endCell']>; built: Built } {
    const bound = this.compiler.bind(c, args);
    if (!bound) throw new Retry('arguments do not fit');
    const b = beginCell();
    for (const ch of c.tag) b.storeBit(ch === '1');
    const fields = new Map<string, string | null>();
    this.fieldsInto(b, c.fields, { ...bound.nats }, bound.types, 0, fields);
    return { cell: b.endCell(), built: { fields } };
  }

  private fieldsInto(b: Builder, fields: Field[], env: Env, types: Record<string, TypeExpr>, depth: number, top?: Map<string, string | null>): void {
    for (const f of fields) {
      if (f.k === 'implicit') continue;
      if (f.k === 'constraint') {
        if (!holds(f.c, env)) throw new Retry('constraint');
        continue;
      }
      const printed = this.value(b, f.type, env, types, depth, f.name);
      if (top && printed !== undefined) top.set(f.name, printed);
    }
  }

  /**
   * Stores one value of `t`. Returns the expected printed text for a scalar, null for a value only checked for
   * presence, undefined for an absent conditional field.
   */
  private value(b: Builder, t: TypeExpr, env: Env, types: Record<string, TypeExpr>, depth: number, name: string): string | null | undefined {
    switch (t.k) {
      case 'natType': {
        const bound = t.e ? evalNat(t.e, env) : 32;
        let v: number;
        let width: number;
        if (t.op === '##' || t.op === '#') {
          width = bound;
          v = this.natValue(width);
        } else if (t.op === '#<') {
          if (bound < 1) throw new Retry('#< 0');
          width = bitsFor(bound - 1);
          v = Math.min(this.int(3), bound - 1);
          if (this.rnd() < 0.3) v = this.int(bound - 1);
        } else {
          width = bitsFor(bound);
          v = this.rnd() < 0.7 ? Math.min(this.int(3), bound) : this.int(bound);
        }
        if (width > 32) {
          if (t.op !== '##' || width > 1023) throw new Retry('wide natural');
          const big = this.rnd() < 0.5 ? BigInt(this.int(3)) : this.bigValue(width);
          b.storeUint(big, width);
          if (name) env[name] = Number(big);
          return `"${big}"`;
        }
        if (width > 0) b.storeUint(v, width);
        if (name) env[name] = v;
        return `"${v}"`;
      }
      case 'bitsN': {
        const n = evalNat(t.e, env);
        return this.bitsValue(b, n);
      }
      case 'nat':
        throw new Error('a natural where a type is expected');
      case 'cond': {
        const v = env[t.field];
        if (v === undefined) throw new Retry('unbound condition');
        const on = t.bit === null ? v !== 0 : ((v >>> t.bit) & 1) === 1;
        return on ? this.value(b, t.inner, env, types, depth, name) : undefined;
      }
      case 'anon':
        this.fieldsInto(b, t.fields, env, types, depth + 1);
        return null;
      case 'ref': {
        const inner = beginCell();
        this.value(inner, t.inner, { ...env }, types, depth + 1, '');
        b.storeRef(inner.endCell());
        return null;
      }
      case 'app':
        return this.app(b, t, env, types, depth, name);
    }
  }

  private bitsValue(b: Builder, n: number): string {
    if (n < 0 || n > 1023) throw new Retry('bits length');
    const bin = this.storeBits(b, n);
    let hex = '';
    if (n > 0) {
      // @ton/core's BitString text: hex, with a completion tag `_` when not a multiple of 4
      const c = beginCell();
      for (const ch of bin) c.storeBit(ch === '1');
      hex = c.endCell().bits.toString();
    }
    return `"${hex}"`;
  }

  private closeArg(a: TypeExpr, env: Env, types: Record<string, TypeExpr>): TypeExpr {
    if (a.k === 'nat') return { k: 'nat', e: { k: 'num', v: evalNat(a.e, env) } };
    if (a.k === 'app' && a.args.length === 0 && a.name in types) return types[a.name];
    if (a.k === 'app' && a.args.length === 0 && a.name in env) return { k: 'nat', e: { k: 'num', v: env[a.name] } };
    if (a.k === 'app') return { k: 'app', name: a.name, args: a.args.map((x) => this.closeArg(x, env, types)) };
    if (a.k === 'ref') return { k: 'ref', inner: this.closeArg(a.inner, env, types) };
    return a;
  }

  private app(b: Builder, t: { name: string; args: TypeExpr[] }, env: Env, types: Record<string, TypeExpr>, depth: number, name: string): string | null {
    const n = t.name;
    if (n in types && t.args.length === 0) return this.value(b, types[n], env, {}, depth, name) ?? null;
    if (n === 'Cell' || n === 'Any') return null;
    if (n === 'SnakeString') {
      const text = ['hello', 'tonql', 'round trip', ''][this.int(3)];
      b.storeStringTail(text);
      return null;
    }
    if (n === '#') return this.value(b, { k: 'natType', op: '#', e: null }, env, types, depth, name) ?? null;
    const m = UINT.exec(n);
    const sized = m
      ? { kind: m[1], width: Number(m[2]) }
      : (n === 'uint' || n === 'int' || n === 'bits') && t.args.length === 1
        ? { kind: n, width: -1 }
        : null;
    if (sized) {
      const width = sized.width >= 0 ? sized.width : evalNat((this.closeArg(t.args[0], env, types) as { e: NatExpr }).e, env);
      if (sized.kind === 'bits') return this.bitsValue(b, width);
      if (width < 0 || width > 1023) throw new Retry('int width');
      if (width === 0) return '"0"';
      if (width === 1) {
        const bit = this.rnd() < 0.5;
        b.storeBit(bit);
        if (name) env[name] = bit ? 1 : 0;
        return sized.kind === 'int' ? (bit ? '"-1"' : '"0"') : bit ? 'true' : 'false';
      }
      let v = this.rnd() < 0.5 ? BigInt(this.int(3)) : this.bigValue(width);
      if (sized.kind === 'int') {
        v = BigInt.asIntN(width, v);
        b.storeInt(v, width);
      } else b.storeUint(v, width);
      if (name) env[name] = Number(v);
      return `"${v}"`;
    }
    if (n === 'HashmapE' || n === 'Hashmap') {
      const [na, xa] = t.args.map((a) => this.closeArg(a, env, types));
      const bits = (na as { e: { v: number } }).e.v;
      if (n === 'HashmapE' && (depth > MAX_DEPTH - 2 || this.rnd() < 0.5)) {
        b.storeBit(false);
        return null;
      }
      const root = n === 'HashmapE' ? beginCell() : b;
      // one entry: hml_long$10 n:(#<= m) s:(n * Bit), then the leaf value
      root.storeBit(true).storeBit(false);
      if (bitsFor(bits) > 0) root.storeUint(bits, bitsFor(bits));
      this.storeBits(root, bits);
      this.value(root, xa, {}, {}, depth + 1, '');
      if (n === 'HashmapE') b.storeBit(true).storeRef(root.endCell());
      return null;
    }
    const ctors = this.compiler.byType.get(n);
    if (!ctors) throw new Error(`unknown type ${n}`);
    const args = t.args.map((a) => this.closeArg(a, env, types));
    const options = ctors.map((c) => ({ c, bound: this.compiler.bind(c, args) })).filter((o) => o.bound !== null);
    if (options.length === 0) throw new Retry(`no constructor of ${n} fits`);
    // Deep down, prefer the constructors with the fewest fields (ends recursive types).
    const pool = depth >= MAX_DEPTH ? [...options].sort((x, y) => x.c.fields.length - y.c.fields.length).slice(0, 1) : options;
    const pick = pool[this.int(pool.length - 1)];
    if (depth > MAX_DEPTH + 20) throw new Retry('too deep');
    for (const ch of pick.c.tag) b.storeBit(ch === '1');
    const bound = pick.bound as { types: Record<string, TypeExpr>; nats: Env };
    this.fieldsInto(b, pick.c.fields, { ...bound.nats }, bound.types, depth + 1);
    return null;
  }
}

/**
 * Random bodies of every constructor TON Center tries (its slots and the wallet special paths), `attempts` per
 * constructor (their run-time naturals 0, 1, 2 in turn); an attempt the builder cannot make is skipped.
 */
export function* randomBodies(schema: CompiledSchema, seed: number, attempts: number): Generator<{ constructor: Constructor; cell: Cell; attempt: number }> {
  const builder = new TlbBuilder(schema.compiler, mulberry32(seed));
  const { slots, special } = schema.order;
  for (const slot of [...slots, ...Object.values(special.byOpcodeName), ...special.unknownOpcode]) {
    for (const c of schema.compiler.byType.get(slot) ?? []) {
      for (let attempt = 0; attempt < attempts; attempt++) {
        const cell = attemptBody(builder, c, attempt);
        if (cell) yield { constructor: c, cell, attempt };
      }
    }
  }
}

/**
 * A random body of constructor `c`, its run-time naturals all `attempt % 3`; undefined when the builder cannot make
 * one (a value that does not fit its cell, a retry the builder asked for).
 */
export function attemptBody(builder: TlbBuilder, c: Constructor, attempt: number): Cell | undefined {
  const nat = (v: number): TypeExpr => ({ k: 'nat', e: { k: 'num', v } });
  try {
    return builder.buildConstructor(
      c,
      c.resultArgs.map(() => nat(attempt % 3)),
    ).cell;
  } catch (e) {
    if (e instanceof Retry || /overflow|too many references/i.test((e as Error).message)) return undefined;
    throw e;
  }
}
