import type { Queryable } from '../db/types';
import { INT64_MAX, INT64_MIN, isDecimalInRange, MASTERCHAIN_SHARD } from '../encoding/numbers';
import { boundValues, groupedBy } from './sql';
import { notFound } from '../errors';
import { windowConditions, type BlockSelector, type Windows } from './filters';

export interface MasterchainBlockStatus {
  exists: boolean;
  /** A later masterchain block is indexed, so this block's transactions are complete and final. */
  finalized: boolean;
}

/** Block seqnos are int4 columns: a larger seqno is valid input that simply matches nothing. */
export const MAX_STORED_SEQNO = 2 ** 31 - 1;

/** The highest masterchain block indexed, or null on an empty database. */
export async function latestMasterchainSeqno(db: Queryable): Promise<number | null> {
  const [row] = await db.query<{ seqno: number }>(`select seqno from blocks where workchain = -1 and shard = ${MASTERCHAIN_SHARD} order by seqno desc limit 1`);
  return row?.seqno ?? null;
}

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
  /** Whether a masterchain block (a row's `mc_block_seqno`) is final: a later one is indexed. A lagging tip only says no more often. */
  isFinal(seqno: number | null): boolean {
    return seqno !== null && seqno < this.seen;
  }
  /**
   * Raises the tip from the database every `intervalMs`, for a process without the live watcher (which raises it
   * on each of its polls); returns the stop function.
   */
  follow(db: Queryable, intervalMs: number): () => void {
    const timer = setInterval(() => {
      latestMasterchainSeqno(db).then(
        (seqno) => seqno !== null && this.raise(seqno),
        () => {},
      );
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

export async function masterchainBlockStatus(db: Queryable, seqno: number, tip?: MasterchainTip): Promise<MasterchainBlockStatus> {
  if (seqno > MAX_STORED_SEQNO) return { exists: false, finalized: false };
  await db.catchUp?.(seqno);
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

/** A `blocks` row; 64-bit columns as decimal text, `prev_blocks` as `[{workchain, shard, seqno}]`. */
export interface BlockRow {
  workchain: number;
  shard: string;
  seqno: number;
  root_hash: string | null;
  file_hash: string | null;
  mc_block_workchain: number | null;
  mc_block_shard: string | null;
  mc_block_seqno: number | null;
  global_id: number | null;
  version: number | null;
  after_merge: boolean | null;
  before_split: boolean | null;
  after_split: boolean | null;
  want_merge: boolean | null;
  want_split: boolean | null;
  key_block: boolean | null;
  vert_seqno_incr: boolean | null;
  flags: number | null;
  gen_utime: string | null;
  start_lt: string | null;
  end_lt: string | null;
  validator_list_hash_short: number | null;
  gen_catchain_seqno: number | null;
  min_ref_mc_seqno: number | null;
  prev_key_block_seqno: number | null;
  vert_seqno: number | null;
  master_ref_seqno: number | null;
  rand_seed: string | null;
  created_by: string | null;
  tx_count: number | null;
  prev_blocks: { workchain: number; shard: string; seqno: number }[] | null;
}

/** The columns of `blocks`, in the indexer's order. */
export const BLOCK_COLUMNS = [
  'workchain',
  'shard',
  'seqno',
  'root_hash',
  'file_hash',
  'mc_block_workchain',
  'mc_block_shard',
  'mc_block_seqno',
  'global_id',
  'version',
  'after_merge',
  'before_split',
  'after_split',
  'want_merge',
  'want_split',
  'key_block',
  'vert_seqno_incr',
  'flags',
  'gen_utime',
  'start_lt',
  'end_lt',
  'validator_list_hash_short',
  'gen_catchain_seqno',
  'min_ref_mc_seqno',
  'prev_key_block_seqno',
  'vert_seqno',
  'master_ref_seqno',
  'rand_seed',
  'created_by',
  'tx_count',
  'prev_blocks',
] as const satisfies readonly (keyof BlockRow)[];

// `blockid[]` has no driver parser: it is read as JSON, the shard as text (int8 is exact only as text).
const SELECT_BLOCKS = `select ${BLOCK_COLUMNS.map((c) =>
  c === 'prev_blocks'
    ? `(select json_agg(json_build_object('workchain', (p).workchain, 'shard', (p).shard::text, 'seqno', (p).seqno)) from unnest(B.prev_blocks) p) as prev_blocks`
    : `B.${c}`,
).join(', ')} from blocks B`;

/** `/blocks` filters, all ANDed (values already checked); both lt bounds apply to the block's start lt, as in TON Center. */
export type BlockFilter = BlockSelector & Windows;

/**
 * Blocks matching every filter. With `sort`, by generation time in that direction (TON Center's order), ties by
 * (workchain, shard, seqno) the same way so pages are stable; without it TON Center names no order and returns
 * the table's, which is the indexer's writing order: generation time ascending here, with the same tiebreak.
 */
export async function blocksPage(db: Queryable, f: BlockFilter, page: { limit: number; offset: number; sort?: 'asc' | 'desc' }): Promise<BlockRow[]> {
  const { values, bind } = boundValues();
  const where: string[] = [];
  if (f.workchain !== undefined) where.push(`B.workchain = ${bind(f.workchain)}::int4`);
  if (f.shard !== undefined) where.push(`B.shard = ${bind(f.shard)}::int8`);
  if (f.seqno !== undefined) where.push(`B.seqno = ${bind(f.seqno)}::int4`);
  if (f.rootHashes.length > 0) where.push(`B.root_hash = any(${bind(f.rootHashes)}::text[]::tonhash[])`);
  if (f.fileHashes.length > 0) where.push(`B.file_hash = any(${bind(f.fileHashes)}::text[]::tonhash[])`);
  if (f.mcSeqno !== undefined) where.push(`B.mc_block_seqno = ${bind(f.mcSeqno)}::int8`);
  where.push(...windowConditions(f, bind, { time: 'B.gen_utime', lt: 'B.start_lt' }));
  const dir = page.sort ?? 'asc';
  return db.query<BlockRow>(
    `${SELECT_BLOCKS}${where.length > 0 ? ` where ${where.join(' and ')}` : ''}
      order by B.gen_utime ${dir}, B.workchain ${dir}, B.shard ${dir}, B.seqno ${dir} limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

/** The first and the last indexed masterchain blocks; NOT_FOUND when there is none. */
export async function masterchainEnds(db: Queryable): Promise<{ first: BlockRow; last: BlockRow }> {
  const end = (dir: string) => db.query<BlockRow>(`${SELECT_BLOCKS} where B.workchain = -1 order by B.seqno ${dir} limit 1`);
  const [[last], [first]] = await Promise.all([end('desc'), end('asc')]);
  if (!last || !first) throw notFound('no masterchain block is indexed yet');
  return { first, last };
}

/** As TON Center answers the two shard routes: NOT_FOUND rather than an empty list. */
const someBlocks = (rows: BlockRow[]) => {
  if (rows.length === 0) throw notFound('blocks not found');
  return rows;
};

/**
 * Masterchain block `seqno` and the shard blocks it first committed: the masterchain block first, then by shard
 * and seqno; NOT_FOUND when none (an unknown block, or an offset past them).
 */
export async function masterchainBlockShards(db: Queryable, seqno: number, page: { limit: number; offset: number }): Promise<BlockRow[]> {
  await db.catchUp?.(seqno);
  if (seqno > MAX_STORED_SEQNO) return someBlocks([]);
  return someBlocks(
    await db.query<BlockRow>(`${SELECT_BLOCKS} where B.mc_block_seqno = $1 order by B.workchain, B.shard, B.seqno limit $2 offset $3`, [
      seqno,
      page.limit,
      page.offset,
    ]),
  );
}

/** Batch function: the shard blocks each masterchain block first committed (not itself), by shard and seqno. */
export async function committedShardBlocks(db: Queryable, seqnos: readonly number[]): Promise<BlockRow[][]> {
  const rows = await db.query<BlockRow>(
    `${SELECT_BLOCKS} where B.mc_block_seqno = any($1::int4[]) and B.workchain <> -1 order by B.workchain, B.shard, B.seqno`,
    [seqnos],
  );
  return groupedBy(seqnos, rows, (r) => r.mc_block_seqno);
}

/**
 * The shard state at masterchain block `seqno`: the blocks `shard_state` lists (the masterchain block and each
 * shard's top), ordered by workchain, then shard as a signed number (so A000… comes before 2000…), as TON Center.
 */
export async function masterchainBlockShardState(db: Queryable, seqno: number): Promise<BlockRow[]> {
  await db.catchUp?.(seqno);
  if (seqno > MAX_STORED_SEQNO) return someBlocks([]);
  return someBlocks(
    await db.query<BlockRow>(
      `${SELECT_BLOCKS} join shard_state S on S.workchain = B.workchain and S.shard = B.shard and S.seqno = B.seqno
        where S.mc_seqno = $1 order by S.workchain, S.shard, S.seqno`,
      [seqno],
    ),
  );
}

export interface BlockKey {
  workchain: number;
  shard: string;
  seqno: number;
}

export const blockKeyOf = (k: BlockKey) => `${k.workchain}:${k.shard}:${k.seqno}`;

/** Batch function for the block loader: blocks by (workchain, shard, seqno), through the primary key. */
export async function blocksByKeys(db: Queryable, keys: readonly BlockKey[]): Promise<(BlockRow | null)[]> {
  // A key outside the columns' ranges names no block (and must not fail the statement the other keys share).
  const storable = keys.filter((k) => k.seqno >= 0 && k.seqno <= MAX_STORED_SEQNO && isDecimalInRange(k.shard, INT64_MIN, INT64_MAX));
  if (storable.length === 0) return keys.map(() => null);
  const rows = await db.query<BlockRow>(
    `${SELECT_BLOCKS} join unnest($1::int4[], $2::int8[], $3::int4[]) K(workchain, shard, seqno)
       on B.workchain = K.workchain and B.shard = K.shard and B.seqno = K.seqno`,
    [storable.map((k) => k.workchain), storable.map((k) => k.shard), storable.map((k) => k.seqno)],
  );
  const byKey = new Map(rows.map((r) => [blockKeyOf(r), r]));
  return keys.map((k) => byKey.get(blockKeyOf(k)) ?? null);
}

/** When masterchain block `seqno` was made (unix time), if the database has it. */
export async function masterchainBlockTime(db: Queryable, seqno: number): Promise<number | null> {
  const [row] = await db.query<{ gen_utime: string | number | null }>(
    `select gen_utime from blocks where workchain = -1 and shard = ${MASTERCHAIN_SHARD} and seqno = $1`,
    [seqno],
  );
  return row?.gen_utime === null || row?.gen_utime === undefined ? null : Number(row.gen_utime);
}
