import type { RequestContext } from '../context';
import { blocksPage, masterchainBlockShards, masterchainBlockShardState, masterchainEnds, type BlockFilter } from '../data/blocks';
import { BLOCKS, MASTERCHAIN_BLOCK_SHARDS, MASTERCHAIN_BLOCK_SHARD_STATE } from '../params/routes';
import { parseParams, type ParamSource, type ParsedParams } from '../params/spec';
import { toWireBlock } from '../wire/block';
import { blockSelectorOf, windowsOf } from '../data/filters';

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

/** GET /api/v3/blocks: `{blocks}` (`[]` when none match). */
export async function getBlocks(ctx: RequestContext, request: BlocksRequest) {
  return { body: { blocks: (await blocksPage(ctx.db, request.filter, request.page)).map(toWireBlock) }, immutable: false };
}

/** GET /api/v3/masterchainInfo: `{last, first}`, the newest and the oldest indexed masterchain blocks. */
export async function getMasterchainInfo(ctx: RequestContext) {
  const ends = await masterchainEnds(ctx.db);
  return { body: { last: toWireBlock(ends.last), first: toWireBlock(ends.first) }, immutable: false };
}

export type ShardsRequest = ParsedParams<typeof MASTERCHAIN_BLOCK_SHARDS>;

/** GET /api/v3/masterchainBlockShards: `{blocks}`; 404 `blocks not found` when empty, as TON Center answers. */
export async function getMasterchainBlockShards(ctx: RequestContext, request: ShardsRequest) {
  return { body: { blocks: (await masterchainBlockShards(ctx.db, request.seqno, request)).map(toWireBlock) }, immutable: false };
}

export type ShardStateRequest = ParsedParams<typeof MASTERCHAIN_BLOCK_SHARD_STATE>;

/** GET /api/v3/masterchainBlockShardState: `{blocks}`; 404 `blocks not found` when empty. */
export async function getMasterchainBlockShardState(ctx: RequestContext, request: ShardStateRequest) {
  return { body: { blocks: (await masterchainBlockShardState(ctx.db, request.seqno)).map(toWireBlock) }, immutable: false };
}

export const shardsRequest = (source: ParamSource): ShardsRequest => parseParams(MASTERCHAIN_BLOCK_SHARDS, source);
export const shardStateRequest = (source: ParamSource): ShardStateRequest => parseParams(MASTERCHAIN_BLOCK_SHARD_STATE, source);
