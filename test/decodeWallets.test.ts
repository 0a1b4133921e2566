// The 11 constructors of TON Center's wallet special paths (reference §1.4, src/decode/wallets.ts), which the
// round trip of the parser slots does not reach (the slots hold only `rest:Any` stubs for four of them and
// nothing for the seven signed externals): a body of each built with @ton/core's Builder following
// src/decode/schemas/wallets.tlb, in the forms the special paths take them (W5 internal and external signed
// requests and the extension request; highload v3's signed external and its internal request; the signed
// externals of v1–v4, highload v1/v2 and preprocessed v2, whose opcode is a signature's first bits), decoded
// and compared field by field with what the schema says the printer shows.
import { Address, beginCell, type Builder, type Cell, Dictionary, type DictionaryValue } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { cppBoc } from '../src/decode/boc.js';
import { decodeBody, decodedOpcode } from '../src/decode/index.js';
import { decoderSchema } from '../src/decode/decode.js';

type Json = Record<string, unknown>;

const hex = (b: Buffer) => b.toString('hex').toUpperCase();
/** A signature whose first 32 bits name no opcode (as a real one almost always does). */
const signature = (k: number) => Buffer.alloc(64, 0xa0 + k);
const account = (k: number) => new Address(0, Buffer.alloc(32, k));
const addrJson = (a: Address) => ({ '@type': 'addr_std', anycast: { '@type': 'nothing_from_maybe' }, workchain_id: String(a.workChain), address: hex(a.hash) });
const varUint = (v: bigint) => ({ '@type': 'var_uint', len: String(v === 0n ? 0 : Math.ceil(v.toString(16).length / 2)), value: String(v) });
const grams = (v: bigint) => ({ '@type': 'nanograms', amount: varUint(v) });
const comment = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell();

interface Built {
  cell: Cell;
  json: Json;
}

/**
 * An internal MessageRelaxed Any (int_msg_info$0 … init:(Maybe (Either StateInit ^StateInit)) body:(Either X ^X))
 * to `to` carrying `value` nanotons and a comment in a referenced body, as TON Center prints it.
 */
function message(to: number, value: bigint, text: string, init?: Built): Built {
  const b = beginCell()
    .storeUint(0, 1) // int_msg_info$0
    .storeBit(true) // ihr_disabled
    .storeBit(to % 2 === 1) // bounce
    .storeBit(false) // bounced
    .storeAddress(null) // src: addr_none
    .storeAddress(account(to))
    .storeCoins(value)
    .storeBit(0) // other: no extra currencies
    .storeCoins(0) // ihr_fee
    .storeCoins(0) // fwd_fee
    .storeUint(0, 64)
    .storeUint(0, 32);
  if (init) b.storeBit(1).storeBit(1).storeRef(init.cell);
  else b.storeBit(0);
  b.storeBit(1).storeRef(comment(text));
  return {
    cell: b.endCell(),
    json: {
      '@type': 'message',
      info: {
        '@type': 'int_msg_info',
        ihr_disabled: true,
        bounce: to % 2 === 1,
        bounced: false,
        src: { '@type': 'addr_none' },
        dest: addrJson(account(to)),
        value: { '@type': 'currencies', grams: grams(value), other: { '@type': 'extra_currencies', dict: { '@type': 'hashmap_empty' } } },
        ihr_fee: grams(0n),
        fwd_fee: grams(0n),
        created_lt: '0',
        created_at: '0',
      },
      // `^StateInit` and `^Any` as type arguments are wrapped in cell_reference (real data: wallet out-messages)
      init: init
        ? { '@type': 'something_from_maybe', value: { '@type': 'second_from_either', value: { cell_reference: init.json } } }
        : { '@type': 'nothing_from_maybe' },
      body: { '@type': 'second_from_either', value: { cell_reference: { '@type': 'text_comment', text } } },
    },
  };
}

