import type { DescriptionRow } from '../transactions/description';
import type { ExtraCurrencies, Int64 } from './scalars';

/**
 * Rows as the database returns them (ton-indexer 1.2.10 column names). int8 and numeric columns are
 * decimal strings; int4/int2 are numbers; jsonb is parsed.
 */
export type { ExtraCurrencies, Int64 } from './scalars';

/** The columns of a `transactions` row outside its description: what most reads need. */
export interface TransactionHeaderRow {
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
}

/** A whole `transactions` row; the description columns (descr through split_info_*) come from the description table. */
export interface TransactionRow extends TransactionHeaderRow, DescriptionRow {}

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
