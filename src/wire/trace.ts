import { numberOrNull } from '../encoding/numbers';
import { TOO_LARGE_WARNING } from '../traces/size';
import type { Trace } from '../traces/model';
import { buildTree, type TreeNode } from '../traces/tree';
import type { WireAction } from './action';
import type { WireTransaction } from './transaction';

/** What a trace's tree node names of its transaction. */
export interface TraceNodeFacts {
  hash: string;
  lt: string;
  now: number | null;
  aborted: boolean | null;
  inMsgHash: string | null;
  outMsgHashes: string[];
}

export const nodeFactsOf = (tx: WireTransaction): TraceNodeFacts => ({
  hash: tx.hash,
  lt: tx.lt,
  now: tx.now,
  aborted: tx.description.aborted as boolean | null,
  inMsgHash: tx.in_msg?.hash ?? null,
  outMsgHashes: tx.out_msgs.map((m) => m.hash),
});

/**
 * A trace's transaction as the wire form takes it: its node's facts, and the values written for it and for its
 * in_msg (the wire objects, or RawTexts markers of JSON already written).
 */
export interface TraceTransactionView extends TraceNodeFacts {
  inMsg: WireTransaction['in_msg'] | string;
  transaction: WireTransaction | string;
}

export const viewOf = (tx: WireTransaction): TraceTransactionView => ({ ...nodeFactsOf(tx), inMsg: tx.in_msg, transaction: tx });

export interface WireTraceNode {
  tx_hash: string;
  transaction_hash: string;
  transaction_lt: string;
  transaction_now: number | null;
  transaction_aborted: boolean | null;
  in_msg_hash: string | null;
  in_msg: TraceTransactionView['inMsg'];
  transaction: TraceTransactionView['transaction'];
  children: WireTraceNode[];
}

function toWireNode(node: TreeNode, txs: Map<string, TraceTransactionView>): WireTraceNode {
  const tx = txs.get(node.hash)!;
  return {
    tx_hash: tx.hash,
    transaction_hash: tx.hash,
    transaction_lt: tx.lt,
    transaction_now: tx.now,
    transaction_aborted: tx.aborted,
    in_msg_hash: node.inMsgHash,
    in_msg: tx.inMsg,
    transaction: tx.transaction,
    children: node.children.map((c) => toWireNode(c, txs)),
  };
}

const seqno = (v: number | null) => (v === null ? null : String(v));

/** A Trace in the v3 wire form (toncenter's key order), its transactions already completed. */
export function toWireTrace(trace: Trace, txs: Map<string, TraceTransactionView>, actions: WireAction[]) {
  const ordered = trace.transactions.map((t) => txs.get(t.row.hash)!);
  const { root, warning } = buildTree(ordered.map((tx) => ({ hash: tx.hash, inMsgHash: tx.inMsgHash, outMsgHashes: tx.outMsgHashes })));
  const h = trace.header;
  const map: Record<string, TraceTransactionView['transaction']> = {};
  for (const tx of [...ordered].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0))) map[tx.hash] = tx.transaction;
  return {
    trace_id: h.trace_id,
    external_hash: h.external_hash,
    mc_seqno_start: seqno(h.mc_seqno_start),
    mc_seqno_end: seqno(h.mc_seqno_end),
    start_lt: h.start_lt,
    start_utime: h.start_utime,
    end_lt: h.end_lt,
    end_utime: h.end_utime,
    trace_info: {
      trace_state: h.state,
      messages: numberOrNull(h.edges_),
      transactions: numberOrNull(h.nodes_),
      pending_messages: numberOrNull(h.pending_edges_),
      classification_state: h.classification_state,
    },
    is_incomplete: trace.incomplete ?? false,
    warning: trace.incomplete ? TOO_LARGE_WARNING : warning,
    actions,
    trace: root && toWireNode(root, txs),
    transactions_order: ordered.map((tx) => tx.hash),
    transactions: map,
  };
}

export type WireTrace = ReturnType<typeof toWireTrace>;
