import { readFileSync } from 'node:fs';
import { fixturePath } from './fixtures';

/** A (body, decoded) pair of TON Center's current form, with the body's hash, opcode and `decoded_opcode`. */
export interface DecodedPair {
  body: string;
  decoded: unknown;
  opcode: string | null;
  decoded_opcode: string | null;
}

/** The 52 real pairs of test/fixtures/decoded. */
export const decodedPairs = (): DecodedPair[] => JSON.parse(readFileSync(fixturePath('decoded/decoded_bodies_mainnet_2025-11_to_2026-05.json'), 'utf8'));

/** A value as TON Center's Go layer wrote it: key order kept, `<`, `>`, `&`, U+2028/9 escaped. */
export const goJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
