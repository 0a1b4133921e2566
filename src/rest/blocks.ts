import type { RequestContext } from '../context';
import {
  findBlocks,
  findMasterchainBlockShards,
  findMasterchainBlockShardState,
  findMasterchainEnds,
  type BlocksRequest,
  type ShardsRequest,
  type ShardStateRequest,
} from '../operations/blocks';
import { toWireBlock } from '../wire/block';

/** GET /api/v3/blocks: `{blocks}` (`[]` when none match). */
export async function getBlocks(ctx: RequestContext, request: BlocksRequest) {
  return { body: { blocks: (await findBlocks(ctx, request)).map(toWireBlock) }, immutable: false };
}

/** GET /api/v3/masterchainInfo: `{last, first}`, the newest and the oldest indexed masterchain blocks. */
export async function getMasterchainInfo(ctx: RequestContext) {
  const ends = await findMasterchainEnds(ctx);
  return { body: { last: toWireBlock(ends.last), first: toWireBlock(ends.first) }, immutable: false };
}

/** GET /api/v3/masterchainBlockShards: `{blocks}`; 404 `blocks not found` when empty, as TON Center answers. */
export async function getMasterchainBlockShards(ctx: RequestContext, request: ShardsRequest) {
  return { body: { blocks: (await findMasterchainBlockShards(ctx, request)).map(toWireBlock) }, immutable: false };
}

/** GET /api/v3/masterchainBlockShardState: `{blocks}`; 404 `blocks not found` when empty. */
export async function getMasterchainBlockShardState(ctx: RequestContext, request: ShardStateRequest) {
  return { body: { blocks: (await findMasterchainBlockShardState(ctx, request)).map(toWireBlock) }, immutable: false };
}
