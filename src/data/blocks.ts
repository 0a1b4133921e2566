import type { Queryable } from '../db/types';
import { MASTERCHAIN_SHARD } from '../encoding/numbers';

export interface MasterchainBlockStatus {
  exists: boolean;
  /** A later masterchain block is indexed, so this block's transactions are complete and final. */
  finalized: boolean;
}

/** Block seqnos are int4 columns: a larger seqno is valid input that simply matches nothing. */
export const MAX_STORED_SEQNO = 2 ** 31 - 1;

/**
 * The highest masterchain seqno this process has seen indexed. It only grows (the indexer only adds blocks), so
 * a block below it is final without asking the database again.
 */
export class MasterchainTip {
  private seen = -1;
  get highest(): number {
    return this.seen;
  }
  raise(seqno: number): void {
    if (seqno > this.seen) this.seen = seqno;
  }
}

export async function masterchainBlockStatus(db: Queryable, seqno: number, tip?: MasterchainTip): Promise<MasterchainBlockStatus> {
  if (seqno > MAX_STORED_SEQNO) return { exists: false, finalized: false };
  // The block and the next one above it, in one range scan of the masterchain's seqno index. (Asking "is any
  // block above it" with exists() let the planner pick a sequential scan of blocks for early seqnos.)
  const rows = await db.query<{ seqno: number }>(
    `select seqno from blocks where workchain = -1 and shard = ${MASTERCHAIN_SHARD} and seqno >= $1 order by seqno limit 2`,
    [seqno],
  );
  for (const row of rows) tip?.raise(row.seqno);
  const exists = rows[0]?.seqno === seqno;
  return { exists, finalized: exists && rows.length === 2 };
}
