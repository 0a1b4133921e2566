import type { Database } from '../../src/db/types';
import { MASTERCHAIN_SHARD } from '../../src/encoding/numbers';
import { importDocument } from '../../src/import/importFile';
import { syntheticTrace } from './synthetic';

/** A complete trace of two transactions, its root on `account`, completed by masterchain block `seqno`. */
export function completeTrace(seed: string, account: string, seqno: number, ltOffset = 0n) {
  const trace = syntheticTrace(2, seed, { rootAccount: account, firstLt: BigInt(seqno) * 1_000_000n + ltOffset }).traces[0] as any;
  trace.mc_seqno_start = trace.mc_seqno_end = String(seqno);
  trace.trace_info.trace_state = 'complete';
  for (const tx of Object.values(trace.transactions) as any[]) tx.mc_block_seqno = seqno;
  return trace;
}

/** A complete trace in which an external message makes a wallet send `to` a transfer (its second transaction). */
export function depositTrace(seed: string, to: string, seqno: number, ltOffset = 0n) {
  const trace = completeTrace(seed, `0:${'5E'.repeat(32)}`, seqno, ltOffset);
  const [root, deposit] = trace.transactions_order.map((hash: string) => trace.transactions[hash]);
  deposit.account = to;
  deposit.in_msg.destination = to;
  root.out_msgs.find((m: any) => m.hash === deposit.in_msg.hash).destination = to;
  return { trace, deposit: deposit.hash as string };
}

/**
 * The independent writer: indexes masterchain block `seqno` with `traces` as ton-indexer does, the block and
 * its traces in one transaction (a reader never sees the block without them).
 */
export async function indexBlock(db: Database, seqno: number, traces: any[]): Promise<void> {
  await importDocument(db, `block-${seqno}.json`, JSON.stringify({ traces, address_book: {}, metadata: {} }));
  const now = Number((Object.values(traces[0].transactions)[0] as any).now);
  await db.query(`update blocks set gen_utime = $2 where workchain = -1 and shard = ${MASTERCHAIN_SHARD} and seqno = $1`, [seqno, now]);
}
