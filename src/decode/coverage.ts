import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BODY_OUTPUT_LIMIT, BODY_REF_LIMIT, MAX_NESTED_DEPTH, PRINTER_REF_LIMIT } from './budget.js';
import { decoderSchema, MAX_BOC_CELLS } from './decode.js';
import { type CompiledSchema, SCHEMA_DIR } from './schema.js';
import { MAX_ACTION_CHAIN } from './wallets.js';

/**
 * What the decoder covers, read from the schema data (the `.tlb` files, `order.json`, `shadowed.json`), for the
 * docs page: how the 944 constructors divide, and the constructors that never decode, as in TON Center.
 */

/** A constructor and the type it belongs to (several constructors share a name). */
export interface Placed {
  name: string;
  type: string;
}

export interface DecoderCoverage {
  constructors: number;
  /** TON Center's parser slots (order.json `slots`), their constructors, their distinct opcodes, those shared. */
  slots: { types: number; constructors: number; opcodes: number; sharedOpcodes: number };
  /** The constructors of the wallet special paths (order.json `special`). */
  special: string[];
  /** The constructors of the types TON Center never tries, by type, with the tried constructor of the same opcode if any. */
  neverTried: { type: string; constructors: { name: string; sameOpcodeAs?: string }[] }[];
  /** Constructors of helper types: printed only as the value of another constructor's field. */
  helpers: number;
  /** Slot constructors whose tag is neither 32 bits nor absent: found for their right-aligned opcode, then fail their tag check. */
  shortTags: (Placed & { bits: number })[];
  /** Untagged slot constructors: candidates for opcode 0, never parse. */
  untagged: Placed[];
  /** Tried after an earlier constructor of their opcode that reads every body of theirs / some. */
  shadowed: { always: Placed[]; partly: Placed[] };
  /** Tags TON Center's schema leaves to tlbc (CRC32 of the declaration), which we computed: name → hex. */
  computedTags: { name: string; tag: string }[];
  /** The decoder's bounds per body (budget.ts, decode.ts, wallets.ts). */
  bounds: { cells: number; bodyRefs: number; printerRefs: number; outputChars: number; nestedLevels: number; actionChain: number };
}

/** The constructors whose tag tlbc computes in TON Center's build (its schema declares none), README.md of schemas/. */
const CRC_TAGGED = ['torrent_info', 'teleitem_last_bid'];

interface ShadowedFile {
  always: Placed[];
  partly: Placed[];
}

export function coverageOf(schema: CompiledSchema): DecoderCoverage {
  const { order, compiler, constructors, candidates } = schema;
  const specialTypes = new Set([...Object.values(order.special.byOpcodeName), ...order.special.unknownOpcode]);
  const inSlots = order.slots.flatMap((type) => (compiler.byType.get(type) ?? []).map((c) => ({ c, type })));
  const special = [...specialTypes].flatMap((type) => (compiler.byType.get(type) ?? []).map((c) => c.name));
  const neverTried = order.neverTried.map((type) => ({
    type,
    constructors: (compiler.byType.get(type) ?? []).map((c) => {
      const first = c.tag.length === 32 ? candidates.get(Number.parseInt(c.tag, 2))?.[0]?.name : undefined;
      return first ? { name: c.name, sameOpcodeAs: first } : { name: c.name };
    }),
  }));
  const grouped = new Set([...order.slots, ...specialTypes, ...order.neverTried]);
  const shadowed = JSON.parse(readFileSync(join(SCHEMA_DIR, 'shadowed.json'), 'utf8')) as ShadowedFile;
  return {
    constructors: constructors.length,
    slots: {
      types: order.slots.length,
      constructors: inSlots.length,
      opcodes: candidates.size,
      sharedOpcodes: [...candidates.values()].filter((list) => list.length > 1).length,
    },
    special,
    neverTried,
    helpers: constructors.filter((c) => !grouped.has(c.result)).length,
    shortTags: inSlots.filter(({ c }) => c.tag.length > 0 && c.tag.length < 32).map(({ c, type }) => ({ name: c.name, type, bits: c.tag.length })),
    untagged: inSlots.filter(({ c }) => c.tag.length === 0).map(({ c, type }) => ({ name: c.name, type })),
    shadowed: { always: shadowed.always, partly: shadowed.partly },
    computedTags: CRC_TAGGED.flatMap((name) =>
      constructors
        .filter((c) => c.name === name)
        .map((c) => ({
          name,
          tag: Number.parseInt(c.tag, 2)
            .toString(16)
            .padStart(c.tag.length / 4, '0'),
        })),
    ),
    bounds: {
      cells: MAX_BOC_CELLS,
      bodyRefs: BODY_REF_LIMIT,
      printerRefs: PRINTER_REF_LIMIT,
      outputChars: BODY_OUTPUT_LIMIT,
      nestedLevels: MAX_NESTED_DEPTH,
      actionChain: MAX_ACTION_CHAIN,
    },
  };
}

let cached: DecoderCoverage | undefined;

/** The coverage of the decoder's schemas (compiled on first use). */
export function decoderCoverage(): DecoderCoverage {
  cached ??= coverageOf(decoderSchema());
  return cached;
}
