import type { AccountStateRow, MessageContentRow, MessageRow, TransactionRow } from '../data/rows';
import { parseOpcode, parseShard } from '../encoding/numbers';
import type { JsonNode } from './jsonNode';

const STATUSES = ['uninit', 'frozen', 'active', 'nonexist'] as const;
const DESCR_TYPES = ['ord', 'storage', 'tick_tock', 'split_prepare', 'split_install', 'merge_prepare', 'merge_install'] as const;
const STATUS_CHANGES = ['unchanged', 'frozen', 'deleted'] as const;
const SKIP_REASONS = ['no_state', 'bad_state', 'no_gas', 'suspended'] as const;
const BOUNCE_TYPES = ['negfunds', 'nofunds', 'ok'] as const;

/** Everything one v3 Transaction object puts into the database. */
export interface MappedTransaction {
  transaction: TransactionRow;
  messages: MessageRow[];
  contents: MessageContentRow[];
  states: AccountStateRow[];
}

const phase = (d: JsonNode, key: string) => (d.has(key) && !d.get(key).isNull() ? d.get(key) : undefined);

function shard(node: JsonNode): string {
  const v = node.value;
  const parsed = typeof v === 'string' || typeof v === 'number' ? parseShard(v) : undefined;
  if (parsed === undefined) node.fail('expected a shard id (16 hex digits or a signed decimal)');
  return parsed;
}

function opcode(node: JsonNode): number | null {
  if (node.isNull()) return null;
  const parsed = parseOpcode(node.value);
  if (parsed === undefined) node.fail('expected an opcode ("0x" and up to 8 hex digits, or a 32-bit integer)');
  return parsed;
}

function state(node: JsonNode, account: string): AccountStateRow | undefined {
  if (node.isNull()) return undefined;
  const row: AccountStateRow = {
    hash: node.get('hash').hash(),
    account,
    balance: node.get('balance').optInt64(),
    balance_extra_currencies: node.get('extra_currencies').optCurrencies(),
    account_status: node.get('account_status').optOneOf(STATUSES),
    frozen_hash: node.get('frozen_hash').optHash(),
    data_hash: node.get('data_hash').optHash(),
    code_hash: node.get('code_hash').optHash(),
  };
  // toncenter prints a state whose row is missing as its hash with every other field null: store nothing.
  return row.account_status === null && row.balance === null ? undefined : row;
}

function content(node: JsonNode, out: MessageContentRow[]): string | null {
  if (node.isNull()) return null;
  const hash = node.get('hash').hash();
  out.push({ hash, body: node.get('body').optStr() });
  return hash;
}

function message(node: JsonNode, tx: TransactionRow, direction: 'in' | 'out', contents: MessageContentRow[]): MessageRow {
  const hash = node.get('hash').hash();
  const norm = node.get('hash_norm').optHash();
  return {
    tx_hash: tx.hash,
    tx_lt: tx.lt,
    mc_seqno: tx.mc_block_seqno,
    msg_hash: hash,
    // The indexer stores the normalized hash only when it differs.
    msg_hash_norm: norm === hash ? null : norm,
    direction,
    trace_id: tx.trace_id,
    source: node.get('source').optAddress(),
    destination: node.get('destination').optAddress(),
    value: node.get('value').optInt64(),
    value_extra_currencies: node.get('value_extra_currencies').optCurrencies(),
    fwd_fee: node.get('fwd_fee').optInt64(),
    ihr_fee: node.get('ihr_fee').optInt64(),
    extra_flags: node.get('extra_flags').optDecimal(),
    created_lt: node.get('created_lt').optInt64(),
    created_at: node.get('created_at').optInt64(),
    opcode: opcode(node.get('opcode')),
    ihr_disabled: node.get('ihr_disabled').optBool(),
    bounce: node.get('bounce').optBool(),
    bounced: node.get('bounced').optBool(),
    import_fee: node.get('import_fee').optInt64(),
    body_hash: content(node.get('message_content'), contents),
    init_state_hash: content(node.get('init_state'), contents),
  };
}

