/**
 * A multisig v2 order's actions, read from its `order_boc` (a `HashmapE 8 ^OrderAction` root) as TON Center's
 * `parse_actions` reads them: `send_message` with the message body recognised by its opcode, and
 * `update_multisig_params`. Bodies it cannot read become TON Center's `unknown` shapes; only an order whose BOC or
 * dictionary cannot be read at all has no actions (null). Objects are built in TON Center's key order; 64-bit
 * query ids are bigints (JSON numbers on the wire).
 */
import { Address, Cell, Dictionary, type DictionaryValue, loadMessageRelaxed, type Slice } from '@ton/core';
import { toRawAddress } from '../encoding/address';
import { goBoc } from '../encoding/goBoc';
import { goString } from '../encoding/goString';

export type ParsedBody = Record<string, unknown>;

export interface OrderAction {
  destination: string | null;
  value: string | null;
  body_raw: string | null;
  parsed: boolean;
  error: string | null;
  parsed_body: ParsedBody | null;
  parsed_body_type: string;
  send_mode: number;
}

const SEND_MESSAGE = 0xf1381e5b;
const UPDATE_MULTISIG_PARAMS = 0x1d0cfbd3;
const ENCRYPTED_COMMENT = 0x2167da4b;
const STONFI_SWAP = 0x25938561;

/** The actions of an order in dictionary key order; null when the BOC or its dictionary cannot be read. */
export function parseOrderActions(orderBoc: string | null): OrderAction[] | null {
  if (orderBoc === null || orderBoc === '') return null;
  let entries: [number, Slice][];
  try {
    const root = Cell.fromBase64(orderBoc);
    const dict = Dictionary.loadDirect(Dictionary.Keys.Uint(8), RAW_VALUE, root);
    entries = [...dict].sort(([a], [b]) => a - b);
  } catch {
    return null;
  }
  return entries.map(([, value]) => {
    try {
      return parseAction(value);
    } catch (err) {
      return failedAction((err as Error).message);
    }
  });
}

/** A dictionary value as it is: each action is read on its own, so one bad value spoils only itself. */
const RAW_VALUE: DictionaryValue<Slice> = {
  serialize: () => {
    throw new Error('read only');
  },
  parse: (src) => src,
};

class ActionError extends Error {}

function failedAction(reason: string): OrderAction {
  return {
    destination: null,
    value: null,
    body_raw: null,
    parsed: false,
    error: `failed to parse order action: ${reason}`,
    parsed_body: null,
    parsed_body_type: 'unknown',
    send_mode: 0,
  };
}

function parseAction(value: Slice): OrderAction {
  if (value.remainingRefs === 0) throw new ActionError('failed to load ref cell: no more refs exists');
  const action = value.loadRef().beginParse();
  const type = action.remainingBits >= 32 ? action.preloadUint(32) : 0;
  if (type === SEND_MESSAGE) {
    let mode: number;
    let message: ReturnType<typeof loadMessageRelaxed>;
    try {
      action.skip(32);
      mode = action.loadUint(8);
      message = loadMessageRelaxed(action.loadRef().beginParse());
    } catch (err) {
      throw new ActionError(`failed to load order action from cell: ${(err as Error).message}`);
    }
    const info = message.info;
    const body = message.body;
    const bodyRaw = goBoc(body).toString('base64');
    const [bodyType, parsedBody] = parseBodyOrUnknown(body, bodyRaw);
    return {
      destination: info.type === 'internal' ? toRawAddress(info.dest) : null,
      value: info.type === 'internal' ? info.value.coins.toString() : '0',
      body_raw: bodyRaw,
      parsed: true,
      error: null,
      parsed_body: parsedBody,
      parsed_body_type: bodyType,
      send_mode: mode,
    };
  }
  if (type === UPDATE_MULTISIG_PARAMS) {
    let body: ParsedBody;
    try {
      action.skip(32);
      const threshold = action.loadUint(8);
      const signers = addressDict(action.loadRef());
      const proposers = action.loadBit() ? addressDict(action.loadRef()) : null;
      body = { new_threshold: threshold, new_signers: signers, new_proposers: proposers };
    } catch (err) {
      throw new ActionError(`failed to load order action from cell: ${(err as Error).message}`);
    }
    return {
      destination: null,
      value: null,
      body_raw: null,
      parsed: true,
      error: null,
      parsed_body: body,
      parsed_body_type: 'multisig_update_params',
      send_mode: 0,
    };
  }
  throw new ActionError(`unknown order action type: ${type}`);
}

