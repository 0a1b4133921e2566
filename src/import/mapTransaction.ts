import type { AccountStateRow, MessageContentRow, MessageRow, TransactionRow } from '../data/rows';
import { parseOpcode, parseShard } from '../encoding/numbers';
import { DESCRIPTION_FIELDS, PHASES, type DescrField, type DescrPhase, type DescriptionRow } from '../transactions/description';
import type { JsonNode } from './jsonNode';

const STATUSES = ['uninit', 'frozen', 'active', 'nonexist'] as const;

/** Everything one v3 Transaction object puts into the database. */
export interface MappedTransaction {
  transaction: TransactionRow;
  messages: MessageRow[];
  contents: MessageContentRow[];
  states: AccountStateRow[];
}

const phase = (d: JsonNode, key: string) => (d.has(key) && !d.get(key).isNull() ? d.get(key) : undefined);

function readField(f: DescrField, node: JsonNode): unknown {
  switch (f.kind) {
    case 'bool':
      return f.required ? node.bool() : node.optBool();
    case 'int':
      return f.required ? node.int() : node.optInt();
    case 'int8':
      return node.optInt(-128, 127);
    case 'int32':
      return node.optInt(-(2 ** 31), 2 ** 31 - 1);
    case 'int64':
    case 'count64':
      return node.optInt64();
    case 'enum':
      return f.required ? node.oneOf(f.enum!.values) : node.optOneOf(f.enum!.values);
    case 'hash':
      return node.optHash();
    case 'text':
      return node.optStr();
    case 'currencies':
      return node.optCurrencies();
    case 'msgSize':
      throw new Error('a msgSize is read as its two columns');
  }
}

/** The columns of one phase (or of the description itself), null when the phase is missing. */
function readPhase(p: DescrPhase, node: JsonNode | undefined, into: Record<string, unknown>): void {
  for (const f of p.fields) {
    if (f.kind === 'msgSize') {
      const size = node && phase(node, f.key);
      into[`${f.column}_cells`] = size ? size.get('cells').int64() : null;
      into[`${f.column}_bits`] = size ? size.get('bits').int64() : null;
    } else {
      into[f.column] = node ? readField(f, node.get(f.key)) : null;
    }
  }
}

function description(d: JsonNode): DescriptionRow {
  const row: Record<string, unknown> = {};
  readPhase(DESCRIPTION_FIELDS, d, row);
  for (const p of PHASES) readPhase(p, phase(d, p.key), row);
  return row as DescriptionRow;
}

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
  const block = node.get('block_ref');
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
    ...description(d),
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
