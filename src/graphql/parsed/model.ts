import type { AnonType, Compiler } from '../../decode/compile';
import type { ParsedObject } from '../../decode/index';
import type { SchemaOrder } from '../../decode/schema';
import type { Constructor, Field, TypeExpr } from '../../decode/tlbAst';
import { printConstructor, printType } from '../../decode/tlbPrint';
import * as V from './values';

/**
 * The GraphQL types of decoded message bodies, generated from the decoder's TL-B schemas (no type is written by
 * hand): one object type per constructor name, a union per TL-B type with several constructors used as a field
 * type, and the special members of `ParsedBody`. This module only computes them (names, fields, descriptions,
 * resolvers over the decoder's typed mode); graphql/types/parsedBody.ts registers them with the builder.
 *
 * Field mapping (ARCHITECTURE.md has the table): integers, `VarUInteger`, `Coins`/`Grams` → BigInt; Bool,
 * one-bit enums, `BoolExtended`, `uint1` → Boolean; bits → String (uppercase hex as printed); addresses → String
 * (`wc:HEX`, null for addr_none); `Maybe X` → X or null; `Either X Y` → the branch's value; `^X` → X; `Cell`/
 * `Any`/`^Cell` → `ParsedBody` with the BOC beside (`<field>Boc`); `SnakeString` → String; `Hashmap`/`HashmapE`,
 * and a field whose variants or uses have no one type → JSON (TON Center's JSON of the value).
 */

export const PARSED_BODY = 'ParsedBody';
export const UNKNOWN_CELL = 'UnknownCell';
export const EMPTY_CELL = 'EmptyCell';
export const DECODE_ERROR = 'DecodeError';
/** The field every generated object type has (an object type needs one; enum-like constructors have none). */
export const TLB_TYPE_FIELD = 'tlbType';

export interface FieldModel {
  name: string;
  /** A scalar (`BigInt`, `Boolean`, `String`, `JSON`) or an object or union type of this model; `!` ends a non-null one. */
  type: string;
  description: string;
  /** The TL-B fields it shows (`''` for an unnamed one; none for `tlbType` and BOCs). */
  tlbNames: string[];
  resolve: (parent: ParsedObject) => unknown;
}

export interface ObjectModel {
  name: string;
  description: string;
  fields: FieldModel[];
  /** The constructors it stands for (none for an anonymous cell type or a special member). */
  constructors: Constructor[];
  /** The decoder layouts (`"@c"`) whose objects are of this type. */
  layouts: number[];
}

export interface UnionModel {
  name: string;
  description: string;
  members: string[];
}

export interface ParsedModel {
  /** Every object type, the special members (`EmptyCell`, `UnknownCell`, `DecodeError`) last. */
  objects: ObjectModel[];
  /** The unions of TL-B types used as field types (not `ParsedBody`, which holds every object type). */
  unions: UnionModel[];
  /** The object type of a value (null when it is none of this model's). */
  typeOf(value: unknown): string | null;
  /** The object type a constructor is. */
  typeOfConstructor(c: Constructor): string;
  /** Names given a prefix or suffix to stay unique: `[wanted, given]`. */
  renamed: [string, string][];
}

type Kind = 'scalar' | 'object' | 'cell';

/** How one TL-B type maps: the GraphQL type, how a raw member converts, what its description says. */
interface Shape {
  type: string;
  kind: Kind;
  /** For object kinds: the object types a value can be (undefined: any of ParsedBody). */
  members?: ReadonlySet<string>;
  conv: V.Conv;
  /** For cells: the BOC beside. */
  boc?: V.Conv;
  note: string;
}

type Common = Pick<Shape, 'type' | 'kind' | 'members'>;

/** Where a type is mapped: the constructor (its type parameters), and the GraphQL type and field holding it (names anonymous cells). */
interface Site {
  ctor: Constructor;
  params: ReadonlySet<string>;
  owner: string;
  field: string;
  /** Anonymous cells met so far in this field. */
  anons: { n: number };
}

/** One object type in the making: the layouts it resolves, each with its field list. */
interface Group {
  name: string;
  items: { layout: number; ctor: Constructor; fields: Field[]; anon?: AnonType }[];
  /** For an anonymous cell type: the type and field it was met in. */
  anonOf?: { owner: string; field: string };
}

interface Entry {
  layout: number;
  key: string;
  shape: Shape;
  tlb: string;
}

