import { gunzipSync } from 'node:zlib';
import { beginCell, type Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { MAX_RUNTIME_INSTANCES } from '../src/decode/compile.js';
import { BodyDecoder } from '../src/decode/cache.js';
import { decodeBody, decoderCacheSizes } from '../src/decode/decode.js';
import { jsonBatches, RawTexts } from '../src/wire/rawJson.js';
import { deflatePart } from '../src/encoding/gzipParts.js';

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

describe('the body cache (DECODE_CACHE_MB)', () => {
  const comment = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell();

  it('keeps each decoded body once by hash, and at most its bytes', () => {
    const decoder = new BodyDecoder({ enabled: true, cacheBytes: 64 * 1024 });
    const boc = comment('x'.repeat(200)).toBoc().toString('base64');
    const first = decoder.decoded('h0', boc);
    expect(first?.comment).toBe('x'.repeat(200));
    // the same hash is served from the cache: the same object, not decoded again
    expect(decoder.decoded('h0', boc)).toBe(first);
    for (let i = 1; i <= 1000; i++) decoder.decoded(`h${i}`, comment(`${i}`.repeat(100)).toBoc().toString('base64'));
    const { entries, bytes } = decoder.size;
    console.log('body cache after 1001 distinct bodies', { entries, bytes });
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeLessThan(1001);
    expect(entries).toBeGreaterThan(10);
  });

  it('remembers bodies that decode to null, and decodes nothing when off', () => {
    const decoder = new BodyDecoder({ enabled: true, cacheBytes: 1024 * 1024 });
    const unknown = beginCell().storeUint(0x4d238543, 32).endCell().toBoc().toString('base64');
    expect(decoder.decoded('u', unknown)).toBeNull();
    expect(decoder.size.entries).toBe(1);
    expect(decoder.decoded('u', unknown)).toBeNull();
    const off = new BodyDecoder({ enabled: false, cacheBytes: 1024 * 1024 });
    expect(off.decoded('c', comment('hi').toBoc().toString('base64'))).toBeNull();
    expect(off.opcodeName(0x7362d09c)).toBe('jetton_notify');
    expect(off.opcodeName(0x12345678)).toBeNull();
    expect(off.opcodeName(null)).toBeNull();
  });

  it("keeps GraphQL's typed bodies in an LRU of their own, by hash, within the bytes; none when off", () => {
    const decoder = new BodyDecoder({ enabled: true, cacheBytes: 64 * 1024 });
    const boc = comment('x'.repeat(200)).toBoc().toString('base64');
    const first = decoder.parsed('h0', boc);
    expect(first).toMatchObject({ '@type': 'text_comment', text: 'x'.repeat(200) });
    expect(decoder.parsed('h0', boc)).toBe(first);
    expect(decoder.size.entries).toBe(0);
    const unknown = beginCell().storeUint(0x4d238543, 32).endCell().toBoc().toString('base64');
    expect(decoder.parsed('u', unknown)).toBeNull();
    for (let i = 1; i <= 1000; i++) decoder.parsed(`h${i}`, comment(`${i}`.repeat(100)).toBoc().toString('base64'));
    const { entries, bytes } = decoder.size.parsed;
    console.log('typed body cache after 1002 distinct bodies', { entries, bytes });
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeLessThan(1002);
    expect(entries).toBeGreaterThan(10);
    expect(new BodyDecoder({ enabled: false, cacheBytes: 1024 }).parsed('c', boc)).toBeNull();
    // no cache: decoded per use
    const none = new BodyDecoder({ enabled: true, cacheBytes: 0 });
    expect(none.parsed('h0', boc)).toEqual(first);
    expect(none.size.parsed.entries).toBe(0);
  });
});

describe('decoded JSON written into responses as it is', () => {
  it('keeps each text byte for byte wherever its marker sits, and leaves other strings alone', () => {
    const raw = new RawTexts();
    const text = '{"@type":"text_comment","comment":"a \\u003cb\\u003e \\u007f \\"q\\"","type":"text_comment"}';
    const value = { a: [raw.mark(text), { b: raw.mark('{"@type":"empty_cell"}') }], s: '\u0000not a marker', n: null };
    expect(raw.stringify(value)).toBe(`{"a":[${text},{"b":{"@type":"empty_cell"}}],"s":"\\u0000not a marker","n":null}`);
    // another response's registry leaves the markers it did not make as they are
    expect(new RawTexts().stringify(value)).not.toContain(text);
    expect(raw.stringify({ plain: 1 })).toBe('{"plain":1}');
    // as bytes: the same text, UTF-8, a non-Latin-1 text included; no marker, the text itself
    const unicode = raw.mark('{"@type":"text_comment","text":"Thanks ☕ — спасибо"}');
    const both = { a: value, u: unicode, s: 'é' };
    expect(raw.bytes(both).equals(Buffer.from(raw.stringify(both)))).toBe(true);
    // as chunks: the texts themselves, not copies, and the same bytes joined
    const written = raw.written(both);
    expect(Buffer.concat(written.chunks).equals(raw.bytes(both))).toBe(true);
    expect(written.length).toBe(raw.bytes(both).length);
    expect(raw.stringify(both)).toContain('"u":{"@type":"text_comment","text":"Thanks ☕ — спасибо"}');
    expect(new RawTexts().bytes({ plain: 'é' }).toString()).toBe('{"plain":"é"}');
  });
});

describe('RawTexts.response', () => {
  it('writes a small body whole, and one of a megabyte or more, or carrying gzip parts, as chunks, the same bytes', async () => {
    const small = new RawTexts();
    const value = { transactions: [small.mark(Buffer.from('{"hash":"a"}')), small.mark('{"hash":"b"}')], address_book: { x: 'é' } };
    const whole = small.response(value);
    expect(whole.chunks).toHaveLength(1);
    expect(whole.chunks[0].equals(small.bytes(value))).toBe(true);
    expect(whole.gzip).toBeUndefined();

    const big = new RawTexts();
    const text = Buffer.from(`{"hash":"${'x'.repeat(64 * 1024)}"}`);
    const many = { transactions: Array.from({ length: 20 }, () => big.mark(text)) };
    const chunked = big.response(many);
    expect(chunked.chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunked.chunks).equals(big.bytes(many))).toBe(true);

    // a megabyte and more of plain JSON: chunks (never one whole string), unless it is to be kept whole
    const plain = new RawTexts();
    const rows = { transactions: Array.from({ length: 300 }, (_, i) => ({ hash: `${i}`, data: 'é'.repeat(4000) })) };
    const parts = plain.response(rows);
    expect(parts.chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(parts.chunks).equals(Buffer.from(JSON.stringify(rows)))).toBe(true);
    const kept = plain.response(rows, true);
    expect(kept.chunks).toHaveLength(1);
    expect(kept.chunks[0].equals(Buffer.from(JSON.stringify(rows)))).toBe(true);

    const parted = new RawTexts();
    const marker = parted.mark(text, async () => deflatePart(text));
    const withParts = parted.response({ traces: [marker] });
    expect(withParts.gzip).toBeDefined();
    expect(gunzipSync(await withParts.gzip!()).equals(parted.bytes({ traces: [marker] }))).toBe(true);
  });
});

