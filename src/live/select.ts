import { isShown } from '../actions/supported';
import type { ActionRow } from '../data/actions';
import type { Finality, TraceTransaction } from '../traces/model';
import { atLeast, leastFinal, type TraceEvent } from './events';

/** Transactions that only acknowledge (a jetton notification, an NFT ownership notice, excesses) do not hold an action's finality back. */
const ACKNOWLEDGEMENTS = new Set([0x7362d09c, 0x05138d91, 0xd53276db]);

const isAcknowledgement = (t: TraceTransaction) => {
  const messages = t.messages;
  if (!messages || messages.some((m) => m.direction === 'out')) return false;
  const opcode = messages.find((m) => m.direction === 'in')?.opcode;
  return opcode !== null && opcode !== undefined && ACKNOWLEDGEMENTS.has(Number(opcode) >>> 0);
};

/**
 * How final a trace event is: a new emulated trace is pending; otherwise its least final transaction (for its
 * actions and tree, acknowledgements aside: TON Center's rule). A trace too large to read whole (its header
 * only) is as final as the stage that announced it.
 */
export function eventFinality(event: TraceEvent, forActions = false): Finality {
  if (event.stage === 'pending') return 'pending';
  const all = event.trace.transactions;
  if (all.length === 0) return event.stage === 'classified' ? 'pending' : event.stage;
  const counted = forActions ? all.filter((t) => !isAcknowledgement(t)) : all;
  return leastFinal((counted.length > 0 ? counted : all).map((t) => t.finality));
}

/** Whether an event tells a trace's actions: the classifier's, or a trace the database finalized (its actions are stored). */
export const tellsActions = (event: TraceEvent) => event.stage === 'classified' || (event.stage === 'finalized' && event.trace.source === 'database');

/** Whether an event tells a trace's transactions (the classifier's event repeats them unchanged). */
export const tellsTransactions = (event: TraceEvent) => event.stage !== 'classified';

const byLtDesc = (a: TraceTransaction, b: TraceTransaction) => {
  const x = BigInt(a.row.lt);
  const y = BigInt(b.row.lt);
  return x > y ? -1 : x < y ? 1 : 0;
};

/**
 * The transactions of a trace event a subscriber to `addresses` gets, newest first, and the event's finality:
 * a new emulated trace tells its pending transactions; a confirmation or finalization the whole trace, as
 * final as its least final transaction. Undefined when none is for it or it is less final than asked.
 */
export function selectTransactions(event: TraceEvent, addresses: ReadonlySet<string>, minFinality: Finality) {
  if (!tellsTransactions(event)) return undefined;
  const all = event.trace.transactions;
  const finality = eventFinality(event);
  if (!atLeast(finality, minFinality)) return undefined;
  const chosen = (event.stage === 'pending' ? all.filter((t) => t.finality === 'pending') : all).filter((t) => addresses.has(t.row.account));
  return chosen.length === 0 ? undefined : { finality, transactions: [...chosen].sort(byLtDesc) };
}

export interface ActionChoice {
  minFinality: Finality;
  /** Only these types (empty: all). */
  actionTypes: ReadonlySet<string>;
  /** The expanded supported types: an action shows when its type is one and no action it is part of is. */
  supported: ReadonlySet<string>;
}

const compareDesc = (a: string | null, b: string | null) => {
  const x = BigInt(a ?? 0);
  const y = BigInt(b ?? 0);
  return x > y ? -1 : x < y ? 1 : 0;
};

/** The actions of a trace event a subscriber sees (latest end first), and their finality; undefined when it tells none. */
export function selectActions(event: TraceEvent, choice: ActionChoice): { finality: Finality; actions: ActionRow[] } | undefined {
  if (!tellsActions(event)) return undefined;
  const finality = eventFinality(event, true);
  if (!atLeast(finality, choice.minFinality)) return undefined;
  const actions = event.trace.actions
    .filter((a) => (choice.actionTypes.size === 0 || choice.actionTypes.has(a.type)) && isShown(choice.supported, a))
    .sort((a, b) => compareDesc(a.end_lt, b.end_lt) || compareDesc(a.start_lt, b.start_lt));
  return { finality, actions };
}

/** Actions that involve one of `addresses`. */
export const involving = (actions: ActionRow[], addresses: ReadonlySet<string>) => actions.filter((a) => a.accounts.some((x) => addresses.has(x)));