const BUILTIN_NAMES = ['String', 'Boolean', 'Int', 'Float', 'ID', 'Query', 'Mutation', 'Subscription', 'BigInt', 'JSON', 'UInt32'];
const UINT = /^(u?int|bits)(\d+)$/;
const ADDRESS = new Set(['MsgAddress', 'MsgAddressInt', 'MsgAddressExt']);
const WORD = /[^A-Za-z0-9]+/;

/** `jetton_notify` → `JettonNotify`; anything not a letter or digit separates words. */
export const pascal = (name: string) =>
  name
    .split(WORD)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');

/** `query_id` → `queryId`, `state_A` → `stateA`, `sqrtPriceLimitX96` as it is. */
export const camel = (name: string) =>
  name
    .split(WORD)
    .filter(Boolean)
    .map((p, i) => (i === 0 ? p[0].toLowerCase() + p.slice(1) : p[0].toUpperCase() + p.slice(1)))
    .join('');

/** A type name as a field name: `CoffeeSwapStepParams` → `coffeeSwapStepParams`, `DNS_RecordSet` → `dnsRecordSet`. */
const lowerType = (name: string) => {
  const p = pascal(name);
  const lead = /^[A-Z]+/.exec(p)?.[0] ?? '';
  const n = lead.length > 1 && lead.length < p.length ? lead.length - 1 : lead.length;
  return p.slice(0, n).toLowerCase() + p.slice(n);
};

/** The name of an unnamed field (`_:T`): after its type (`_:Text` → `text`, `_:^ApproverHalter` → `approverHalter`); `ref` for `^[ … ]`. */
function unnamedField(t: TypeExpr): string {
  if (t.k === 'ref') return t.inner.k === 'anon' ? 'ref' : unnamedField(t.inner);
  if (t.k === 'anon') return 'fields';
  if (t.k === 'app') return lowerType(t.name);
  return 'value';
}

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;
const hex32 = (tag: string) => `0x${Number.parseInt(tag, 2).toString(16).padStart(8, '0')}`;
const paramsOf = (c: Constructor): ReadonlySet<string> =>
  new Set(c.fields.filter((f) => f.k === 'implicit' && f.kind === 'type').map((f) => (f as { name: string }).name));

/** Whether a type argument mentions one of the constructor's type parameters. */
function mentions(t: TypeExpr, params: ReadonlySet<string>): boolean {
  if (t.k === 'app') return params.has(t.name) || t.args.some((a) => mentions(a, params));
  if (t.k === 'ref' || t.k === 'cond') return mentions(t.inner, params);
  if (t.k === 'anon') return t.fields.some((f) => f.k === 'field' && mentions(f.type, params));
  return false;
}

const NOTE = {
  int: 'Integer.',
  bits: "Bits as uppercase hex, TON Center's form (a length not a multiple of 4 ends in `_`).",
  text: 'Text (UTF-8 bytes of the cell and its first references).',
  uint1: 'Boolean (TON Center prints `uint1` as one).',
  address: 'Address, raw `<workchain>:<HEX>`; null for `addr_none`.',
  cell: 'The cell decoded as a message body (`UnknownCell` if it does not decode).',
  json: "TON Center's JSON of the value (a dictionary as TL-B's raw tree: `hashmap_root`, `hashmap_edge`, …).",
  maybe: 'Null when absent.',
};

const tlbTypeField = (anonymous: boolean): FieldModel => ({
  name: TLB_TYPE_FIELD,
  type: 'String',
  description: anonymous
    ? 'Null: an anonymous constructor or cell has no name (TON Center prints no `@type`).'
    : "The constructor's name: TON Center's `@type`.",
  tlbNames: [],
  resolve: (p) => (typeof p['@type'] === 'string' ? p['@type'] : null),
});

class ModelBuilder {
  private readonly taken = new Set<string>([...BUILTIN_NAMES, PARSED_BODY, UNKNOWN_CELL, EMPTY_CELL, DECODE_ERROR]);
  private readonly prefixed: ReadonlySet<string>;
  readonly renamed: [string, string][] = [];
  private readonly groups: Group[] = [];
  private readonly groupOf = new Map<Constructor, Group>();
  private readonly unions = new Map<string, { model: UnionModel; members: Set<string> }>();
  private readonly uses = new Map<string, { args: TypeExpr[]; site: Site }[]>();
  private readonly paramShapes = new Map<string, Shape>();
  private readonly anonGroups = new Map<string, Group>();
  private readonly anonOfNode = new Map<AnonType, Group>();
  private readonly paramsByCtor = new Map<Constructor, ReadonlySet<string>>();
  private readonly bool: V.Conv;
  private readonly scalars: Record<'int' | 'bits' | 'text' | 'uint1' | 'address' | 'json', Shape>;

