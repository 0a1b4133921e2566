import { parseAddress } from '../encoding/address';
import { parseHash } from '../encoding/hash';
import { isDecimalInRange } from '../encoding/numbers';

export class ImportError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

const describe = (v: unknown) =>
  v === undefined
    ? 'nothing'
    : v === null
      ? 'null'
      : Array.isArray(v)
        ? 'an array'
        : typeof v === 'string'
          ? JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v)
          : typeof v === 'object'
            ? 'an object'
            : String(v);

/**
 * A value inside an imported document together with its JSON path, so every problem is reported where it
 * is. Getters named opt* accept a missing key or null and return null.
 */
export class JsonNode {
  constructor(
    readonly value: unknown,
    readonly path = '$',
  ) {}

  fail(problem: string): never {
    throw this.error(problem);
  }

  error(problem: string): ImportError {
    return new ImportError(this.path, problem);
  }

  isObject(): boolean {
    return typeof this.value === 'object' && this.value !== null && !Array.isArray(this.value);
  }

  has(key: string): boolean {
    return this.isObject() && (this.value as Record<string, unknown>)[key] !== undefined;
  }

  get(key: string): JsonNode {
    if (!this.isObject()) this.fail(`expected an object, got ${describe(this.value)}`);
    return new JsonNode((this.value as Record<string, unknown>)[key], IDENT.test(key) ? `${this.path}.${key}` : `${this.path}[${JSON.stringify(key)}]`);
  }

  isNull(): boolean {
    return this.value === null || this.value === undefined;
  }

  list(): JsonNode[] {
    if (!Array.isArray(this.value)) this.fail(`expected an array, got ${describe(this.value)}`);
    return (this.value as unknown[]).map((v, i) => new JsonNode(v, `${this.path}[${i}]`));
  }

  entries(): [string, JsonNode][] {
    if (!this.isObject()) this.fail(`expected an object, got ${describe(this.value)}`);
    return Object.keys(this.value as object).map((k) => [k, this.get(k)]);
  }

  str(): string {
    if (typeof this.value !== 'string') this.fail(`expected a string, got ${describe(this.value)}`);
    return this.value as string;
  }

  hash(): string {
    const parsed = parseHash(this.str());
    if (parsed === undefined) this.fail(`expected a 32-byte hash in base64, got ${describe(this.value)}`);
    return parsed;
  }

  address(): string {
    const parsed = parseAddress(this.str());
    if (parsed === undefined) this.fail(`expected an account address, got ${describe(this.value)}`);
    return parsed;
  }

  int(min = -(2 ** 31), max = 2 ** 32 - 1): number {
    const v = this.value;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      this.fail(`expected an integer from ${min} to ${max}, got ${describe(v)}`);
    }
    return v as number;
  }

  /** A 64-bit integer given as a decimal string (toncenter's form) or a safe JSON integer; kept as a string. */
  int64(): string {
    const v = this.value;
    const text = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v : undefined;
    if (text === undefined || !isDecimalInRange(text, INT64_MIN, INT64_MAX)) {
      this.fail(`expected a signed 64-bit integer as a decimal string, got ${describe(v)}`);
    }
    return BigInt(text as string).toString();
  }

  /** An unbounded decimal integer (numeric columns). */
  decimal(): string {
    const v = this.value;
    const text = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v : undefined;
    if (text === undefined || !/^-?\d+$/.test(text)) this.fail(`expected a decimal integer, got ${describe(v)}`);
    return BigInt(text as string).toString();
  }

  /** An address column the indexer may hold a literal in (`addr_none`, `addr_extern`), kept as such; else raw. */
  storedAddress(): string {
    return this.value === 'addr_none' || this.value === 'addr_extern' ? this.value : this.address();
  }

  /** An object as it is (a jsonb column). */
  object(): Record<string, unknown> {
    if (!this.isObject()) this.fail(`expected an object, got ${describe(this.value)}`);
    return this.value as Record<string, unknown>;
  }

  bool(): boolean {
    if (typeof this.value !== 'boolean') this.fail(`expected true or false, got ${describe(this.value)}`);
    return this.value as boolean;
  }

  oneOf<T extends string>(choices: readonly T[]): T {
    const v = this.str();
    if (!choices.includes(v as T)) this.fail(`expected one of ${choices.join(', ')}, got ${describe(v)}`);
    return v as T;
  }

  /** `{"<currency id>": "<decimal>"}` as toncenter writes extra currencies. */
  currencies(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [id, amount] of this.entries()) {
      if (!/^-?\d+$/.test(id)) amount.fail('expected a numeric currency id');
      out[id] = amount.decimal();
    }
    return out;
  }

  private opt<T>(read: (n: JsonNode) => T): T | null {
    return this.isNull() ? null : read(this);
  }
  optStr = () => this.opt((n) => n.str());
  optHash = () => this.opt((n) => n.hash());
  optAddress = () => this.opt((n) => n.address());
  optStoredAddress = () => this.opt((n) => n.storedAddress());
  optObject = () => this.opt((n) => n.object());
  optInt = (min?: number, max?: number) => this.opt((n) => n.int(min, max));
  optInt64 = () => this.opt((n) => n.int64());
  optDecimal = () => this.opt((n) => n.decimal());
  optBool = () => this.opt((n) => n.bool());
  optOneOf = <T extends string>(choices: readonly T[]) => this.opt((n) => n.oneOf(choices));
  optCurrencies = () => this.opt((n) => n.currencies());
}

/**
 * Parses a JSON document. Files written by some tools carry raw control characters inside strings, which
 * JSON forbids; such a file is read by escaping them, and the caller is told.
 */
export function parseJsonLeniently(text: string): { value: unknown; lenient: boolean } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { value: JSON.parse(body), lenient: false };
  } catch (first) {
    const escaped = body.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (escaped === body) throw first;
    return { value: JSON.parse(escaped), lenient: true };
  }
}