describe('jsonBatches', () => {
  it('writes exactly what JSON.stringify writes, in strings of about 32 K characters', () => {
    const book: Record<string, unknown> = Object.create(null);
    for (let i = 0; i < 3000; i += 1)
      book[`0:${i.toString(16).padStart(64, '0')}`] = { user_friendly: `EQ${i}`, domain: i % 7 ? null : 'a.ton', interfaces: ['wallet_v4r2'] };
    const values: unknown[] = [
      { traces: ['x', { a: undefined, b: () => 1, c: [undefined, () => 1, Symbol('s'), 1n.toString()] }], address_book: book, metadata: {} },
      // biome-ignore lint/suspicious/noSparseArray: a hole, which JSON.stringify writes as null
      [1, , 3],
      [new Date(0), new String('s'), new Number(2), new Boolean(false), { toJSON: () => ({ j: 1 }) }, null, 'é ☕ \u0000 "'],
      { 2: 'b', 1: 'a', z: { 10: 1, 9: 2 }, '': [[], {}] },
      'plain',
      7,
      null,
      [],
      {},
    ];
    for (const value of values) expect(jsonBatches(value).join('')).toBe(JSON.stringify(value));
    const batches = jsonBatches({ address_book: book });
    expect(batches.length).toBeGreaterThan(5);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThan(33 * 1024);
    // a page of a few rows (here 64 K characters) is one call's string; with one row more its rows are written apart
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ hash: `h${i}`, body: 'x'.repeat(4096) }));
    const small = { transactions: rows(16), address_book: Object.fromEntries(Object.entries(book).slice(0, 16)) };
    expect(jsonBatches(small)).toEqual([JSON.stringify(small)]);
    const larger = { ...small, transactions: rows(17) };
    expect(jsonBatches(larger).join('')).toBe(JSON.stringify(larger));
    expect(jsonBatches(larger).length).toBeGreaterThan(1);
  });
});