  constructor(
    private readonly compiler: Compiler,
    private readonly order: SchemaOrder,
    reserved: Iterable<string>,
  ) {
    this.prefixed = new Set(reserved);
    this.bool = V.boolean((layout) => compiler.layouts[layout]?.ctor.tag);
    const scalar = (type: string, conv: V.Conv, note: string): Shape => ({ type, kind: 'scalar', conv, note });
    this.scalars = {
      int: scalar('BigInt', V.bigint, NOTE.int),
      bits: scalar('String', V.text, NOTE.bits),
      text: scalar('String', V.text, NOTE.text),
      uint1: scalar('Boolean', this.bool, NOTE.uint1),
      address: scalar('String', V.address, NOTE.address),
      json: scalar('JSON', V.json, NOTE.json),
    };
  }

  /** A unique type name: a name the service's own types have gets `Tlb` before it, a taken one a number after. */
  private alloc(wanted: string, fallback?: string): string {
    const prefix = (n: string) => (this.prefixed.has(n) ? `Tlb${n}` : n);
    let base = prefix(wanted);
    if (this.taken.has(base) && fallback) base = prefix(fallback);
    let name = base;
    for (let i = 2; this.taken.has(name) || this.prefixed.has(name); i++) name = `${base}${i}`;
    this.taken.add(name);
    if (name !== wanted) this.renamed.push([wanted, name]);
    return name;
  }

  private params(c: Constructor): ReadonlySet<string> {
    let p = this.paramsByCtor.get(c);
    if (!p) this.paramsByCtor.set(c, (p = paramsOf(c)));
    return p;
  }

  private newGroup(name: string, list: Constructor[]): void {
    const g: Group = { name, items: list.map((c) => ({ layout: this.compiler.layoutId(c) as number, ctor: c, fields: c.fields })) };
    for (const c of list) this.groupOf.set(c, g);
    this.groups.push(g);
  }

  /**
   * Constructors → object types: one per name among message bodies (versions of one message: the slots, the
   * wallet types, the never-tried types); helper constructors sharing a name merge when they have the same
   * field names, else each is its own type, named after its TL-B type as well (`MoonSwapParams`,
   * `CoffeeAssetJetton`). Named constructors are named first, anonymous ones after their type.
   */
  private groupConstructors(ctors: Constructor[]): void {
    const { order } = this;
    const bodyTypes = new Set([...order.slots, ...Object.values(order.special.byOpcodeName), ...order.special.unknownOpcode, ...(order.neverTried ?? [])]);
    const byKey = new Map<string, Constructor[]>();
    for (const c of ctors) {
      const fields = c.fields
        .filter((f) => f.k === 'field')
        .map((f) => (f as { name: string }).name)
        .sort()
        .join(',');
      const k = c.name === '_' ? `_ ${c.result}` : bodyTypes.has(c.result) ? `body ${c.name}` : `${c.name} ${fields}`;
      const list = byKey.get(k);
      if (list) list.push(c);
      else byKey.set(k, [c]);
    }
    const keysByName = new Map<string, string[]>();
    for (const [k, list] of byKey) {
      if (list[0].name === '_') continue;
      const l = keysByName.get(list[0].name);
      if (l) l.push(k);
      else keysByName.set(list[0].name, [k]);
    }
    for (const [name, keys] of keysByName) {
      for (const k of keys) {
        const list = byKey.get(k) as Constructor[];
        const result = list[0].result;
        const qualified = (this.compiler.byType.get(result)?.length ?? 0) === 1 ? pascal(result) : `${pascal(result)}${pascal(name)}`;
        this.newGroup(this.alloc(keys.length > 1 && !k.startsWith('body ') ? qualified : pascal(name)), list);
      }
    }
    for (const [k, list] of byKey) if (k.startsWith('_ ')) this.newGroup(this.alloc(pascal(list[0].result)), list);
  }

