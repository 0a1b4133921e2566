import { detailsOf, EXTRA_CURRENCY_TRANSFER, type Composite, type DetailField, type Scalar } from '../actions/details';
import { RULES, type Rule } from '../actions/rules';
import { addressesInDetails } from '../actions/shape';
import { isDecimalInRange, parseOpcode } from '../encoding/numbers';
import { JsonNode } from './jsonNode';

/** The `actions` row (composite columns as nested objects, which json_populate_recordset accepts). */
export type ActionInsertRow = Record<string, unknown> & { trace_id: string; action_id: string };

function scalar(node: JsonNode, kind: Scalar): unknown {
  switch (kind) {
    case 'address':
      return node.optAddress();
    case 'decimal':
    case 'int64':
      return node.optDecimal();
    case 'text':
      return node.optStr();
    case 'bool':
      return node.optBool();
    case 'int':
      return node.optInt();
    case 'intString': {
      const text = node.optDecimal();
      if (text !== null && !isDecimalInRange(text, -(2n ** 31n), 2n ** 31n - 1n)) node.fail('expected a 32-bit integer');
      return text;
    }
    case 'currencies':
      return node.optCurrencies();
    case 'addressList':
      return node.isNull() ? null : node.list().map((a) => a.address());
    case 'decimalList':
      return node.isNull() ? null : node.list().map((a) => a.decimal());
    case 'opcode': {
      if (node.isNull()) return null;
      const op = parseOpcode(node.value);
      if (op === undefined) node.fail('expected an opcode ("0x" and up to 8 hex digits, or a 32-bit integer)');
      return op >>> 0;
    }
  }
}

/** A composite as json_populate_recordset takes it: keyed by the stored field names. */
const compositeValue = (node: JsonNode, of: Composite) => Object.fromEntries(of.fields.map((f) => [f.member, scalar(node.get(f.key), f.kind)]));

function detailValue(node: JsonNode, field: DetailField): unknown {
  if (node.isNull()) return null;
  if (field.kind === 'object') return compositeValue(node, field.of!);
  if (field.kind === 'list') return node.list().map((item) => compositeValue(item, field.of!));
  return scalar(node, field.kind);
}

/** The stored type of an action TON Center shows as extra_currency_transfer: a call when its details name an opcode. */
const storedType = (type: string, details: JsonNode) =>
  type !== EXTRA_CURRENCY_TRANSFER ? type : details.has('extra_currencies') || details.has('opcode') ? 'call_contract' : 'ton_transfer';

/** Writes `details` into the row's columns, each key where its field says it comes from. */
function storeDetails(action: ActionInsertRow, type: string, details: JsonNode) {
  const set = (path: string, value: unknown) => {
    const [column, member] = path.split('.');
    if (member === undefined) action[column] = value;
    else action[column] = { ...((action[column] as object | undefined) ?? {}), [member]: value };
  };
  for (const field of detailsOf(type)) {
    if (!details.has(field.key)) continue;
    const node = details.get(field.key);
    if (field.rule) (RULES[field.rule] as Rule).store?.(node, set, scalar, details);
    else set(field.path.join('.'), detailValue(node, field));
  }
}

/** Maps a v3 Action to its `actions` row and `action_accounts` rows. */
export function mapAction(node: JsonNode, traceOfParent?: string): { action: ActionInsertRow; accounts: string[]; listed: boolean } {
  const traceId = node.get('trace_id');
  if (traceId.isNull() && traceOfParent === undefined) traceId.fail('an action needs the trace_id of its trace');
  const trace = traceId.isNull() ? (traceOfParent as string) : traceId.hash();
  if (traceOfParent !== undefined && trace !== traceOfParent) traceId.fail(`belongs to trace ${trace}, not to the trace ${traceOfParent} that holds it`);
  const type = node.get('type').str();
  const details = node.get('details');
  const action: ActionInsertRow = {
    trace_id: trace,
    action_id: node.get('action_id').hash(),
    // TON Center shows a transfer or call with extra currencies as extra_currency_transfer; the indexer stores its own type
    type: storedType(type, details),
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
    tx_hashes: node.has('transactions')
      ? node
          .get('transactions')
          .list()
          .map((h) => h.hash())
      : [],
  };
  if (!details.isNull()) storeDetails(action, action.type as string, details);
  // Without `include_accounts` a v3 action names no accounts: the addresses of its details stand in for them (the
  // classifier's action_accounts are the addresses an action involves), so /actions?account= finds it.
  const listed = node.has('accounts') && !node.get('accounts').isNull();
  const accounts = listed
    ? node
        .get('accounts')
        .list()
        .map((a) => a.address())
    : details.isNull() || !details.isObject()
      ? []
      : addressesInDetails(action.type as string, details.value as Record<string, unknown>).map((a) => new JsonNode(a, `${details.path}`).address());
  return { action, accounts: [...new Set(accounts)], listed };
}
