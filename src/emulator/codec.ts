import { Cell } from '@ton/core';
import { decode, encode } from '@msgpack/msgpack';
import type { MessageWithContent, TransactionRow } from '../data/rows';
import type { Finality } from '../traces/model';
import { BoundedCache } from '../memo';

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
const STATUS_CHANGES = ['unchanged', 'frozen', 'deleted'];
const SKIP_REASONS = ['no_state', 'bad_state', 'no_gas', 'suspended'];
const BOUNCES = ['negfunds', 'nofunds', 'ok'];
const FINALITIES: Finality[] = ['pending', 'confirmed', 'finalized'];

type Packed = unknown[];
const b64 = (v: unknown) => (v === null || v === undefined ? null : Buffer.from(v as Uint8Array).toString('base64'));
const bin = (v: string | null) => (v === null ? null : Buffer.from(v, 'base64'));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const big = (v: string | null) => (v === null ? null : BigInt(v));
const index = (list: string[], v: string | null, what: string) => {
  if (v === null) return null;
  const i = list.indexOf(v);
  if (i < 0) throw new Error(`cannot encode ${what} "${v}"`);
  return i;
};
// The emulator stores bodies without their hashes; computing one parses the BOC, so each is done once.
const hashes = new BoundedCache<string, string>(50_000);
const cellHash = (boc: string | null) => (boc ? hashes.getOr(boc, () => Cell.fromBase64(boc).hash().toString('base64')) : null);

function readMessage(m: Packed, tx: TransactionRow, direction: 'in' | 'out'): MessageWithContent {
  const [hash, source, destination, value, fwdFee, ihrFee, extraFlags, createdLt, createdAt, opcode, ihrDisabled, bounce, bounced, importFee, body, initState, hashNorm] = m;
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
    bin(m.msg_hash), m.source, m.destination, big(m.value), big(m.fwd_fee), big(m.ihr_fee), m.extra_flags, big(m.created_lt),
    big(m.created_at), m.opcode, m.ihr_disabled, m.bounce, m.bounced, big(m.import_fee), m.body ?? '', m.init_state_body,
    bin(m.msg_hash_norm),
  ];
}

/** Decodes one node (the value of a transaction's field in a trace hash). */
export function decodeNode(buffer: Uint8Array): EmulatedNode {
  const [txPacked, emulated, mcSeqno, blockId, finality] = decode(buffer, { useBigInt64: true }) as Packed;
  const [hash, account, lt, prevHash, prevLt, now, orig, end, inMsg, outMsgs, totalFees, before, after, descr] = txPacked as Packed;
  const [workchain, shard, seqno] = blockId as Packed;
  const [creditFirst, storage, credit, compute, action, aborted, bounce, destroyed] = descr as Packed;
  const [storageCollected, storageDue, storageChange] = (storage as Packed | null) ?? [];
  const [dueCollected, creditValue] = (credit as Packed | null) ?? [];
  const [computeTag, computeBody] = compute as [number, Packed];
  const vm = computeTag === 1 ? computeBody : [];
  const act = (action as Packed | null) ?? [];
  const actSize = (act[13] as Packed | undefined) ?? [];
  const [bounceTag, bounceBody] = (bounce as [number, Packed] | null) ?? [null, []];
  const bounceSize = bounceTag === 1 || bounceTag === 2 ? ((bounceBody[0] as Packed) ?? []) : [];
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
    descr: 'ord',
    aborted: aborted as boolean,
    destroyed: destroyed as boolean,
    credit_first: creditFirst as boolean,
    is_tock: false,
    installed: false,
    storage_fees_collected: storage ? str(storageCollected) : null,
    storage_fees_due: storage ? str(storageDue) : null,
    storage_status_change: storage ? STATUS_CHANGES[Number(storageChange)] : null,
    credit_due_fees_collected: credit ? str(dueCollected) : null,
    credit: credit ? str(creditValue) : null,
    credit_extra_currencies: credit ? {} : null,
    compute_skipped: computeTag === 0,
    skipped_reason: computeTag === 0 ? SKIP_REASONS[Number(computeBody[0])] : null,
    compute_success: computeTag === 1 ? (vm[0] as boolean) : null,
    compute_msg_state_used: computeTag === 1 ? (vm[1] as boolean) : null,
    compute_account_activated: computeTag === 1 ? (vm[2] as boolean) : null,
    compute_gas_fees: str(vm[3]),
    compute_gas_used: str(vm[4]),
    compute_gas_limit: str(vm[5]),
    compute_gas_credit: str(vm[6]),
    compute_mode: num(vm[7]),
    compute_exit_code: num(vm[8]),
    compute_exit_arg: num(vm[9]),
    compute_vm_steps: str(vm[10]),
    compute_vm_init_state_hash: b64(vm[11]),
    compute_vm_final_state_hash: b64(vm[12]),
    action_success: action ? (act[0] as boolean) : null,
    action_valid: action ? (act[1] as boolean) : null,
    action_no_funds: action ? (act[2] as boolean) : null,
    action_status_change: action ? STATUS_CHANGES[Number(act[3])] : null,
    action_total_fwd_fees: str(act[4]),
    action_total_action_fees: str(act[5]),
    action_result_code: num(act[6]),
    action_result_arg: num(act[7]),
    action_tot_actions: num(act[8]),
    action_spec_actions: num(act[9]),
    action_skipped_actions: num(act[10]),
    action_msgs_created: num(act[11]),
    action_action_list_hash: b64(act[12]),
    action_tot_msg_size_cells: str(actSize[0]),
    action_tot_msg_size_bits: str(actSize[1]),
    bounce: bounceTag === null ? null : BOUNCES[bounceTag],
    bounce_msg_size_cells: str(bounceSize[0]),
    bounce_msg_size_bits: str(bounceSize[1]),
    bounce_req_fwd_fees: bounceTag === 1 ? str(bounceBody[1]) : null,
    bounce_msg_fees: bounceTag === 2 ? str(bounceBody[1]) : null,
    bounce_fwd_fees: bounceTag === 2 ? str(bounceBody[2]) : null,
    split_info_cur_shard_pfx_len: null,
    split_info_acc_split_depth: null,
    split_info_this_addr: null,
    split_info_sibling_addr: null,
  };
  const messages = [
    ...(inMsg ? [readMessage(inMsg as Packed, row, 'in')] : []),
    ...(outMsgs as Packed[]).map((m) => readMessage(m, row, 'out')),
  ];
  return { row, messages, emulated: Boolean(emulated), finality: FINALITIES[Number(finality)] ?? 'pending' };
}

