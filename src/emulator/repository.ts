import type { Redis } from 'ioredis';
import type { Trace, TraceTransaction } from '../traces/model';
import { sortByLt } from '../traces/model';
import { decodeActions, toActionRow } from './actions';
import { decodeNode } from './codec';

type TraceHash = Record<string, Buffer>;

/**
 * Reads the emulated traces TON Center's trace emulator keeps in Redis (read-only): account sorted sets of
 * "<trace key>:<in-msg hash>" members, one hash per trace keyed by its normalized external message hash, and
 * `tr_in_msg:<external hash>` aliases. Every batch of keys goes out as one pipeline.
 */
export class EmulatorRepository {
  constructor(private readonly redis: Redis) {}

  ping(): Promise<string> {
    return this.redis.ping();
  }

  async tracesByAccount(account: string): Promise<Trace[]> {
    const members = await this.redis.zrevrange(account, 0, -1);
    const keys = [...new Set(members.map((m) => m.split(':')).filter((parts) => parts.length === 2).map(([key]) => key))];
    return this.decodeAll(await this.hashes(keys));
  }

  /** By external message hash, normalized (the trace key) or raw (through its `tr_in_msg:` alias). */
  async tracesByExternalHashes(hashes: string[]): Promise<Trace[]> {
    const direct = await this.hashes(hashes);
    const missing = hashes.filter((h) => !direct.has(h));
    if (missing.length > 0) {
      const aliases = await this.pipeline(missing.map((h) => ['get', `tr_in_msg:${h}`]));
      const keys = aliases.filter((k): k is string => typeof k === 'string' && !direct.has(k));
      for (const [key, hash] of await this.hashes([...new Set(keys)])) direct.set(key, hash);
    }
    return this.decodeAll(direct);
  }

  private async hashes(keys: string[]): Promise<Map<string, TraceHash>> {
    const results = await this.pipeline(keys.map((k) => ['hgetallBuffer', k]));
    const out = new Map<string, TraceHash>();
    keys.forEach((key, i) => {
      const hash = results[i] as TraceHash | null;
      if (hash && Object.keys(hash).length > 0) out.set(key, hash);
    });
    return out;
  }

  private async pipeline(commands: [string, string][]): Promise<unknown[]> {
    if (commands.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const [command, arg] of commands) (pipeline as unknown as Record<string, (a: string) => void>)[command](arg);
    const results = (await pipeline.exec()) ?? [];
    return results.map(([err, value]) => {
      if (err) throw err;
      return value;
    });
  }

  private decodeAll(hashes: Map<string, TraceHash>): Trace[] {
    const traces: Trace[] = [];
    for (const [key, hash] of hashes) {
      const trace = decodeTrace(key, hash);
      if (trace) traces.push(trace);
    }
    return traces;
  }
}

/** Rebuilds one trace from its hash: breadth-first from `root_node` through out-messages that have a field. */
export function decodeTrace(key: string, hash: TraceHash): Trace | null {
  const rootField = hash.root_node?.toString();
  if (!rootField || !hash[rootField]) return null;
  const txs: TraceTransaction[] = [];
  const queue = [rootField];
  const seen = new Set<string>();
  let rootEmulated = true;
  while (queue.length > 0) {
    const field = queue.shift()!;
    if (seen.has(field) || !hash[field]) continue;
    seen.add(field);
    const node = decodeNode(hash[field]);
    if (field === rootField) rootEmulated = node.emulated;
    txs.push({ row: node.row, messages: node.messages, emulated: node.emulated, finality: node.finality, traceExternalHash: rootField });
    for (const m of node.messages) if (m.direction === 'out' && hash[m.msg_hash]) queue.push(m.msg_hash);
  }
  const root = txs[0].row;
  const traceId = rootEmulated ? null : root.hash;
  for (const t of txs) {
    t.row.trace_id = traceId;
    for (const m of t.messages!) m.trace_id = traceId;
  }
  const maxOf = (f: (t: TraceTransaction) => bigint) => txs.reduce((max, t) => (f(t) > max ? f(t) : max), f(txs[0]));
  const countMessages = (list: TraceTransaction[]) =>
    list.reduce((n, t) => n + t.messages!.filter((m) => m.direction === 'out' || m.source === null).length, 0);
  const endLt = maxOf((t) => BigInt(t.row.lt)).toString();
  const endUtime = Number(maxOf((t) => BigInt(t.row.now ?? 0)));
  const mcEnd = Number(maxOf((t) => BigInt(t.row.mc_block_seqno ?? 0)));
  const header = {
    trace_id: traceId,
    external_hash: rootField,
    external_hash_norm: key,
    mc_seqno_start: root.mc_block_seqno,
    mc_seqno_end: mcEnd,
    start_lt: root.lt,
    start_utime: root.now,
    end_lt: endLt,
    end_utime: endUtime,
    state: 'pending',
    pending_edges_: String(countMessages(txs.filter((t) => t.emulated))),
    edges_: String(countMessages(txs)),
    nodes_: String(txs.length),
    classification_state: hash.actions ? 'ok' : 'unclassified',
  };
  const actions = hash.actions
    ? decodeActions(hash.actions).map((d) =>
        toActionRow(d, { trace_id: traceId, end_lt: endLt, end_utime: endUtime, mc_seqno_end: mcEnd, external_hash: rootField }),
      )
    : [];
  return { source: 'emulator', header, transactions: sortByLt(txs), actions };
}
