/**
 * The field lists of interface-spec.md §2, per type: what every served object must carry, and what the
 * round-trip tests compare with toncenter's files.
 */
export const SPEC: Record<string, Record<string, string | null>> = {
  Transaction: {
    account: null,
    account_state_after: 'AccountState',
    account_state_before: 'AccountState',
    block_ref: 'BlockRef',
    description: 'TransactionDescription',
    emulated: null,
    end_status: null,
    hash: null,
    in_msg: 'Message',
    lt: null,
    mc_block_seqno: null,
    now: null,
    orig_status: null,
    out_msgs: 'Message[]',
    prev_trans_hash: null,
    prev_trans_lt: null,
    total_fees: null,
    total_fees_extra_currencies: null,
    trace_external_hash: null,
    trace_id: null,
  },
  BlockRef: { seqno: null, shard: null, workchain: null },
  AccountState: {
    account_status: null,
    balance: null,
    code_boc: null,
    code_hash: null,
    data_boc: null,
    data_hash: null,
    extra_currencies: null,
    frozen_hash: null,
    hash: null,
  },
  Message: {
    bounce: null,
    bounced: null,
    created_at: null,
    created_lt: null,
    destination: null,
    fwd_fee: null,
    hash: null,
    hash_norm: null,
    ihr_disabled: null,
    ihr_fee: null,
    import_fee: null,
    in_msg_tx_hash: null,
    init_state: 'MessageContent',
    message_content: 'MessageContent',
    opcode: null,
    out_msg_tx_hash: null,
    source: null,
    value: null,
    value_extra_currencies: null,
  },
  MessageContent: { body: null, decoded: 'Decoded', hash: null },
  TransactionDescription: {
    aborted: null,
    action: 'ActionPhase',
    bounce: 'BouncePhase',
    compute_ph: 'ComputePhase',
    credit_first: null,
    credit_ph: 'CreditPhase',
    destroyed: null,
    installed: null,
    is_tock: null,
    split_info: 'SplitInfo',
    storage_ph: 'StoragePhase',
    type: null,
  },
  ActionPhase: {
    action_list_hash: null,
    msgs_created: null,
    no_funds: null,
    result_arg: null,
    result_code: null,
    skipped_actions: null,
    spec_actions: null,
    status_change: null,
    success: null,
    tot_actions: null,
    tot_msg_size: 'MsgSize',
    total_action_fees: null,
    total_fwd_fees: null,
    valid: null,
  },
  BouncePhase: { fwd_fees: null, msg_fees: null, msg_size: 'MsgSize', req_fwd_fees: null, type: null },
  ComputePhase: {
    account_activated: null,
    exit_arg: null,
    exit_code: null,
    gas_credit: null,
    gas_fees: null,
    gas_limit: null,
    gas_used: null,
    mode: null,
    msg_state_used: null,
    reason: null,
    skipped: null,
    success: null,
    vm_final_state_hash: null,
    vm_init_state_hash: null,
    vm_steps: null,
  },
  CreditPhase: { credit: null, credit_extra_currencies: null, due_fees_collected: null },
  SplitInfo: { acc_split_depth: null, cur_shard_pfx_len: null, sibling_addr: null, this_addr: null },
  StoragePhase: { status_change: null, storage_fees_collected: null, storage_fees_due: null },
  MsgSize: { bits: null, cells: null },
  Trace: {
    actions: 'Action[]',
    end_lt: null,
    end_utime: null,
    external_hash: null,
    is_incomplete: null,
    mc_seqno_end: null,
    mc_seqno_start: null,
    start_lt: null,
    start_utime: null,
    trace: 'TraceNode',
    trace_id: null,
    trace_info: 'TraceInfo',
    transactions: 'Transaction{}',
    transactions_order: null,
    warning: null,
  },
  TraceNode: {
    children: 'TraceNode[]',
    in_msg: 'Message',
    in_msg_hash: null,
    transaction: 'Transaction',
    transaction_hash: null,
    transaction_lt: null,
    transaction_now: null,
    transaction_aborted: null,
  },
  TraceInfo: { classification_state: null, messages: null, pending_messages: null, trace_state: null, transactions: null },
  Action: {
    accounts: null,
    action_id: null,
    details: null,
    end_lt: null,
    end_utime: null,
    start_lt: null,
    start_utime: null,
    success: null,
    trace_end_lt: null,
    trace_end_utime: null,
    trace_external_hash: null,
    trace_external_hash_norm: null,
    trace_id: null,
    trace_mc_seqno_end: null,
    transactions: null,
    type: null,
  },
};

type Json = unknown;
const isObj = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The normalizations of a toncenter file value into our wire form that the project documents. */
export type Normalize = (type: string, field: string, fileValue: Json, context: Context) => Json;

/** Where a compared object sits: the transaction a message hangs from, and on which side. */
export interface Context {
  txHash?: string;
  direction?: 'in' | 'out';
}

export const documentedNormalizations: Normalize = (type, field, value, context) => {
  if (type === 'BlockRef' && field === 'shard' && typeof value === 'string' && /^[0-9A-F]{16}$/.test(value)) {
    return BigInt.asIntN(64, BigInt(`0x${value}`)).toString();
  }
  if (type === 'Message' && field === 'opcode' && typeof value === 'string') return Number.parseInt(value.slice(2), 16) >>> 0;
  // toncenter leaves these out of transaction responses; we fill the side the transaction is on.
  if (type === 'Message' && field === 'in_msg_tx_hash' && value === undefined) return context.direction === 'in' ? context.txHash : null;
  if (type === 'Message' && field === 'out_msg_tx_hash' && value === undefined) return context.direction === 'out' ? context.txHash : null;
  // The 2023 schema had no `emulated`: every transaction then was a real one.
  if (type === 'Transaction' && field === 'emulated' && value === undefined) return false;
  return value === undefined ? null : value;
};

