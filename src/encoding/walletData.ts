/**
 * The wallet contracts TON Center recognises by code hash (ton-index-go's wallet table), and the fields it reads
 * from their data cell: `walletStates` and `walletInformation` show them, and the address book shows these
 * wallets' addresses non-bounceable.
 */
import { Cell } from '@ton/core';
import { readLiteBoc } from '../decode/liteBoc';

/** What is read from the data cell's first bits: the seqno; then the wallet id; or v5's flag, seqno and id. */
type Layout = 'seqno' | 'seqno_id' | 'v5';

const WALLETS: readonly (readonly [type: string, codeHash: string, layout: Layout])[] = [
  ['wallet v1 r1', 'oM/CxIruFqJx8s/AtzgtgXVs7LEBfQd/qqs7tgL2how=', 'seqno'],
  ['wallet v1 r2', '1JAvzJ+tdGmPqONTIgpo2g3PcuMryy657gQhfBfTBiw=', 'seqno'],
  ['wallet v1 r3', 'WHzHie/xyE9G7DeX5F/ICaFP9a4k8eDHpqmcydyQYf8=', 'seqno'],
  ['wallet v2 r1', 'XJpeaMEI4YchoHxC+ZVr+zmtd+xtYktgxXbsiO7mUyk=', 'seqno'],
  ['wallet v2 r2', '/pUw0yQ4Uwg+8u8LTCkIwKv2+hwx6iQ6rKpb+MfXU/E=', 'seqno'],
  ['wallet v3 r1', 'thBBpYp5gLlG6PueGY48kE0keZ/6NldOpCUcQaVm9YE=', 'seqno_id'],
  ['wallet v3 r2', 'hNr6RJ+Ypph3ibojI1gHK8D3bcRSQAKl0JGLmnXS1Zk=', 'seqno_id'],
  ['wallet v4 r1', 'ZN1UgFUixb6KnbWc6gEFzPDQh4bKeb64y3nogKjXMi0=', 'seqno_id'],
  ['wallet v4 r2', '/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA=', 'seqno_id'],
  // v5 beta's data starts with a 33-bit seqno and an 80-bit wallet id, but TON Center reads it as v5r1: the flag
  // is the seqno's sign bit (false), the seqno comes out right, and the wallet id is the network's global id as
  // an unsigned 32-bit number (mainnet's -239 is 4294967057).
  ['wallet v5 beta', '89fKU0k97trCizgZhqhJQDy6w9LFhHea8IEGWvCsS5M=', 'v5'],
  ['wallet v5 r1', 'IINLe3KxEhR+Gy+0V7hOdNGjDwT3N9T2KmaOlVLSty8=', 'v5'],
];

const BY_CODE_HASH = new Map(WALLETS.map(([type, hash, layout]) => [hash, { type, layout }]));

/** Code hashes of the wallets above: TON Center shows their addresses non-bounceable. */
export const WALLET_CODE_HASHES: ReadonlySet<string> = new Set(BY_CODE_HASH.keys());

/** The wallet type TON Center names a code hash with (`wallet v4 r2`), or undefined when it is not one. */
export const walletType = (codeHash: string | null): string | undefined => (codeHash === null ? undefined : BY_CODE_HASH.get(codeHash)?.type);

export interface WalletFields {
  seqno: number;
  /** v3, v4 and v5: the 32 bits after the seqno, unsigned (a negative v5 id shows as 2^32 + id, as in TON Center). */
  walletId?: number;
  /** v5 only: the data's first bit. */
  isSignatureAllowed?: boolean;
}

/**
 * The fields TON Center reads from a wallet's data cell (a base64 BOC), or undefined when the cell cannot be read
 * or is too short for them. TON Center fails the whole request with a 500 there; one malformed account should not
 * cost a batch of 1000 its answer, so the wallet is reported with its type and without these fields.
 */
export function readWalletData(codeHash: string, dataBoc: string): WalletFields | undefined {
  const layout = BY_CODE_HASH.get(codeHash)?.layout;
  if (layout === undefined) return undefined;
  let slice: ReturnType<Cell['beginParse']>;
  try {
    const bytes = Buffer.from(dataBoc, 'base64');
    // a batch parses up to 1000 cells: read without hashing them when the BOC allows it
    slice = (readLiteBoc(bytes) ?? Cell.fromBoc(bytes)[0]).beginParse();
  } catch {
    return undefined;
  }
  const needed = layout === 'seqno' ? 32 : layout === 'seqno_id' ? 64 : 65;
  if (slice.remainingBits < needed) return undefined;
  if (layout === 'seqno') return { seqno: slice.loadUint(32) };
  if (layout === 'seqno_id') return { seqno: slice.loadUint(32), walletId: slice.loadUint(32) };
  const isSignatureAllowed = slice.loadBit();
  return { seqno: slice.loadUint(32), walletId: slice.loadUint(32), isSignatureAllowed };
}
