/** Checks of one raw value shared by every door: integers, booleans, and client input echoed safely. */
import { badInput } from '../errors';
import { parseBoolean } from './boolean';

/** Parses a decimal integer, exactly as given (no spaces), without a lossy float; the message names the parameter. */
export function checkInteger(name: string, raw: string, min: number, max: number): number {
  if (!/^-?\d{1,16}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw badInput(`parameter "${name}" must be an integer from ${min} to ${max}, got "${printable(raw)}"`);
  }
  return Number(raw);
}

/** A boolean in TON Center's spellings (params/boolean.ts); the message names the parameter. */
export function checkBoolean(name: string, raw: string): boolean {
  const value = parseBoolean(raw);
  if (value === undefined) throw badInput(`parameter "${name}" must be true or false, got "${printable(raw)}"`);
  return value;
}

/** Echoes client input in an error message safely: control characters escaped, length bounded. */
export function printable(text: string): string {
  const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return shown.replace(/[\u0000-\u001f\u007f"\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
