import { blocksPage, masterchainBlockShards, masterchainBlockShardState, masterchainEnds, type BlockRow } from '../../data/blocks';
import { graphqlSource, parseParams } from '../../params/spec';
import { BLOCKS, blocksRequest, MASTERCHAIN_BLOCK_SHARD_STATE, MASTERCHAIN_BLOCK_SHARDS } from '../../operations/blocks';
import { builder } from '../builder';
import { limitComplexity, routeArgs } from '../params';
import { BlockRef } from './blockRef';

export const Block = builder.objectRef<BlockRow>('Block');

Block.implement({
  description:
    'A block of the masterchain (workchain -1) or of a shard of a workchain (ton-indexer `blocks`). A database made by importing v3 responses knows only what those responses show of a block (its id, its masterchain block and generation time); the other fields are then null.',
  fields: (t) => ({
    workchain: t.exposeInt('workchain', { description: 'Workchain id: -1 for the masterchain, 0 for the basechain.' }),
    shard: t.expose('shard', {
      type: 'BigInt',
      description: 'Shard id as a signed 64-bit decimal (the masterchain shard is -9223372036854775808); TON Center v3 writes it as unsigned hex.',
    }),
    seqno: t.exposeInt('seqno', { description: "The block's sequence number within its shard chain." }),
    rootHash: t.exposeString('root_hash', { nullable: true, description: "Hash of the block's root cell (base64 of 32 bytes)." }),
    fileHash: t.exposeString('file_hash', { nullable: true, description: 'Hash of the serialized block file (base64 of 32 bytes).' }),
    globalId: t.exposeInt('global_id', { nullable: true, description: 'Network id: -239 for mainnet, -3 for testnet.' }),
    version: t.exposeInt('version', { nullable: true, description: 'Block format version.' }),
    afterMerge: t.exposeBoolean('after_merge', { nullable: true, description: 'The first block after two shards merged.' }),
    beforeSplit: t.exposeBoolean('before_split', { nullable: true, description: 'The last block before its shard splits.' }),
    afterSplit: t.exposeBoolean('after_split', { nullable: true, description: 'The first block after its shard split.' }),
    wantMerge: t.exposeBoolean('want_merge', { nullable: true, description: 'The shard asks to merge with its sibling.' }),
    wantSplit: t.exposeBoolean('want_split', { nullable: true, description: 'The shard asks to split.' }),
    keyBlock: t.exposeBoolean('key_block', { nullable: true, description: 'A key block: one that changes the configuration or the validator set.' }),
    vertSeqnoIncr: t.exposeBoolean('vert_seqno_incr', { nullable: true, description: 'Whether the vertical seqno was incremented (a hard fork).' }),
    flags: t.exposeInt('flags', { nullable: true, description: 'Block header flags.' }),
    genUtime: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Unix time (seconds) the block was generated at; every transaction in it has this `now`.',
      resolve: (b) => b.gen_utime,
    }),
    startLt: t.expose('start_lt', { type: 'BigInt', nullable: true, description: "Logical time at the block's start: below every transaction in it." }),
    endLt: t.expose('end_lt', { type: 'BigInt', nullable: true, description: "Logical time at the block's end: above every transaction in it." }),
    validatorListHashShort: t.exposeInt('validator_list_hash_short', {
      nullable: true,
      description: 'Short hash of the validator list that signed the block.',
    }),
    genCatchainSeqno: t.exposeInt('gen_catchain_seqno', { nullable: true, description: 'Catchain seqno of the validator session that generated the block.' }),
    minRefMcSeqno: t.exposeInt('min_ref_mc_seqno', { nullable: true, description: 'The lowest masterchain seqno the block refers to.' }),
    prevKeyBlockSeqno: t.exposeInt('prev_key_block_seqno', { nullable: true, description: 'Seqno of the latest key block before this one.' }),
    vertSeqno: t.exposeInt('vert_seqno', { nullable: true, description: 'Vertical seqno: incremented by hard forks.' }),
    masterRefSeqno: t.exposeInt('master_ref_seqno', { nullable: true, description: 'Seqno of the masterchain block this shard block refers to.' }),
    randSeed: t.exposeString('rand_seed', { nullable: true, description: 'Random seed of the block (base64 of 32 bytes).' }),
    createdBy: t.exposeString('created_by', { nullable: true, description: 'Public key of the validator that created the block (base64).' }),
    txCount: t.exposeInt('tx_count', { nullable: true, description: 'Transactions in the block.' }),
    mcBlockSeqno: t.exposeInt('mc_block_seqno', {
      nullable: true,
      description: 'Seqno of the masterchain block that first committed this block (its own seqno for a masterchain block).',
    }),
    masterchainBlock: t.field({
      type: Block,
      nullable: true,
      description: 'The masterchain block that first committed this block (itself for a masterchain block); null when not indexed.',
      resolve: (b, _args, ctx) =>
        b.workchain === -1
          ? b
          : b.mc_block_workchain === null || b.mc_block_shard === null || b.mc_block_seqno === null
            ? null
            : ctx.loaders.block.load({ workchain: b.mc_block_workchain, shard: b.mc_block_shard, seqno: b.mc_block_seqno }),
    }),
    prevBlocks: t.field({
      type: [BlockRef],
      description: 'The blocks this one follows: one, or two after a merge.',
      resolve: (b) => (b.prev_blocks ?? []).map((p) => ({ workchain: p.workchain, shard: p.shard, seqno: p.seqno })),
    }),
    shardBlocks: t.field({
      type: [Block],
      complexity: { field: 1, multiplier: 10 },
      description: 'For a masterchain block, the shard blocks it first committed; [] for a shard block.',
      resolve: (b, _args, ctx) => (b.workchain === -1 ? ctx.loaders.shardBlocks.load(b.seqno) : []),
    }),
  }),
});