  /** Where each parameterized type is used (for the fields of its type parameters). */
  private collectUses(ctors: Constructor[]): void {
    const walk = (t: TypeExpr, site: Site): void => {
      if (t.k === 'app') {
        if (t.args.length > 0 && this.compiler.byType.has(t.name)) {
          const l = this.uses.get(t.name);
          if (l) l.push({ args: t.args, site });
          else this.uses.set(t.name, [{ args: t.args, site }]);
        }
        for (const a of t.args) walk(a, site);
      } else if (t.k === 'ref' || t.k === 'cond') walk(t.inner, site);
      else if (t.k === 'anon') for (const f of t.fields) if (f.k === 'field') walk(f.type, site);
    };
    for (const c of ctors) {
      const owner = (this.groupOf.get(c) as Group).name;
      for (const f of c.fields) {
        if (f.k !== 'field') continue;
        walk(f.type, { ctor: c, params: this.params(c), owner, field: f.name ? camel(f.name) : unnamedField(f.type), anons: { n: 0 } });
      }
    }
  }

  private objectShape(g: Group): Shape {
    return { type: g.name, kind: 'object', members: new Set([g.name]), conv: V.object, note: '' };
  }

  private cellShape(): Shape {
    return { type: PARSED_BODY, kind: 'cell', conv: V.cell, boc: V.cellBoc, note: NOTE.cell };
  }

  /** Bool-like types (TON Center prints them as booleans) and `BoolExtended`. */
  private isBoolean(name: string): boolean {
    if (this.compiler.isBoolLike(name)) return true;
    const cs = this.compiler.byType.get(name) ?? [];
    return cs.length === 2 && cs.every((c) => (c.name === 'bool_true' || c.name === 'bool_false') && !c.fields.some((f) => f.k === 'field'));
  }

  private boolNote(name: string): string {
    const cs = this.compiler.byType.get(name) ?? [];
    const one = cs.find((c) => c.name === 'bool_true' || c.tag === '1')?.name;
    const zero = cs.find((c) => c.name === 'bool_false' || c.tag === '0')?.name;
    if (!one || !zero || cs.length !== 2) return 'Boolean: true for 1.';
    return /^(bool_)?true$/.test(one) ? 'Boolean.' : `Boolean: true for ${code(one)}, false for ${code(zero)}.`;
  }

  private typeShape(name: string): Shape {
    if (this.isBoolean(name)) return { type: 'Boolean', kind: 'scalar', conv: this.bool, note: this.boolNote(name) };
    const ctors = this.compiler.byType.get(name) ?? [];
    const members = [...new Set(ctors.map((c) => this.groupOf.get(c) as Group))];
    if (members.length === 1) return this.objectShape(members[0]);
    let u = this.unions.get(name);
    if (!u) {
      const names = members.map((g) => g.name);
      const wanted = pascal(name);
      const list = ctors.map((c) => code(c.name === '_' ? `_ (${this.groupOf.get(c)?.name})` : c.name)).join(', ');
      u = {
        model: { name: this.alloc(wanted, `${wanted}Union`), description: `TL-B type ${code(name)}: one of its constructors (${list}).`, members: names },
        members: new Set(names),
      };
      this.unions.set(name, u);
    }
    return { type: u.model.name, kind: 'object', members: u.members, conv: V.object, note: '' };
  }

  /** The type several shapes share, for a field that can hold any of them (Either branches, variants, uses). */
  private common(shapes: Shape[]): Common {
    const first = shapes[0];
    if (shapes.every((s) => s.type === first.type && s.kind === first.kind)) return first;
    if (shapes.every((s) => s.kind !== 'scalar')) {
      const anyCell = shapes.some((s) => s.kind === 'cell');
      if (!anyCell) {
        const widest = shapes.find((s) => s.members && shapes.every((o) => o.members && [...o.members].every((m) => s.members?.has(m))));
        if (widest) return widest;
      }
      return { type: PARSED_BODY, kind: anyCell ? 'cell' : 'object' };
    }
    return { type: 'JSON', kind: 'scalar' };
  }

  /** A shape's converter for a field of the common type: TON Center's JSON when that is JSON. */
  private adapt(s: Shape, to: Common): V.Conv {
    return to.type === 'JSON' && s.type !== 'JSON' ? V.json : s.conv;
  }

