// TON Center's matching rules, each on a body built for it: the depth to which inner cells are decoded, a TL-B
// constraint that fails (the constructor is not matched: the next candidate of the opcode is tried, or null), and
// data left after a matched constructor (ignored, at the root and inside a referenced cell).
import { Address, beginCell, type Builder, type Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { cppBoc } from '../src/decode/boc.js';
import { decodeBody, decodeParsed } from '../src/decode/index.js';

const JETTON_NOTIFY = 0x7362d09c;

/** `jetton_notify` with query id `level` whose forward payload is `inner`, behind a reference (`Either Cell ^Cell`, right). */
const notify = (level: number, inner: Cell) =>
  beginCell().storeUint(JETTON_NOTIFY, 32).storeUint(level, 64).storeCoins(1).storeAddress(null).storeBit(1).storeRef(inner).endCell();

const comment = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell();

/** The body at level 0, then `levels` nested jetton_notify levels below it, the last of them holding a comment. */
function chain(levels: number): Cell {
  let cell = comment('the bottom');
  for (let level = levels; level >= 0; level--) cell = level === levels ? cell : notify(level, cell);
  return cell;
}

describe('the depth of nested decoding', () => {
  // Reference §1.6 (ton-marker logic.cpp): decode_boc_recursive decodes the body, then
  // replace_boc_cells_recursive(text, depth = 0) replaces each BOC string of the body's text by its decode, whose
  // text it handles in turn at depth + 1, and returns a text as is once depth > 10. The body's text is depth 0, the
  // text of the cell n references down depth n: the eleventh level is still put in (its text, depth 11, as is),
  // so its own BOC strings, the twelfth level, stay base64 BOCs.
  const levelsOf = (json: string) => {
    const seen: unknown[] = [];
    let v = JSON.parse(json) as { forward_payload?: { value: unknown } } | string;
    while (typeof v === 'object' && v !== null) {
      seen.push(v);
      v = (v.forward_payload?.value ?? '') as typeof v;
    }
    return { objects: seen as Record<string, unknown>[], rest: v };
  };

  it('decodes eleven nested levels below the body', () => {
    // levels 0..10 are jetton_notify, level 11 the comment: every level an object
    const body = chain(11);
    const { objects, rest } = levelsOf(decodeBody(body)?.json ?? 'null');
    expect(objects.map((o) => o.query_id ?? o['@type'])).toEqual([...Array.from({ length: 11 }, (_, i) => String(i)), 'text_comment']);
    expect(objects[11]).toEqual({ '@type': 'text_comment', text: 'the bottom' });
    expect(rest).toBe('');
  });

  it('leaves the twelfth level as the BOC TON Center prints', () => {
    const body = chain(12);
    const { objects, rest } = levelsOf(decodeBody(body)?.json ?? 'null');
    expect(objects.map((o) => o.query_id)).toEqual(Array.from({ length: 12 }, (_, i) => String(i)));
    let twelfth = body;
    for (let i = 0; i < 12; i++) twelfth = twelfth.refs[0];
    expect(rest).toBe(cppBoc(twelfth).toString('base64'));
    expect(rest).toBe(cppBoc(comment('the bottom')).toString('base64'));
  });

  it('the typed mode (GraphQL parsed) stops at the same level, keeping the undecoded cell as its BOC', () => {
    let v = decodeParsed(chain(12)) as Record<string, any> | string;
    let levels = 0;
    while (typeof v === 'object') {
      levels++;
      v = v.forward_payload.value;
    }
    expect(levels).toBe(12);
    expect(v).toBe(cppBoc(comment('the bottom')).toString('base64'));
  });

  it('a text that is itself a BOC counts as a level too', () => {
    // level 11 is a comment whose text is the BOC of a comment: decoded at levels <= 11 only
    const inner = cppBoc(comment('inside')).toString('base64');
    let deep: Cell = beginCell().storeUint(0, 32).storeStringTail(inner).endCell();
    for (let level = 10; level >= 0; level--) deep = notify(level, deep);
    const { objects } = levelsOf(decodeBody(deep)?.json ?? 'null');
    expect(objects[11]).toEqual({ '@type': 'text_comment', text: inner });
    let shallow: Cell = beginCell().storeUint(0, 32).storeStringTail(inner).endCell();
    for (let level = 9; level >= 0; level--) shallow = notify(level, shallow);
    expect(levelsOf(decodeBody(shallow)?.json ?? 'null').objects[10]).toEqual({ '@type': 'text_comment', text: { '@type': 'text_comment', text: 'inside' } });
  });
});

/** addr_std with an anycast of `depth` (its rewrite prefix all ones: 3 bits print as `F_`), workchain 0, address all 0x11. */
function anycastAddress(b: Builder, depth: number): Builder {
  b.storeUint(0b10, 2).storeBit(1).storeUint(depth, 5);
  for (let i = 0; i < depth; i++) b.storeBit(1);
  return b.storeInt(0, 8).storeBuffer(Buffer.alloc(32, 0x11));
}

describe('constraints', () => {
  const account = new Address(0, Buffer.alloc(32, 0x22));
  // jetton_transfer#0f8a7ea5, the only constructor of its opcode; its destination an anycast address:
  // anycast_info$_ depth:(#<= 30) { depth >= 1 } rewrite_pfx:(bits depth)
  const transfer = (depth: number) =>
    anycastAddress(beginCell().storeUint(0x0f8a7ea5, 32).storeUint(7, 64).storeCoins(5), depth)
      .storeAddress(account)
      .storeBit(0)
      .storeCoins(0)
      .storeBit(0)
      .endCell();

  it('a constructor whose constraint fails is not matched: with no other candidate, null', () => {
    const ok = JSON.parse(decodeBody(transfer(3))?.json ?? 'null');
    expect(ok['@type']).toBe('jetton_transfer');
    expect(ok.destination.anycast).toEqual({ '@type': 'something_from_maybe', value: { '@type': 'anycast_info', depth: '3', rewrite_pfx: 'F_' } });
    // { depth >= 1 } fails
    expect(decodeBody(transfer(0))).toBeNull();
    // depth:(#<= 30) fails for 31
    expect(decodeBody(transfer(31))).toBeNull();
    expect(decodeBody(transfer(30))?.type).toBe('jetton_transfer');
  });

  it('the next candidate of the same opcode is tried: change_dns_record, then delete_dns_record', () => {
    // change_dns_record#4eb1f0f9 query_id:uint64 key:bits256 value:^DNSRecord = InternalMsgBody0 is tried first,
    // delete_dns_record#4eb1f0f9 query_id:uint64 key:bits256 = InternalMsgBody1 next; the value is
    // dns_adnl_address#ad01 adnl_addr:bits256 flags:(## 8) { flags <= 1 } proto_list:flags . 0?ProtoList
    const record = (flags: number) => {
      const b = beginCell().storeUint(0xad01, 16).storeBuffer(Buffer.alloc(32, 0xab)).storeUint(flags, 8);
      if (flags & 1) b.storeBit(0); // proto_list_nil
      return b.endCell();
    };
    const body = (flags: number) =>
      beginCell().storeUint(0x4eb1f0f9, 32).storeUint(9, 64).storeBuffer(Buffer.alloc(32, 0xcd)).storeRef(record(flags)).endCell();
    const key = 'CD'.repeat(32);
    const changed = JSON.parse(decodeBody(body(1))?.json ?? 'null');
    expect(changed).toEqual({
      '@type': 'change_dns_record',
      query_id: '9',
      key,
      value: { '@type': 'dns_adnl_address', adnl_addr: 'AB'.repeat(32), flags: '1', proto_list: { '@type': 'proto_list_nil' } },
    });
    // flags = 2 breaks { flags <= 1 }: change_dns_record fails, delete_dns_record reads the same bits (its
    // reference left over, and ignored)
    expect(decodeBody(body(2))?.json).toBe(`{"@type":"delete_dns_record","query_id":"9","key":"${key}"}`);
  });
});

describe('data after a matched constructor', () => {
  it('is ignored at the root: bits and references', () => {
    const excess = beginCell().storeUint(0xd53276db, 32).storeUint(42, 64);
    const plain = decodeBody(excess.endCell())?.json;
    expect(plain).toBe('{"@type":"excess","query_id":"42"}');
    const trailing = excess.storeUint(0xdeadbeef, 32).storeBit(1).storeRef(comment('left over')).endCell();
    expect(decodeBody(trailing)?.json).toBe(plain);
  });

  it('is ignored inside a referenced cell', () => {
    // change_dns_record's value: dns_next_resolver#ba93 resolver:MsgAddressInt, then 17 more bits and a reference
    const resolver = new Address(0, Buffer.alloc(32, 0x33));
    const value = (extra: boolean) => {
      const b = beginCell().storeUint(0xba93, 16).storeAddress(resolver);
      if (extra) b.storeUint(0x1ffff, 17).storeRef(comment('left over'));
      return b.endCell();
    };
    const body = (extra: boolean) => beginCell().storeUint(0x4eb1f0f9, 32).storeUint(1, 64).storeBuffer(Buffer.alloc(32, 0)).storeRef(value(extra)).endCell();
    const plain = decodeBody(body(false))?.json;
    expect(JSON.parse(plain ?? 'null').value['@type']).toBe('dns_next_resolver');
    expect(decodeBody(body(true))?.json).toBe(plain);
  });
});
