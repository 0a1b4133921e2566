import type { Cell } from '@ton/core';
import { type Budget, type Ctx, PRINTER_REF_LIMIT } from './budget.js';
import type { Compiler, TypeDec } from './compile.js';
import type { SchemaOrder } from './schema.js';

/**
 * TON Center's wallet special paths (§1.4): W5 and highload-v3 internal bodies, whose list lengths tlbc cannot
 * size, and the signed-wallet externals tried for opcodes no constructor has.
 */

/** Cells in the chain of first refs from `cell` until one without refs, minus one. */
function chainDepth(cell: Cell): number {
  let n = 0;
  let cur = cell;
  while (cur.refs.length > 0 && !cur.isExotic && n < 1024) {
    cur = cur.refs[0];
    n++;
  }
  return n;
}

/** Longest action or extended-action chain a wallet body may measure (a TVM action list holds at most 255). */
export const MAX_ACTION_CHAIN = 255;

const nat = (v: number) => ({ k: 'nat' as const, e: { k: 'num' as const, v } });

export class WalletPaths {
  constructor(
    private readonly compiler: Compiler,
    private readonly special: SchemaOrder['special'],
  ) {}

  /** The printer of a wallet type; one with naturals from the body comes from the compiler's bounded cache. */
  private dec(name: string, ...nats: number[]): TypeDec {
    return nats.length === 0 ? this.compiler.instance(name, []) : this.compiler.runtimeInstance(name, nats.map(nat));
  }

  private run(dec: TypeDec, cell: Cell, ctx: Ctx, mustConsume: boolean): string | undefined {
    try {
      const s = cell.beginParse();
      const out = dec(s, ctx);
      if (out === undefined || (mustConsume && (s.remainingBits > 0 || s.remainingRefs > 0))) return undefined;
      return out;
    } catch {
      return undefined;
    }
  }

  /** W5 bodies (three opcodes). */
  w5(cell: Cell, opName: string, ctx: Ctx): string | undefined {
    const skip = opName === 'w5_extension_action_request' ? 32 + 64 : 32 + 96;
    if (cell.bits.length <= skip) return undefined;
    const hasOut = cell.bits.at(skip);
    let refIdx = 0;
    let m = 0;
    if (hasOut) {
      if (cell.refs.length < 1) return undefined;
      m = chainDepth(cell.refs[0]);
      refIdx = 1;
    }
    let n = 0;
    // hops along first refs from the root, past the out-actions ref: one per extended action after the first
    if (cell.refs.length > refIdx) n = 1 + chainDepth(cell.refs[refIdx]);
    if (m > MAX_ACTION_CHAIN || n > MAX_ACTION_CHAIN) return undefined;
    return this.run(this.dec('W5MsgBody', m, n), cell, ctx, false);
  }

  /** The type `order.json` names for an opcode's special path, if any. */
  specialType(opName: string): string | undefined {
    return this.special.byOpcodeName[opName];
  }

  /** The special path of an opcode name (W5 bodies, highload-v3 internal requests). */
  byName(cell: Cell, opName: string, type: string, ctx: Ctx): string | undefined {
    return type === 'W5MsgBody' ? this.w5(cell, opName, ctx) : this.highloadV3Internal(cell, type, ctx);
  }

  highloadV3Internal(cell: Cell, type: string, ctx: Ctx): string | undefined {
    if (cell.refs.length < 1) return undefined;
    const n = chainDepth(cell.refs[0]);
    if (n > MAX_ACTION_CHAIN) return undefined;
    return this.run(this.dec(type, n), cell, ctx, false);
  }

  /** The signed externals, in TON Center's order; each must consume the whole root. */
  signedExternal(cell: Cell, budget: Budget, depth: number, inner: Ctx['inner']): string | undefined {
    const ctx = (): Ctx => ({ budget, printerRefs: PRINTER_REF_LIMIT, depth, inner });
    const refs = cell.refs.length;
    for (const name of this.special.unknownOpcode) {
      let r: string | undefined;
      if (name === 'PreprocessedWalletV2MsgBody') {
        // n: the length of the action list in the inner cell's first reference
        if (refs < 1 || cell.refs[0].refs.length < 1) continue;
        const n = chainDepth(cell.refs[0].refs[0]);
        if (n > 0 && n <= MAX_ACTION_CHAIN) r = this.run(this.dec(name, n), cell, ctx(), true);
      } else {
        // W1W2/W3/W4MsgBody n: n is the number of references (one per message); the highload bodies take none
        const arity = this.compiler.byType.get(name)?.[0]?.resultArgs.length ?? 0;
        r = this.run(arity === 1 ? this.dec(name, refs) : this.dec(name), cell, ctx(), true);
      }
      if (r !== undefined) return r;
    }
    return undefined;
  }
}