  /**
   * A field whose type is a type parameter: the type every use of the constructor's type gives it, when they
   * agree (`message`'s `X` is always `Any`), else JSON. Converted from the value alone (it does not say which use).
   */
  private paramShape(c: Constructor, param: string): Shape {
    const i = c.resultArgs.findIndex((a) => a.k === 'app' && a.name === param && a.args.length === 0);
    const key = `${c.result} ${i}`;
    const known = this.paramShapes.get(key);
    if (known) return known;
    const json = { ...this.scalars.json, note: `Type parameter ${code(param)}, which uses of ${code(c.result)} give different types: ${NOTE.json}` };
    this.paramShapes.set(key, json); // while its uses are mapped
    const found: Shape[] = [];
    for (const use of i < 0 ? [] : (this.uses.get(c.result) ?? [])) {
      const a = use.args[i];
      if (!a || mentions(a, use.site.params) || a.k === 'cond' || (a.k === 'app' && (a.name === 'Maybe' || a.name === 'Either'))) {
        found.length = 0;
        break;
      }
      found.push(this.map(a, use.site));
    }
    let shape = json;
    if (found.length > 0) {
      const to = this.common(found);
      if (to.type !== 'JSON') {
        const object = to.kind !== 'scalar';
        const conv = object ? V.cell : to.type === 'BigInt' ? V.bigint : to.type === 'Boolean' ? this.bool : V.textOrAddress;
        const note =
          found.every((f) => f.note === found[0].note) && found[0].note
            ? found[0].note
            : `Type parameter ${code(param)}: as the use of ${code(c.result)} gives it.`;
        shape = { ...to, conv, boc: to.kind === 'cell' ? V.cellBoc : undefined, note };
      }
    }
    this.paramShapes.set(key, shape);
    return shape;
  }

  /** An anonymous cell or field list: its own object type, named after where it is (`EvaaSupplyUserRef`). */
  private anonShape(t: AnonType, at: Site): Shape {
    let g = this.anonOfNode.get(t);
    if (!g) {
      const seq = at.anons.n++;
      const key = `${at.owner}.${at.field}.${seq}`;
      g = this.anonGroups.get(key);
      if (!g) {
        g = { name: this.alloc(`${at.owner}${pascal(at.field)}${seq > 0 ? seq + 1 : ''}`), items: [], anonOf: { owner: at.owner, field: at.field } };
        this.anonGroups.set(key, g);
        this.groups.push(g);
      }
      g.items.push({ layout: this.compiler.layoutId(t) as number, ctor: at.ctor, fields: t.fields, anon: t });
      this.anonOfNode.set(t, g);
    }
    return this.objectShape(g);
  }

  private map(t: TypeExpr, at: Site): Shape {
    switch (t.k) {
      case 'natType':
        return this.scalars.int;
      case 'bitsN':
        return this.scalars.bits;
      case 'nat':
        return this.scalars.json;
      case 'cond': {
        const inner = this.map(t.inner, at);
        const when = t.bit === null ? `${t.field} ≠ 0` : `${t.field} bit ${t.bit} is set`;
        return { ...inner, conv: V.present(inner.conv), boc: inner.boc && V.present(inner.boc), note: `Null unless ${code(when)}. ${inner.note}`.trim() };
      }
      case 'anon':
        return this.anonShape(t, at);
      case 'ref': {
        const inner = this.map(t.inner, at);
        const boc = inner.boc;
        return { ...inner, conv: (v) => inner.conv(V.unref(v)), boc: boc && ((v) => boc(V.unref(v))) };
      }
      case 'app':
        return this.mapApp(t, at);
    }
  }