/** A StateInit with code and data (too short to decode: printed as BOCs), nothing else. */
function stateInit(): Built {
  const code = beginCell().storeUint(0xc0de, 16).endCell();
  const data = beginCell().storeUint(0xda, 8).endCell();
  const cell = beginCell().storeBit(0).storeBit(0).storeBit(1).storeRef(code).storeBit(1).storeRef(data).storeBit(0).endCell();
  const boc = (c: Cell) => cppBoc(c).toString('base64');
  return {
    cell,
    json: {
      fixed_prefix_length: { '@type': 'nothing_from_maybe' },
      special: { '@type': 'nothing_from_maybe' },
      code: { '@type': 'something_from_maybe', value: boc(code) },
      data: { '@type': 'something_from_maybe', value: boc(data) },
      library: { '@type': 'nothing_from_maybe' },
    },
  };
}

/** `_ mode:(## 8) msg:^(MessageRelaxed Any) = ModeWithMessage`, stored inline. */
const modeWithMessage = (b: Builder, mode: number, m: Built) => b.storeUint(mode, 8).storeRef(m.cell);
const modeWithMessageJson = (mode: number, m: Built) => ({ mode: String(mode), msg: m.json });

/** `WalletV1toV4Msgs n`: msgs_n with msg_1 … msg_n. */
function msgs(b: Builder, list: [number, Built][]): Json {
  const json: Json = { '@type': `msgs_${list.length}` };
  list.forEach(([mode, m], i) => {
    modeWithMessage(b, mode, m);
    json[`msg_${i + 1}`] = modeWithMessageJson(mode, m);
  });
  return json;
}

/** `OutList n` of action_send_msg, the first sent deepest; printed with the last action outermost. */
function outList(actions: [number, Built][]): Built {
  let cell = beginCell().endCell();
  let json: Json = { '@type': 'out_list_empty' };
  for (const [mode, m] of actions) {
    cell = beginCell().storeRef(cell).storeUint(0x0ec3c86d, 32).storeUint(mode, 8).storeRef(m.cell).endCell();
    json = { '@type': 'out_list', prev: json, action: { '@type': 'action_send_msg', mode: String(mode), out_msg: m.json } };
  }
  return { cell, json };
}

/** The leaves of a printed Hashmap tree, left (key bit 0) first: ascending keys. */
function leaves(v: unknown): unknown[] {
  const o = v as Json;
  if (o['@type'] === 'hashmap_root') return leaves(o.root);
  const node = o.node as Json;
  return node['@type'] === 'hashmap_node_leaf' ? [node.value] : [...leaves(node.left), ...leaves(node.right)];
}

const modeWithMessageValue: DictionaryValue<[number, Built]> = {
  serialize: ([mode, m], b) => modeWithMessage(b, mode, m),
  parse: () => {
    throw new Error('not read back');
  },
};

/** Decodes a body: its type, its parsed JSON, and the text itself (must equal JSON.stringify of an expectation). */
function decoded(cell: Cell) {
  const got = decodeBody(cell);
  expect(got, cell.toBoc().toString('base64')).not.toBeNull();
  return { type: got?.type, json: got?.json as string, value: JSON.parse(got?.json as string) as Json };
}