/** Maps a v3 Transaction (toncenter's wire, 2023 to current schema) to the indexer's rows. */
export function mapTransaction(node: JsonNode): MappedTransaction {
  const account = node.get('account').address();
  const d = node.get('description');
  const storage = phase(d, 'storage_ph');
  const credit = phase(d, 'credit_ph');
  const compute = phase(d, 'compute_ph');
  const action = phase(d, 'action');
  const bounce = phase(d, 'bounce');
  const split = phase(d, 'split_info');
  const block = node.get('block_ref');
  const totMsgSize = action && phase(action, 'tot_msg_size');
  const bounceSize = bounce && phase(bounce, 'msg_size');
  const before = node.get('account_state_before');
  const after = node.get('account_state_after');

  const tx: TransactionRow = {
    account,
    hash: node.get('hash').hash(),
    lt: node.get('lt').int64(),
    block_workchain: block.get('workchain').int(),
    block_shard: shard(block.get('shard')),
    block_seqno: block.get('seqno').int(0),
    mc_block_seqno: node.get('mc_block_seqno').int(0),
    trace_id: node.get('trace_id').optHash(),
    prev_trans_hash: node.get('prev_trans_hash').optHash(),
    prev_trans_lt: node.get('prev_trans_lt').optInt64(),
    now: node.get('now').int(0),
    orig_status: node.get('orig_status').optOneOf(STATUSES),
    end_status: node.get('end_status').optOneOf(STATUSES),
    total_fees: node.get('total_fees').optInt64(),
    total_fees_extra_currencies: node.get('total_fees_extra_currencies').optCurrencies(),
    account_state_hash_before: before.isNull() ? null : before.get('hash').hash(),
    account_state_hash_after: after.isNull() ? null : after.get('hash').hash(),
    descr: d.get('type').oneOf(DESCR_TYPES),
    aborted: d.get('aborted').optBool(),
    destroyed: d.get('destroyed').optBool(),
    credit_first: d.get('credit_first').optBool(),
    is_tock: d.get('is_tock').optBool(),
    installed: d.get('installed').optBool(),
    storage_fees_collected: storage ? storage.get('storage_fees_collected').optInt64() : null,
    storage_fees_due: storage ? storage.get('storage_fees_due').optInt64() : null,
    storage_status_change: storage ? storage.get('status_change').oneOf(STATUS_CHANGES) : null,
    credit_due_fees_collected: credit ? credit.get('due_fees_collected').optInt64() : null,
    credit: credit ? credit.get('credit').optInt64() : null,
    credit_extra_currencies: credit ? credit.get('credit_extra_currencies').optCurrencies() : null,
    compute_skipped: compute ? compute.get('skipped').bool() : null,
    skipped_reason: compute ? compute.get('reason').optOneOf(SKIP_REASONS) : null,
    compute_success: compute ? compute.get('success').optBool() : null,
    compute_msg_state_used: compute ? compute.get('msg_state_used').optBool() : null,
    compute_account_activated: compute ? compute.get('account_activated').optBool() : null,
    compute_gas_fees: compute ? compute.get('gas_fees').optInt64() : null,
    compute_gas_used: compute ? compute.get('gas_used').optInt64() : null,
    compute_gas_limit: compute ? compute.get('gas_limit').optInt64() : null,
    compute_gas_credit: compute ? compute.get('gas_credit').optInt64() : null,
    compute_mode: compute ? compute.get('mode').optInt(-128, 127) : null,
    compute_exit_code: compute ? compute.get('exit_code').optInt(-(2 ** 31), 2 ** 31 - 1) : null,
    compute_exit_arg: compute ? compute.get('exit_arg').optInt(-(2 ** 31), 2 ** 31 - 1) : null,
    compute_vm_steps: compute ? compute.get('vm_steps').optInt64() : null,
    compute_vm_init_state_hash: compute ? compute.get('vm_init_state_hash').optHash() : null,
    compute_vm_final_state_hash: compute ? compute.get('vm_final_state_hash').optHash() : null,
    action_success: action ? action.get('success').bool() : null,
    action_valid: action ? action.get('valid').optBool() : null,
    action_no_funds: action ? action.get('no_funds').optBool() : null,
    action_status_change: action ? action.get('status_change').optOneOf(STATUS_CHANGES) : null,
    action_total_fwd_fees: action ? action.get('total_fwd_fees').optInt64() : null,
    action_total_action_fees: action ? action.get('total_action_fees').optInt64() : null,
    action_result_code: action ? action.get('result_code').optInt(-(2 ** 31), 2 ** 31 - 1) : null,
    action_result_arg: action ? action.get('result_arg').optInt(-(2 ** 31), 2 ** 31 - 1) : null,
    action_tot_actions: action ? action.get('tot_actions').optInt() : null,
    action_spec_actions: action ? action.get('spec_actions').optInt() : null,
    action_skipped_actions: action ? action.get('skipped_actions').optInt() : null,
    action_msgs_created: action ? action.get('msgs_created').optInt() : null,
    action_action_list_hash: action ? action.get('action_list_hash').optHash() : null,
    action_tot_msg_size_cells: totMsgSize ? totMsgSize.get('cells').int64() : null,
    action_tot_msg_size_bits: totMsgSize ? totMsgSize.get('bits').int64() : null,
    bounce: bounce ? bounce.get('type').oneOf(BOUNCE_TYPES) : null,
    bounce_msg_size_cells: bounceSize ? bounceSize.get('cells').int64() : null,
    bounce_msg_size_bits: bounceSize ? bounceSize.get('bits').int64() : null,
    bounce_req_fwd_fees: bounce ? bounce.get('req_fwd_fees').optInt64() : null,
    bounce_msg_fees: bounce ? bounce.get('msg_fees').optInt64() : null,
    bounce_fwd_fees: bounce ? bounce.get('fwd_fees').optInt64() : null,
    split_info_cur_shard_pfx_len: split ? split.get('cur_shard_pfx_len').int() : null,
    split_info_acc_split_depth: split ? split.get('acc_split_depth').optInt() : null,
    split_info_this_addr: split ? split.get('this_addr').optStr() : null,
    split_info_sibling_addr: split ? split.get('sibling_addr').optStr() : null,
  };

  const contents: MessageContentRow[] = [];
  const messages: MessageRow[] = [];
  if (!node.get('in_msg').isNull()) messages.push(message(node.get('in_msg'), tx, 'in', contents));
  if (node.has('out_msgs') && !node.get('out_msgs').isNull()) {
    for (const m of node.get('out_msgs').list()) messages.push(message(m, tx, 'out', contents));
  }
  const states = [state(before, account), state(after, account)].filter((s): s is AccountStateRow => s !== undefined);
  return { transaction: tx, messages, contents, states };
}