/**
 * A `Hashmap 8 MsgAddressInt` root as a list in key order (TON Center emits Go map order, which is random); null
 * when empty.
 */
function addressDict(root: Cell): (string | null)[] | null {
  const dict = Dictionary.loadDirect(Dictionary.Keys.Uint(8), RAW_VALUE, root);
  const list = [...dict].sort(([a], [b]) => a - b).map(([, v]) => address(v));
  return list.length === 0 ? null : list;
}

/** An address as TON Center prints one it read: std raw; `addr_none` and external addresses null (see README). */
function address(slice: Slice): string | null {
  const a = slice.loadAddressAny();
  return a instanceof Address ? toRawAddress(a) : null;
}

const bocOf = (cell: Cell) => goBoc(cell).toString('base64');
const maybeRef = (s: Slice) => (s.loadBit() ? s.loadRef() : null);
/** `Either X ^X` read as a cell: the referenced one, or the rest of this one. */
const eitherCell = (s: Slice) => (s.loadBit() ? s.loadRef() : s.asCell());

/** Bytes of a snake tail as tonutils reads them (a partial byte kept, padded); more than one reference fails. */
function snake(slice: Slice): Buffer {
  const parts: Buffer[] = [];
  for (let s = slice; ; ) {
    const bits = s.remainingBits;
    const bytes = Buffer.alloc(Math.ceil(bits / 8));
    for (let i = 0; i < bits; i++) if (s.loadBit()) bytes[i >> 3] |= 0x80 >> (i & 7);
    parts.push(bytes);
    if (s.remainingRefs > 1) throw new Error('more than one ref, it is not snake string');
    if (s.remainingRefs === 0) return Buffer.concat(parts);
    s = s.loadRef().beginParse();
  }
}
const snakeText = (s: Slice) => goString(snake(s));

/** A message body by its opcode; a body of a known opcode that does not read becomes `unknown` with opcode 0. */
function parseBodyOrUnknown(body: Cell, bodyRaw: string): [string, ParsedBody] {
  try {
    return parseBody(body, bodyRaw);
  } catch {
    return ['unknown', { opcode: 0, data: bodyRaw }];
  }
}

/** Magic check as tonutils' TL-B loader does it: the opcode must be this one. */
function expect(s: Slice, tag: number) {
  if (s.loadUint(32) !== tag) throw new Error('magic is not correct');
}