/**
 * Compares every spec field of `served` with `file`, recursively; returns the differences as
 * "path: served ≠ expected" lines. Also reports spec fields missing from the served object.
 */
export function diffSpec(type: string, served: Json, file: Json, path: string, context: Context = {}): string[] {
  const fields = SPEC[type];
  if (file === null || file === undefined) return served === null ? [] : [`${path}: served ${JSON.stringify(served)} ≠ expected null`];
  if (!isObj(served)) return [`${path}: served ${JSON.stringify(served)} is not an object`];
  if (!isObj(file)) return [`${path}: file value is not an object`];
  const out: string[] = [];
  for (const [field, nested] of Object.entries(fields)) {
    const p = `${path}.${field}`;
    if (!(field in served)) {
      out.push(`${p}: missing from the served object`);
      continue;
    }
    if (nested?.endsWith('{}')) {
      const s = served[field] as Record<string, Json>;
      const f = (file[field] ?? {}) as Record<string, Json>;
      if (!isObj(s) || JSON.stringify(Object.keys(s).sort()) !== JSON.stringify(Object.keys(f).sort())) out.push(`${p}: served keys ≠ expected keys`);
      else for (const key of Object.keys(f)) out.push(...diffSpec(nested.slice(0, -2), s[key], f[key], `${p}[${key}]`, {}));
    } else if (nested?.endsWith('[]')) {
      const s = served[field] as Json[];
      const f = (file[field] ?? []) as Json[];
      if (!Array.isArray(s) || s.length !== f.length) out.push(`${p}: served ${Array.isArray(s) ? s.length : 'no'} items ≠ expected ${f.length}`);
      else s.forEach((item, i) => out.push(...diffSpec(nested.slice(0, -2), item, f[i], `${p}[${i}]`, side(type, field, file, context))));
    } else if (nested === 'Decoded') {
      out.push(...diffDecoded(served[field], file[field], p));
    } else if (nested) {
      out.push(...diffSpec(nested, served[field], file[field], p, side(type, field, file, context)));
    } else {
      const expected = documentedNormalizations(type, field, file[field], context);
      if (JSON.stringify(served[field]) !== JSON.stringify(expected)) {
        out.push(`${p}: served ${JSON.stringify(served[field])} ≠ expected ${JSON.stringify(expected)}`);
      }
    }
  }
  return out;
}

/**
 * `message_content.decoded` against a file's: TON Center's current form (`@type` first, since late October 2025)
 * byte for byte; the earlier form decoded text comments only (`{type, comment}`), so there only a comment is
 * compared (ours is the same text in the legacy shape) and a null says nothing about what we decode.
 */
function diffDecoded(served: Json, file: Json, path: string): string[] {
  const text = (v: Json) => JSON.stringify(v ?? null);
  if (isObj(file) && '@type' in file) return text(served) === text(file) ? [] : [`${path}: served ${text(served)} ≠ expected ${text(file)}`];
  if (!isObj(file)) return [];
  // The earlier form read comments back from PostgreSQL text, which cannot hold NUL: it had spaces there.
  const comment = isObj(served) && typeof served.comment === 'string' ? served.comment.replace(/\u0000/g, ' ') : undefined;
  const legacy = isObj(served) && served['@type'] === 'text_comment' && served.type === file.type && comment === file.comment;
  return legacy ? [] : [`${path}: served ${text(served)} ≠ the file's comment ${text(file)}`];
}

/** Which transaction a nested message hangs from, for the in/out tx-hash normalization. */
function side(type: string, field: string, file: Record<string, Json>, context: Context): Context {
  if (type === 'TraceNode' && field === 'in_msg') return { txHash: file.transaction_hash as string, direction: 'in' };
  if (type !== 'Transaction') return context;
  if (field === 'in_msg') return { txHash: file.hash as string, direction: 'in' };
  if (field === 'out_msgs') return { txHash: file.hash as string, direction: 'out' };
  return {};
}

/**
 * A toncenter trace completed with what our wire adds: the spec's TraceNode fields toncenter leaves out are
 * those of the transaction the node names; a missing `actions` list is []. A pending trace's transactions carry
 * the trace's external hash (toncenter's pendingTraces does the same; its /traces leaves it out).
 */
export function expandTrace(source: any, opts: { pending?: boolean } = {}): any {
  const trace = structuredClone(source);
  if (opts.pending) {
    for (const tx of Object.values<any>(trace.transactions)) tx.trace_external_hash ??= trace.external_hash;
    trace.trace_info.trace_state = 'pending';
  }
  const node = (n: any): any => {
    const tx = trace.transactions[n.tx_hash];
    return {
      ...n,
      transaction_hash: n.tx_hash,
      transaction_lt: tx.lt,
      transaction_now: tx.now,
      transaction_aborted: tx.description.aborted ?? null,
      in_msg_hash: n.in_msg_hash ?? null,
      transaction: tx,
      in_msg: tx.in_msg,
      children: (n.children ?? []).map(node),
    };
  };
  return { ...trace, actions: trace.actions ?? [], trace: node(trace.trace) };
}
