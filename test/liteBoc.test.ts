// The decoder's BOC reader (src/decode/liteBoc.ts) against @ton/core's: the same cells (bits, refs, hashes,
// depths) for every real body, the general reader left the forms it does not read, and no BOC it accepts that
// @ton/core refuses.
import { readFileSync } from 'node:fs';
import { beginCell, Cell } from '@ton/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLiteBoc } from '../src/decode/liteBoc';
import { fixturePath, fixtureJson, transactionsOf } from './helpers/fixtures';

const pairs: { body: string }[] = JSON.parse(readFileSync(fixturePath('decoded/decoded_bodies_mainnet_2025-11_to_2026-05.json'), 'utf8'));
const traceBodies = transactionsOf(fixtureJson('traces_mainnet_2025-09_single.json'))
  .flatMap((t: any) => [t.in_msg, ...t.out_msgs])
  .flatMap((m: any) => (m?.message_content?.body ? [m.message_content.body as string] : []));
const bodies = [...pairs.map((p) => p.body), ...traceBodies].map((b) => Buffer.from(b, 'base64'));

/** Every cell of a tree, depth first, for comparing two trees cell by cell. */
const cellsOf = (c: Cell): Cell[] => [c, ...c.refs.flatMap(cellsOf)];

const same = (lite: Cell, real: Cell) => {
  const a = cellsOf(lite);
  const b = cellsOf(real);
  expect(a.length).toBe(b.length);
  a.forEach((c, i) => {
    expect(c.bits.equals(b[i].bits)).toBe(true);
    expect(c.hash().equals(b[i].hash())).toBe(true);
    expect(c.depth()).toBe(b[i].depth());
    expect(c.isExotic).toBe(false);
  });
};

describe('the decoder BOC reader', () => {
  it('reads every real body into the cells @ton/core reads, hashes and depths included', () => {
    expect(bodies.length).toBeGreaterThan(60);
    for (const b of bodies) {
      const lite = readLiteBoc(b);
      expect(lite, b.toString('base64')).toBeDefined();
      same(lite!, Cell.fromBoc(b)[0]);
    }
  });

  it('cells built on its cells (a slice stored again, a ref taken) hash as @ton/core says', () => {
    for (const b of bodies.slice(0, 20)) {
      const lite = readLiteBoc(b)!;
      const real = Cell.fromBoc(b)[0];
      const rebuilt = (c: Cell) => beginCell().storeSlice(c.beginParse()).endCell();
      expect(rebuilt(lite).hash().equals(rebuilt(real).hash())).toBe(true);
      expect(lite.toBoc().equals(real.toBoc())).toBe(true);
    }
  });

  it('leaves to @ton/core what it does not read: an exotic cell, another magic, a bad CRC', () => {
    const library = new Cell({ exotic: true, bits: beginCell().storeUint(2, 8).storeBuffer(Buffer.alloc(32, 7)).endCell().bits });
    const holding = beginCell().storeUint(1, 32).storeRef(library).endCell().toBoc();
    expect(Cell.fromBoc(holding)[0].refs[0].isExotic).toBe(true);
    expect(readLiteBoc(holding)).toBeUndefined();
    const withCrc = beginCell().storeUint(0x12345678, 32).endCell().toBoc({ crc32: true });
    expect(readLiteBoc(withCrc)).toBeDefined();
    const bad = Buffer.from(withCrc);
    bad[bad.length - 1] ^= 1;
    expect(readLiteBoc(bad)).toBeUndefined();
    expect(readLiteBoc(Buffer.from('68ff65f3', 'hex'))).toBeUndefined();
  });

  it('accepts no mutated BOC that @ton/core refuses, and reads the ones both accept alike', () => {
    fc.assert(
      fc.property(fc.nat(bodies.length - 1), fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 4 }), (i, flips) => {
        const b = Buffer.from(bodies[i]);
        for (const [at, v] of flips) b[at % b.length] = v;
        const lite = readLiteBoc(b);
        if (!lite) return;
        let real: Cell[];
        try {
          real = Cell.fromBoc(b);
        } catch (e) {
          throw new Error(`lite read a BOC @ton/core refuses (${(e as Error).message}): ${b.toString('hex')}`);
        }
        expect(real.length).toBe(1);
        same(lite, real[0]);
      }),
      { numRuns: 3000 },
    );
  });
});
