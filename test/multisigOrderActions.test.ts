import { beginCell, Cell, internal, storeMessageRelaxed } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { goBoc } from '../src/encoding/goBoc';
import { goString } from '../src/encoding/goString';
import { addressesOfAction, parseOrderActions, tonUnits } from '../src/multisig/orderActions';
import {
  comment,
  JETTON_WALLET,
  jettonTransfer,
  MULTISIG,
  NFT_ITEM,
  nftTransfer,
  orderBoc,
  RECIPIENT,
  raw,
  SIGNER_A,
  SIGNER_B,
  SIGNER_C,
  sendMessage,
  updateParams,
} from './helpers/multisigOrders';

const b64 = (c: Cell) => goBoc(c).toString('base64');
const ACTION_KEYS = ['destination', 'value', 'body_raw', 'parsed', 'error', 'parsed_body', 'parsed_body_type', 'send_mode'];

describe('multisig order actions, as TON Center parses them', () => {
  it('reads a send_message of a jetton transfer with a comment, field by field in its key order', () => {
    const body = jettonTransfer({ queryId: 7n, amount: 1_000_000n, to: RECIPIENT, response: MULTISIG, forwardTon: 1n, text: 'for March' });
    const [action] = parseOrderActions(orderBoc([sendMessage(JETTON_WALLET, 50_000_000n, body, 1)]))!;
    expect(Object.keys(action)).toEqual(ACTION_KEYS);
    expect(action).toMatchObject({
      destination: raw(JETTON_WALLET),
      value: '50000000',
      body_raw: b64(body),
      parsed: true,
      error: null,
      parsed_body_type: 'jetton_transfer',
      send_mode: 1,
    });
    const forward = comment('for March');
    expect(Object.keys(action.parsed_body!)).toEqual([
      'query_id',
      'amount',
      'destination',
      'response',
      'custom_payload',
      'forward_amount',
      'comment',
      'encrypted_comment',
      'forward_payload',
      'payload_sum_type',
      'stonfi_swap_body',
    ]);
    expect(action.parsed_body).toEqual({
      query_id: 7n,
      amount: '1000000',
      destination: raw(RECIPIENT),
      response: raw(MULTISIG),
      custom_payload: null,
      forward_amount: '1',
      comment: 'for March',
      encrypted_comment: false,
      forward_payload: b64(forward),
      payload_sum_type: 'TextComment',
      stonfi_swap_body: null,
    });
    expect(addressesOfAction(action).sort()).toEqual([raw(JETTON_WALLET), raw(RECIPIENT), raw(MULTISIG)].sort());
  });

  it('gives an inline empty forward payload as the BOC of an empty cell and no payload kind', () => {
    const body = jettonTransfer({ queryId: 1n, amount: 5n, to: RECIPIENT, response: MULTISIG, forwardTon: 0n });
    const [action] = parseOrderActions(orderBoc([sendMessage(JETTON_WALLET, 1n, body)]))!;
    expect(action.parsed_body).toMatchObject({ forward_payload: b64(beginCell().endCell()), payload_sum_type: '', comment: '' });
  });

  it('reads a STON.fi swap forward payload with its minimum in TON units', () => {
    const swap = beginCell().storeUint(0x25938561, 32).storeAddress(JETTON_WALLET).storeCoins(1_500_000_000n).storeAddress(SIGNER_A).endCell();
    const body = beginCell()
      .storeUint(0x0f8a7ea5, 32)
      .storeUint(2, 64)
      .storeCoins(10n)
      .storeAddress(RECIPIENT)
      .storeAddress(MULTISIG)
      .storeBit(false)
      .storeCoins(3n)
      .storeBit(true)
      .storeRef(swap)
      .endCell();
    const [action] = parseOrderActions(orderBoc([sendMessage(JETTON_WALLET, 1n, body)]))!;
    expect(action.parsed_body).toMatchObject({
      payload_sum_type: 'StonfiSwap',
      stonfi_swap_body: { jetton_wallet: raw(JETTON_WALLET), min_amount: '1.5', user_address: raw(SIGNER_A) },
    });
    expect(addressesOfAction(action)).toContain(raw(SIGNER_A));
  });

  it('reads an NFT transfer', () => {
    const forward = comment('gift');
    const body = nftTransfer({ queryId: 2n ** 63n + 5n, newOwner: RECIPIENT, response: null, forwardTon: 10n, forward });
    const [action] = parseOrderActions(orderBoc([sendMessage(NFT_ITEM, 100_000_000n, body)]))!;
    expect(action.parsed_body_type).toBe('nft_transfer');
    expect(Object.keys(action.parsed_body!)).toEqual(['query_id', 'new_owner', 'response_destination', 'custom_payload', 'forward_amount', 'forward_payload']);
    expect(action.parsed_body).toEqual({
      query_id: 2n ** 63n + 5n,
      new_owner: raw(RECIPIENT),
      // addr_none: TON Center prints tonutils' empty address as "0:", we give null (README)
      response_destination: null,
      custom_payload: null,
      forward_amount: '10',
      forward_payload: b64(forward),
    });
  });

  it('reads a plain TON transfer with a comment as TON Center does: the four zero opcode bytes stay in the comment', () => {
    const body = comment('hello');
    const [action] = parseOrderActions(orderBoc([sendMessage(RECIPIENT, 2_000_000_000n, body, 3)]))!;
    expect(action).toEqual({
      destination: raw(RECIPIENT),
      value: '2000000000',
      body_raw: b64(body),
      parsed: true,
      error: null,
      parsed_body: { comment: '\u0000\u0000\u0000\u0000hello', encrypted: false },
      parsed_body_type: 'ton_transfer',
      send_mode: 3,
    });
  });

  it('reads an empty body and an encrypted comment as ton_transfer', () => {
    const empty = beginCell().endCell();
    const encrypted = beginCell()
      .storeUint(0x2167da4b, 32)
      .storeBuffer(Buffer.from([0x41, 0xff, 0xe2, 0x82]))
      .endCell();
    const actions = parseOrderActions(orderBoc([sendMessage(RECIPIENT, 1n, empty), sendMessage(RECIPIENT, 1n, encrypted)]))!;
    expect(actions[0].parsed_body).toEqual({ comment: '', encrypted: false });
    // bytes that are not UTF-8 become one U+FFFD each, as Go's JSON encoder writes them
    expect(actions[1].parsed_body).toEqual({ comment: 'A\ufffd\ufffd\ufffd', encrypted: true });
    expect(actions[1].parsed_body_type).toBe('ton_transfer');
  });

  it('reads update_multisig_params with signers and proposers in dictionary key order (TON Center: random)', () => {
    const actions = parseOrderActions(orderBoc([updateParams(2, [SIGNER_C, SIGNER_A, SIGNER_B], [SIGNER_B]), updateParams(1, [SIGNER_A], [])]))!;
    expect(actions[0]).toEqual({
      destination: null,
      value: null,
      body_raw: null,
      parsed: true,
      error: null,
      parsed_body: { new_threshold: 2, new_signers: [raw(SIGNER_C), raw(SIGNER_A), raw(SIGNER_B)], new_proposers: [raw(SIGNER_B)] },
      parsed_body_type: 'multisig_update_params',
      send_mode: 0,
    });
    expect(Object.keys(actions[0].parsed_body!)).toEqual(['new_threshold', 'new_signers', 'new_proposers']);
    expect(actions[1].parsed_body).toEqual({ new_threshold: 1, new_signers: [raw(SIGNER_A)], new_proposers: null });
    expect(addressesOfAction(actions[0]).sort()).toEqual([raw(SIGNER_A), raw(SIGNER_B), raw(SIGNER_B), raw(SIGNER_C)].sort());
  });

  it('gives an unknown body opcode as unknown with the opcode and the body', () => {
    const body = beginCell().storeUint(0xdeadbeef, 32).storeUint(1, 8).endCell();
    const [action] = parseOrderActions(orderBoc([sendMessage(RECIPIENT, 1n, body)]))!;
    expect(action.parsed).toBe(true);
    expect(action.parsed_body_type).toBe('unknown');
    expect(action.parsed_body).toEqual({ opcode: 0xdeadbeef, data: b64(body) });
    expect(Object.keys(action.parsed_body!)).toEqual(['opcode', 'data']);
  });

  it('gives a known opcode whose body does not read as unknown with opcode 0, never an error', () => {
    const broken = beginCell().storeUint(0x0f8a7ea5, 32).storeUint(1, 16).endCell();
    const mint15 = beginCell().storeUint(0x15, 32).storeUint(1, 64).storeAddress(RECIPIENT).storeCoins(1n).storeRef(beginCell().endCell()).endCell();
    const actions = parseOrderActions(orderBoc([sendMessage(RECIPIENT, 1n, broken), sendMessage(RECIPIENT, 1n, mint15)]))!;
    expect(actions[0]).toMatchObject({ parsed: true, parsed_body_type: 'unknown', parsed_body: { opcode: 0, data: b64(broken) }, error: null });
    // TON Center reads opcode 0x15 with the 0x642b7d07 layout: such a mint never reads
    expect(actions[1]).toMatchObject({ parsed_body_type: 'unknown', parsed_body: { opcode: 0, data: b64(mint15) } });
  });

  it('reads a jetton mint of opcode 0x642b7d07', () => {
    const master = beginCell().storeUint(0x178d4519, 32).storeUint(9, 64).storeCoins(1000n).endCell();
    const mint = beginCell().storeUint(0x642b7d07, 32).storeUint(3, 64).storeAddress(RECIPIENT).storeCoins(50n).storeRef(master).endCell();
    const [action] = parseOrderActions(orderBoc([sendMessage(JETTON_WALLET, 1n, mint)]))!;
    expect(action.parsed_body).toEqual({
      opcode: 0x642b7d07,
      query_id: 3n,
      to_address: raw(RECIPIENT),
      ton_amount: '50',
      master_msg_query_id: 9n,
      master_msg_jetton_amount: '1000',
    });
  });

  it('reads the other bodies TON Center knows, each with its keys in order', () => {
    const inner = beginCell()
      .store(storeMessageRelaxed(internal({ to: RECIPIENT, value: 9n, body: comment('vested') })))
      .endCell();
    const setStatus = beginCell().storeUint(0xeed236d3, 32).storeUint(4, 64).storeUint(1, 8).endCell();
    const q = (op: number) => beginCell().storeUint(op, 32).storeUint(11, 64);
    const bodies: [Cell, string, Record<string, unknown>][] = [
      [q(0x595f07bc).storeCoins(77n).storeAddress(SIGNER_A).endCell(), 'jetton_burn', { query_id: 11n, amount: '77', response_destination: raw(SIGNER_A) }],
      [q(0x00009fd3).endCell(), 'jetton_top_up', { query_id: 11n }],
      [q(0x6501f354).storeAddress(SIGNER_B).endCell(), 'jetton_change_admin', { query_id: 11n, new_admin_address: raw(SIGNER_B) }],
      [q(0xfb88e119).endCell(), 'jetton_claim_admin', { query_id: 11n }],
      [q(0xcb862902).storeStringTail('https://x/meta.json').endCell(), 'jetton_change_content', { query_id: 11n, new_metadata_url: 'https://x/meta.json' }],
      [
        q(0x235caf52).storeAddress(RECIPIENT).storeCoins(5n).storeRef(setStatus).endCell(),
        'jetton_call_to',
        { query_id: 11n, to_address: raw(RECIPIENT), ton_amount: '5', action_type: 'JettonSetStatus', action_data: b64(setStatus) },
      ],
      [setStatus, 'jetton_set_status', { query_id: 4n, new_status: 1 }],
      [q(0x00001000).storeCoins(3n).endCell(), 'single_nominator_withdraw', { query_id: 11n, coins: '3' }],
      [q(0x00001001).storeAddress(SIGNER_C).endCell(), 'single_nominator_change_validator', { query_id: 11n, validator_address: raw(SIGNER_C) }],
      [
        q(0x75097f5d).storeUint(3, 8).storeRef(inner).endCell(),
        'vesting_internal_transfer',
        { query_id: 11n, send_mode: 3, destination: raw(RECIPIENT), value: '9', message_body: b64(comment('vested')), comment: 'vested' },
      ],
    ];
    const actions = parseOrderActions(orderBoc(bodies.map(([body]) => sendMessage(MULTISIG, 1n, body))))!;
    bodies.forEach(([, type, expected], i) => {
      expect(actions[i].parsed_body_type).toBe(type);
      expect(actions[i].parsed_body).toEqual(expected);
      expect(Object.keys(actions[i].parsed_body!)).toEqual(Object.keys(expected));
    });
    expect(addressesOfAction(actions[9])).toEqual([raw(MULTISIG), raw(RECIPIENT)]);
  });

  it('gives an action it cannot read the shape TON Center gives, and the other actions still', () => {
    const unknownType = beginCell().storeUint(0x12345678, 32).endCell();
    const cutShort = beginCell().storeUint(0xf1381e5b, 32).storeUint(3, 8).endCell();
    const actions = parseOrderActions(orderBoc([unknownType, cutShort, sendMessage(RECIPIENT, 1n, comment('ok'))]))!;
    expect(actions[0]).toEqual({
      destination: null,
      value: null,
      body_raw: null,
      parsed: false,
      error: `failed to parse order action: unknown order action type: ${0x12345678}`,
      parsed_body: null,
      parsed_body_type: 'unknown',
      send_mode: 0,
    });
    expect(actions[1]).toMatchObject({ parsed: false, parsed_body_type: 'unknown', send_mode: 0 });
    expect(actions[1].error).toMatch(/^failed to parse order action: failed to load order action from cell: /);
    expect(actions[2].parsed_body_type).toBe('ton_transfer');
  });

  it('has no actions (null) for a missing, empty or unreadable BOC', () => {
    expect(parseOrderActions(null)).toBeNull();
    expect(parseOrderActions('')).toBeNull();
    expect(parseOrderActions('not a boc')).toBeNull();
    expect(parseOrderActions(beginCell().storeUint(1, 3).endCell().toBoc().toString('base64'))).toBeNull();
  });
});

