/**
 * A route's parameters, described once. The REST parser, the GraphQL arguments (graphql/params.ts) and the
 * OpenAPI parameters (openapi.ts) all read this description, and both doors check values through `parseParams`,
 * so a bound, a default or an error message exists in one place.
 */
import { parseAddress } from '../encoding/address';
import { parseBoolean } from './boolean';
import { parseHash } from '../encoding/hash';
import { badInput } from '../errors';
import { checkInteger, printable } from './checks';

interface Common {
  /** What it selects or changes, in words (bounds and defaults are shown from the fields below). */
  description: string;
  /** The words of the error when it is missing: the parameter is required (otherwise optional). */
  required?: string;
}

export interface IntegerParam extends Common {
  kind: 'integer';
  min: number;
  max: number;
  /** A default, or `required`; neither: optional. */
  default?: number;
  /** GraphQL's type for it (a seqno is `UInt32`). */
  graphqlType?: 'Int' | 'UInt32';
}

export interface EnumParam extends Common {
  kind: 'enum';
  /** Each value (as REST takes it, any case) with its meaning. */
  values: Record<string, string>;
  /** Absent: the parameter is optional (undefined when not given). */
  default?: string;
  /** The GraphQL enum it is, its values the same in upper case. */
  graphqlEnum: { name: string; description: string };
}

export interface AddressParam extends Common {
  kind: 'address';
  /** The literal `null` is a value: no address (an external message's missing end). */
  acceptsNull?: true;
}

/** TON Center's spellings of a boolean (boolean.ts): `1 t T TRUE true True`, `0 f F FALSE false False`. */
export interface BooleanParam extends Common {
  kind: 'boolean';
}

/** One hash: 64 hex digits (optionally `0x`), base64 or base64url; served as standard base64. */
export interface HashParam extends Common {
  kind: 'hash';
}

/** A 32-bit opcode as TON Center reads it: `0x…` or bare hex first, else a signed decimal; stored signed. */
export interface OpcodeParam extends Common {
  kind: 'opcode';
}

/** Repeatable addresses (raw or user-friendly), at most `max`. */
export interface AddressListParam extends Common {
  kind: 'addressList';
  max: number;
}

/** A 64-bit logical time: a decimal integer from 0 to 2^63 - 1, kept as its exact decimal text. */
export interface LtParam extends Common {
  kind: 'lt';
}

/** A unix time in seconds; as in TON Center, a fraction is dropped. */
export interface UtimeParam extends Common {
  kind: 'utime';
}

/** A shard id as TON Center reads it: hex first (`8000000000000000`, optional `0x`), else signed decimal. */
export interface ShardParam extends Common {
  kind: 'shard';
}

export interface HashListParam extends Common {
  kind: 'hashList';
  max: number;
}

/** One string taken as given (a name to match exactly), at most `maxLength` characters, never empty. */
export interface StringParam extends Common {
  kind: 'string';
  maxLength: number;
}

export interface StringListParam extends Common {
  kind: 'stringList';
  max?: number;
}

export type Param =
  | IntegerParam
  | EnumParam
  | AddressParam
  | BooleanParam
  | AddressListParam
  | HashParam
  | HashListParam
  | StringParam
  | StringListParam
  | LtParam
  | UtimeParam
  | ShardParam
  | OpcodeParam;

/** A route's parameters by their REST name (GraphQL's is the same in camelCase). */
export interface RouteParams {
  params: Record<string, Param>;
  /** Groups of which exactly one must be given (the route's selectors). */
  exactlyOne?: readonly (readonly string[])[];
  /** Groups of which at least one must be given. */
  atLeastOne?: readonly (readonly string[])[];
  /** Groups of which at most one may be given (selectors that do not combine). */
  atMostOne?: readonly (readonly string[])[];
}

type RequiredOr<P extends Param, T> = P['required'] extends string ? T : T | undefined;

type ValueOf<P extends Param> = P extends IntegerParam
  ? P['default'] extends number
    ? number
    : P['required'] extends string
      ? number
      : number | undefined
  : P extends EnumParam
    ? P['default'] extends string
      ? keyof P['values'] & string
      : (keyof P['values'] & string) | undefined
    : P extends AddressParam
      ? P['acceptsNull'] extends true
        ? string | null | undefined
        : RequiredOr<P, string>
      : P extends HashParam | LtParam | ShardParam | StringParam
        ? RequiredOr<P, string>
        : P extends BooleanParam
          ? boolean | undefined
          : P extends UtimeParam | OpcodeParam
            ? number | undefined
            : string[];

export type ParsedParams<R extends RouteParams> = { [K in keyof R['params']]: ValueOf<R['params'][K]> };

/** Where values come from: a query string (REST) or GraphQL arguments, each naming parameters its own way. */
export interface ParamSource {
  name(key: string): string;
  single(key: string): string | undefined;
  list(key: string): string[];
  /** A repeatable value's items exactly as given (not comma-split), where the source keeps them. */
  values?(key: string): string[];
}

