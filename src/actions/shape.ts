import { opcodeToHex } from '../encoding/numbers';
import type { Composite, Kind, Scalar } from './composites';
import { detailsOf, type DetailField } from './details';
import { RULES, type Rule, type RuleContext } from './rules';

/** A 64-bit integer as TON Center writes it, a JSON number; beyond 2^53 the exact decimal string instead of a rounded number. */
const integer = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : String(v);
};

/** A stored value (from SQL, with numerics as text, or from the emulator's msgpack) in its wire form. */
export function wireValue(kind: Kind, v: unknown, of?: Composite): unknown {
  if (kind === 'object') {
    const o = (v ?? {}) as Record<string, unknown>;
    return Object.fromEntries(of!.fields.map((f) => [f.key, wireValue(f.kind, o[f.key] ?? o[f.member], undefined)]));
  }
  if (kind === 'list') return ((v as unknown[] | null) ?? []).map((item) => wireValue('object', item, of));
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 'opcode':
      return opcodeToHex(Number(v));
    case 'int':
      return Number(v);
    case 'int64':
      return integer(v);
    case 'decimal':
    case 'intString':
      return String(v);
    case 'decimalList':
      return (v as unknown[]).map(String);
    default:
      return v;
  }
}

/** The `details` of an action of a stored type, in TON Center's key order and omissions, from its read values. */
export function shapeDetails(type: string, get: (path: string) => unknown, ctx: RuleContext): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const field of detailsOf(type)) {
    if (field.onlyIf && get(field.onlyIf.path) !== field.onlyIf.equals) continue;
    const value = field.rule ? (RULES[field.rule] as Rule).value(get, ctx) : wireValue(field.kind, get(field.path.join('.')), field.of);
    if (field.omitEmpty && (value === null || value === undefined)) continue;
    details[field.key] = value ?? null;
  }
  return details;
}

const ADDRESS_KINDS: ReadonlySet<Scalar> = new Set(['address', 'addressList']);

/** Every address in an action's details, as written (objects and lists inside included). */
export function addressesInDetails(type: string, details: Record<string, unknown>): string[] {
  const out: string[] = [];
  const add = (kind: Scalar, v: unknown) => {
    if (!ADDRESS_KINDS.has(kind) || v === null || v === undefined) return;
    for (const a of Array.isArray(v) ? v : [v]) if (typeof a === 'string') out.push(a);
  };
  const addObject = (of: Composite, v: unknown) => {
    if (v && typeof v === 'object') for (const f of of.fields) add(f.kind, (v as Record<string, unknown>)[f.key]);
  };
  for (const field of detailsOf(type) as DetailField[]) {
    const v = details[field.key];
    if (field.kind === 'object') addObject(field.of!, v);
    else if (field.kind === 'list') for (const item of Array.isArray(v) ? v : []) addObject(field.of!, item);
    else add(field.kind, v);
  }
  return out;
}
