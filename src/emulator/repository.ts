import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { dependencyLog, type DependencyLog } from '../log';
import { headerOnly, isTooLarge } from '../traces/size';
import type { Trace, TraceTransaction } from '../traces/model';
import { sortByLt } from '../traces/model';
import { decodeActions, toActionRow } from './actions';
import { AccountTraceKeys } from './accountKeys';
import { decodeNode } from './codec';

type TraceHash = Record<string, Buffer>;
type Command = [string, ...(string | number)[]];

/**
 * A node's field is the standard base64 of its in-message hash (32 bytes: 43 characters and one `=`); no other
 * field of a trace hash (root_node, actions, depth_limit_exceeded, account addresses, …) ends in `=`.
 */
const NODE_FIELD = { length: 44, pattern: '*=' };

/**
 * Counts a trace's node fields inside Redis, a page of the hash at a time, and tells whether it is classified:
 * two integers come back however large the trace is (HKEYS would send every field name).
 */
const COUNT_NODES = `
local nodes, cursor = 0, '0'
repeat
  local page = redis.call('HSCAN', KEYS[1], cursor, 'MATCH', '${NODE_FIELD.pattern}', 'COUNT', 1000)
  cursor = page[1]
  for i = 1, #page[2], 2 do
    if #page[2][i] == ${NODE_FIELD.length} then nodes = nodes + 1 end
  end
until cursor == '0'
return { nodes, redis.call('HEXISTS', KEYS[1], 'actions') }`;

/**
 * Reads the emulated traces TON Center's trace emulator keeps in Redis (read-only): account sorted sets of
 * "<trace key>:<in-msg hash>" members, one hash per trace keyed by its normalized external message hash, and
 * `tr_in_msg:<external hash>` aliases. Every batch of keys goes out as one pipeline, and every read is bounded:
 * account sets are paged (AccountTraceKeys), and a trace over the size cap is never read whole.
 */
export class EmulatorRepository {
  /** Reads that failed (Redis away or too slow), logged at most once an interval. */
  readonly failures: DependencyLog;

  constructor(
    private readonly redis: Redis,
    log?: Logger,
  ) {
    this.failures = dependencyLog(log, 'emulator reads');
  }

  ping(): Promise<string> {
    return this.redis.ping();
  }

  /** The account's distinct trace keys, newest member first, paged on demand. */
  accountTraceKeys(account: string): AccountTraceKeys {
    return new AccountTraceKeys(this.redis, account);
  }

  /**
   * The newest trace keys of each account (from its newest `members` members), all accounts in one pipeline:
   * what a resumed live stream re-sends. A trace with many transactions of an account counts once.
   */
  async recentTraceKeys(accounts: string[], members: number): Promise<string[]> {
    const lists = await this.pipeline(accounts.map((a) => ['zrevrange', a, 0, members - 1]));
    const keys = new Set<string>();
    for (const list of lists as string[][]) {
      for (const member of list) {
        const parts = member.split(':');
        if (parts.length === 2) keys.add(parts[0]);
      }
    }
    return [...keys];
  }

  /** Traces by their keys (normalized external hashes); a missing or empty hash is left out. */
  async tracesByKeys(keys: string[], maxTransactions: number): Promise<Trace[]> {
    const lengths = await this.pipeline(keys.map((k) => ['hlen', k]));
    return this.read(new Map(keys.map((k, i) => [k, Number(lengths[i])])), maxTransactions);
  }

  /** By external message hash, normalized (the trace key) or raw (through its `tr_in_msg:` alias). */
  async tracesByExternalHashes(hashes: string[], maxTransactions: number): Promise<Trace[]> {
    const found = await this.pipeline(
      hashes.flatMap((h): Command[] => [
        ['hlen', h],
        ['get', `tr_in_msg:${h}`],
      ]),
    );
    const lengths = new Map<string, number>();
    hashes.forEach((h, i) => Number(found[2 * i]) > 0 && lengths.set(h, Number(found[2 * i])));
    const aliased = hashes.map((h, i) => (lengths.has(h) ? null : found[2 * i + 1])).filter((k): k is string => typeof k === 'string' && !lengths.has(k));
    const keys = [...new Set(aliased)];
    const more = await this.pipeline(keys.map((k) => ['hlen', k]));
    keys.forEach((k, i) => lengths.set(k, Number(more[i])));
    return this.read(lengths, maxTransactions);
  }

