import type { Queryable } from '../db/types';
import { notFound } from '../errors';
import { MAX_STORED_SEQNO, masterchainBlockStatus } from './blocks';
import { DESCRIPTION_COLUMNS } from '../transactions/description';
import type { TransactionRow } from './rows';

/** Every column of `transactions`, in the indexer's order; the importer writes the same list. */
export const TRANSACTION_COLUMNS: readonly (keyof TransactionRow)[] = [
  'account', 'hash', 'lt', 'block_workchain', 'block_shard', 'block_seqno', 'mc_block_seqno', 'trace_id',
  'prev_trans_hash', 'prev_trans_lt', 'now', 'orig_status', 'end_status', 'total_fees', 'total_fees_extra_currencies',
  'account_state_hash_before', 'account_state_hash_after', ...DESCRIPTION_COLUMNS,
];

const SELECT = `select ${TRANSACTION_COLUMNS.map((c) => `T.${c}`).join(', ')} from transactions T`;

export type SortOrder = 'asc' | 'desc';

export interface BlockPage {
  seqno: number;
  limit: number;
  offset: number;
  sort: SortOrder;
}

/** Transactions committed by masterchain block `seqno`, ordered by (lt, account) in one direction: a total order. */
export async function transactionsByMasterchainBlock(db: Queryable, page: BlockPage): Promise<TransactionRow[]> {
  if (page.seqno > MAX_STORED_SEQNO) return [];
  const dir = page.sort === 'asc' ? 'asc' : 'desc';
  return db.query<TransactionRow>(
    `${SELECT} where T.mc_block_seqno = $1 order by T.lt ${dir}, T.account ${dir} limit $2 offset $3`,
    [page.seqno, page.limit, page.offset],
  );
}

/** A page of a block that must exist (404 otherwise), with whether the block is final. Page and check run at once. */
export async function blockPage(db: Queryable, page: BlockPage): Promise<{ rows: TransactionRow[]; finalized: boolean }> {
  const [rows, block] = await Promise.all([transactionsByMasterchainBlock(db, page), masterchainBlockStatus(db, page.seqno)]);
  if (!block.exists) throw notFound(`masterchain block ${page.seqno} not found`);
  return { rows, finalized: block.finalized };
}

/** Batch function for the transaction-by-hash loader. */
export async function transactionsByHashes(db: Queryable, hashes: readonly string[]): Promise<(TransactionRow | null)[]> {
  const rows = await db.query<TransactionRow>(`${SELECT} where T.hash = any($1::text[]::tonhash[])`, [hashes]);
  const byHash = new Map(rows.map((r) => [r.hash, r]));
  return hashes.map((h) => byHash.get(h) ?? null);
}
