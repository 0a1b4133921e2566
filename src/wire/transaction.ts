import type { AccountStateRow, ExtraCurrencies, TransactionRow } from '../data/rows';
import type { WireMessage } from './message';

const num = (v: string | null) => (v === null ? null : Number(v));
const size = (cells: string | null, bits: string | null) => (cells === null ? null : { cells, bits });

export function toWireBlockRef(row: TransactionRow) {
  return { workchain: row.block_workchain, shard: row.block_shard, seqno: row.block_seqno };
}

/** toncenter's phase rules (a phase is present when its marker column is set), with every spec key present. */
export function toWireDescription(t: TransactionRow) {
  const skipped = t.compute_skipped;
  return {
    type: t.descr,
    aborted: t.aborted,
    destroyed: t.destroyed,
    credit_first: t.credit_first,
    is_tock: t.is_tock,
    installed: t.installed,
    storage_ph:
      t.storage_status_change === null
        ? null
        : {
            storage_fees_collected: t.storage_fees_collected,
            storage_fees_due: t.storage_fees_due,
            status_change: t.storage_status_change,
          },
    credit_ph:
      t.credit_due_fees_collected === null && t.credit === null && t.credit_extra_currencies === null
        ? null
        : { due_fees_collected: t.credit_due_fees_collected, credit: t.credit, credit_extra_currencies: t.credit_extra_currencies },
    compute_ph:
      skipped === null
        ? null
        : skipped
          ? {
              skipped: true, reason: t.skipped_reason, success: null, msg_state_used: null, account_activated: null,
              gas_fees: null, gas_used: null, gas_limit: null, gas_credit: null, mode: null, exit_code: null,
              exit_arg: null, vm_steps: null, vm_init_state_hash: null, vm_final_state_hash: null,
            }
          : {
              skipped: false,
              reason: null,
              success: t.compute_success,
              msg_state_used: t.compute_msg_state_used,
              account_activated: t.compute_account_activated,
              gas_fees: t.compute_gas_fees,
              gas_used: t.compute_gas_used,
              gas_limit: t.compute_gas_limit,
              gas_credit: t.compute_gas_credit,
              mode: t.compute_mode,
              exit_code: t.compute_exit_code,
              exit_arg: t.compute_exit_arg,
              vm_steps: num(t.compute_vm_steps),
              vm_init_state_hash: t.compute_vm_init_state_hash,
              vm_final_state_hash: t.compute_vm_final_state_hash,
            },
    action:
      t.action_success === null
        ? null
        : {
            success: t.action_success,
            valid: t.action_valid,
            no_funds: t.action_no_funds,
            status_change: t.action_status_change,
            total_fwd_fees: t.action_total_fwd_fees,
            total_action_fees: t.action_total_action_fees,
            result_code: t.action_result_code,
            result_arg: t.action_result_arg,
            tot_actions: t.action_tot_actions,
            spec_actions: t.action_spec_actions,
            skipped_actions: t.action_skipped_actions,
            msgs_created: t.action_msgs_created,
            action_list_hash: t.action_action_list_hash,
            tot_msg_size: size(t.action_tot_msg_size_cells, t.action_tot_msg_size_bits),
          },
    bounce:
      t.bounce === null
        ? null
        : {
            type: t.bounce,
            msg_size: size(t.bounce_msg_size_cells, t.bounce_msg_size_bits),
            req_fwd_fees: t.bounce_req_fwd_fees,
            msg_fees: t.bounce_msg_fees,
            fwd_fees: t.bounce_fwd_fees,
          },
    split_info:
      t.split_info_cur_shard_pfx_len === null
        ? null
        : {
            cur_shard_pfx_len: t.split_info_cur_shard_pfx_len,
            acc_split_depth: t.split_info_acc_split_depth,
            this_addr: t.split_info_this_addr,
            sibling_addr: t.split_info_sibling_addr,
          },
  };
}

export type WireDescription = ReturnType<typeof toWireDescription>;

export interface WireAccountState {
  hash: string;
  balance: string | null;
  extra_currencies: ExtraCurrencies | null;
  account_status: string | null;
  frozen_hash: string | null;
  data_hash: string | null;
  code_hash: string | null;
  data_boc: string | null;
  code_boc: string | null;
}

/** A state whose row is missing (the indexer does not store `nonexist` states) keeps only its hash. */
export function toWireAccountState(hash: string | null, row: AccountStateRow | null): WireAccountState | null {
  if (hash === null) return null;
  return {
    hash,
    balance: row?.balance ?? null,
    extra_currencies: row?.balance_extra_currencies ?? null,
    account_status: row?.account_status ?? null,
    frozen_hash: row?.frozen_hash ?? null,
    data_hash: row?.data_hash ?? null,
    code_hash: row?.code_hash ?? null,
    // account_states keeps no BOCs; only latest_account_states does.
    data_boc: null,
    code_boc: null,
  };
}

export interface TransactionParts {
  inMsg: WireMessage | null;
  outMsgs: WireMessage[];
  before: WireAccountState | null;
  after: WireAccountState | null;
}

/** How a transaction is known: database rows are final; the emulator's may be pending or confirmed. */
export interface TransactionFlags {
  emulated: boolean;
  finality: 'pending' | 'confirmed' | 'finalized';
  traceExternalHash: string | null;
}

const FINAL: TransactionFlags = { emulated: false, finality: 'finalized', traceExternalHash: null };

export function toWireTransaction(t: TransactionRow, parts: TransactionParts, flags: TransactionFlags = FINAL) {
  return {
    account: t.account,
    hash: t.hash,
    lt: t.lt,
    now: t.now,
    mc_block_seqno: t.mc_block_seqno,
    trace_id: t.trace_id,
    trace_external_hash: flags.traceExternalHash,
    prev_trans_hash: t.prev_trans_hash,
    prev_trans_lt: t.prev_trans_lt,
    orig_status: t.orig_status,
    end_status: t.end_status,
    total_fees: t.total_fees,
    total_fees_extra_currencies: t.total_fees_extra_currencies,
    description: toWireDescription(t),
    block_ref: toWireBlockRef(t),
    in_msg: parts.inMsg,
    out_msgs: parts.outMsgs,
    account_state_before: parts.before,
    account_state_after: parts.after,
    emulated: flags.emulated,
    finality: flags.finality,
  };
}

export type WireTransaction = ReturnType<typeof toWireTransaction>;