describe("tonutils' forms", () => {
  it('writes a BOC as tonutils does: @ton/core bytes for a single cell, breadth-first cells for a tree', () => {
    const leaf = comment('x');
    expect(goBoc(leaf).equals(leaf.toBoc({ idx: false, crc32: true }))).toBe(true);
    const deep = beginCell()
      .storeUint(1, 8)
      .storeRef(beginCell().storeUint(2, 8).storeRef(beginCell().storeUint(4, 8).endCell()).endCell())
      .storeRef(beginCell().storeUint(3, 8).endCell())
      .endCell();
    const bytes = goBoc(deep);
    expect(Cell.fromBoc(bytes)[0].hash().equals(deep.hash())).toBe(true);
    // breadth first: 1, 2, 3, 4 (@ton/core writes 1, 2, 4, 3)
    const cells = bytes.subarray(11, bytes.length - 4);
    expect([...cells].filter((_, i) => [2, 7, 11, 14].includes(i))).toEqual([1, 2, 3, 4]);
    expect(bytes.equals(deep.toBoc({ idx: false, crc32: true }))).toBe(false);
  });

  it("prints bytes as Go's JSON encoder does and TON units as tonutils' Coins", () => {
    expect(goString(Buffer.from('héllo ✓', 'utf8'))).toBe('héllo ✓');
    expect(goString(Buffer.from([0xe2, 0x82]))).toBe('\ufffd\ufffd');
    expect(goString(Buffer.from([0xed, 0xa0, 0x80]))).toBe('\ufffd\ufffd\ufffd');
    expect([0n, 5n, 1_000_000_000n, 1_500_000_000n, 123_456_789_012n].map(tonUnits)).toEqual(['0', '0.000000005', '1', '1.5', '123.456789012']);
  });
});
