/** Conversions between the database's signed 64/32-bit columns and the wire's forms, all exact. */

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** The masterchain shard id as stored (signed bigint). */
export const MASTERCHAIN_SHARD = '-9223372036854775808';

/** Shard id from toncenter's wire (16 hex digits, unsigned) or a decimal string, to the stored signed decimal. */
export function parseShard(input: string | number): string | undefined {
  const text = String(input).trim();
  if (/^(0x)?[0-9a-fA-F]{16}$/.test(text)) return BigInt.asIntN(64, BigInt('0x' + text.replace(/^0x/, ''))).toString();
  if (/^-?\d{1,20}$/.test(text)) {
    const value = BigInt(text);
    return value >= INT64_MIN && value <= INT64_MAX ? value.toString() : undefined;
  }
  return undefined;
}

/** Opcode from the wire (`"0x0f8a7ea5"`, hex, or a decimal number) to the stored signed int32. */
export function parseOpcode(input: unknown): number | undefined {
  if (typeof input === 'number' && Number.isInteger(input) && input >= -(2 ** 31) && input < 2 ** 32) return input | 0;
  if (typeof input !== 'string') return undefined;
  const text = input.trim();
  if (/^0x[0-9a-fA-F]{1,8}$/.test(text)) return Number.parseInt(text.slice(2), 16) | 0;
  if (/^-?\d+$/.test(text)) return parseOpcode(Number(text));
  return undefined;
}

/** Stored signed int32 opcode to the spec's unsigned 32-bit integer. */
/** A numeric column read as text, as a JavaScript number (for values that fit one: times, counts, ratios). */
export const numberOrNull = (v: string | null): number | null => (v === null ? null : Number(v));

export const opcodeToUnsigned = (stored: number | null): number | null => (stored === null ? null : stored >>> 0);

/** An opcode in toncenter's own wire form, `"0x%08x"` (lowercase), as action details carry it. */
export const opcodeToHex = (opcode: number): string => `0x${(opcode >>> 0).toString(16).padStart(8, '0')}`;

/** True when the string is a decimal integer within [min, max] (all BigInt, so exact). */
export function isDecimalInRange(value: string, min: bigint, max: bigint): boolean {
  if (!/^-?\d+$/.test(value)) return false;
  const n = BigInt(value);
  return n >= min && n <= max;
}
