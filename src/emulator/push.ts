import type { Redis } from 'ioredis';
import type { MessageWithContent } from '../data/rows';
import { collectTraceNodes } from '../import/collect';
import { JsonNode } from '../import/jsonNode';
import { mapAction } from '../import/mapAction';
import { mapTrace } from '../import/mapTrace';
import type { Finality } from '../traces/model';
import { encodeActions } from './actions';
import { encodeNode } from './codec';

/** How long the emulator keeps a `tr_in_msg:` alias (TraceInserter.cpp). */
const ALIAS_TTL_SECONDS = 600;

export interface PushOptions {
  finality: Finality;
  /** Seconds until the trace's keys expire; the emulator's TTL tracker removes them after about a minute. */
  ttlSeconds?: number;
}

/**
 * Writes v3 traces into Redis the way TON Center's trace emulator does, so the emulated source can be tried
 * and tested without an emulator. Each trace is one MULTI. Returns the trace keys written.
 */
export async function pushTraces(redis: Redis, document: unknown, opts: PushOptions): Promise<string[]> {
  const keys: string[] = [];
  for (const traceNode of collectTraceNodes(new JsonNode(document))) {
    const mapped = mapTrace(traceNode);
    const byHash = new Map(mapped.transactions.map((t) => [t.transaction.hash, t]));
    const root = byHash.get(mapped.trace.trace_id);
    const rootIn = root?.messages.find((m) => m.direction === 'in');
    if (!root || !rootIn || rootIn.source !== null) {
      throw traceNode.get('trace_id').error('only traces started by an external message can be emulated');
    }
    const key = rootIn.msg_hash_norm ?? rootIn.msg_hash;
    const emulated = opts.finality === 'pending';
    const multi = redis.multi();
    multi.del(key);
    for (const t of mapped.transactions) {
      const inMsg = t.messages.find((m) => m.direction === 'in');
      if (!inMsg) throw traceNode.error(`transaction ${t.transaction.hash} has no in-message; the emulator keys transactions by it`);
      const bodies = new Map(t.contents.map((c) => [c.hash, c.body]));
      const messages: MessageWithContent[] = t.messages.map((m) => ({
        ...m,
        body: m.body_hash === null ? null : (bodies.get(m.body_hash) ?? null),
        init_state_body: m.init_state_hash === null ? null : (bodies.get(m.init_state_hash) ?? null),
      }));
      multi.hset(key, inMsg.msg_hash, Buffer.from(encodeNode({ row: t.transaction, messages, emulated, finality: opts.finality })));
      multi.zadd(t.transaction.account, t.transaction.lt, `${key}:${inMsg.msg_hash}`);
    }
    multi.hset(key, 'root_node', rootIn.msg_hash);
    multi.hset(key, 'depth_limit_exceeded', '0');
    if (traceNode.has('actions') && !traceNode.get('actions').isNull()) {
      const actions = traceNode
        .get('actions')
        .list()
        .map((a) => mapAction(a, mapped.trace.trace_id));
      multi.hset(key, 'actions', encodeActions(actions, opts.finality));
    }
    multi.set(`tr_in_msg:${rootIn.msg_hash}`, key, 'EX', ALIAS_TTL_SECONDS);
    if (opts.ttlSeconds) multi.expire(key, opts.ttlSeconds);
    await multi.exec();
    keys.push(key);
  }
  return keys;
}