  /**
   * Reads traces whose field counts (HLEN) are known. A trace has no more nodes than fields, so one with at
   * most `max` fields is read whole; a larger one has its nodes counted first (inside Redis: COUNT_NODES), and
   * if it has more than `max` nodes only its root node is read, for its header.
   */
  private async read(lengths: Map<string, number>, max: number): Promise<Trace[]> {
    const keys = [...lengths.keys()].filter((k) => lengths.get(k)! > 0);
    const whole = keys.filter((k) => !isTooLarge(lengths.get(k)!, max));
    const counted = keys.filter((k) => isTooLarge(lengths.get(k)!, max));
    const first = await this.pipeline([
      ...whole.map((k): Command => ['hgetallBuffer', k]),
      ...counted.flatMap((k): Command[] => [
        ['eval', COUNT_NODES, 1, k],
        ['hget', k, 'root_node'],
      ]),
    ]);
    const hashes = new Map<string, TraceHash>(whole.map((k, i) => [k, first[i] as TraceHash]));
    const large: { key: string; nodes: number; rootField: string; classified: boolean }[] = [];
    const second: string[] = [];
    counted.forEach((key, i) => {
      const [nodes, classified] = first[whole.length + 2 * i] as [number, number];
      const rootField = first[whole.length + 2 * i + 1] as string | null;
      if (!isTooLarge(nodes, max)) second.push(key);
      else if (rootField) large.push({ key, nodes, rootField, classified: classified === 1 });
    });
    const rest = await this.pipeline([
      ...second.map((k): Command => ['hgetallBuffer', k]),
      ...large.map(({ key, rootField }): Command => ['hgetBuffer', key, rootField]),
    ]);
    second.forEach((k, i) => hashes.set(k, rest[i] as TraceHash));
    const traces: Trace[] = [];
    for (const [key, hash] of hashes) {
      const trace = hash && Object.keys(hash).length > 0 ? decodeTrace(key, hash) : null;
      if (trace) traces.push(trace);
    }
    large.forEach((t, i) => {
      const root = rest[second.length + i] as Buffer | null;
      if (root) traces.push(decodeHeader(t.key, t.rootField, root, t.nodes, t.classified));
    });
    return traces;
  }

  private async pipeline(commands: Command[]): Promise<unknown[]> {
    if (commands.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const [command, ...args] of commands) (pipeline as unknown as Record<string, (...a: (string | number)[]) => void>)[command](...args);
    const results = (await pipeline.exec()) ?? [];
    return results.map(([err, value]) => {
      if (err) throw err;
      return value;
    });
  }
}

/**
 * A trace over the size cap, from its root node alone: served as its header, marked incomplete. What only
 * every node could tell (end lt, utime and seqno, message counts) is null.
 */
export function decodeHeader(key: string, rootField: string, rootNode: Buffer, nodes: number, classified: boolean): Trace {
  const root = decodeNode(rootNode);
  return headerOnly('emulator', {
    trace_id: root.emulated ? null : root.row.hash,
    external_hash: rootField,
    external_hash_norm: key,
    mc_seqno_start: root.row.mc_block_seqno,
    mc_seqno_end: null,
    start_lt: root.row.lt,
    start_utime: root.row.now,
    end_lt: null,
    end_utime: null,
    state: 'pending',
    pending_edges_: null,
    edges_: null,
    nodes_: String(nodes),
    classification_state: classified ? 'ok' : 'unclassified',
  });
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
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max does not take
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
