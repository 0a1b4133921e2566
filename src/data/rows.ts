/**
 * Rows as the database returns them (ton-indexer 1.2.10 column names). int8 and numeric columns are
 * decimal strings; int4/int2 are numbers; jsonb is parsed.
 */
export type Int64 = string;
export type ExtraCurrencies = Record<string, string>;

export interface TransactionRow {
  account: string;
  hash: string;
  lt: Int64;
  block_workchain: number | null;
  block_shard: Int64 | null;
  block_seqno: number | null;
  mc_block_seqno: number | null;
  trace_id: string | null;
  prev_trans_hash: string | null;
  prev_trans_lt: Int64 | null;
  now: number | null;
  orig_status: string | null;
  end_status: string | null;
  total_fees: Int64 | null;
  total_fees_extra_currencies: ExtraCurrencies | null;
  account_state_hash_before: string | null;
  account_state_hash_after: string | null;
  descr: string | null;
  aborted: boolean | null;
  destroyed: boolean | null;
  credit_first: boolean | null;
  is_tock: boolean | null;
  installed: boolean | null;
  storage_fees_collected: Int64 | null;
  storage_fees_due: Int64 | null;
  storage_status_change: string | null;
  credit_due_fees_collected: Int64 | null;
  credit: Int64 | null;
  credit_extra_currencies: ExtraCurrencies | null;
  compute_skipped: boolean | null;
  skipped_reason: string | null;
  compute_success: boolean | null;
  compute_msg_state_used: boolean | null;
  compute_account_activated: boolean | null;
  compute_gas_fees: Int64 | null;
  compute_gas_used: Int64 | null;
  compute_gas_limit: Int64 | null;
  compute_gas_credit: Int64 | null;
  compute_mode: number | null;
  compute_exit_code: number | null;
  compute_exit_arg: number | null;
  compute_vm_steps: Int64 | null;
  compute_vm_init_state_hash: string | null;
  compute_vm_final_state_hash: string | null;
  action_success: boolean | null;
  action_valid: boolean | null;
  action_no_funds: boolean | null;
  action_status_change: string | null;
  action_total_fwd_fees: Int64 | null;
  action_total_action_fees: Int64 | null;
  action_result_code: number | null;
  action_result_arg: number | null;
  action_tot_actions: number | null;
  action_spec_actions: number | null;
  action_skipped_actions: number | null;
  action_msgs_created: number | null;
  action_action_list_hash: string | null;
  action_tot_msg_size_cells: Int64 | null;
  action_tot_msg_size_bits: Int64 | null;
  bounce: string | null;
  bounce_msg_size_cells: Int64 | null;
  bounce_msg_size_bits: Int64 | null;
  bounce_req_fwd_fees: Int64 | null;
  bounce_msg_fees: Int64 | null;
  bounce_fwd_fees: Int64 | null;
  split_info_cur_shard_pfx_len: number | null;
  split_info_acc_split_depth: number | null;
  split_info_this_addr: string | null;
  split_info_sibling_addr: string | null;
}

export interface MessageRow {
  tx_hash: string;
  tx_lt: Int64;
  mc_seqno: number | null;
  msg_hash: string;
  msg_hash_norm: string | null;
  direction: 'in' | 'out';
  trace_id: string | null;
  source: string | null;
  destination: string | null;
  value: Int64 | null;
  value_extra_currencies: ExtraCurrencies | null;
  fwd_fee: Int64 | null;
  ihr_fee: Int64 | null;
  extra_flags: string | null;
  created_lt: Int64 | null;
  created_at: Int64 | null;
  opcode: number | null;
  ihr_disabled: boolean | null;
  bounce: boolean | null;
  bounced: boolean | null;
  import_fee: Int64 | null;
  body_hash: string | null;
  init_state_hash: string | null;
}

/** A message with the bodies of its content rows joined in (null when the content row is missing). */
export interface MessageWithContent extends MessageRow {
  body: string | null;
  init_state_body: string | null;
}

export interface MessageContentRow {
  hash: string;
  body: string | null;
}

export interface AccountStateRow {
  hash: string;
  account: string | null;
  balance: Int64 | null;
  balance_extra_currencies: ExtraCurrencies | null;
  account_status: string | null;
  frozen_hash: string | null;
  data_hash: string | null;
  code_hash: string | null;
}

/** What the address book needs about one account (null fields when it has no latest state). */
export interface AddressInfoRow {
  account: string;
  has_state: boolean;
  code_hash: string | null;
  account_status: string | null;
  methods: string[] | null;
  domain: string | null;
}