function parseBody(body: Cell, bodyRaw: string): [string, ParsedBody] {
  const s = body.beginParse();
  if (s.remainingBits < 32) return ['ton_transfer', simpleMessage(s)];
  const opcode = s.preloadUint(32);
  switch (opcode) {
    case 0x0f8a7ea5:
      return ['jetton_transfer', jettonTransfer(s)];
    case 0x595f07bc: {
      expect(s, opcode);
      return ['jetton_burn', { query_id: s.loadUintBig(64), amount: s.loadCoins().toString(), response_destination: address(s) }];
    }
    case 0x00000015:
    case 0x642b7d07: {
      // TON Center reads both opcodes with the 0x642b7d07 layout, so a 0x15 body never reads (unknown, opcode 0).
      expect(s, 0x642b7d07);
      const queryId = s.loadUintBig(64);
      const to = address(s);
      const tonAmount = s.loadCoins().toString();
      const master = s.loadRef().beginParse();
      master.skip(32);
      const masterQueryId = master.loadUintBig(64);
      return [
        'jetton_mint',
        {
          opcode,
          query_id: queryId,
          to_address: to,
          ton_amount: tonAmount,
          master_msg_query_id: masterQueryId,
          master_msg_jetton_amount: master.loadCoins().toString(),
        },
      ];
    }
    case 0x5fcc3d14: {
      expect(s, opcode);
      const queryId = s.loadUintBig(64);
      const newOwner = address(s);
      const response = address(s);
      const custom = maybeRef(s);
      const forwardAmount = s.loadCoins().toString();
      const forward = eitherCell(s);
      return [
        'nft_transfer',
        {
          query_id: queryId,
          new_owner: newOwner,
          response_destination: response,
          custom_payload: custom && bocOf(custom),
          forward_amount: forwardAmount,
          forward_payload: bocOf(forward),
        },
      ];
    }
    case ENCRYPTED_COMMENT: {
      s.skip(32);
      return ['ton_transfer', { comment: snakeText(s), encrypted: true }];
    }
    case 0x00009fd3:
    case 0xfb88e119: {
      expect(s, opcode);
      return [opcode === 0x00009fd3 ? 'jetton_top_up' : 'jetton_claim_admin', { query_id: s.loadUintBig(64) }];
    }
    case 0x6501f354: {
      expect(s, opcode);
      return ['jetton_change_admin', { query_id: s.loadUintBig(64), new_admin_address: address(s) }];
    }
    case 0xcb862902: {
      s.skip(32);
      return ['jetton_change_content', { query_id: s.loadUintBig(64), new_metadata_url: snakeText(s) }];
    }
    case 0x235caf52: {
      expect(s, opcode);
      const queryId = s.loadUintBig(64);
      const to = address(s);
      const tonAmount = s.loadCoins().toString();
      const ref = s.loadRef();
      const inner = ref.beginParse();
      const actionType = inner.remainingBits >= 32 ? (CALL_TO_ACTIONS[inner.loadUint(32)] ?? 'Unknown') : '';
      return ['jetton_call_to', { query_id: queryId, to_address: to, ton_amount: tonAmount, action_type: actionType, action_data: bocOf(ref) }];
    }
    case 0xeed236d3: {
      expect(s, opcode);
      return ['jetton_set_status', { query_id: s.loadUintBig(64), new_status: s.loadUint(8) }];
    }
    case 0x00001000: {
      expect(s, opcode);
      return ['single_nominator_withdraw', { query_id: s.loadUintBig(64), coins: s.loadCoins().toString() }];
    }
    case 0x00001001: {
      expect(s, opcode);
      return ['single_nominator_change_validator', { query_id: s.loadUintBig(64), validator_address: address(s) }];
    }
    case 0x75097f5d:
      return ['vesting_internal_transfer', vestingTransfer(s)];
    case 0:
      // The opcode's four zero bytes are not skipped: the comment starts with them, as TON Center prints it.
      return ['ton_transfer', simpleMessage(s)];
    default:
      return ['unknown', { opcode, data: bodyRaw }];
  }
}

const CALL_TO_ACTIONS: Record<number, string> = { 4006754003: 'JettonSetStatus', 260734629: 'JettonTransfer', 1499400124: 'JettonBurn' };

/** A body read as a comment: an encrypted-comment opcode skipped, text only when whole bytes and at most one reference. */
function simpleMessage(s: Slice): ParsedBody {
  let encrypted = false;
  if (s.remainingBits >= 32 && s.preloadUint(32) === ENCRYPTED_COMMENT) {
    encrypted = true;
    s.skip(32);
  }
  let comment = '';
  if (s.remainingBits >= 8 && s.remainingBits % 8 === 0 && s.remainingRefs <= 1) {
    try {
      comment = snakeText(s);
    } catch {
      comment = '';
    }
  }
  return { comment, encrypted };
}

