import type { AccountStateRow, MessageWithContent } from '../data/rows';
import type { Finality, Trace } from '../traces/model';
import type { Position } from './cursor';

/**
 * Where an event stands in the live log (cursor.ts): a logged event (one the database finalized, read from its
 * blocks) its own place; any other the place the log had reached when it was published (set by the hub).
 */
interface Placed {
  at?: Position;
  logged?: true;
}

/**
 * What the emulator or the database told about a trace. `stage` is the moment: a new emulated trace (pending),
 * some of its transactions confirmed (in a shard block) or finalized (in a masterchain block), or its actions
 * classified. `trace` is the whole trace as read at that moment.
 */
export interface TraceEvent extends Placed {
  kind: 'trace';
  /** The trace key: the normalized hash of the external message that started it (the emulator's hash key). */
  key: string;
  stage: 'pending' | 'confirmed' | 'finalized' | 'classified';
  trace: Trace;
  /**
   * What rendering the trace's transactions reads (their messages with bodies, by transaction hash, and their
   * account states, by hash), when the statements that read the event brought it along: a replay's step does.
   */
  brought?: { messages: ReadonlyMap<string, MessageWithContent[]>; states: ReadonlyMap<string, AccountStateRow | null> };
}

/** The emulator gave up a trace it had announced (its block was replaced, or it expired unconfirmed). */
export interface InvalidatedEvent extends Placed {
  kind: 'invalidated';
  key: string;
}

/** An account's new state, as the emulator announces it (confirmed or finalized), with its jetton wallet data. */
export interface AccountStateEvent extends Placed {
  kind: 'accountState';
  account: string;
  finality: Finality;
  lt: string | null;
  state: {
    hash: string | null;
    balance: string | null;
    account_status: string | null;
    frozen_hash: string | null;
    data_hash: string | null;
    code_hash: string | null;
  };
  /** Present when the account is a jetton wallet. */
  jetton?: JettonWalletData;
  /** Set by the hub when this finalized jetton state was already announced (by the database): not to be sent again. */
  jettonRepeat?: true;
}

/** A jetton wallet's state: TON Center's `jettons_change` fields, in its order. */
export interface JettonWalletData {
  address: string;
  balance: string | null;
  owner: string | null;
  jetton: string | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
}

/** A jetton wallet's new state as the database has it once a masterchain block finalized its last transaction. */
export interface JettonEvent extends Placed {
  kind: 'jetton';
  finality: Finality;
  wallet: JettonWalletData;
}

export type LiveEvent = TraceEvent | InvalidatedEvent | AccountStateEvent | JettonEvent;

/** The accounts an event concerns: a trace's transactions' and actions' accounts; a state's account and jetton owner. */
export function accountsOf(event: LiveEvent): Set<string> {
  const out = new Set<string>();
  if (event.kind === 'trace') {
    for (const t of event.trace.transactions) out.add(t.row.account);
    for (const a of event.trace.actions) for (const account of a.accounts) out.add(account);
  } else if (event.kind === 'accountState') {
    out.add(event.account);
    if (event.jetton?.owner) out.add(event.jetton.owner);
  } else if (event.kind === 'jetton') {
    out.add(event.wallet.address);
    if (event.wallet.owner) out.add(event.wallet.owner);
  }
  return out;
}

/** The jetton wallet state an event tells of, if any, and how final it is; none when it repeats one already sent. */
export function jettonChangeOf(event: LiveEvent): { wallet: JettonWalletData; finality: Finality } | undefined {
  if (event.kind === 'jetton') return { wallet: event.wallet, finality: event.finality };
  if (event.kind === 'accountState' && event.jetton && !event.jettonRepeat) return { wallet: event.jetton, finality: event.finality };
  return undefined;
}

const RANK: Record<Finality, number> = { pending: 0, confirmed: 1, finalized: 2 };

/** Whether `finality` is at least `min` (pending < confirmed < finalized). */
export const atLeast = (finality: Finality, min: Finality) => RANK[finality] >= RANK[min];

/** The least final of several (an empty list is finalized). */
export const leastFinal = (list: Iterable<Finality>): Finality => {
  let out: Finality = 'finalized';
  for (const f of list) if (RANK[f] < RANK[out]) out = f;
  return out;
};
