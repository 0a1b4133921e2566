import type { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { collectTraceNodes } from '../import/collect';
import { JsonNode } from '../import/jsonNode';
import { CHANNELS } from '../live/redisSource';
import type { Finality } from '../traces/model';
import { pushTraces } from './push';

export interface ReplayOptions {
  /** Pause between a trace's stages (pending → confirmed → finalized). */
  stepMs: number;
  /** Every n-th trace is invalidated after its pending stage instead of confirmed (0: none). */
  invalidateEvery: number;
  onStage?: (key: string, stage: Finality | 'invalidated') => void;
  /** Stops the replay between stages (the service's live demo, at shutdown). */
  signal?: AbortSignal;
}

/** Where a replay's stages go: the emulator's Redis and channels (`cli replay`), or a service's own hub (its live demo). */
export interface ReplayTarget {
  /** Stores a trace as it is at `finality` and announces it (and its classification, when it has actions). */
  stage(trace: JsonNode, finality: Finality): Promise<string>;
  invalidate(key: string): Promise<void>;
}

/** Whether the classifier would announce the trace: it has actions. */
export const isClassified = (trace: JsonNode) => {
  const actions = (trace.value as { actions?: unknown }).actions;
  return Array.isArray(actions) && actions.length > 0;
};

/** The emulator's Redis as a replay target: the keys TON Center's trace emulator writes and the channels it publishes on. */
export function redisTarget(redis: Redis, ttlSeconds: number): ReplayTarget {
  return {
    async stage(node, finality) {
      const [key] = await pushTraces(redis, [node.value], { finality, ttlSeconds });
      if (finality === 'pending') {
        await redis.publish('new_trace', key);
        await redis.publish(CHANNELS.pending, key);
      } else {
        const hashes = Object.keys((node.value as { transactions?: object }).transactions ?? {});
        await redis.publish(finality === 'confirmed' ? CHANNELS.confirmed : CHANNELS.finalized, `${key}:${hashes.join(',')}`);
      }
      if (isClassified(node)) await redis.publish(CHANNELS.classified, key);
      return key;
    },
    async invalidate(key) {
      await redis.del(key);
      await redis.publish(CHANNELS.invalidated, key);
    },
  };
}

/** How many connections listen on the emulator's pending channel of this Redis server (a tonql service with REDIS_URL holds one). */
export async function pendingListeners(redis: Redis): Promise<number> {
  const [, count] = (await redis.pubsub('NUMSUB', CHANNELS.pending)) as [string, number];
  return Number(count);
}

/**
 * Plays v3 traces as TON Center's trace emulator and classifier would: each trace stored pending and
 * announced (then its classification when it has actions), then confirmed, then finalized; every n-th one
 * invalidated instead. Live subscribers can then be watched without an emulator.
 */
export async function replayTraces(target: ReplayTarget, document: unknown, opts: ReplayOptions): Promise<{ traces: number; invalidated: number }> {
  const nodes = collectTraceNodes(new JsonNode(document));
  const pause = (ms: number) => sleep(ms, undefined, { signal: opts.signal });
  let invalidated = 0;
  for (const [i, node] of nodes.entries()) {
    opts.signal?.throwIfAborted();
    const key = await target.stage(node, 'pending');
    opts.onStage?.(key, 'pending');
    await pause(opts.stepMs);
    if (opts.invalidateEvery > 0 && (i + 1) % opts.invalidateEvery === 0) {
      await target.invalidate(key);
      opts.onStage?.(key, 'invalidated');
      invalidated++;
      continue;
    }
    for (const finality of ['confirmed', 'finalized'] as const) {
      await target.stage(node, finality);
      opts.onStage?.(key, finality);
      if (finality === 'confirmed') await pause(opts.stepMs);
    }
  }
  return { traces: nodes.length, invalidated };
}
