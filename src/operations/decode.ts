/** decode: TON Center's `/api/v3/decode`, opcodes to constructor names and message bodies to their decoded JSON. */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { type DecodeItem, decodedOpcode, decodeItem, type ParsedItem, parseItem } from '../decode/index.js';
import { badInput } from '../errors';
import { checkText, type ParamSource, type RouteParams } from '../params/spec';

/** At most this many opcodes and this many bodies per request, as TON Center. */
export const MAX_DECODE_ITEMS = 1000;

export const DECODE = {
  params: {
    opcodes: {
      kind: 'stringList',
      max: MAX_DECODE_ITEMS,
      description:
        'Opcodes to name: hex first (optional lowercase 0x; digits alone are hex, so 10 is 0x10), else an unsigned, else a signed 32-bit decimal. Not comma-split',
    },
    bodies: {
      kind: 'stringList',
      max: MAX_DECODE_ITEMS,
      description: 'Message bodies to decode: a BOC in base64 (starting te6, padded) or in hex. Not comma-split; use POST for long lists',
    },
  },
} as const satisfies RouteParams;

export interface DecodeRequest {
  opcodes: number[];
  bodies: string[];
}

const MAX_U32 = 0xffffffffn;

/** TON Center's opcode reading (§5): one lowercase `0x` dropped, then ParseUint(16), ParseUint(10), ParseInt(10), 32 bits. */
export function parseDecodeOpcode(raw: string): number | undefined {
  const s = raw.startsWith('0x') ? raw.slice(2) : raw;
  if (/^[0-9a-fA-F]+$/.test(s) && BigInt(`0x${s}`) <= MAX_U32) return Number(BigInt(`0x${s}`));
  if (/^\d+$/.test(s) && BigInt(s) <= MAX_U32) return Number(BigInt(s));
  if (/^[+-]?\d+$/.test(s)) {
    const v = BigInt(s);
    if (v >= -(2n ** 31n) && v < 2n ** 31n) return Number(BigInt.asUintN(32, v));
  }
  return undefined;
}

/** Shared by GET (query) and POST (JSON body): the caps with TON Center's words, then every opcode read. */
export function decodeRequest(source: ParamSource): DecodeRequest {
  // repeated values as given: TON Center does not split them at commas
  const values = (key: string) => source.values?.(key) ?? source.list(key);
  const opcodes = values('opcodes');
  const bodies = values('bodies');
  if (opcodes.length > MAX_DECODE_ITEMS) throw badInput(`opcodes list exceeds maximum length of ${MAX_DECODE_ITEMS}`);
  if (bodies.length > MAX_DECODE_ITEMS) throw badInput(`bodies list exceeds maximum length of ${MAX_DECODE_ITEMS}`);
  opcodes.forEach((raw, i) => checkText(`parameter "${source.name('opcodes')}" value ${i + 1}`, raw));
  bodies.forEach((raw, i) => checkText(`parameter "${source.name('bodies')}" value ${i + 1}`, raw));
  return {
    opcodes: opcodes.map((raw, i) => {
      const op = parseDecodeOpcode(raw);
      if (op === undefined) throw badInput(`invalid opcode format at index ${i}: ${raw.startsWith('0x') ? raw.slice(2) : raw}`);
      return op;
    }),
    bodies,
  };
}

/** The limiter weight: one per item. */
export const decodeWeight = (r: DecodeRequest) => Math.max(1, r.opcodes.length + r.bodies.length);

/** Bodies decoded between two turns of the event loop. */
const BATCH = 16;

/** Names the opcodes (`unknown` when none) and decodes the bodies with `decode`, yielding to the event loop as it goes. */
async function run<T>(request: DecodeRequest, decode: (text: string) => T, signal?: AbortSignal): Promise<{ opcodes: string[]; bodies: T[] }> {
  const opcodes = request.opcodes.map((op) => decodedOpcode(op) ?? 'unknown');
  const bodies: T[] = [];
  for (let i = 0; i < request.bodies.length; i++) {
    if (i > 0 && i % BATCH === 0) {
      await yieldToLoop();
      signal?.throwIfAborted();
    }
    bodies.push(decode(request.bodies[i]));
  }
  return { opcodes, bodies };
}

/** Names the opcodes (`unknown` when none) and decodes the bodies, yielding to the event loop as it goes. */
export const runDecode = (request: DecodeRequest, signal?: AbortSignal): Promise<{ opcodes: string[]; bodies: DecodeItem[] }> =>
  run(request, decodeItem, signal);

/** The same with the bodies in the decoder's typed mode (GraphQL's `decode`). */
export const runParsedDecode = (request: DecodeRequest, signal?: AbortSignal): Promise<{ opcodes: string[]; bodies: ParsedItem[] }> =>
  run(request, parseItem, signal);
