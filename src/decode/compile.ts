import { beginCell, type Cell, type Slice } from '@ton/core';
import { cppBoc } from './boc.js';
import { type Ctx, MAX_NESTED_DEPTH, spendOut, spendRef } from './budget.js';
import { bitsFor, printHashmap, printHashmapE } from './hashmap.js';
import { quoteCpp } from './json.js';
import type { Constructor, Field, NatExpr, TypeExpr } from './tlbAst.js';
import { type Env, evalNat, holds } from './nat.js';

/**
 * Compiles TL-B constructors into printing closures, once; decoding then only runs closures. A closure reads
 * from a Slice and returns TON Center's JSON text for the value, or undefined when the value does not parse.
 * Types with natural parameters known only at run time (`OutList n`, `TextChunks chunks`) are compiled on
 * first use per parameter value and kept in one bounded cache (bodies choose those values): past
 * `MAX_RUNTIME_INSTANCES` it is cleared whole.
 */

/** An anonymous field type, `[ … ]` or the inside of `^[ … ]`. */
export type AnonType = Extract<TypeExpr, { k: 'anon' }>;

/**
 * An object the printer writes from a list of fields: a constructor, or an anonymous `[ … ]` / `^[ … ]` inside
 * one (`anon`). Numbered once, in schema order (constructors first, then the anonymous types as met walking
 * them); in the typed mode each printed object carries its number as `"@c"`, so that a reader knows exactly
 * which constructor printed it (several share a name: `text_comment`, `swap_params`).
 */
export interface Layout {
  id: number;
  ctor: Constructor;
  anon?: AnonType;
}

/** Prints a value of a type. */
export type TypeDec = (s: Slice, ctx: Ctx) => string | undefined;
/** Prints a field: JSON text, null for an absent conditional field, undefined on failure. */
type FieldDec = (s: Slice, ctx: Ctx, env: Env) => string | null | undefined;

interface Scope {
  types: Record<string, TypeExpr>;
  nats: Set<string>;
}

const MAX_RUNTIME_NAT = 1023;
/** Instances compiled for run-time naturals kept at most (past it the run-time cache starts again empty). */
export const MAX_RUNTIME_INSTANCES = 4096;
const UINT = /^(u?int|bits)(\d+)$/;
const BUILTIN = new Set(['Cell', 'Any', 'SnakeString', 'Hashmap', 'HashmapE', 'uint', 'int', 'bits', '#']);

/** The natural variables a result argument names (`n` in `OutList (n + 1)`, `Hashmap n X`). */
function natVars(t: TypeExpr): string[] {
  const walk = (e: NatExpr): string[] => (e.k === 'var' ? [e.name] : e.k === 'num' ? [] : [...walk(e.a), ...walk(e.b)]);
  if (t.k === 'nat') return walk(t.e);
  if (t.k === 'app' && t.args.length === 0 && /^[a-z]/.test(t.name)) return [t.name];
  return [];
}

/** Whether a closed type argument still holds a natural known only at run time. */
function freeNat(t: TypeExpr): boolean {
  if (t.k === 'nat') return t.e.k !== 'num';
  if (t.k === 'app') return t.args.some(freeNat);
  if (t.k === 'ref') return freeNat(t.inner);
  return false;
}

/** A type argument with its run-time naturals replaced by their values; undefined when one is unknown or too big. */
function substitute(t: TypeExpr, env: Env): TypeExpr | undefined {
  if (t.k === 'nat') {
    if (t.e.k === 'num') return t;
    const v = evalNat(t.e, env);
    return v === undefined || v < 0 || v > MAX_RUNTIME_NAT ? undefined : { k: 'nat', e: { k: 'num', v } };
  }
  if (t.k === 'app') {
    const args: TypeExpr[] = [];
    for (const a of t.args) {
      const c = substitute(a, env);
      if (c === undefined) return undefined;
      args.push(c);
    }
    return { k: 'app', name: t.name, args };
  }
  if (t.k === 'ref') {
    const inner = substitute(t.inner, env);
    return inner === undefined ? undefined : { k: 'ref', inner };
  }
  return t;
}