export const graphqlName = (key: string): string => {
  let name = graphqlNames.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    // the routes' own parameter names: a few dozen, asked for on every GraphQL argument parse
    graphqlNames.set(key, name);
  }
  return name;
};

const graphqlNames = new Map<string, string>();

/** The shown bounds of a parameter, for descriptions (OpenAPI and GraphQL). */
export function bounds(p: Param): string | undefined {
  if (p.kind === 'integer') return `${p.min} to ${p.max}${p.default === undefined ? '' : `, default ${p.default}`}`;
  if ((p.kind === 'hashList' || p.kind === 'addressList' || p.kind === 'stringList') && p.max !== undefined) return `at most ${p.max}`;
  return undefined;
}

/**
 * PostgreSQL's text holds no NUL character and UTF-8 no lone surrogate, so a value with one can match nothing
 * and would fail the statement: every string a parameter takes is checked before anything else reads it.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function checkText(subject: string, raw: string): string {
  if (UNSTORABLE.test(raw)) throw badInput(`${subject} holds a character no text can hold (NUL or a lone surrogate), got "${printable(raw)}"`);
  return raw;
}

/** A value given at most once, its text checked. */
const singleOf = (name: string, source: ParamSource, key: string) => {
  const raw = source.single(key);
  return raw === undefined ? undefined : checkText(`parameter "${name}"`, raw);
};

/** A repeatable value: at most `max` given (checked before any other work on them), each checked. */
function listOf(name: string, raws: readonly string[], max: number | undefined): string[] {
  if (max !== undefined && raws.length > max) throw badInput(`parameter "${name}" takes at most ${max} values, got ${raws.length}`);
  return raws.map((raw, i) => checkText(`parameter "${name}" value ${i + 1}`, raw));
}

