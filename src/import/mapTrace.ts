import type { TraceRow } from '../data/traces';
import type { JsonNode } from './jsonNode';
import { mapTransaction, type MappedTransaction } from './mapTransaction';

const TRACE_STATES = ['complete', 'pending', 'broken'] as const;
const CLASSIFICATION_STATES = ['unclassified', 'failed', 'ok', 'broken'] as const;

export interface MappedTrace {
  trace: TraceRow;
  transactions: MappedTransaction[];
}

/** toncenter writes trace mc seqnos as strings; the column is an integer. */
function seqno(node: JsonNode): number | null {
  if (node.isNull()) return null;
  const text = typeof node.value === 'number' ? String(node.value) : node.str();
  if (!/^\d{1,10}$/.test(text) || Number(text) > 2 ** 31 - 1) node.fail('expected a masterchain seqno');
  return Number(text);
}

/** Maps a v3 Trace with its `transactions` map. The trace's own transactions must all be present. */
export function mapTrace(node: JsonNode): MappedTrace {
  const traceId = node.get('trace_id').hash();
  const info = node.get('trace_info');
  const transactions: MappedTransaction[] = [];
  const txs = node.get('transactions');
  for (const [key, txNode] of txs.entries()) {
    const mapped = mapTransaction(txNode);
    if (mapped.transaction.hash !== key) txNode.get('hash').fail(`transaction hash differs from its key "${key}"`);
    if (mapped.transaction.trace_id === null) mapped.transaction.trace_id = traceId;
    else if (mapped.transaction.trace_id !== traceId) txNode.get('trace_id').fail(`belongs to trace ${mapped.transaction.trace_id}, not ${traceId}`);
    transactions.push(mapped);
  }
  if (node.has('transactions_order')) {
    for (const entry of node.get('transactions_order').list()) {
      if (!txs.has(entry.hash())) entry.fail('names a transaction missing from the trace\'s "transactions"');
    }
  }
  const root = transactions.find((t) => t.transaction.hash === traceId);
  const rootIn = root?.messages.find((m) => m.direction === 'in' && m.source === null);
  const externalHash = node.get('external_hash').optHash();
  return {
    trace: {
      trace_id: traceId,
      external_hash: externalHash,
      external_hash_norm: rootIn?.msg_hash_norm ?? externalHash,
      mc_seqno_start: seqno(node.get('mc_seqno_start')),
      mc_seqno_end: seqno(node.get('mc_seqno_end')),
      start_lt: node.get('start_lt').optInt64(),
      start_utime: node.get('start_utime').optInt(0),
      end_lt: node.get('end_lt').optInt64(),
      end_utime: node.get('end_utime').optInt(0),
      state: info.get('trace_state').oneOf(TRACE_STATES),
      pending_edges_: info.get('pending_messages').optInt64(),
      edges_: info.get('messages').optInt64(),
      nodes_: info.get('transactions').optInt64(),
      classification_state: info.get('classification_state').oneOf(CLASSIFICATION_STATES),
    },
    transactions,
  };
}
