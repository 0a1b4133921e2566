import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import { demoTraceFiles } from '../db/open';
import { encodeTrace } from '../emulator/push';
import { isClassified, type ReplayTarget, replayTraces } from '../emulator/replay';
import { decodeTrace } from '../emulator/repository';
import { collectTraceNodes } from '../import/collect';
import { JsonNode } from '../import/jsonNode';
import type { LiveHub } from './hub';

export type LiveDemoSetting = 'auto' | 'on' | 'off';

/** A stage every 2 s: a subscriber hears something within seconds, and can still follow a trace's steps. */
export const DEMO_STEP_MS = 2000;
/** Every fifth trace is given up after its pending stage, as the emulator sometimes does. */
export const DEMO_INVALIDATE_EVERY = 5;
/** The accounts GraphiQL's Live tab follows; the demo plays the traces they hear. */
export const DEMO_ACCOUNTS = 3;

/** The demo's complete traces, from their files. */
export const readDemoTraces = (): unknown[] =>
  demoTraceFiles().flatMap((file) => collectTraceNodes(new JsonNode(JSON.parse(readFileSync(file, 'utf8')), file)).map((n) => n.value));

const accountsOf = (trace: unknown) =>
  new Set(Object.values((trace as { transactions: Record<string, { account: string }> }).transactions).map((t) => t.account));

/**
 * What the demo plays (the live demo, and `cli replay` by default): the demo traces that touch one of a few
 * accounts, in file order, as one replay document (an array of traces), and those accounts.
 */
export function demoPlaylist(): { accounts: string[]; traces: unknown[] } {
  const all = readDemoTraces();
  const accounts = coveringAccounts(all.map((t) => ({ accounts: accountsOf(t) }))).slice(0, DEMO_ACCOUNTS);
  return { accounts, traces: all.filter((t) => accounts.some((a) => accountsOf(t).has(a))) };
}

/** Whether the service plays the demo: `auto` only on the embedded demo database with no emulator's Redis to listen to. */
export const liveDemoOn = (setting: LiveDemoSetting, on: { demoDatabase: boolean; redis: boolean }) =>
  setting === 'on' || (setting === 'auto' && on.demoDatabase && !on.redis);

/**
 * The hub as a replay target: each stage is encoded as the emulator stores it and decoded back as the Redis
 * source reads it, so subscribers get exactly the events a replay through Redis would give them.
 */
export function hubTarget(hub: LiveHub): ReplayTarget {
  return {
    async stage(node, finality) {
      const { key, fields } = encodeTrace(node, finality);
      if (finality === 'pending') hub.replay(key);
      const trace = decodeTrace(key, fields);
      if (trace) {
        hub.publish({ kind: 'trace', key, stage: finality, trace });
        if (isClassified(node)) hub.publish({ kind: 'trace', key, stage: 'classified', trace });
      }
      return key;
    },
    async invalidate(key) {
      hub.publish({ kind: 'invalidated', key });
    },
  };
}

/** Few accounts that together appear in every trace (greedy, busiest first): following them, one hears every trace. */
export function coveringAccounts(traces: { accounts: Set<string> }[]): string[] {
  const chosen: string[] = [];
  let left = traces.filter((t) => t.accounts.size > 0);
  while (left.length > 0) {
    const counts = new Map<string, number>();
    for (const t of left) for (const a of t.accounts) counts.set(a, (counts.get(a) ?? 0) + 1);
    const [best] = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0];
    chosen.push(best);
    left = left.filter((t) => !t.accounts.has(best));
  }
  return chosen;
}

/**
 * The live demo: the service plays its demo traces (mainnet, 2025, with their own hashes and times) to its own
 * hub, in a loop, as TON Center's emulator would announce them: pending, confirmed, finalized, every fifth
 * invalidated. It plays those its few followed accounts hear, so a subscriber to them hears every one. The
 * embedded default's live endpoints then show something without an emulator.
 */
export class LiveDemo {
  /** Accounts that hear every trace it plays: what the GraphiQL Live tab follows. */
  readonly accounts: readonly string[];
  readonly traces: number;
  /** The traces it plays, in order. */
  readonly played: readonly unknown[];
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly hub: LiveHub,
    private readonly opts: { stepMs?: number; invalidateEvery?: number; log?: Logger } = {},
  ) {
    const { accounts, traces } = demoPlaylist();
    this.accounts = accounts;
    this.played = traces;
    this.traces = traces.length;
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async loop(): Promise<void> {
    const { signal } = this.abort;
    const options = { stepMs: this.opts.stepMs ?? DEMO_STEP_MS, invalidateEvery: this.opts.invalidateEvery ?? DEMO_INVALIDATE_EVERY, signal };
    try {
      while (!signal.aborted) await replayTraces(hubTarget(this.hub), this.played, options);
    } catch (err) {
      if (!signal.aborted) this.opts.log?.error({ err }, 'live demo stopped');
    }
  }
}
