import type { BlockRow } from '../data/blocks';

/** A shard id as TON Center writes it in blocks: unsigned hex, upper case, no `0x` ("8000000000000000"). */
export const shardHex = (shard: string): string => BigInt.asUintN(64, BigInt(shard)).toString(16).toUpperCase();

const blockId = (workchain: number, shard: string, seqno: number) => ({ workchain, shard: shardHex(shard), seqno });

/** A block in TON Center v3's wire form and key order; 64-bit values as decimal strings, shards as hex. */
export function toWireBlock(b: BlockRow) {
  return {
    workchain: b.workchain,
    shard: shardHex(b.shard),
    seqno: b.seqno,
    root_hash: b.root_hash,
    file_hash: b.file_hash,
    global_id: b.global_id,
    version: b.version,
    after_merge: b.after_merge,
    before_split: b.before_split,
    after_split: b.after_split,
    want_merge: b.want_merge,
    want_split: b.want_split,
    key_block: b.key_block,
    vert_seqno_incr: b.vert_seqno_incr,
    flags: b.flags,
    gen_utime: b.gen_utime,
    start_lt: b.start_lt,
    end_lt: b.end_lt,
    validator_list_hash_short: b.validator_list_hash_short,
    gen_catchain_seqno: b.gen_catchain_seqno,
    min_ref_mc_seqno: b.min_ref_mc_seqno,
    prev_key_block_seqno: b.prev_key_block_seqno,
    vert_seqno: b.vert_seqno,
    master_ref_seqno: b.master_ref_seqno,
    rand_seed: b.rand_seed,
    created_by: b.created_by,
    tx_count: b.tx_count,
    masterchain_block_ref:
      b.mc_block_workchain === null || b.mc_block_shard === null || b.mc_block_seqno === null
        ? null
        : blockId(b.mc_block_workchain, b.mc_block_shard, b.mc_block_seqno),
    prev_blocks: (b.prev_blocks ?? []).map((p) => blockId(p.workchain, p.shard, p.seqno)),
  };
}

export type WireBlock = ReturnType<typeof toWireBlock>;
