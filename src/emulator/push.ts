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

/** One v3 trace as the emulator stores it: its hash (field → value), its account set members, its alias. */
export interface EncodedTrace {
  /** The trace key: the normalized hash of its external message. */
  key: string;
  fields: Record<string, Buffer>;
  /** Each transaction's account sorted set member, scored by its lt. */
  members: { account: string; lt: string; member: string }[];
  /** The raw hash of the external message, for its `tr_in_msg:` alias. */
  externalHash: string;
}

/** Encodes one v3 trace object the way TON Center's trace emulator stores it at `finality`. */
export function encodeTrace(traceNode: JsonNode, finality: Finality): EncodedTrace {
  const mapped = mapTrace(traceNode);
  const byHash = new Map(mapped.transactions.map((t) => [t.transaction.hash, t]));
  const root = byHash.get(mapped.trace.trace_id);
  const rootIn = root?.messages.find((m) => m.direction === 'in');
  if (!root || !rootIn || rootIn.source !== null) {
    throw traceNode.get('trace_id').error('only traces started by an external message can be emulated');
  }
  const key = rootIn.msg_hash_norm ?? rootIn.msg_hash;
  const emulated = finality === 'pending';
  const fields: Record<string, Buffer> = {};
  const members: EncodedTrace['members'] = [];
  for (const t of mapped.transactions) {
    const inMsg = t.messages.find((m) => m.direction === 'in');
    if (!inMsg) throw traceNode.error(`transaction ${t.transaction.hash} has no in-message; the emulator keys transactions by it`);
    const bodies = new Map(t.contents.map((c) => [c.hash, c.body]));
    const messages: MessageWithContent[] = t.messages.map((m) => ({
      ...m,
      body: m.body_hash === null ? null : (bodies.get(m.body_hash) ?? null),
      init_state_body: m.init_state_hash === null ? null : (bodies.get(m.init_state_hash) ?? null),
    }));
    fields[inMsg.msg_hash] = Buffer.from(encodeNode({ row: t.transaction, messages, emulated, finality }));
    members.push({ account: t.transaction.account, lt: t.transaction.lt, member: `${key}:${inMsg.msg_hash}` });
  }
  fields.root_node = Buffer.from(rootIn.msg_hash);
  fields.depth_limit_exceeded = Buffer.from('0');
  if (traceNode.has('actions') && !traceNode.get('actions').isNull()) {
    const actions = traceNode
      .get('actions')
      .list()
      .map((a) => mapAction(a, mapped.trace.trace_id));
    fields.actions = encodeActions(actions, finality);
  }
  return { key, fields, members, externalHash: rootIn.msg_hash };
}

/**
 * Writes v3 traces into Redis the way TON Center's trace emulator does, so the emulated source can be tried
 * and tested without an emulator. Each trace is one MULTI. Returns the trace keys written.
 */
export async function pushTraces(redis: Redis, document: unknown, opts: PushOptions): Promise<string[]> {
  const keys: string[] = [];
  for (const traceNode of collectTraceNodes(new JsonNode(document))) {
    const { key, fields, members, externalHash } = encodeTrace(traceNode, opts.finality);
    const multi = redis.multi();
    multi.del(key);
    for (const [field, value] of Object.entries(fields)) multi.hset(key, field, value);
    for (const { account, lt, member } of members) multi.zadd(account, lt, member);
    multi.set(`tr_in_msg:${externalHash}`, key, 'EX', ALIAS_TTL_SECONDS);
    if (opts.ttlSeconds) multi.expire(key, opts.ttlSeconds);
    await multi.exec();
    keys.push(key);
  }
  return keys;
}
