import { Cell } from '@ton/core';
import { decode, encode } from '@msgpack/msgpack';
import type { MessageWithContent, TransactionRow } from '../data/rows';
import { FINALITIES, type Finality } from '../traces/model';
import { BoundedCache } from '../memo';
import { DESCRIPTION_FIELDS, PHASES, columnsOf, phaseIsPresent, type DescrField, type DescrPhase, type DescriptionRow } from '../transactions/description';

/**
 * TON Center's trace emulator stores each transaction of a trace as a msgpack array whose positions follow
 * its C++ structs (ton-trace-emulator Serializer.hpp): RedisTraceNode = [transaction, emulated, mc_block_seqno,
 * [workchain, shard, seqno], finality]. This module reads and writes that layout.
 */
export interface EmulatedNode {
  row: TransactionRow;
  messages: MessageWithContent[];
  emulated: boolean;
  finality: Finality;
}

const STATUSES = ['uninit', 'frozen', 'active', 'nonexist'];

type Packed = unknown[];
const b64 = (v: unknown) => (v === null || v === undefined ? null : Buffer.from(v as Uint8Array).toString('base64'));
const bin = (v: string | null) => (v === null ? null : Buffer.from(v, 'base64'));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const big = (v: string | null) => (v === null ? null : BigInt(v));
const index = (list: readonly string[], v: string | null, what: string) => {
  if (v === null) return null;
  const i = list.indexOf(v);
  if (i < 0) throw new Error(`cannot encode ${what} "${v}"`);
  return i;
};
// The emulator stores bodies without their hashes; computing one parses the BOC, so each is done once.
const hashes = new BoundedCache<string, string>(50_000);
const cellHash = (boc: string | null) => (boc ? hashes.getOr(boc, () => Cell.fromBase64(boc).hash().toString('base64')) : null);

type Row = Record<string, unknown>;

function unpackField(f: DescrField, v: unknown, row: Row): void {
  switch (f.kind) {
    case 'msgSize': {
      const size = (v as Packed | null | undefined) ?? [];
      row[`${f.column}_cells`] = str(size[0]);
      row[`${f.column}_bits`] = str(size[1]);
      return;
    }
    case 'int64':
    case 'count64':
    case 'text':
      row[f.column] = str(v);
      return;
    case 'int':
    case 'int8':
    case 'int32':
      row[f.column] = num(v);
      return;
    case 'hash':
      row[f.column] = b64(v);
      return;
    case 'enum':
      row[f.column] = f.enum!.values[Number(v)];
      return;
    default:
      row[f.column] = v ?? null;
  }
}

/** The columns of one phase (or of the description itself, `packed` then being the description array). */
function unpackPhase(phase: DescrPhase, packed: unknown, row: Row): void {
  const present = phase.packed === undefined || (packed !== null && packed !== undefined);
  const [tag, body] = phase.packed?.tagged && present ? (packed as [number, Packed]) : [null, packed as Packed];
  for (const f of phase.fields) {
    if (f.packed === undefined) {
      const value = present && f.emulated !== undefined ? (typeof f.emulated === 'object' ? {} : f.emulated) : null;
      for (const c of columnsOf(f)) row[c] = value;
    } else if (f.packed === 'tag') {
      row[f.column] = !present ? null : f.kind === 'bool' ? tag === 0 : f.enum!.values[tag!];
    } else if (!present || (f.packed.tags && !f.packed.tags.includes(tag!))) {
      for (const c of columnsOf(f)) row[c] = null;
    } else {
      unpackField(f, body[f.packed.at], row);
    }
  }
}

function unpackDescription(descr: Packed): DescriptionRow {
  const row: Row = {};
  unpackPhase(DESCRIPTION_FIELDS, descr, row);
  for (const phase of PHASES) unpackPhase(phase, phase.packed ? descr[phase.packed.at] : null, row);
  return row as DescriptionRow;
}

function packField(f: DescrField, row: Row): unknown {
  const v = row[f.column] as string | null;
  switch (f.kind) {
    case 'msgSize':
      return [big(row[`${f.column}_cells`] as string | null), big(row[`${f.column}_bits`] as string | null)];
    case 'int64':
    case 'count64':
      return big(v);
    case 'hash':
      return bin(v);
    case 'enum':
      return index(f.enum!.values, v, f.enum!.what);
    default:
      return v;
  }
}

const positions = (fields: readonly DescrField[], row: Row): Packed => {
  const out: Packed = [];
  for (const f of fields) if (typeof f.packed === 'object') out[f.packed.at] = packField(f, row);
  return out;
};

function packPhase(phase: DescrPhase, row: Row): Packed | null {
  const fields = phase.fields.filter((f) => f.packed !== undefined);
  if (!phaseIsPresent(phase, row, fields)) return null;
  if (!phase.packed?.tagged) return positions(fields, row);
  const tagField = fields.find((f) => f.packed === 'tag')!;
  const value = row[tagField.column] as string | boolean | null;
  // A skipped compute phase is tag 0, one that ran tag 1; an enum's tag is the index of its value.
  const tag = tagField.kind === 'bool' ? (value === true ? 0 : 1) : index(tagField.enum!.values, value as string | null, tagField.enum!.what)!;
  const body = positions(
    fields.filter((f) => typeof f.packed === 'object' && f.packed.tags?.includes(tag)),
    row,
  );
  // A variant without fields (negfunds) is packed as [nil].
  return [tag, body.length === 0 ? [null] : body];
}