describe('the wallet special paths, one body of each of their 11 constructors', () => {
  const m1 = message(1, 1_000_000_000n, 'to one');
  const m2 = message(2, 5n, 'to two');
  const m3 = message(3, 0n, 'to three', stateInit());

  it('are the 11 constructors of the types order.json names for them', () => {
    const { order, compiler } = decoderSchema();
    const types = [...new Set([...Object.values(order.special.byOpcodeName), ...order.special.unknownOpcode])];
    const names = types.flatMap((t) => (compiler.byType.get(t) ?? []).map((c) => c.name));
    expect(names.sort()).toEqual(
      [
        'w5_internal_signed_request',
        'w5_external_signed_request',
        'w5_extension_action_request',
        'highload_v3_internal_request',
        'preprocessed_wallet_signed_v2',
        'highload_wallet_signed_v3',
        'highload_wallet_signed_v2',
        'highload_wallet_signed_v1',
        'wallet_signed_v4',
        'wallet_signed_v3',
        'wallet_signed_v1_v2',
      ].sort(),
    );
  });

  it('wallet_signed_v1_v2: signature msg_seqno valid_until, n messages for the n references', () => {
    const b = beginCell().storeBuffer(signature(1)).storeUint(17, 32).storeUint(1_754_155_000, 32);
    const list = msgs(b, [
      [3, m1],
      [1, m2],
    ]);
    const cell = b.endCell();
    expect(decodedOpcode(cell.beginParse().preloadUint(32))).toBeNull();
    const got = decoded(cell);
    expect(got.json).toBe(
      JSON.stringify({ '@type': 'wallet_signed_v1_v2', signature: hex(signature(1)), msg_seqno: '17', valid_until: '1754155000', msgs: list }),
    );
  });

  it('wallet_signed_v3: signature subwallet_id valid_until msg_seqno msgs', () => {
    const b = beginCell().storeBuffer(signature(2)).storeUint(698983191, 32).storeUint(1_761_574_414, 32).storeUint(2149, 32);
    const list = msgs(b, [[3, m1]]);
    // a signed external must leave nothing of the root: one bit more and no layout is taken
    expect(decodeBody(b.asCell().asBuilder().storeBit(0).endCell())).toBeNull();
    expect(decoded(b.endCell()).json).toBe(
      JSON.stringify({
        '@type': 'wallet_signed_v3',
        signature: hex(signature(2)),
        subwallet_id: '698983191',
        valid_until: '1761574414',
        msg_seqno: '2149',
        msgs: list,
      }),
    );
  });

  it('wallet_signed_v4: simple_send with up to four messages, install_plugin, deploy_install_plugin', () => {
    const head = () => beginCell().storeBuffer(signature(3)).storeUint(698983191, 32).storeUint(1_754_155_523, 32).storeUint(212, 32);
    const fields = { '@type': 'wallet_signed_v4', signature: hex(signature(3)), subwallet_id: '698983191', valid_until: '1754155523', msg_seqno: '212' };
    const send = head().storeUint(0, 8);
    const list = msgs(send, [
      [3, m1],
      [0, m2],
      [128, m3],
      [2, m1],
    ]);
    expect(decoded(send.endCell()).json).toBe(JSON.stringify({ ...fields, op: { '@type': 'simple_send', msgs: list } }));

    const plugin = Buffer.alloc(32, 0x5e);
    const install = head().storeUint(2, 8).storeInt(-1, 8).storeBuffer(plugin).storeCoins(50_000_000n).storeUint(99, 64).endCell();
    expect(decoded(install).json).toBe(
      JSON.stringify({
        ...fields,
        op: {
          '@type': 'install_plugin',
          plugin_workchain: '-1',
          plugin_address: hex(plugin),
          amount: { '@type': 'nanocoins', amount: varUint(50_000_000n) },
          query_id: '99',
        },
      }),
    );

    const init = stateInit();
    const deploy = head().storeUint(1, 8).storeInt(0, 8).storeCoins(7n).storeRef(init.cell).storeRef(comment('plugin body')).endCell();
    expect(decoded(deploy).json).toBe(
      JSON.stringify({
        ...fields,
        op: {
          '@type': 'deploy_install_plugin',
          plugin_workchain: '0',
          plugin_balance: { '@type': 'nanocoins', amount: varUint(7n) },
          state_init: init.json,
          body: { '@type': 'text_comment', text: 'plugin body' },
        },
      }),
    );
  });

  it('highload_wallet_signed_v1: the messages in a Hashmap 16 behind a reference', () => {
    const dict = Dictionary.empty(Dictionary.Keys.Uint(16), modeWithMessageValue);
    dict.set(0, [3, m1]);
    dict.set(1, [1, m2]);
    dict.set(7, [0, m3]);
    const cell = beginCell()
      .storeBuffer(signature(4))
      .storeUint(1, 32)
      .storeUint(1_700_000_000, 32)
      .storeUint(5, 32)
      .storeRef(beginCell().storeDictDirect(dict))
      .endCell();
    const got = decoded(cell);
    expect(got.type).toBe('highload_wallet_signed_v1');
    const { payload, ...rest } = got.value;
    expect(rest).toEqual({ '@type': 'highload_wallet_signed_v1', signature: hex(signature(4)), subwallet_id: '1', valid_until: '1700000000', msg_seqno: '5' });
    expect((payload as Json)['@type']).toBe('hashmap_edge');
    expect(leaves(payload)).toEqual([modeWithMessageJson(3, m1), modeWithMessageJson(1, m2), modeWithMessageJson(0, m3)]);
  });

  it('highload_wallet_signed_v2: the messages in a HashmapE 16, empty or not', () => {
    const dict = Dictionary.empty(Dictionary.Keys.Uint(16), modeWithMessageValue);
    dict.set(2, [3, m2]);
    dict.set(300, [3, m1]);
    const head = () => beginCell().storeBuffer(signature(5)).storeUint(698983191, 32).storeUint(0x1234_5678_9abcn, 64);
    const got = decoded(head().storeDict(dict).endCell());
    const { payload, ...rest } = got.value;
    expect(rest).toEqual({
      '@type': 'highload_wallet_signed_v2',
      signature: hex(signature(5)),
      subwallet_id: '698983191',
      query_id: String(0x1234_5678_9abcn),
    });
    expect((payload as Json)['@type']).toBe('hashmap_root');
    expect(leaves(payload)).toEqual([modeWithMessageJson(3, m2), modeWithMessageJson(3, m1)]);
    // an empty dictionary: 609 bits, nothing else
    expect(decoded(head().storeBit(0).endCell()).value.payload).toEqual({ '@type': 'hashmap_empty' });
  });

  it('highload_wallet_signed_v3 (external) and highload_v3_internal_request (internal)', () => {
    const inner = beginCell()
      .storeUint(698983191, 32)
      .storeRef(m3.cell)
      .storeUint(3, 8)
      .storeUint(5, 13) // query_id.shift
      .storeUint(1000, 10) // query_id.bit_number
      .storeUint(1_761_000_000, 64)
      .storeUint(3600, 22)
      .endCell();
    const external = beginCell().storeBuffer(signature(6)).storeRef(inner).endCell();
    expect(decoded(external).json).toBe(
      JSON.stringify({
        '@type': 'highload_wallet_signed_v3',
        signature: hex(signature(6)),
        msg_inner: {
          subwallet_id: '698983191',
          message_to_send: m3.json,
          send_mode: '3',
          query_id: { shift: '5', bit_number: '1000' },
          created_at: '1761000000',
          timeout: '3600',
        },
      }),
    );

    const actions = outList([
      [3, m1],
      [1, m2],
      [0, m3],
    ]);
    const internal = beginCell().storeUint(0xae42e5a4, 32).storeUint(77, 64).storeRef(actions.cell).endCell();
    expect(decodedOpcode(0xae42e5a4)).toBe('highload_v3_internal_request');
    expect(decoded(internal).json).toBe(JSON.stringify({ '@type': 'highload_v3_internal_request', query_id: '77', actions: actions.json }));
  });

  it('preprocessed_wallet_signed_v2: the action list in the inner cell, one action or more (none: not this path)', () => {
    const body = (list: [number, Built][]) => {
      const actions = outList(list);
      const inner = beginCell().storeUint(1_761_000_000, 64).storeUint(42, 16).storeRef(actions.cell).endCell();
      return { cell: beginCell().storeBuffer(signature(7)).storeRef(inner).endCell(), actions };
    };
    for (const list of [
      [[3, m1]],
      [
        [3, m1],
        [3, m2],
      ],
    ] as [number, Built][][]) {
      const { cell, actions } = body(list);
      expect(decoded(cell).json).toBe(
        JSON.stringify({
          '@type': 'preprocessed_wallet_signed_v2',
          signature: hex(signature(7)),
          inner: { valid_until: '1761000000', seqno: '42', actions: actions.json },
        }),
      );
    }
    // the path is tried only for an action list of one action or more (§1.4 (c) 1)
    expect(decodeBody(body([]).cell)).toBeNull();
  });

  describe('W5: internal and external signed requests, extension requests', () => {
    const actions = outList([
      [3, m1],
      [3, m2],
    ]);
    const extension = account(9);
    // extended actions: add_extension, then set_signature_auth_allowed behind a reference
    const last = beginCell().storeUint(0x04, 8).storeBit(1).endCell();
    const extendedJson = {
      '@type': 'extended_list_action',
      action: { '@type': 'add_extension', addr: addrJson(extension) },
      prev: { '@type': 'extended_list_last', action: { '@type': 'set_signature_auth_allowed', allowed: true } },
    };
    /** w5_actions_request: out_actions:(Maybe ^(OutList m)) extended_actions:(Maybe (W5ExtendedActionList n)). */
    const innerRequest = (b: Builder, withActions: boolean, withExtended: boolean): Json => {
      if (withActions) b.storeBit(1).storeRef(actions.cell);
      else b.storeBit(0);
      if (withExtended) b.storeBit(1).storeUint(0x02, 8).storeAddress(extension).storeRef(last);
      else b.storeBit(0);
      return {
        '@type': 'w5_actions_request',
        out_actions: withActions ? { '@type': 'something_from_maybe', value: { cell_reference: actions.json } } : { '@type': 'nothing_from_maybe' },
        extended_actions: withExtended ? { '@type': 'something_from_maybe', value: extendedJson } : { '@type': 'nothing_from_maybe' },
      };
    };
    const signed = (opcode: number, name: string, withActions: boolean, withExtended: boolean) => {
      const b = beginCell().storeUint(opcode, 32).storeUint(698983107, 32).storeUint(1_761_000_000, 32).storeUint(12, 32);
      const inner = innerRequest(b, withActions, withExtended);
      b.storeBuffer(signature(8));
      return {
        cell: b.endCell(),
        json: JSON.stringify({
          '@type': name,
          request: { '@type': 'w5_signed_request', wallet_id: '698983107', valid_until: '1761000000', msg_seqno: '12', inner, signature: hex(signature(8)) },
        }),
      };
    };

    it.each([
      [0x73696e74, 'w5_internal_signed_request'],
      [0x7369676e, 'w5_external_signed_request'],
    ])('%s (%s) with out-actions and extended actions, either or none', (opcode, name) => {
      expect(decodedOpcode(opcode)).toBe(name);
      for (const [withActions, withExtended] of [
        [true, true],
        [true, false],
        [false, true],
        [false, false],
      ]) {
        const { cell, json } = signed(opcode, name, withActions, withExtended);
        expect(decoded(cell).json, `${withActions} ${withExtended}`).toBe(json);
      }
    });

    it('w5_extension_action_request: query_id and the inner request', () => {
      const b = beginCell().storeUint(0x6578746e, 32).storeUint(31337, 64);
      const inner = innerRequest(b, true, true);
      expect(decoded(b.endCell()).json).toBe(JSON.stringify({ '@type': 'w5_extension_action_request', query_id: '31337', request: inner }));
    });

    it('a W5 internal request sent by a highload v3 wallet is decoded inside its message too', () => {
      const { cell, json } = signed(0x73696e74, 'w5_internal_signed_request', true, false);
      const msg = beginCell()
        .storeUint(0, 1)
        .storeBit(true)
        .storeBit(true)
        .storeBit(false)
        .storeAddress(null)
        .storeAddress(account(11))
        .storeCoins(1n)
        .storeBit(0)
        .storeCoins(0)
        .storeCoins(0)
        .storeUint(0, 64)
        .storeUint(0, 32)
        .storeBit(0)
        .storeBit(1)
        .storeRef(cell)
        .endCell();
      const external = beginCell()
        .storeBuffer(signature(9))
        .storeRef(beginCell().storeUint(1, 32).storeRef(msg).storeUint(3, 8).storeUint(0, 23).storeUint(1, 64).storeUint(60, 22))
        .endCell();
      const got = decoded(external).value as any;
      expect(got['@type']).toBe('highload_wallet_signed_v3');
      expect(JSON.stringify(got.msg_inner.message_to_send.body.value.cell_reference)).toBe(json);
    });
  });
});
