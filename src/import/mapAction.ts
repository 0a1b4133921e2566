import { DEX_TRANSFER_FIELDS, PEER_SWAP_FIELDS, detailsOf, type DetailField } from '../actions/details';
import { parseOpcode } from '../encoding/numbers';
import type { JsonNode } from './jsonNode';

/** The `actions` row (composite columns as nested objects, which json_populate_recordset accepts). */
export type ActionInsertRow = Record<string, unknown> & { trace_id: string; action_id: string };

function scalar(node: JsonNode, kind: string): unknown {
  switch (kind) {
    case 'address':
      return node.optAddress();
    case 'decimal':
      return node.optDecimal();
    case 'text':
      return node.optStr();
    case 'bool':
      return node.optBool();
    case 'int':
      return node.optInt();
    case 'currencies':
      return node.optCurrencies();
    case 'opcode': {
      if (node.isNull()) return null;
      const op = parseOpcode(node.value);
      if (op === undefined) node.fail('expected an opcode ("0x" and up to 8 hex digits, or a 32-bit integer)');
      return op >>> 0;
    }
    default:
      throw new Error(`no scalar kind ${kind}`);
  }
}

function detailValue(node: JsonNode, field: DetailField): unknown {
  if (field.kind === 'dexTransfer') {
    if (node.isNull()) return null;
    return Object.fromEntries(DEX_TRANSFER_FIELDS.map(([name, kind]) => [name, scalar(node.get(name), kind)]));
  }
  if (field.kind === 'peerSwaps') {
    if (node.isNull()) return null;
    return node.list().map((swap) => Object.fromEntries(PEER_SWAP_FIELDS.map(([name, kind]) => [name, scalar(swap.get(name), kind)])));
  }
  return scalar(node, field.kind);
}

/** The addresses among an action's details (swaps' transfers and hops included). */
function detailAddresses(details: JsonNode, fields: readonly DetailField[]): string[] {
  const out: string[] = [];
  const add = (node: JsonNode) => {
    const address = node.optAddress();
    if (address) out.push(address);
  };
  for (const field of fields) {
    if (!details.has(field.key)) continue;
    const value = details.get(field.key);
    if (field.kind === 'address') add(value);
    else if (field.kind === 'dexTransfer' && !value.isNull()) for (const [name, kind] of DEX_TRANSFER_FIELDS) kind === 'address' && value.has(name) && add(value.get(name));
    else if (field.kind === 'peerSwaps' && !value.isNull()) for (const swap of value.list()) for (const [name, kind] of PEER_SWAP_FIELDS) kind === 'address' && swap.has(name) && add(swap.get(name));
  }
  return out;
}

/** Maps a v3 Action to its `actions` row and `action_accounts` rows. */
export function mapAction(node: JsonNode, traceOfParent?: string): { action: ActionInsertRow; accounts: string[]; listed: boolean } {
  const traceId = node.get('trace_id');
  if (traceId.isNull() && traceOfParent === undefined) traceId.fail('an action needs the trace_id of its trace');
  const trace = traceId.isNull() ? (traceOfParent as string) : traceId.hash();
  if (traceOfParent !== undefined && trace !== traceOfParent) traceId.fail(`belongs to trace ${trace}, not to the trace ${traceOfParent} that holds it`);
  const type = node.get('type').str();
  const action: ActionInsertRow = {
    trace_id: trace,
    action_id: node.get('action_id').hash(),
    type,
    success: node.get('success').optBool() ?? true,
    start_lt: node.get('start_lt').optInt64(),
    end_lt: node.get('end_lt').optInt64(),
    start_utime: node.get('start_utime').optInt(0),
    end_utime: node.get('end_utime').optInt(0),
    trace_end_lt: node.get('trace_end_lt').optInt64(),
    trace_end_utime: node.get('trace_end_utime').optInt(0),
    trace_mc_seqno_end: node.get('trace_mc_seqno_end').optInt(0, 2 ** 31 - 1),
    trace_external_hash: node.get('trace_external_hash').optHash(),
    trace_external_hash_norm: node.get('trace_external_hash_norm').optHash(),
    tx_hashes: node.has('transactions') ? node.get('transactions').list().map((h) => h.hash()) : [],
  };
  const details = node.get('details');
  if (!details.isNull()) {
    for (const field of detailsOf(type)) {
      if (field.kind === 'derived' || !details.has(field.key)) continue;
      const value = detailValue(details.get(field.key), field);
      const [column, member] = field.path;
      if (member === undefined) action[column] = value;
      else action[column] = { ...((action[column] as object | undefined) ?? {}), [member]: value };
    }
  }
  // toncenter shows the type with extra currencies as extra_currency_transfer; the indexer stores ton_transfer.
  if (type === 'extra_currency_transfer') action.type = 'ton_transfer';
  // Without `include_accounts` a v3 action names no accounts: the addresses of its details stand in for them (the
  // classifier's action_accounts are the addresses an action involves), so /actions?account= finds it.
  const listed = node.has('accounts') && !node.get('accounts').isNull();
  const accounts = listed ? node.get('accounts').list().map((a) => a.address()) : details.isNull() ? [] : detailAddresses(details, detailsOf(type));
  return { action, accounts: [...new Set(accounts)], listed };
}