/** A list of names (supported action types, lookups): trimmed, empty ones dropped, each once, at most `max` given. */
export function stringListOf(name: string, raws: readonly string[], max: number | undefined): string[] {
  return [
    ...new Set(
      listOf(name, raws, max)
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
}

function parseOne(name: string, p: Param, source: ParamSource, key: string): unknown {
  switch (p.kind) {
    case 'integer': {
      const raw = singleOf(name, source, key);
      if (raw !== undefined) return checkInteger(name, raw, p.min, p.max);
      if (p.default !== undefined || p.required === undefined) return p.default;
      throw badInput(`parameter "${name}" is required: ${p.required}`);
    }
    case 'enum': {
      const raw = singleOf(name, source, key);
      if (raw === undefined) return p.default;
      const value = raw.toLowerCase();
      if (!Object.hasOwn(p.values, value)) throw badInput(`parameter "${name}" must be one of ${Object.keys(p.values).join(', ')}, got "${printable(raw)}"`);
      return value;
    }
    case 'hashList':
    case 'addressList': {
      const raws = listOf(name, source.list(key), p.max);
      if (raws.length === 0 && p.required !== undefined) throw badInput(`parameter "${name}" is required: ${p.required}`);
      const scalar = SCALARS[p.kind === 'hashList' ? 'hash' : 'address'];
      return [...new Set(raws.map((raw, i) => scalar.parse(raw) ?? fail(`parameter "${name}" value ${i + 1}`, scalar.what, raw)))];
    }
    case 'string': {
      const raw = singleOf(name, source, key);
      if (raw === undefined) {
        if (p.required !== undefined) throw badInput(`parameter "${name}" is required: ${p.required}`);
        return undefined;
      }
      if (raw === '' || raw.length > p.maxLength) throw badInput(`parameter "${name}" must be 1 to ${p.maxLength} characters, got ${raw.length}`);
      return raw;
    }
    case 'stringList': {
      const values = stringListOf(name, source.list(key), p.max);
      if (values.length === 0 && p.required !== undefined) throw badInput(`parameter "${name}" is required: ${p.required}`);
      return values;
    }
    default: {
      const raw = singleOf(name, source, key);
      if (raw === undefined) {
        if (p.required !== undefined) throw badInput(`parameter "${name}" is required: ${p.required}`);
        return undefined;
      }
      if (p.kind === 'address' && p.acceptsNull && raw === 'null') return null;
      const scalar = SCALARS[p.kind];
      return scalar.parse(raw) ?? fail(`parameter "${name}"`, scalar.what, raw);
    }
  }
}

const fail = (subject: string, what: string, raw: string): never => {
  throw badInput(`${subject} must be ${what}, got "${printable(raw)}"`);
};

const MAX_INT64 = 2n ** 63n - 1n;
const MAX_UTIME = 2 ** 32 - 1;

/** TON Center's OpcodeType: hex first (`0x` optional, so `1000` is 0x1000), else a signed 32-bit decimal; as stored, signed. */
function parseOpcode(raw: string): number | undefined {
  const hex = raw.replace(/^0x/i, '');
  if (/^[0-9a-fA-F]{1,8}$/.test(hex)) return Number.parseInt(hex, 16) | 0;
  if (/^-?\d{1,10}$/.test(raw) && Number(raw) >= -(2 ** 31) && Number(raw) < 2 ** 31) return Number(raw);
  return undefined;
}

/** TON Center's ShardId: `0x` dropped, hex first (as an unsigned 64-bit value), else a signed decimal. */
function parseShardId(raw: string): string | undefined {
  const hex = raw.replace(/^0x/i, '');
  if (/^[0-9a-fA-F]{1,16}$/.test(hex)) return BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();
  if (/^-?\d{1,19}$/.test(raw) && BigInt(raw) >= -MAX_INT64 - 1n && BigInt(raw) <= MAX_INT64) return BigInt(raw).toString();
  return undefined;
}

/** How each single-valued kind is read (undefined: not one) and named in its error; numbers and booleans exactly as given (no spaces). */
const SCALARS: Record<
  'hash' | 'address' | 'opcode' | 'lt' | 'utime' | 'shard' | 'boolean',
  { parse: (raw: string) => string | number | boolean | null | undefined; what: string }
> = {
  hash: { parse: parseHash, what: 'a hash (64 hex digits, base64 or base64url)' },
  address: { parse: parseAddress, what: 'an address (raw, or user-friendly base64/base64url)' },
  opcode: { parse: parseOpcode, what: 'a 32-bit opcode (hex such as 0x0f8a7ea5, or a signed decimal)' },
  lt: { parse: (raw) => parseLt(raw), what: `an integer from 0 to ${MAX_INT64}` },
  utime: { parse: (raw) => parseUtime(raw), what: `a unix time in seconds, from 0 to ${MAX_UTIME}` },
  shard: { parse: parseShardId, what: 'a shard id (16 hex digits such as 8000000000000000, or a signed decimal)' },
  boolean: { parse: parseBoolean, what: 'true or false' },
};

const parseLt = (raw: string) => (/^\d{1,19}$/.test(raw) && BigInt(raw) <= MAX_INT64 ? BigInt(raw).toString() : undefined);

/** TON Center's UtimeType: an unsigned integer, a fraction dropped. */
const parseUtime = (raw: string) => (/^\d{1,10}(\.\d*)?$/.test(raw) && Math.trunc(Number(raw)) <= MAX_UTIME ? Math.trunc(Number(raw)) : undefined);

/** A repeatable parameter (its values a list), as opposed to one given at most once. */
export const isList = (p: Param): boolean => p.kind === 'addressList' || p.kind === 'hashList' || p.kind === 'stringList';

/** The keys of a group given in the request (an empty list is not given). */
const givenOf = (route: RouteParams, group: readonly string[], source: ParamSource) =>
  group.filter((key) => (isList(route.params[key]) ? source.list(key).length > 0 : source.single(key) !== undefined));

/** Every parameter of the route checked and converted; the first problem is thrown as a 422 naming it. */
export function parseParams<R extends RouteParams>(route: R, source: ParamSource): ParsedParams<R> {
  const parsed: Record<string, unknown> = {};
  // Counts and text first, so such a value is named whatever else is wrong with the request.
  for (const [key, p] of Object.entries(route.params)) {
    if (isList(p)) listOf(source.name(key), source.list(key), (p as { max?: number }).max);
    else singleOf(source.name(key), source, key);
  }
  for (const group of route.exactlyOne ?? []) {
    if (givenOf(route, group, source).length !== 1) throw badInput(`exactly one of ${group.map((k) => `"${source.name(k)}"`).join(' and ')} must be given`);
  }
  for (const group of route.atMostOne ?? []) {
    const given = givenOf(route, group, source);
    if (given.length > 1)
      throw badInput(
        `at most one of ${group.map((k) => `"${source.name(k)}"`).join(', ')} may be given, got ${given.map((k) => `"${source.name(k)}"`).join(' and ')}`,
      );
  }
  for (const group of route.atLeastOne ?? []) {
    if (givenOf(route, group, source).length === 0) throw badInput(`at least one of ${group.map((k) => `"${source.name(k)}"`).join(', ')} must be given`);
  }
  for (const [key, p] of Object.entries(route.params)) parsed[key] = parseOne(source.name(key), p, source, key);
  return parsed as ParsedParams<R>;
}

/** GraphQL arguments as a source: values as the client gave them, named in camelCase. */
export function graphqlSource(args: Record<string, unknown>): ParamSource {
  const value = (key: string) => args[graphqlName(key)];
  return {
    name: graphqlName,
    single: (key) => {
      const v = value(key);
      return v === undefined || v === null ? undefined : String(v);
    },
    list: (key) => {
      const v = value(key);
      return Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)];
    },
  };
}