/** Encodes a transaction as the emulator would (only ordinary transactions are emulated). */
export function encodeNode(node: EmulatedNode): Uint8Array {
  const t = node.row;
  if (t.descr !== 'ord') throw new Error(`the emulator only stores ordinary transactions, not "${t.descr}"`);
  const inMsg = node.messages.find((m) => m.direction === 'in');
  const outMsgs = node.messages.filter((m) => m.direction === 'out');
  const compute =
    t.compute_skipped === true
      ? [0, [index(SKIP_REASONS, t.skipped_reason, 'skip reason')]]
      : [1, [
          t.compute_success, t.compute_msg_state_used, t.compute_account_activated, big(t.compute_gas_fees), big(t.compute_gas_used),
          big(t.compute_gas_limit), big(t.compute_gas_credit), t.compute_mode, t.compute_exit_code, t.compute_exit_arg,
          big(t.compute_vm_steps), bin(t.compute_vm_init_state_hash), bin(t.compute_vm_final_state_hash),
        ]];
  const size = (cells: string | null, bits: string | null) => [big(cells), big(bits)];
  const bounce =
    t.bounce === null ? null
      : t.bounce === 'negfunds' ? [0, [null]]
        : t.bounce === 'nofunds' ? [1, [size(t.bounce_msg_size_cells, t.bounce_msg_size_bits), big(t.bounce_req_fwd_fees)]]
          : [2, [size(t.bounce_msg_size_cells, t.bounce_msg_size_bits), big(t.bounce_msg_fees), big(t.bounce_fwd_fees)]];
  const description = [
    t.credit_first,
    t.storage_status_change === null ? null : [big(t.storage_fees_collected), big(t.storage_fees_due), index(STATUS_CHANGES, t.storage_status_change, 'status change')],
    t.credit === null && t.credit_due_fees_collected === null ? null : [big(t.credit_due_fees_collected), big(t.credit)],
    compute,
    t.action_success === null ? null : [
      t.action_success, t.action_valid, t.action_no_funds, index(STATUS_CHANGES, t.action_status_change, 'status change'),
      big(t.action_total_fwd_fees), big(t.action_total_action_fees), t.action_result_code, t.action_result_arg, t.action_tot_actions,
      t.action_spec_actions, t.action_skipped_actions, t.action_msgs_created, bin(t.action_action_list_hash),
      size(t.action_tot_msg_size_cells, t.action_tot_msg_size_bits),
    ],
    t.aborted,
    bounce,
    t.destroyed,
  ];
  const transaction = [
    bin(t.hash), t.account, BigInt(t.lt), bin(t.prev_trans_hash), big(t.prev_trans_lt), t.now, index(STATUSES, t.orig_status, 'status'),
    index(STATUSES, t.end_status, 'status'), inMsg ? writeMessage(inMsg) : null, outMsgs.map(writeMessage), big(t.total_fees),
    bin(t.account_state_hash_before), bin(t.account_state_hash_after), description,
  ];
  const blockId = [t.block_workchain, BigInt.asUintN(64, BigInt(t.block_shard ?? 0)), t.block_seqno];
  return encode([transaction, node.emulated, t.mc_block_seqno, blockId, FINALITIES.indexOf(node.finality)], { useBigInt64: true });
}
