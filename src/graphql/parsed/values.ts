import type { ParsedObject } from '../../decode/index';

/**
 * The values the typed GraphQL body types resolve from: the decoder's typed mode (decode.ts `decodeParsed`) and
 * the converters from its members to GraphQL field values. Every converter takes the raw member (undefined when
 * absent) and returns the field's value or null; none throws.
 */

/** A cell that does not decode as a message body (GraphQL `UnknownCell`). */
export class UnknownCellValue {
  constructor(readonly boc: string) {}
}

/** A `decode` body TON Center answers with an error (GraphQL `DecodeError`). */
export class DecodeErrorValue {
  constructor(readonly error: string) {}
}

export type Conv = (raw: unknown) => unknown;

export const isObject = (v: unknown): v is ParsedObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `^X` as a type argument prints `{"cell_reference": X}`: X. */
export const unref = (v: unknown): unknown => (isObject(v) && v['@c'] === undefined && 'cell_reference' in v ? v.cell_reference : v);

/** An integer: decimal strings as printed, `var_uint`/`var_int` by `value`, `nanocoins`/`nanograms` by `amount`; a one-bit `uint` prints a boolean. */
export const bigint: Conv = (raw) => {
  const v = unref(raw);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (!isObject(v)) return null;
  switch (v['@type']) {
    case 'var_uint':
    case 'var_int':
      return typeof v.value === 'string' ? v.value : null;
    case 'nanocoins':
    case 'nanograms':
      return bigint(v.amount);
    default:
      return null;
  }
};

/** A string member (bits as hex, text). */
export const text: Conv = (raw) => (typeof raw === 'string' ? raw : null);

/**
 * An address as one string: `addr_std`/`addr_var` raw `<workchain>:<address hex>` (anycast left out),
 * `addr_extern` `ext:<length in bits>:<hex>`, `addr_none` null.
 */
export const address: Conv = (raw) => {
  const v = unref(raw);
  if (!isObject(v)) return null;
  switch (v['@type']) {
    case 'addr_std':
    case 'addr_var':
      return `${v.workchain_id}:${v.address}`;
    case 'addr_external':
      return `ext:${v.len}:${v.external_address}`;
    default:
      return null;
  }
};

/** Strings as they are, address objects as `address` writes them. */
export const textOrAddress: Conv = (raw) => (typeof raw === 'string' ? raw : address(raw));

const TRUE_NAMES = new Set(['true', 'bool_true']);
const FALSE_NAMES = new Set(['false', 'bool_false']);

/**
 * A boolean: printed as one (Bool-like fields, `uint1`), or the constructor a one-bit type printed as a type
 * argument (its tag bit, found through `tagOf`), `bool_true`/`bool_false`, or `Bit`'s `{"bit": "0"|"1"}`.
 */
export const boolean =
  (tagOf: (layout: number) => string | undefined): Conv =>
  (raw) => {
    const v = unref(raw);
    if (typeof v === 'boolean') return v;
    if (!isObject(v)) return null;
    const name = v['@type'];
    if (typeof name === 'string' && TRUE_NAMES.has(name)) return true;
    if (typeof name === 'string' && FALSE_NAMES.has(name)) return false;
    if (typeof v.bit === 'string') return v.bit === '1';
    const tag = typeof v['@c'] === 'number' ? tagOf(v['@c']) : undefined;
    return tag === '1' ? true : tag === '0' ? false : null;
  };

/** An object the schema prints (its layout resolves its GraphQL type). */
export const object: Conv = (raw) => {
  const v = unref(raw);
  return isObject(v) ? v : null;
};

/** A cell: the decoded object when it decoded, else an `UnknownCell` with its BOC. */
export const cell: Conv = (raw) => {
  const v = unref(raw);
  if (typeof v === 'string') return new UnknownCellValue(v);
  return isObject(v) ? v : null;
};

/** The BOC of a cell: the string itself, or the `"@boc"` a decoded one keeps. */
export const cellBoc: Conv = (raw) => {
  const v = unref(raw);
  if (typeof v === 'string') return v;
  return isObject(v) && typeof v['@boc'] === 'string' ? v['@boc'] : null;
};

/** TON Center's JSON for the value: the typed mode's members taken out, at every depth. */
export const json: Conv = (raw) => {
  if (raw === undefined) return null;
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!isObject(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (k !== '@c' && k !== '@boc') out[k] = strip(x);
    return out;
  };
  return strip(raw);
};

/** `Maybe X`: X's value for `something_from_maybe`, else null. */
export const maybe =
  (inner: Conv): Conv =>
  (raw) =>
    isObject(raw) && raw['@type'] === 'something_from_maybe' ? inner(raw.value) : null;

/** `Either X Y`: the branch's value. */
export const either =
  (first: Conv, second: Conv): Conv =>
  (raw) => {
    if (!isObject(raw)) return null;
    if (raw['@type'] === 'first_from_either') return first(raw.value);
    if (raw['@type'] === 'second_from_either') return second(raw.value);
    return null;
  };

/** A conditional field (`flags.0?X`): absent is null. */
export const present =
  (inner: Conv): Conv =>
  (raw) =>
    raw === undefined ? null : inner(raw);
