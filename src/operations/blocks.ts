/** blocks, masterchainInfo, masterchainBlockShards, masterchainBlockShardState: blocks by filter or by masterchain block. */
import type { RequestContext } from '../context';
import { blocksPage, masterchainBlockShards, masterchainBlockShardState, masterchainEnds, type BlockFilter } from '../data/blocks';
import { blockSelectorOf, windowsOf } from '../data/filters';
import { hashes, MAX_SEQNO, masterchainSeqno, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type ParsedParams, type RouteParams } from '../params/spec';

export const BLOCKS = {
  params: {
    workchain: { kind: 'integer', min: -128, max: 127, description: 'Workchain of the blocks.' },
    shard: { kind: 'shard', description: 'Shard of the blocks (TON Center reads it as hex first).' },
    seqno: { kind: 'integer', min: 0, max: 2 ** 31 - 1, description: 'Seqno of the blocks within their shard chain.' },
    root_hash: hashes('Blocks with these root hashes'),
    file_hash: hashes('Blocks with these file hashes'),
    mc_seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      graphqlType: 'UInt32',
      description: 'Blocks first committed by this masterchain block (and the masterchain block itself).',
    },
    start_utime: { kind: 'utime', description: 'Generated at or after this unix time.' },
    end_utime: { kind: 'utime', description: 'Generated at or before this unix time.' },
    start_lt: { kind: 'lt', description: 'Blocks whose start lt is at least this.' },
    end_lt: { kind: 'lt', description: "Blocks whose start lt is at most this (TON Center compares the block's start lt with both bounds)." },
    ...paging('Blocks'),
    sort: {
      kind: 'enum',
      values: SORT.values,
      graphqlEnum: SORT.graphqlEnum,
      description:
        'By generation time, ties by workchain, shard and seqno; absent: the order the indexer wrote them in (oldest first), as TON Center returns them.',
    },
  },
} as const satisfies RouteParams;

export const MASTERCHAIN_INFO = { params: {} } as const satisfies RouteParams;

export const MASTERCHAIN_BLOCK_SHARDS = {
  params: {
    seqno: masterchainSeqno('Masterchain block seqno: the block and the shard blocks it first committed.'),
    ...paging('Blocks', 100),
  },
} as const satisfies RouteParams;

export const MASTERCHAIN_BLOCK_SHARD_STATE = {
  params: { seqno: masterchainSeqno('Masterchain block seqno: the block and the top block of each shard at it.') },
} as const satisfies RouteParams;

export interface BlocksRequest {
  filter: BlockFilter;
  page: { limit: number; offset: number; sort?: 'asc' | 'desc' };
}

/** Shared by REST and GraphQL: the checked parameters as a filter and a page. */
export function blocksRequest(source: ParamSource): BlocksRequest {
  const p = parseParams(BLOCKS, source);
  return {
    filter: { ...blockSelectorOf(p), ...windowsOf(p) },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

export type ShardsRequest = ParsedParams<typeof MASTERCHAIN_BLOCK_SHARDS>;
export type ShardStateRequest = ParsedParams<typeof MASTERCHAIN_BLOCK_SHARD_STATE>;

export const shardsRequest = (source: ParamSource): ShardsRequest => parseParams(MASTERCHAIN_BLOCK_SHARDS, source);
export const shardStateRequest = (source: ParamSource): ShardStateRequest => parseParams(MASTERCHAIN_BLOCK_SHARD_STATE, source);

export const findBlocks = (ctx: RequestContext, request: BlocksRequest) => blocksPage(ctx.db, request.filter, request.page);

/** The newest and the oldest indexed masterchain blocks. */
export const findMasterchainEnds = (ctx: RequestContext) => masterchainEnds(ctx.db);

/** 404 `blocks not found` when empty, as TON Center answers. */
export const findMasterchainBlockShards = (ctx: RequestContext, request: ShardsRequest) => masterchainBlockShards(ctx.db, request.seqno, request);

/** 404 `blocks not found` when empty. */
export const findMasterchainBlockShardState = (ctx: RequestContext, request: ShardStateRequest) => masterchainBlockShardState(ctx.db, request.seqno);