  private mapApp(t: Extract<TypeExpr, { k: 'app' }>, at: Site): Shape {
    const n = t.name;
    if (t.args.length === 0 && at.params.has(n)) return this.paramShape(at.ctor, n);
    if (n === 'Cell' || n === 'Any') return this.cellShape();
    if (n === 'SnakeString') return this.scalars.text;
    if (n === '#') return this.scalars.int;
    const m = UINT.exec(n);
    if (m || ((n === 'uint' || n === 'int' || n === 'bits') && t.args.length === 1)) {
      const kind = m ? m[1] : n;
      if (kind === 'bits') return this.scalars.bits;
      return m && kind === 'uint' && m[2] === '1' ? this.scalars.uint1 : this.scalars.int;
    }
    if (n === 'Hashmap' || n === 'HashmapE') return this.scalars.json;
    if (n === 'Maybe') {
      const inner = this.map(t.args[0], at);
      return { ...inner, conv: V.maybe(inner.conv), boc: inner.boc && V.maybe(inner.boc), note: `${NOTE.maybe} ${inner.note}`.trim() };
    }
    if (n === 'Either') {
      const a = this.map(t.args[0], at);
      const b = this.map(t.args[1], at);
      const to = this.common([a, b]);
      const none = () => null;
      return {
        ...to,
        conv: V.either(this.adapt(a, to), this.adapt(b, to)),
        boc: to.kind === 'cell' ? V.either(a.boc ?? none, b.boc ?? none) : undefined,
        note: `Either branch. ${to.type === 'JSON' ? NOTE.json : a.type === to.type ? a.note : b.note}`.trim(),
      };
    }
    if (n === 'VarUInteger' || n === 'VarInteger') return this.scalars.int;
    if (n === 'Coins' || n === 'Grams') return { ...this.scalars.int, note: 'Amount in the smallest units (nanotons for TON).' };
    if (ADDRESS.has(n)) return this.scalars.address;
    if (this.compiler.byType.has(n)) return this.typeShape(n);
    return this.scalars.json;
  }

  /** The fields of an object type: its variants' fields by name, each resolved by the variant its value is. */
  private fieldsOf(g: Group): FieldModel[] {
    const entries = new Map<string, Entry[]>();
    for (const item of g.items) {
      const used = new Set([TLB_TYPE_FIELD]);
      const params = this.params(item.ctor);
      for (const f of item.fields) {
        if (f.k !== 'field') continue;
        const base = f.name ? camel(f.name) : unnamedField(f.type);
        let name = base;
        for (let i = 2; used.has(name); i++) name = `${base}${i}`;
        used.add(name);
        const shape = this.map(f.type, { ctor: item.ctor, params, owner: g.name, field: name, anons: { n: 0 } });
        const entry = { layout: item.layout, key: f.name, shape, tlb: `${f.name || '_'}:${printType(f.type, true)}` };
        const list = entries.get(name);
        if (list) list.push(entry);
        else entries.set(name, [entry]);
      }
    }
    const fields = [tlbTypeField(!!g.anonOf || g.items[0].ctor.name === '_')];
    const names = new Set([TLB_TYPE_FIELD, ...entries.keys()]);
    const single = g.items.length === 1;
    for (const [name, list] of entries) {
      const to = list.length === 1 ? list[0].shape : this.common(list.map((e) => e.shape));
      const some = list.length < g.items.length ? 'Null in the declarations without it.' : '';
      const tlb = list.length === 1 ? code(list[0].tlb) : [...new Set(list.map((e) => e.tlb))].map(code).join(' or ');
      const notes = list.length === 1 ? [list[0].shape.note] : [...new Set(list.map((e) => (e.shape.type === to.type ? e.shape.note : '')))];
      const note = to.type === 'JSON' && list.some((e) => e.shape.type !== 'JSON') ? NOTE.json : notes.length === 1 ? notes[0] : '';
      const resolveBy = (conv: (e: Entry) => V.Conv) => {
        if (single) {
          const c = conv(list[0]);
          const key = list[0].key;
          return (p: ParsedObject) => c(p[key]);
        }
        const byLayout = new Map(list.map((e) => [e.layout, { key: e.key, c: conv(e) }]));
        return (p: ParsedObject) => {
          const e = byLayout.get(p['@c'] as number);
          return e ? e.c(p[e.key]) : null;
        };
      };
      let boc = '';
      if (to.kind === 'cell') {
        boc = `${name}Boc`;
        for (let i = 2; names.has(boc); i++) boc = `${name}Boc${i}`;
        names.add(boc);
      }
      fields.push({
        name,
        type: to.type,
        description: [`TL-B ${tlb}.`, note, boc && `BOC in \`${boc}\`.`, some].filter(Boolean).join(' '),
        tlbNames: [...new Set(list.map((e) => e.key))],
        resolve: resolveBy((e) => this.adapt(e.shape, to)),
      });
      if (boc) {
        fields.push({
          name: boc,
          type: 'String',
          description: `The BOC (standard base64) of the cell in \`${name}\`: TON Center's form of a cell it does not decode. Null when there is no cell.`,
          tlbNames: [],
          resolve: resolveBy((e) => e.shape.boc ?? (() => null)),
        });
      }
    }
    return fields;
  }