function jettonTransfer(s: Slice): ParsedBody {
  expect(s, 0x0f8a7ea5);
  const queryId = s.loadUintBig(64);
  const amount = s.loadCoins().toString();
  const destination = address(s);
  const response = address(s);
  const custom = maybeRef(s);
  const forwardAmount = s.loadCoins().toString();
  const forward = eitherCell(s);
  const body: ParsedBody = {
    query_id: queryId,
    amount,
    destination,
    response,
    custom_payload: custom && bocOf(custom),
    forward_amount: forwardAmount,
    comment: '',
    encrypted_comment: false,
    forward_payload: bocOf(forward),
    payload_sum_type: '',
    stonfi_swap_body: null,
  };
  forwardPayload(forward.beginParse(), body);
  return body;
}

/** The forward payload's kind and content, into the transfer's fields. */
function forwardPayload(p: Slice, body: ParsedBody) {
  if (p.remainingBits === 0) return;
  if (p.remainingBits < 32) {
    body.payload_sum_type = 'Unknown';
    return;
  }
  const kind = p.loadUint(32);
  if (kind === 0 || kind === ENCRYPTED_COMMENT) {
    body.payload_sum_type = kind === 0 ? 'TextComment' : 'EncryptedTextComment';
    if (kind !== 0) body.encrypted_comment = true;
    try {
      body.comment = snakeText(p);
    } catch {
      // TON Center keeps the kind and leaves the comment empty
    }
  } else if (kind === STONFI_SWAP) {
    body.payload_sum_type = 'StonfiSwap';
    try {
      const jettonWallet = address(p);
      const minAmount = p.loadCoins();
      const user = address(p);
      body.stonfi_swap_body = { jetton_wallet: jettonWallet, min_amount: tonUnits(minAmount), user_address: user };
    } catch {
      // a swap payload cut short: TON Center keeps the kind without a swap body
    }
  } else {
    body.payload_sum_type = 'Unknown';
  }
}

function vestingTransfer(s: Slice): ParsedBody {
  expect(s, 0x75097f5d);
  const queryId = s.loadUintBig(64);
  const sendMode = s.loadUint(8);
  const message = loadMessageRelaxed(s.loadRef().beginParse());
  if (message.info.type !== 'internal') return { query_id: queryId, send_mode: sendMode, destination: null, value: null, message_body: null, comment: '' };
  let comment = '';
  const b = message.body.beginParse();
  if (b.remainingBits >= 32 && b.loadUint(32) === 0) {
    try {
      comment = snakeText(b);
    } catch {
      comment = '';
    }
  }
  return {
    query_id: queryId,
    send_mode: sendMode,
    destination: toRawAddress(message.info.dest),
    value: message.info.value.coins.toString(),
    message_body: bocOf(message.body),
    comment,
  };
}

/** Nanotons in TON as tonutils prints Coins: a decimal point, trailing zeros (and a bare point) dropped. */
export function tonUnits(nano: bigint): string {
  if (nano === 0n) return '0';
  const digits = nano.toString().padStart(10, '0');
  const text = `${digits.slice(0, -9)}.${digits.slice(-9)}`;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** Every address an action names, for the address book: its destination and the addresses inside its body. */
export function addressesOfAction(action: OrderAction): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
  };
  add(action.destination);
  const b = action.parsed_body;
  if (b) {
    for (const key of ['destination', 'response', 'new_owner', 'response_destination', 'to_address', 'new_admin_address', 'validator_address']) add(b[key]);
    const swap = b.stonfi_swap_body as ParsedBody | null | undefined;
    if (swap) {
      add(swap.jetton_wallet);
      add(swap.user_address);
    }
    for (const list of [b.new_signers, b.new_proposers]) if (Array.isArray(list)) list.forEach(add);
  }
  return out;
}
