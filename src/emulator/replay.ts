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
  /** How long the keys live (the emulator's TTL tracker removes traces after about a minute). */
  ttlSeconds: number;
  onStage?: (key: string, stage: Finality | 'invalidated') => void;
}

/**
 * Plays v3 traces into Redis as TON Center's trace emulator and classifier would: each trace written pending
 * and announced (`new_pending_trace`, then `classified_trace` when it has actions), then confirmed
 * (`new_confirmed_txs`), then finalized (`new_finalized_txs`); every n-th one invalidated instead. Live
 * subscribers can then be watched without an emulator.
 */
export async function replayTraces(redis: Redis, document: unknown, opts: ReplayOptions): Promise<{ traces: number; invalidated: number }> {
  const nodes = collectTraceNodes(new JsonNode(document));
  let invalidated = 0;
  for (const [i, node] of nodes.entries()) {
    const trace = node.value as { transactions?: Record<string, unknown>; actions?: unknown[] | null };
    const hashes = Object.keys(trace.transactions ?? {});
    const classified = Array.isArray(trace.actions) && trace.actions.length > 0;
    const write = async (finality: Finality) => {
      const [key] = await pushTraces(redis, { traces: [trace] }, { finality, ttlSeconds: opts.ttlSeconds });
      return key;
    };
    const key = await write('pending');
    await redis.publish('new_trace', key);
    await redis.publish(CHANNELS.pending, key);
    if (classified) await redis.publish(CHANNELS.classified, key);
    opts.onStage?.(key, 'pending');
    await sleep(opts.stepMs);
    if (opts.invalidateEvery > 0 && (i + 1) % opts.invalidateEvery === 0) {
      await redis.del(key);
      await redis.publish(CHANNELS.invalidated, key);
      opts.onStage?.(key, 'invalidated');
      invalidated++;
      continue;
    }
    for (const finality of ['confirmed', 'finalized'] as const) {
      await write(finality);
      await redis.publish(finality === 'confirmed' ? CHANNELS.confirmed : CHANNELS.finalized, `${key}:${hashes.join(',')}`);
      if (classified) await redis.publish(CHANNELS.classified, key);
      opts.onStage?.(key, finality);
      if (finality === 'confirmed') await sleep(opts.stepMs);
    }
  }
  return { traces: nodes.length, invalidated };
}