function packDescription(t: TransactionRow): Packed {
  const row = t as unknown as Row;
  const descr = positions(DESCRIPTION_FIELDS.fields, row);
  for (const phase of PHASES) if (phase.packed) descr[phase.packed.at] = packPhase(phase, row);
  return descr;
}

function readMessage(m: Packed, tx: TransactionRow, direction: 'in' | 'out'): MessageWithContent {
  const [
    hash,
    source,
    destination,
    value,
    fwdFee,
    ihrFee,
    extraFlags,
    createdLt,
    createdAt,
    opcode,
    ihrDisabled,
    bounce,
    bounced,
    importFee,
    body,
    initState,
    hashNorm,
  ] = m;
  const bodyBoc = str(body);
  const initBoc = str(initState);
  return {
    tx_hash: tx.hash,
    tx_lt: tx.lt,
    mc_seqno: tx.mc_block_seqno,
    msg_hash: b64(hash)!,
    msg_hash_norm: b64(hashNorm),
    direction,
    trace_id: tx.trace_id,
    source: str(source),
    destination: str(destination),
    value: str(value),
    value_extra_currencies: {},
    fwd_fee: str(fwdFee),
    ihr_fee: str(ihrFee),
    extra_flags: str(extraFlags),
    created_lt: str(createdLt),
    created_at: str(createdAt),
    opcode: opcode === null || opcode === undefined ? null : Number(opcode) | 0,
    ihr_disabled: (ihrDisabled as boolean | null) ?? null,
    bounce: (bounce as boolean | null) ?? null,
    bounced: (bounced as boolean | null) ?? null,
    import_fee: str(importFee),
    body_hash: cellHash(bodyBoc),
    init_state_hash: cellHash(initBoc),
    body: bodyBoc,
    init_state_body: initBoc,
  };
}

function writeMessage(m: MessageWithContent): Packed {
  return [
    bin(m.msg_hash),
    m.source,
    m.destination,
    big(m.value),
    big(m.fwd_fee),
    big(m.ihr_fee),
    m.extra_flags,
    big(m.created_lt),
    big(m.created_at),
    m.opcode,
    m.ihr_disabled,
    m.bounce,
    m.bounced,
    big(m.import_fee),
    m.body ?? '',
    m.init_state_body,
    bin(m.msg_hash_norm),
  ];
}

/** Decodes one node (the value of a transaction's field in a trace hash). */
export function decodeNode(buffer: Uint8Array): EmulatedNode {
  const [txPacked, emulated, mcSeqno, blockId, finality] = decode(buffer, { useBigInt64: true }) as Packed;
  const [hash, account, lt, prevHash, prevLt, now, orig, end, inMsg, outMsgs, totalFees, before, after, descr] = txPacked as Packed;
  const [workchain, shard, seqno] = blockId as Packed;
  const row: TransactionRow = {
    account: String(account),
    hash: b64(hash)!,
    lt: String(lt),
    block_workchain: num(workchain),
    block_shard: BigInt.asIntN(64, BigInt(shard as bigint | number)).toString(),
    block_seqno: num(seqno),
    mc_block_seqno: num(mcSeqno),
    trace_id: null,
    prev_trans_hash: b64(prevHash),
    prev_trans_lt: str(prevLt),
    now: num(now),
    orig_status: STATUSES[Number(orig)] ?? null,
    end_status: STATUSES[Number(end)] ?? null,
    total_fees: str(totalFees),
    total_fees_extra_currencies: {},
    account_state_hash_before: b64(before),
    account_state_hash_after: b64(after),
    ...unpackDescription(descr as Packed),
  };
  const messages = [...(inMsg ? [readMessage(inMsg as Packed, row, 'in')] : []), ...(outMsgs as Packed[]).map((m) => readMessage(m, row, 'out'))];
  return { row, messages, emulated: Boolean(emulated), finality: FINALITIES[Number(finality)] ?? 'pending' };
}

/** Encodes a transaction as the emulator would (only ordinary transactions are emulated). */
export function encodeNode(node: EmulatedNode): Uint8Array {
  const t = node.row;
  if (t.descr !== 'ord') throw new Error(`the emulator only stores ordinary transactions, not "${t.descr}"`);
  const inMsg = node.messages.find((m) => m.direction === 'in');
  const outMsgs = node.messages.filter((m) => m.direction === 'out');
  const transaction = [
    bin(t.hash),
    t.account,
    BigInt(t.lt),
    bin(t.prev_trans_hash),
    big(t.prev_trans_lt),
    t.now,
    index(STATUSES, t.orig_status, 'status'),
    index(STATUSES, t.end_status, 'status'),
    inMsg ? writeMessage(inMsg) : null,
    outMsgs.map(writeMessage),
    big(t.total_fees),
    bin(t.account_state_hash_before),
    bin(t.account_state_hash_after),
    packDescription(t),
  ];
  const blockId = [t.block_workchain, BigInt.asUintN(64, BigInt(t.block_shard ?? 0)), t.block_seqno];
  return encode([transaction, node.emulated, t.mc_block_seqno, blockId, FINALITIES.indexOf(node.finality)], { useBigInt64: true });
}