const MasterchainInfo = builder.objectRef<{ first: BlockRow; last: BlockRow }>('MasterchainInfo').implement({
  description: 'The ends of the indexed masterchain.',
  fields: (t) => ({
    last: t.field({ type: Block, description: 'The newest indexed masterchain block.', resolve: (i) => i.last }),
    first: t.field({ type: Block, description: 'The oldest indexed masterchain block.', resolve: (i) => i.first }),
  }),
});

builder.queryFields((t) => ({
  block: t.field({
    type: Block,
    nullable: true,
    description: 'A block by its id; null when it is not indexed.',
    args: {
      workchain: t.arg.int({ required: true, description: 'Workchain id: -1 for the masterchain, 0 for the basechain.' }),
      shard: t.arg({ type: 'BigInt', required: true, description: 'Shard id as a signed 64-bit decimal (-9223372036854775808 for the masterchain).' }),
      seqno: t.arg({ type: 'UInt32', required: true, description: "The block's seqno within its shard chain." }),
    },
    resolve: (_root, args, ctx) => ctx.loaders.block.load({ workchain: args.workchain, shard: args.shard, seqno: args.seqno }),
  }),
  blocks: t.field({
    type: [Block],
    description: "Blocks matching every filter, as offset pages; the same rules and data as REST's `/api/v3/blocks`.",
    complexity: limitComplexity(BLOCKS),
    args: routeArgs(t.arg, BLOCKS),
    resolve: (_root, args, ctx) => {
      const { filter, page } = blocksRequest(graphqlSource(args));
      return blocksPage(ctx.db, filter, page);
    },
  }),
  masterchainInfo: t.field({
    type: MasterchainInfo,
    description: "The newest and the oldest indexed masterchain blocks (REST's `/api/v3/masterchainInfo`); NOT_FOUND on an empty database.",
    resolve: (_root, _args, ctx) => masterchainEnds(ctx.db),
  }),
  masterchainBlockShards: t.field({
    type: [Block],
    description: "A masterchain block and the shard blocks it first committed (REST's `/api/v3/masterchainBlockShards`); NOT_FOUND when there is none.",
    complexity: limitComplexity(MASTERCHAIN_BLOCK_SHARDS),
    args: routeArgs(t.arg, MASTERCHAIN_BLOCK_SHARDS),
    resolve: (_root, args, ctx) => {
      const request = parseParams(MASTERCHAIN_BLOCK_SHARDS, graphqlSource(args));
      return masterchainBlockShards(ctx.db, request.seqno, request);
    },
  }),
  masterchainBlockShardState: t.field({
    type: [Block],
    description: "A masterchain block and the top block of each shard at it (REST's `/api/v3/masterchainBlockShardState`); NOT_FOUND when there is none.",
    args: routeArgs(t.arg, MASTERCHAIN_BLOCK_SHARD_STATE),
    resolve: (_root, args, ctx) => masterchainBlockShardState(ctx.db, parseParams(MASTERCHAIN_BLOCK_SHARD_STATE, graphqlSource(args)).seqno),
  }),
}));