  private describe(g: Group): string {
    const decl = [...new Set(g.items.map((i) => (i.anon ? printType(i.anon) : printConstructor(i.ctor))))].map(code).join('; ');
    if (g.anonOf) return `An anonymous cell in \`${g.anonOf.owner}.${g.anonOf.field}\` (TON Center prints it without \`@type\`): ${decl}.`;
    const c = g.items[0].ctor;
    if (c.name === '_') return `The anonymous constructor of TL-B type ${code(c.result)} (TON Center prints it without \`@type\`): ${decl}.`;
    const tags = [...new Set(g.items.filter((i) => i.ctor.tag.length === 32).map((i) => hex32(i.ctor.tag)))];
    const what = `TL-B constructor ${code(c.name)}${tags.length ? `, opcode ${tags.join(', ')}` : ''}`;
    return g.items.length === 1 ? `${what}: ${decl}.` : `${what}, ${g.items.length} declarations in one type: ${decl}.`;
  }

  build(): ParsedModel {
    const ctors = this.compiler.layouts.filter((l) => !l.anon).map((l) => l.ctor);
    this.groupConstructors(ctors);
    this.collectUses(ctors);
    const objects: ObjectModel[] = [];
    const typeOfLayout: string[] = [];
    // anonymous cell types are appended to `groups` as fields meet them
    for (let i = 0; i < this.groups.length; i++) {
      const g = this.groups[i];
      const fields = this.fieldsOf(g);
      for (const item of g.items) typeOfLayout[item.layout] = g.name;
      objects.push({
        name: g.name,
        description: this.describe(g),
        fields,
        constructors: g.anonOf ? [] : g.items.map((x) => x.ctor),
        layouts: g.items.map((x) => x.layout),
      });
    }
    objects.push(...SPECIAL_OBJECTS);
    const { groupOf } = this;
    return {
      objects,
      unions: [...this.unions.values()].map((u) => u.model),
      typeOf: (value) => {
        if (value instanceof V.UnknownCellValue) return UNKNOWN_CELL;
        if (value instanceof V.DecodeErrorValue) return DECODE_ERROR;
        if (!V.isObject(value)) return null;
        const c = value['@c'];
        if (typeof c === 'number') return typeOfLayout[c] ?? null;
        return value['@type'] === 'empty_cell' ? EMPTY_CELL : null;
      },
      typeOfConstructor: (c) => (groupOf.get(c) as Group).name,
      renamed: this.renamed,
    };
  }
}

const SPECIAL_OBJECTS: ObjectModel[] = [
  {
    name: EMPTY_CELL,
    description: 'An empty cell (no bits, no references): TON Center\'s `{"@type": "empty_cell"}`.',
    fields: [{ name: TLB_TYPE_FIELD, type: 'String', description: '`empty_cell`.', tlbNames: [], resolve: () => 'empty_cell' }],
    constructors: [],
    layouts: [],
  },
  {
    name: UNKNOWN_CELL,
    description: 'A cell that does not decode as a message body (no constructor of its opcode reads it): TON Center shows its BOC.',
    fields: [
      {
        name: 'boc',
        type: 'String!',
        description: 'The cell as a BOC, standard base64.',
        tlbNames: [],
        resolve: (v) => (v as unknown as V.UnknownCellValue).boc,
      },
    ],
    constructors: [],
    layouts: [],
  },
  {
    name: DECODE_ERROR,
    description:
      "Only from `decode`: a body that does not decode, with the error TON Center's `/api/v3/decode` gives for it (a message's body that does not decode has `parsed: null` instead).",
    fields: [
      {
        name: 'error',
        type: 'String!',
        description:
          "TON Center's words (REST's `{\"error\": …}`): `unknown: no parser succeeded`, `unknown: failed to decode base64: …`, `unknown: boc is too small, size N`, …; for the body TON Center answers with invalid JSON (REST's `failed_to_decode_json`), `failed to decode json: …`.",
        tlbNames: [],
        resolve: (v) => (v as unknown as V.DecodeErrorValue).error,
      },
    ],
    constructors: [],
    layouts: [],
  },
];

/** The model of the decoder's schemas; `reserved`: names the service's own types have (those constructors' types get `Tlb` before them). */
export function buildParsedModel(compiler: Compiler, order: SchemaOrder, reserved: Iterable<string> = []): ParsedModel {
  return new ModelBuilder(compiler, order, reserved).build();
}
