import type { Queryable } from '../db/types';
import { MASTERCHAIN_SHARD } from '../encoding/numbers';

export interface MasterchainBlockStatus {
  exists: boolean;
  /** A later masterchain block is indexed, so this block's transactions are complete and final. */
  finalized: boolean;
}

/** Block seqnos are int4 columns: a larger seqno is valid input that simply matches nothing. */
export const MAX_STORED_SEQNO = 2 ** 31 - 1;

export async function masterchainBlockStatus(db: Queryable, seqno: number): Promise<MasterchainBlockStatus> {
  if (seqno > MAX_STORED_SEQNO) return { exists: false, finalized: false };
  const [row] = await db.query<{ exists: boolean; finalized: boolean }>(
    `select exists(select 1 from blocks where workchain = -1 and shard = ${MASTERCHAIN_SHARD} and seqno = $1) as exists,
            exists(select 1 from blocks where workchain = -1 and shard = ${MASTERCHAIN_SHARD} and seqno > $1) as finalized`,
    [seqno],
  );
  return { exists: row.exists, finalized: row.exists && row.finalized };
}
