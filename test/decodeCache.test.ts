import { beginCell, type Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { MAX_RUNTIME_INSTANCES } from '../src/decode/compile.js';
import { decodeBody, decoderCacheSizes } from '../src/decode/decode.js';

/** A chain of `depth` cells below the returned one, each holding one reference. */
function chain(depth: number): Cell {
  let c = beginCell().endCell();
  for (let i = 0; i < depth; i++) c = beginCell().storeRef(c).endCell();
  return c;
}

/** A W5 external whose out-actions chain has depth m and whose extended actions chain gives n. */
function w5(m: number, n: number): Cell {
  const b = beginCell().storeUint(0x7369676e, 32).storeUint(0, 96).storeBit(1).storeRef(chain(m)).storeBit(0);
  if (n > 0) b.storeRef(chain(n - 1));
  return b.endCell();
}

/** A DNS text record with `chunks` chunks announced (TextChunks chunks is compiled per value). */
function dnsText(chunks: number): Cell {
  const record = beginCell().storeUint(0x1eda, 16).storeUint(chunks, 8).storeUint(0, 8).endCell();
  return beginCell().storeUint(0x4eb1f0f9, 32).storeUint(0, 64).storeUint(0, 256).storeRef(record).endCell();
}

describe('decoder caches stay bounded', () => {
  it('many distinct run-time naturals (W5 m × n, highload-v3 n, text chunks) keep every cache under its cap', () => {
    for (let m = 0; m < 48; m++) for (let n = 0; n < 48; n++) expect(() => decodeBody(w5(m, n))).not.toThrow();
    for (let n = 0; n < 256; n++) {
      decodeBody(beginCell().storeUint(0xae42e5a4, 32).storeUint(0, 64).storeRef(chain(n)).endCell());
      decodeBody(dnsText(n));
    }
    const sizes = decoderCacheSizes();
    console.log('decoder caches', sizes);
    expect(sizes.runtime).toBeLessThanOrEqual(MAX_RUNTIME_INSTANCES);
    expect(sizes.clears).toBeGreaterThan(0);
    const fixed = sizes.instances;
    // a second round of other values leaves the schema-given instances as they are
    for (let m = 48; m < 96; m++) decodeBody(w5(m, m));
    expect(decoderCacheSizes().instances).toBe(fixed);
    expect(decoderCacheSizes().runtime).toBeLessThanOrEqual(MAX_RUNTIME_INSTANCES);
  });

  it('a dropped printer is compiled again and decodes the same', () => {
    const body = w5(1, 0);
    const first = decodeBody(body)?.json ?? null;
    for (let m = 100; m < 200; m++) decodeBody(w5(m, 3));
    expect(decodeBody(body)?.json ?? null).toBe(first);
  });
});