function hasOut(e: NatExpr): boolean {
  return e.k === 'var' ? !!e.out : e.k === 'num' ? false : hasOut(e.a) || hasOut(e.b);
}

/** The BOC TON Center prints for a cell: std_boc_serialize mode 0, base64. */
export function bocOf(cell: Cell): string {
  return cppBoc(cell).toString('base64');
}

/**
 * A `Cell`/`Any`/`^Cell` value: decoded as a body when it decodes (§1.6), else its BOC string. In the typed
 * mode a decoded cell keeps its BOC as `"@boc"` (counted in the output bound).
 */
function cellValue(cell: Cell, ctx: Ctx): string | undefined {
  if (ctx.depth < MAX_NESTED_DEPTH) {
    const inner = ctx.inner(cell, ctx.depth + 1, ctx.budget);
    if (inner !== undefined) {
      if (!ctx.budget.typed) return inner;
      const boc = bocOf(cell);
      if (!spendOut(ctx, boc.length + 10)) return undefined;
      return inner.length > 2 ? `{"@boc":"${boc}",${inner.slice(1)}` : `{"@boc":"${boc}"}`;
    }
  }
  const boc = bocOf(cell);
  return spendOut(ctx, boc.length + 2) ? `"${boc}"` : undefined;
}

function remainder(s: Slice): Cell {
  const cell = beginCell().storeSlice(s).endCell();
  s.skip(s.remainingBits);
  while (s.remainingRefs > 0) s.loadRef();
  return cell;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const BOC_TEXT = /^te6c[A-Za-z0-9+/=]*$/;

function printSnake(s: Slice, ctx: Ctx): string | undefined {
  const chunks: Buffer[] = [];
  let cur = s;
  let total = 0;
  while (true) {
    if (cur.remainingRefs > 1) return undefined;
    const bits = cur.remainingBits;
    const bytes = Math.ceil(bits / 8);
    total += bytes;
    if (!spendOut(ctx, bytes)) return undefined;
    const buf = Buffer.alloc(bytes);
    let i = 0;
    for (; i < Math.floor(bits / 8); i++) buf[i] = cur.loadUint(8);
    if (bits % 8) buf[i] = cur.loadUint(bits % 8) << (8 - (bits % 8));
    chunks.push(buf);
    if (cur.remainingRefs === 0) break;
    if (!spendRef(ctx)) return undefined;
    cur = cur.loadRef().beginParse();
  }
  let text: string;
  try {
    text = utf8.decode(Buffer.concat(chunks, total));
  } catch {
    return undefined;
  }
  // TON Center's recursion is textual: a text that is itself a BOC string gets decoded too (not in the typed
  // mode, where a text field is text).
  if (!ctx.budget.typed && ctx.depth < MAX_NESTED_DEPTH && text.startsWith('te6c') && BOC_TEXT.test(text)) {
    const inner = tryBocText(text, ctx);
    if (inner !== undefined) return inner;
  }
  return quoteCpp(text);
}

let cellFromBoc: ((text: string) => Cell | undefined) | undefined;
export function setBocReader(read: (text: string) => Cell | undefined): void {
  cellFromBoc = read;
}
function tryBocText(text: string, ctx: Ctx): string | undefined {
  const cell = cellFromBoc?.(text);
  return cell ? ctx.inner(cell, ctx.depth + 1, ctx.budget) : undefined;
}

export class Compiler {
  readonly byType = new Map<string, Constructor[]>();
  /** Instances compiled outside any run-time natural: a fixed set, given by the schemas. */
  private readonly instances = new Map<string, TypeDec>();
  /**
   * Instances compiled for run-time naturals (and what they needed). Cleared whole once past
   * MAX_RUNTIME_INSTANCES between builds: their closures hold one another, so dropping a few would keep them
   * alive; clearing leaves none reachable (nothing outside holds a run-time instance past one body's decode).
   */
  private runtime = new Map<string, TypeDec>();
  /** Run-time builds in progress: nothing is dropped while one runs (its thunks are in the cache). */
  private runtimeBuilds = 0;
  /** Times the run-time cache was cleared. */
  private runtimeClears = 0;
  private readonly boolLike = new Map<string, boolean>();
  /** Every object layout, by number (`"@c"` in the typed mode). */
  readonly layouts: Layout[] = [];
  private readonly layoutIds = new Map<Constructor | AnonType, number>();

  constructor(ctors: Constructor[]) {
    for (const c of ctors) {
      const list = this.byType.get(c.result);
      if (list) list.push(c);
      else this.byType.set(c.result, [c]);
      this.layoutIds.set(c, this.layouts.length);
      this.layouts.push({ id: this.layouts.length, ctor: c });
    }
    const walk = (ctor: Constructor, t: TypeExpr): void => {
      if (t.k === 'anon') {
        this.layoutIds.set(t, this.layouts.length);
        this.layouts.push({ id: this.layouts.length, ctor, anon: t });
        for (const f of t.fields) if (f.k === 'field') walk(ctor, f.type);
      } else if (t.k === 'app') for (const a of t.args) walk(ctor, a);
      else if (t.k === 'ref' || t.k === 'cond') walk(ctor, t.inner);
    };
    for (const c of ctors) for (const f of c.fields) if (f.k === 'field') walk(c, f.type);
  }

  /** The number of a constructor's or anonymous type's layout. */
  layoutId(of: Constructor | AnonType): number | undefined {
    return this.layoutIds.get(of);
  }

  /** Arity 0, one bit, both values valid: printed as a JSON boolean when used directly as a field type. */
  isBoolLike(name: string): boolean {
    let v = this.boolLike.get(name);
    if (v === undefined) {
      const cs = this.byType.get(name) ?? [];
      const plain = cs.every((c) => c.resultArgs.length === 0 && !c.fields.some((f) => f.k === 'field'));
      v =
        (cs.length === 2 && plain && new Set(cs.map((c) => c.tag)).size === 2 && cs.every((c) => c.tag.length === 1)) ||
        (cs.length === 1 &&
          cs[0].tag === '' &&
          cs[0].fields.length === 1 &&
          cs[0].fields[0].k === 'field' &&
          cs[0].fields[0].type.k === 'natType' &&
          cs[0].fields[0].type.op === '##' &&
          cs[0].fields[0].type.e?.k === 'num' &&
          cs[0].fields[0].type.e.v === 1);
      this.boolLike.set(name, v);
    }
    return v;
  }

  /**
   * Compiles every constructor's printer (type parameters bound to `Cell`, natural parameters left to run time):
   * checks that every type a field names exists and every field type compiles, also for constructors no body reaches.
   */
  compileAll(): { compiled: number; failures: { name: string; result: string; error: string }[] } {
    let compiled = 0;
    const failures: { name: string; result: string; error: string }[] = [];
    for (const list of this.byType.values()) {
      for (const c of list) {
        const types: Record<string, TypeExpr> = {};
        for (const f of c.fields) if (f.k === 'implicit' && f.kind === 'type') types[f.name] = { k: 'app', name: 'Cell', args: [] };
        const nats: Env = {};
        for (const a of c.resultArgs) for (const v of natVars(a)) nats[v] = 0;
        try {
          this.ctorDec(c, types, nats);
          compiled++;
        } catch (e) {
          failures.push({ name: c.name, result: c.result, error: (e as Error).message });
        }
      }
    }
    return { compiled, failures };
  }

  /** The printer of one constructor alone (top-level candidates are tried one constructor at a time). */
  constructorDec(c: Constructor): TypeDec {
    return this.ctorDec(c, {}, {});
  }

  /** The printer of `name args…`; args are closed (nat args as numbers). */
  instance(name: string, args: TypeExpr[]): TypeDec {
    const key = `${name} ${JSON.stringify(args)}`;
    // a schema-given instance never captures a run-time one (which would keep it alive past a clear)
    const cache = this.runtimeBuilds > 0 ? this.runtime : this.instances;
    const known = this.instances.get(key) ?? cache.get(key);
    if (known) return known;
    let impl: TypeDec | undefined;
    const thunk: TypeDec = (s, ctx) => (impl as TypeDec)(s, ctx);
    cache.set(key, thunk);
    impl = this.buildInstance(name, args);
    cache.set(key, impl);
    return impl;
  }

  /**
   * The printer of `name args…` for naturals a body gave (`W5MsgBody m n`, `TextChunks chunks`): compiled into
   * the bounded run-time cache, cleared once past its cap when no build runs. Callers must not keep the result
   * beyond the value they print with it.
   */
  runtimeInstance(name: string, args: TypeExpr[]): TypeDec {
    this.runtimeBuilds++;
    try {
      return this.instance(name, args);
    } finally {
      if (--this.runtimeBuilds === 0 && this.runtime.size > MAX_RUNTIME_INSTANCES) {
        this.runtime = new Map();
        this.runtimeClears++;
      }
    }
  }

  /** Sizes of the caches that bodies can grow (for tests). */
  cacheSizes(): { instances: number; runtime: number; clears: number } {
    return { instances: this.instances.size, runtime: this.runtime.size, clears: this.runtimeClears };
  }

  private buildInstance(name: string, args: TypeExpr[]): TypeDec {
    const ctors = this.byType.get(name);
    if (!ctors) throw new Error(`TL-B: unknown type ${name}`);
    const decs: { tags: { len: number; tag: number }[]; dec: TypeDec }[] = [];
    for (const c of ctors) {
      const bound = this.bind(c, args);
      if (!bound) continue;
      const tags = c.tag ? [{ len: c.tag.length, tag: Number.parseInt(c.tag, 2) }] : this.firstTags(c, 0);
      decs.push({ tags, dec: this.ctorDec(c, bound.types, bound.nats) });
    }
    if (decs.length === 1) return decs[0].dec;
    // tlbc selects a constructor by the bits ahead: an untagged constructor whose first field starts with known
    // tags (`_ order:StormCreateOrder = StormUserOrder`) is chosen by those tags; one with nothing known is last.
    decs.sort((a, b) => Number(a.tags.length === 0) - Number(b.tags.length === 0));
    return (s, ctx) => {
      for (const d of decs) {
        if (d.tags.length === 0 || d.tags.some((t) => s.remainingBits >= t.len && s.preloadUint(t.len) === t.tag)) return d.dec(s, ctx);
      }
      return undefined;
    };
  }

  /** The tags an untagged constructor's value can start with (those of its first field's type); [] if unknown. */
  private firstTags(c: Constructor, depth: number): { len: number; tag: number }[] {
    const first = c.fields.find((f) => f.k !== 'implicit');
    if (depth > 4 || first?.k !== 'field' || first.type.k !== 'app' || first.type.args.length > 0) return [];
    const ctors = this.byType.get(first.type.name);
    if (!ctors || this.isBoolLike(first.type.name)) return [];
    const out: { len: number; tag: number }[] = [];
    for (const d of ctors) {
      const tags = d.tag ? [{ len: d.tag.length, tag: Number.parseInt(d.tag, 2) }] : this.firstTags(d, depth + 1);
      if (tags.length === 0) return [];
      out.push(...tags);
    }
    return out;
  }

  /** Matches a constructor's result arguments against closed arguments; null when it does not apply. */
  bind(c: Constructor, args: TypeExpr[]): { types: Record<string, TypeExpr>; nats: Env } | null {
    const typeParams = new Set(c.fields.filter((f) => f.k === 'implicit' && f.kind === 'type').map((f) => (f as { name: string }).name));
    const types: Record<string, TypeExpr> = {};
    const nats: Env = {};
    if (c.resultArgs.length !== args.length) return null;
    for (let i = 0; i < args.length; i++) {
      const r = c.resultArgs[i];
      const a = args[i];
      if (r.k === 'app' && typeParams.has(r.name)) {
        types[r.name] = a;
        continue;
      }
      if (a.k !== 'nat' || a.e.k !== 'num') return null;
      const v = a.e.v;
      const e: NatExpr | null = r.k === 'nat' ? r.e : r.k === 'app' && r.args.length === 0 ? { k: 'var', name: r.name } : null;
      if (!e) return null;
      if (e.k === 'num') {
        if (e.v !== v) return null;
      } else if (e.k === 'var') nats[e.name] = v;
      else if (e.k === 'add' && e.a.k === 'var' && e.b.k === 'num') {
        if (v < e.b.v) return null;
        nats[e.a.name] = v - e.b.v;
      } else return null;
    }
    return { types, nats };
  }

  private ctorDec(c: Constructor, types: Record<string, TypeExpr>, nats: Env): TypeDec {
    const scope: Scope = { types, nats: new Set(Object.keys(nats)) };
    for (const f of c.fields) if (f.k === 'implicit' && f.kind === 'nat') scope.nats.add(f.name);
    const steps = this.fieldSteps(c.fields, scope);
    const tagLen = c.tag.length;
    const tag = tagLen ? Number.parseInt(c.tag, 2) : 0;
    const head = c.name === '_' ? '{' : `{"@type":${quoteCpp(c.name)}`;
    const typedHead = c.name === '_' ? `{"@c":${this.layoutIds.get(c)}` : `${head},"@c":${this.layoutIds.get(c)}`;
    const named = c.name !== '_';
    const natKeys = Object.keys(nats);
    return (s, ctx) => {
      if (tagLen) {
        if (s.remainingBits < tagLen || s.preloadUint(tagLen) !== tag) return undefined;
        s.skip(tagLen);
      }
      const env: Env = {};
      for (const k of natKeys) env[k] = nats[k];
      return ctx.budget.typed ? runSteps(steps, s, ctx, env, typedHead, true) : runSteps(steps, s, ctx, env, head, named);
    };
  }

  private fieldSteps(fields: Field[], scope: Scope): Step[] {
    const steps: Step[] = [];
    for (const f of fields) {
      if (f.k === 'implicit') continue;
      if (f.k === 'constraint') {
        if (hasOut(f.c.a) || hasOut(f.c.b)) continue;
        const c = f.c;
        steps.push({ key: null, dec: (_s, _ctx, env) => (holds(c, env) ? null : undefined) });
        continue;
      }
      if (f.name) scope.nats.add(f.name);
      steps.push({ key: `${quoteCpp(f.name)}:`, dec: this.field(f.type, scope, true, f.name) });
    }
    return steps;
  }

  private isType(name: string, scope: Scope): boolean {
    return name in scope.types || BUILTIN.has(name) || UINT.test(name) || this.byType.has(name);
  }

  /** Nat arguments stay expressions (evaluated per value); type arguments are closed over the scope. */
  private closeArg(a: TypeExpr, scope: Scope): TypeExpr {
    if (a.k === 'app' && a.args.length === 0 && !this.isType(a.name, scope)) return { k: 'nat', e: { k: 'var', name: a.name } };
    if (a.k === 'app' && a.name in scope.types && a.args.length === 0) return scope.types[a.name];
    if (a.k === 'app') return { k: 'app', name: a.name, args: a.args.map((x) => this.closeArg(x, scope)) };
    if (a.k === 'ref') return { k: 'ref', inner: this.closeArg(a.inner, scope) };
    return a;
  }

  /** The printer of a type argument (not a field): used for closed type expressions. */
  argDec(t: TypeExpr): TypeDec {
    const d = this.field(t, { types: {}, nats: new Set() }, false, '');
    return (s, ctx) => d(s, ctx, {}) ?? undefined;
  }

  private field(t: TypeExpr, scope: Scope, asField: boolean, name: string): FieldDec {
    switch (t.k) {
      case 'natType':
        return natField(t.op, t.e, name);
      case 'bitsN': {
        const e = t.e;
        return (s, ctx, env) => readBits(s, ctx, evalNat(e, env));
      }
      case 'nat':
        throw new Error('TL-B: a natural where a type is expected');
      case 'cond': {
        const inner = this.field(t.inner, scope, asField, name);
        const { field, bit } = t;
        return (s, ctx, env) => {
          const v = env[field];
          if (v === undefined) return undefined;
          const on = bit === null ? v !== 0 : ((v >>> bit) & 1) === 1;
          return on ? inner(s, ctx, env) : null;
        };
      }
      case 'anon': {
        const steps = this.fieldSteps(t.fields, { types: scope.types, nats: new Set(scope.nats) });
        const typedHead = `{"@c":${this.layoutIds.get(t)}`;
        return (s, ctx, env) => (ctx.budget.typed ? runSteps(steps, s, ctx, env, typedHead, true) : runSteps(steps, s, ctx, env, '{', false));
      }
      case 'ref':
        return this.refField(t.inner, scope, asField);
      case 'app':
        return this.appField(t, scope, asField, name);
    }
  }

  private refField(inner: TypeExpr, scope: Scope, asField: boolean): FieldDec {
    // `^Cell` prints the referenced cell's BOC as a field and as a type argument; `^Any` as a type argument
    // is wrapped like any typed reference (real data: wallet out-message bodies `Either Any ^Any`).
    const isCell = inner.k === 'app' && (inner.name === 'Cell' || inner.name === 'Any');
    const innerDec = isCell ? null : this.field(inner, scope, asField, '');
    const wrap = !asField && !(inner.k === 'app' && inner.name === 'Cell');
    return (s, ctx, env) => {
      if (s.remainingRefs < 1 || !spendRef(ctx)) return undefined;
      const ref = s.loadRef();
      if (innerDec === null) {
        const v = cellValue(ref, ctx);
        return wrap && v !== undefined ? `{"cell_reference":${v}}` : v;
      }
      if (ref.isExotic) return undefined;
      const v = innerDec(ref.beginParse(), ctx, env);
      if (v === undefined || v === null) return undefined;
      return wrap ? `{"cell_reference":${v}}` : v;
    };
  }

  private appField(t: { name: string; args: TypeExpr[] }, scope: Scope, asField: boolean, name: string): FieldDec {
    const n = t.name;
    if (n in scope.types && t.args.length === 0) {
      const bound = scope.types[n];
      return this.field(bound, { types: {}, nats: new Set() }, false, '');
    }
    if (n === 'Cell' || n === 'Any') return (s, ctx) => cellValue(remainder(s), ctx);
    if (n === 'SnakeString') return (s, ctx) => printSnake(s, ctx);
    if (n === '#') return natField('#', null, name);
    const m = UINT.exec(n);
    if (m) return intField(m[1], { k: 'num', v: Number(m[2]) }, name);
    if ((n === 'uint' || n === 'int' || n === 'bits') && t.args.length === 1) {
      const a = this.closeArg(t.args[0], scope);
      if (a.k !== 'nat') throw new Error(`TL-B: ${n} needs a natural`);
      return intField(n, a.e, name);
    }
    if (n === 'HashmapE' || n === 'Hashmap') {
      const [na, xa] = t.args.map((a) => this.closeArg(a, scope));
      if (na?.k !== 'nat' || !xa) throw new Error(`TL-B: ${n} n X`);
      const value = this.argDec(xa);
      const print = n === 'HashmapE' ? printHashmapE : printHashmap;
      const ne = na.e;
      return (s, ctx, env) => {
        const bits = evalNat(ne, env);
        return bits === undefined || bits > MAX_RUNTIME_NAT ? undefined : print(s, ctx, bits, value);
      };
    }
    if (!this.byType.has(n)) throw new Error(`TL-B: unknown type ${n}`);
    if (asField && t.args.length === 0 && this.isBoolLike(n)) {
      return (s) => (s.remainingBits < 1 ? undefined : s.loadBit() ? 'true' : 'false');
    }
    const args = t.args.map((a) => this.closeArg(a, scope));
    if (!args.some(freeNat)) {
      const dec = this.instance(n, args);
      return (s, ctx) => dec(s, ctx);
    }
    // natural arguments known only when the value is read, also inside type arguments (`Maybe ^(OutList m)`)
    return (s, ctx, env) => {
      const concrete: TypeExpr[] = [];
      for (const a of args) {
        const c = substitute(a, env);
        if (c === undefined) return undefined;
        concrete.push(c);
      }
      return this.runtimeInstance(n, concrete)(s, ctx);
    };
  }
}

interface Step {
  /** `"name":` or null for a constraint check. */
  key: string | null;
  dec: FieldDec;
}

function runSteps(steps: Step[], s: Slice, ctx: Ctx, env: Env, head: string, named: boolean): string | undefined {
  let out = head;
  let first = !named;
  for (const st of steps) {
    const v = st.dec(s, ctx, env);
    if (v === undefined) return undefined;
    if (v === null || st.key === null) continue;
    out += first ? st.key + v : `,${st.key}${v}`;
    first = false;
  }
  return `${out}}`;
}

function readBits(s: Slice, ctx: Ctx, n: number | undefined): string | undefined {
  if (n === undefined || n < 0 || s.remainingBits < n) return undefined;
  const hex = n === 0 ? '' : s.loadBits(n).toString();
  return spendOut(ctx, hex.length) ? `"${hex}"` : undefined;
}

function natField(op: '##' | '#<' | '#<=' | '#', e: NatExpr | null, name: string): FieldDec {
  return (s, _ctx, env) => {
    const bound = e ? evalNat(e, env) : 32;
    if (bound === undefined) return undefined;
    const width = op === '##' || op === '#' ? bound : op === '#<' ? bitsFor(bound - 1) : bitsFor(bound);
    if (op === '##' && width > 32 && width <= 1023) {
      // `(## 256)` (torrent_info): a wide natural, printed in decimal like uintN
      if (s.remainingBits < width) return undefined;
      const big = s.loadUintBig(width);
      if (name) env[name] = Number(big);
      return `"${big}"`;
    }
    if (width < 0 || width > 32 || s.remainingBits < width) return undefined;
    const v = width === 0 ? 0 : s.loadUint(width);
    if ((op === '#<' && v >= bound) || (op === '#<=' && v > bound)) return undefined;
    if (name) env[name] = v;
    return `"${v}"`;
  };
}

function intField(kind: string, e: NatExpr, name: string): FieldDec {
  if (kind === 'bits') return (s, ctx, env) => readBits(s, ctx, evalNat(e, env));
  const signed = kind === 'int';
  return (s, _ctx, env) => {
    const w = evalNat(e, env);
    if (w === undefined || w < 0 || w > 1023 || s.remainingBits < w) return undefined;
    if (w === 1) {
      const bit = s.loadBit();
      if (name) env[name] = bit ? 1 : 0;
      return signed ? (bit ? '"-1"' : '"0"') : bit ? 'true' : 'false';
    }
    if (w <= 32) {
      const v = w === 0 ? 0 : signed ? s.loadInt(w) : s.loadUint(w);
      if (name) env[name] = v;
      return `"${v}"`;
    }
    const v = signed ? s.loadIntBig(w) : s.loadUintBig(w);
    if (name) env[name] = Number(v);
    return `"${v}"`;
  };
}
