// The decoder's typed mode (decodeParsed, parseItem): TON Center's JSON value with each printed object's layout
// ("@c") and each decoded inner cell's BOC ("@boc") added, and nothing else changed.
import { decodedPairs } from './helpers/decoded';
import { beginCell, Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { bocOf } from '../src/decode/compile.js';
import { decodeBody, decodeItem, decodeParsed, decoderSchema, type ParsedObject, parseItem } from '../src/decode/index.js';
import { randomBodies } from './helpers/tlbBuild.js';

const pairs = decodedPairs();

/** The value without the typed mode's members. */
const plain = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(plain)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => k !== '@c' && k !== '@boc')
            .map(([k, x]) => [k, plain(x)]),
        )
      : v;

/** Every object of a typed value, with the path to it. */
function objects(v: unknown, path = '$', out: { path: string; o: ParsedObject }[] = []): { path: string; o: ParsedObject }[] {
  if (v && typeof v === 'object') {
    out.push({ path, o: v as ParsedObject });
    for (const [k, x] of Object.entries(v)) objects(x, `${path}.${k}`, out);
  }
  return out;
}

describe('typed decode', () => {
  it('is TON Center JSON plus layouts and BOCs on every real pair (top-level comments in their own shape)', () => {
    const { compiler } = decoderSchema();
    let inner = 0;
    for (const p of pairs) {
      const typed = decodeParsed(p.body);
      const rest = decodeBody(p.body);
      if (rest === null) {
        expect(typed).toBeNull();
        continue;
      }
      const want = rest.comment !== undefined ? { '@type': 'text_comment', text: rest.comment } : JSON.parse(rest.json);
      expect(plain(typed)).toEqual(want);
      for (const { path, o } of objects(typed)) {
        if (o['@c'] !== undefined) {
          const layout = compiler.layouts[o['@c']];
          expect(layout, path).toBeDefined();
          if (!layout.anon && layout.ctor.name !== '_') expect(o['@type'], path).toBe(layout.ctor.name);
        }
        if (o['@boc'] !== undefined) {
          inner++;
          // the BOC is the cell that decoded to this object
          expect(plain(decodeParsed(o['@boc'])), path).toEqual(plain({ ...o, '@boc': undefined }));
        }
      }
    }
    expect(inner).toBeGreaterThan(0);
  });

  it('keeps a decoded inner cell with its BOC, an undecoded one as its BOC string, and a text as text', () => {
    const comment = beginCell().storeUint(0, 32).storeStringTail('hi').endCell();
    const notify = (payload: Cell) =>
      beginCell().storeUint(0x7362d09c, 32).storeUint(0, 64).storeCoins(100).storeAddress(null).storeBit(1).storeRef(payload).endCell();
    const v = decodeParsed(notify(comment)) as any;
    expect(v.forward_payload.value).toMatchObject({ '@type': 'text_comment', text: 'hi', '@boc': bocOf(comment) });
    const unknown = beginCell().storeUint(0x4d238543, 32).endCell();
    expect((decodeParsed(notify(unknown)) as any).forward_payload.value).toBe(bocOf(unknown));
    // TON Center decodes a comment whose text is itself a BOC (textual recursion); the typed mode keeps the text
    const boc = comment.toBoc().toString('base64');
    const bocText = beginCell().storeUint(0, 32).storeStringTail(boc).endCell();
    expect(JSON.parse(decodeBody(notify(bocText))?.json ?? 'null').forward_payload.value.text).toEqual({ '@type': 'text_comment', text: 'hi' });
    expect((decodeParsed(notify(bocText)) as any).forward_payload.value.text).toBe(boc);
    expect(decodeParsed(beginCell().endCell())).toEqual({ '@type': 'empty_cell' });
    expect(decodeParsed(beginCell().storeUint(0xdeadbeef, 32).endCell())).toBeNull();
  });

  it('is TON Center JSON plus layouts on random bodies of every tried constructor', () => {
    let compared = 0;
    for (const { cell } of randomBodies(decoderSchema(), 7, 4)) {
      const rest = decodeBody(cell);
      const typed = decodeParsed(cell);
      if (rest === null) expect(typed).toBeNull();
      else expect(plain(typed)).toEqual(rest.comment !== undefined ? { '@type': 'text_comment', text: rest.comment } : JSON.parse(rest.json));
      compared++;
    }
    console.log(`typed decode: ${compared} random bodies compared with the JSON`);
    expect(compared).toBeGreaterThan(1000);
  });

  it('parseItem answers as decodeItem does, per item', () => {
    const items = [
      ...pairs.map((p) => p.body),
      'te6cc',
      'zz',
      Cell.fromBase64(pairs[0].body).toBoc().toString('hex'),
      beginCell().storeUint(1, 8).endCell().toBoc().toString('base64'),
    ];
    for (const text of items) {
      const typed = parseItem(text);
      const rest = decodeItem(text);
      if ('json' in rest) expect('value' in typed && plain(typed.value)).toEqual(JSON.parse(rest.json));
      else if ('error' in rest) expect(typed).toEqual({ error: rest.error });
      else expect('error' in typed).toBe(true);
    }
  });
});
