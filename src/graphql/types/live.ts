import type { RequestContext } from '../../context';
import { createRequestContext } from '../../context';
import { expandActionTypes } from '../../actions/supported';
import {
  atLeast,
  jettonChangeOf,
  type AccountStateEvent as StateEvent,
  type InvalidatedEvent,
  type JettonWalletData,
  type LiveEvent,
  type TraceEvent as LiveTraceEvent,
} from '../../live/events';
import { SentTraces } from '../../live/sentTraces';
import { openFeed, type FeedItem, type LiveFeed } from '../../live/feed';
import { LiveLimitError, type LiveAdmission, type LiveRuntime } from '../../live/runtime';
import { eventFinality, involving, selectActions, selectTransactions } from '../../live/select';
import { parseAddresses, parseTraceKeys, resumeCursor, shown, SubscriptionError } from '../../live/streaming/request';
import { parseAddress } from '../../encoding/address';
import type { Finality as FinalityValue, Trace as TraceModel, TraceTransaction } from '../../traces/model';
import { rememberEmulated } from '../../traces/pending';
import { toWireAction, type WireAction } from '../../wire/action';
import type { WireAccountState } from '../../wire/transaction';
import { initContextCache, type ArgBuilder } from '@pothos/core';
import { GraphQLError } from 'graphql';
import { builder } from '../builder';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
import { badUserInput } from '../errors';
import { Action } from './action';
import { AccountState } from './accountState';
import { Finality } from './enums';
import { Trace } from './trace';
import { Transaction, TRACE_TRANSACTION_COLUMNS } from './transaction';
import { MAX_SUPPORTED_ACTION_TYPES } from '../../params/common';

builder.subscriptionType({
  description:
    "Live events, as they happen: traces, transactions and actions moving from pending (emulated) to confirmed to finalized, and accounts' new states. Fed by TON Center's trace emulator through Redis and by the database as it indexes new masterchain blocks. Served over GraphQL over SSE (`Accept: text/event-stream`) and over WebSocket (the graphql-ws protocol) at /graphql.",
});

const LiveEventKind = builder.enumType('LiveEventKind', {
  description: 'What a live event tells.',
  values: {
    UPDATE: { value: 'update', description: 'The trace (or account) as it now is.' },
    INVALIDATED: {
      value: 'invalidated',
      description:
        'A trace this subscription was sent before it was final is gone: the emulator gave it up (its block was replaced, or it expired). Only `traceExternalHashNorm` is set.',
    },
    GAP: {
      value: 'gap',
      description:
        'The subscriber read too slowly and lost events (`lost` says how many). The service refills what it can at once: the finalized events from the database, then the traces still pending or confirmed in the emulator, as they now are; `cursor` is where that refill starts.',
    },
    RESUME_TOO_OLD: {
      value: 'resume_too_old',
      description:
        'The event given as `after` is further back than the service replays (LIVE_RESUME_MAX_BLOCKS masterchain blocks): the stream goes on from `cursor`, the oldest place it resumes from; re-read what came before with a query.',
    },
  } as const,
});

interface Envelope {
  kind: 'update' | 'invalidated' | 'gap' | 'resume_too_old';
  finality: FinalityValue | null;
  key: string | null;
  lost: number | null;
  cursor?: string | null;
}

const LiveEventInterface = builder.interfaceRef<Envelope>('LiveEvent').implement({
  description: 'What every live event has: its kind, finality, trace key, and for a GAP how many events were lost.',
  fields: (t) => ({
    kind: t.field({ type: LiveEventKind, description: 'What the event tells.', resolve: (e) => e.kind }),
    finality: t.field({ type: Finality, nullable: true, description: 'How final what it tells is; null for INVALIDATED and GAP.', resolve: (e) => e.finality }),
    traceExternalHashNorm: t.string({
      nullable: true,
      description: 'The trace key: the normalized hash of the external message that started the trace (base64).',
      resolve: (e) => e.key,
    }),
    lost: t.int({ nullable: true, description: 'For GAP: how many events were lost.', resolve: (e) => e.lost }),
    cursor: t.string({
      nullable: true,
      description:
        "The event's id: give it as `after` to resume after this event, on this instance or another, with no event lost or repeated (finalized events are replayed from the database; pending and confirmed ones come again as they now are). Null until the instance has read the database's newest block.",
      resolve: (e) => e.cursor ?? null,
    }),
  }),
});

type TraceEventShape = Envelope & { trace: TraceModel | null };
type TransactionsEventShape = Envelope & { transactions: TraceTransaction[] };
type ActionsEventShape = Envelope & { actions: WireAction[] };
type AccountEventShape = Envelope & { event: StateEvent | null };
type JettonChangeShape = Envelope & { wallet: JettonWalletData | null };

const TraceEvent = builder.objectRef<TraceEventShape>('TraceEvent').implement({
  interfaces: [LiveEventInterface],
  description: 'A trace as it now is: every transaction with its own finality, and its actions once classified.',
  fields: (t) => ({
    trace: t.field({ type: Trace, nullable: true, description: 'The trace (null for INVALIDATED and GAP).', resolve: (e) => e.trace }),
  }),
});

const TransactionsEvent = builder.objectRef<TransactionsEventShape>('TransactionsEvent').implement({
  interfaces: [LiveEventInterface],
  description: "New or newly final transactions of the subscribed accounts within one trace, newest first (TON Center's `transactions` event).",
  fields: (t) => ({
    transactions: t.field({ type: [Transaction], description: 'The transactions ([] for INVALIDATED and GAP).', resolve: (e) => e.transactions }),
  }),
});

const ActionsEvent = builder.objectRef<ActionsEventShape>('ActionsEvent').implement({
  interfaces: [LiveEventInterface],
  description: "The actions of a classified trace that involve the subscribed accounts, latest first (TON Center's `actions` event).",
  fields: (t) => ({
    actions: t.field({ type: [Action], description: 'The actions ([] for INVALIDATED and GAP).', resolve: (e) => e.actions }),
  }),
});

const JettonWalletState = builder.objectRef<JettonWalletData>('JettonWalletState').implement({
  description: "A jetton wallet's balance after a change, as the trace emulator or the database reports it.",
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The jetton wallet.' }),
    balance: t.expose('balance', {
      type: 'BigInt',
      nullable: true,
      description: "Its balance, in the jetton's smallest units (not nanotons: divide by 10^decimals from the jetton's metadata).",
    }),
    owner: t.exposeString('owner', { nullable: true, description: 'Owner of the wallet.' }),
    jetton: t.exposeString('jetton', { nullable: true, description: 'Jetton master: which jetton it holds.' }),
    lastTransactionLt: t.expose('last_transaction_lt', { type: 'BigInt', nullable: true, description: "Logical time of the wallet's last transaction." }),
    codeHash: t.exposeString('code_hash', { nullable: true, description: "Hash of the wallet's code (base64)." }),
    dataHash: t.exposeString('data_hash', { nullable: true, description: "Hash of the wallet's data (base64)." }),
  }),
});

const JettonBalanceChange = builder.objectRef<JettonChangeShape>('JettonBalanceChange').implement({
  interfaces: [LiveEventInterface],
  description:
    "A jetton wallet's new balance (TON Center's `jettons_change`): CONFIRMED or FINALIZED as the emulator reports it, FINALIZED as the database indexes the masterchain block that finalized the wallet's last transaction.",
  fields: (t) => ({
    wallet: t.field({ type: JettonWalletState, nullable: true, description: 'The wallet as it now is (null for GAP).', resolve: (e) => e.wallet }),
  }),
});

const AccountStateEvent = builder.objectRef<AccountEventShape>('AccountStateEvent').implement({
  interfaces: [LiveEventInterface],
  description: "An account's new state, confirmed or finalized (TON Center's `account_state_change`, and `jettons_change` for jetton wallets).",
  fields: (t) => ({
    account: t.string({ nullable: true, description: 'The account, raw.', resolve: (e) => e.event?.account ?? null }),
    lastTransactionLt: t.field({
      type: 'BigInt',
      nullable: true,
      description: "Logical time of the account's last transaction.",
      resolve: (e) => e.event?.lt ?? null,
    }),
    state: t.field({
      type: AccountState,
      nullable: true,
      description: 'The new state (hashes, balance, status).',
      resolve: (e): WireAccountState | null =>
        e.event && { ...e.event.state, hash: e.event.state.hash ?? '', extra_currencies: null, data_boc: null, code_boc: null },
    }),
    jettonWallet: t.field({
      type: JettonWalletState,
      nullable: true,
      description: 'When the account is a jetton wallet: its balance, owner and jetton.',
      resolve: (e) => e.event?.jetton ?? null,
    }),
  }),
});

/** A refusal as GraphQL tells it: a limit's status kept (429 over every transport, as the Streaming API says). */
const refused = (err: LiveLimitError) =>
  err.status === 400
    ? badUserInput(err.message)
    : new GraphQLError(err.message, { extensions: { code: err.status === 429 ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE', http: { status: err.status } } });

const checked = <T>(parse: () => T): T => {
  try {
    return parse();
  } catch (err) {
    if (err instanceof SubscriptionError) throw badUserInput(err.message);
    if (err instanceof LiveLimitError) throw refused(err);
    throw err;
  }
};

/** A list argument, refused past `max` values before any is looked at (`setting`: what sets `max`). */
export function capped(name: string, list: readonly string[] | null | undefined, max: number, setting?: string): string[] {
  const values = list ?? [];
  if (values.length > max) throw badUserInput(`${name}: ${values.length} values; at most ${max} are accepted${setting ? ` (${setting})` : ''}`);
  return [...values];
}

/** The subscription's context as the transports give it: the connection's admission when it was admitted. */
type LiveContext = RequestContext & { request?: Request };

/**
 * The admission this subscription reserves through: the connection's (graphql-ws, and GraphQL over SSE, which
 * the HTTP route admits before it runs), else, run in-process without a transport, one of its own.
 */
function admissionOf(ctx: LiveContext, live: LiveRuntime): { admission: LiveAdmission; own: boolean } {
  if (ctx.liveAdmission) return { admission: ctx.liveAdmission, own: false };
  return { admission: checked(() => live.admit('in-process', undefined)), own: true };
}

/**
 * One subscription's stream of live events: its addresses reserved against the followed-address budgets
 * through its connection's admission, each event handed to `render` with a fresh request context (loaders,
 * Pothos' dataloader cache too, cache per event, not for the subscription's life). The iterator is written out
 * rather than a generator so that ending it (the client gone: `complete`, or the request's signal aborted)
 * frees the subscription at once, even while it waits for an event.
 */
function liveStream<T extends Envelope>(
  context: RequestContext,
  interest: { accounts: string[]; traceKeys: string[] },
  afterId: string | null | undefined,
  render: (event: LiveEvent) => T[],
): AsyncIterableIterator<T> {
  const ctx = context as LiveContext;
  const live = ctx.services.live;
  if (!live) throw badUserInput('live events are not served by this instance');
  const after = checked(() => resumeCursor(afterId, 'after'));
  const count = interest.accounts.length + interest.traceKeys.length;
  checked(() => live.checkAddresses(count));
  const signal = ctx.request?.signal;
  if (signal?.aborted) throw badUserInput('the request was cancelled');
  const { admission, own } = admissionOf(ctx, live);
  let unreserve: () => void;
  try {
    unreserve = checked(() => admission.reserve(count));
  } catch (err) {
    if (own) admission.release();
    throw err;
  }
  const feed = openFeed(ctx.services, live, { accounts: new Set(interest.accounts), traceKeys: new Set(interest.traceKeys) }, after);
  const ready: T[] = [];
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    signal?.removeEventListener('abort', end);
    void feed.return();
    unreserve();
    if (own) admission.release();
  };
  signal?.addEventListener('abort', end, { once: true });
  const finished = { value: undefined, done: true } as const;
  return {
    async next(): Promise<IteratorResult<T>> {
      for (;;) {
        if (ready.length > 0) return { value: ready.shift()!, done: false };
        if (ended) return finished;
        let item: IteratorResult<FeedItem>;
        try {
          item = await feed.next();
        } catch (err) {
          // a replay that failed (the database gone): the client resumes from its last cursor
          end();
          ctx.services.log.warn({ err }, 'live resume');
          throw new GraphQLError('the live stream could not replay what it missed: resume later from the last cursor', {
            extensions: { code: 'SERVICE_UNAVAILABLE' },
          });
        }
        if (item.done) {
          end();
          return finished;
        }
        const value = item.value;
        if (value.kind !== 'event') {
          // the notice has every field's payload empty, so it is a T whichever field this is
          ready.push(notice(value, feed) as unknown as T);
          continue;
        }
        // a new cache key for Pothos' loaders (it keys them on the context object, which lives on)
        Object.assign(ctx, initContextCache(), createRequestContext(ctx.services, { traceTransactionColumns: TRACE_TRANSACTION_COLUMNS }));
        if (value.event.kind === 'trace' && value.event.trace.source === 'emulator') rememberEmulated(ctx, value.event.trace);
        render(value.event).forEach((envelope, i) => {
          if (i >= value.skip) ready.push({ ...envelope, cursor: feed.id(value, i) ?? null });
        });
      }
    },
    async return(): Promise<IteratorResult<T>> {
      end();
      return finished;
    },
    async throw(err: unknown): Promise<IteratorResult<T>> {
      end();
      throw err;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** The arguments every account-following subscription takes. */
const accountArgs = (arg: ArgBuilder<Types>) => ({
  accounts: arg.stringList({ required: true, description: 'Accounts, in any address form (at most LIVE_MAX_ADDRESSES).' }),
  minFinality: arg({ type: Finality, defaultValue: 'finalized', description: 'Least finality an event must have (default FINALIZED).' }),
  after: afterArg(arg),
});

/** Addresses (or trace keys) an argument may give: the per-subscription limit, counted as given. */
const maxAddressesOf = (ctx: RequestContext) => ctx.services.live?.limits.maxAddresses ?? Infinity;

const requiredAccounts = (given: readonly string[], ctx: RequestContext) => {
  const accounts = checked(() => parseAddresses(capped('accounts', given, maxAddressesOf(ctx), 'LIVE_MAX_ADDRESSES')));
  if (accounts.length === 0) throw badUserInput('give at least one account');
  return accounts;
};

/**
 * A gap or a replay from too far back, told the same way by every subscription field: an envelope whose
 * payload fields are all empty (each field's type reads only its own).
 */
function notice(item: Exclude<FeedItem, { kind: 'event' }>, feed: LiveFeed) {
  const empty = { finality: null, key: null, trace: null, transactions: [], actions: [], event: null, wallet: null };
  return item.kind === 'gap'
    ? { ...empty, kind: 'gap' as const, lost: item.lost, cursor: feed.id(item) ?? null }
    : { ...empty, kind: 'resume_too_old' as const, lost: null, cursor: feed.id(item) ?? null };
}

/** An invalidation, told only if the subscription was sent the trace before it was final. */
const invalidation = (event: InvalidatedEvent, seen: SentTraces): Envelope[] =>
  seen.invalidated(event.key) ? [{ kind: 'invalidated', finality: null, key: event.key, lost: null }] : [];

const afterArg = (arg: ArgBuilder<Types>) =>
  arg.string({
    description:
      'Resume after this event: the `cursor` of the last event received (on this instance or another). What came after it is replayed first (finalized events from the database, at most LIVE_RESUME_MAX_BLOCKS masterchain blocks back; pending and confirmed traces as the emulator now has them), then live events follow, none twice.',
  });

builder.subscriptionField('traces', (t) =>
  t.field({
    type: TraceEvent,
    description: 'Traces touching the given accounts, or with the given trace keys, each time they change: emulated, confirmed, finalized, classified.',
    args: {
      accounts: t.arg.stringList({ description: 'Accounts whose traces to follow, any address form (at most LIVE_MAX_ADDRESSES).' }),
      traceExternalHashNorms: t.arg.stringList({
        description: 'Trace keys (normalized external message hashes, base64) to follow (at most LIVE_MAX_ADDRESSES).',
      }),
      minFinality: accountArgs(t.arg).minFinality,
      supportedActionTypes: t.arg.stringList({ description: "Action types the client understands (TON Center's rule; default latest; at most 100 names)." }),
      after: afterArg(t.arg),
    },
    subscribe: (_root, args, ctx) => {
      const accounts = checked(() => parseAddresses(capped('accounts', args.accounts, maxAddressesOf(ctx), 'LIVE_MAX_ADDRESSES')));
      const traceKeys = checked(() => parseTraceKeys(capped('traceExternalHashNorms', args.traceExternalHashNorms, maxAddressesOf(ctx), 'LIVE_MAX_ADDRESSES')));
      if (accounts.length === 0 && traceKeys.length === 0) throw badUserInput('give accounts or traceExternalHashNorms to follow');
      const types = expandActionTypes(capped('supportedActionTypes', args.supportedActionTypes, MAX_SUPPORTED_ACTION_TYPES));
      const seen = new SentTraces();
      return liveStream(ctx, { accounts, traceKeys }, args.after, (event): TraceEventShape[] => {
        if (event.kind === 'invalidated') return invalidation(event, seen).map((n) => ({ ...n, trace: null }));
        if (event.kind !== 'trace') return [];
        const finality = eventFinality(event);
        if (!atLeast(finality, (args.minFinality ?? 'finalized') as FinalityValue)) return [];
        seen.sent(event.key, finality);
        return [{ kind: 'update', finality, key: event.key, lost: null, trace: { ...event.trace, supportedActionTypes: types } as TraceModel }];
      });
    },
    resolve: (event) => event,
  }),
);

builder.subscriptionField('transactions', (t) =>
  t.field({
    type: TransactionsEvent,
    description: "The accounts' transactions as they are emulated (PENDING), confirmed and finalized, a trace at a time.",
    args: {
      ...accountArgs(t.arg),
    },
    subscribe: (_root, args, ctx) => {
      const accounts = requiredAccounts(args.accounts, ctx);
      const set = new Set(accounts);
      const seen = new SentTraces();
      return liveStream(ctx, { accounts, traceKeys: [] }, args.after, (event): TransactionsEventShape[] => {
        if (event.kind === 'invalidated') return invalidation(event, seen).map((n) => ({ ...n, transactions: [] }));
        if (event.kind !== 'trace') return [];
        const chosen = selectTransactions(event as LiveTraceEvent, set, (args.minFinality ?? 'finalized') as FinalityValue);
        if (!chosen) return [];
        seen.sent(event.key, chosen.finality);
        return [{ kind: 'update', finality: chosen.finality, key: event.key, lost: null, transactions: chosen.transactions }];
      });
    },
    resolve: (event) => event,
  }),
);

builder.subscriptionField('actions', (t) =>
  t.field({
    type: ActionsEvent,
    description: "Actions involving the accounts, as traces are classified (the emulator's pending classification, then the final one).",
    args: {
      accounts: accountArgs(t.arg).accounts,
      types: t.arg.stringList({ description: 'Only these action types (at most 100).' }),
      minFinality: accountArgs(t.arg).minFinality,
      supportedActionTypes: t.arg.stringList({ description: "Action types the client understands (TON Center's rule; default latest; at most 100 names)." }),
      after: afterArg(t.arg),
    },
    subscribe: (_root, args, ctx) => {
      const accounts = requiredAccounts(args.accounts, ctx);
      const set = new Set(accounts);
      const choice = {
        minFinality: (args.minFinality ?? 'finalized') as FinalityValue,
        actionTypes: new Set(capped('types', args.types, MAX_SUPPORTED_ACTION_TYPES)),
        supported: expandActionTypes(capped('supportedActionTypes', args.supportedActionTypes, MAX_SUPPORTED_ACTION_TYPES)),
      };
      const seen = new SentTraces();
      return liveStream(ctx, { accounts, traceKeys: [] }, args.after, (event): ActionsEventShape[] => {
        if (event.kind === 'invalidated') return invalidation(event, seen).map((n) => ({ ...n, actions: [] }));
        if (event.kind !== 'trace') return [];
        const chosen = selectActions(event as LiveTraceEvent, choice);
        const mine = chosen && involving(chosen.actions, set);
        if (!chosen || !mine || mine.length === 0) return [];
        seen.sent(event.key, chosen.finality);
        return [{ kind: 'update', finality: chosen.finality, key: event.key, lost: null, actions: mine.map((a) => toWireAction(a, ctx.services.network)) }];
      });
    },
    resolve: (event) => event,
  }),
);

builder.subscriptionField('accountStates', (t) =>
  t.field({
    type: AccountStateEvent,
    description: "The accounts' new states as the emulator reports them (CONFIRMED, then FINALIZED), with jetton wallet balances.",
    args: {
      ...accountArgs(t.arg),
    },
    subscribe: (_root, args, ctx) => {
      const accounts = requiredAccounts(args.accounts, ctx);
      return liveStream(ctx, { accounts, traceKeys: [] }, args.after, (event): AccountEventShape[] => {
        if (event.kind !== 'accountState' || !atLeast(event.finality, (args.minFinality ?? 'finalized') as FinalityValue)) return [];
        return [{ kind: 'update', finality: event.finality, key: null, lost: null, event }];
      });
    },
    resolve: (event) => event,
  }),
);

builder.subscriptionField('jettonBalances', (t) =>
  t.field({
    type: JettonBalanceChange,
    description:
      "An account's jetton balances as they change: each new state of a jetton wallet it owns (or of the account itself, when it is a jetton wallet), CONFIRMED and FINALIZED from the emulator, FINALIZED from the database. A finalized state both sources announce is sent once.",
    args: {
      account: t.arg.string({ required: true, description: 'The owner, or a jetton wallet, in any address form.' }),
      jetton: t.arg.string({ description: 'Only wallets of this jetton (its master), in any address form.' }),
      minFinality: accountArgs(t.arg).minFinality,
      after: afterArg(t.arg),
    },
    subscribe: (_root, args, ctx) => {
      const [account] = requiredAccounts([args.account], ctx);
      const jetton = args.jetton === null || args.jetton === undefined ? undefined : parseAddress(args.jetton);
      if (jetton === undefined && args.jetton !== null && args.jetton !== undefined) throw badUserInput(`jetton: invalid address: ${shown(args.jetton)}`);
      const min = (args.minFinality ?? 'finalized') as FinalityValue;
      return liveStream(ctx, { accounts: [account], traceKeys: [] }, args.after, (event): JettonChangeShape[] => {
        const change = jettonChangeOf(event);
        if (!change || !atLeast(change.finality, min)) return [];
        const w = change.wallet;
        // an emulator account state is routed by its own account too: its wallet must be the one followed or be owned by it
        if ((w.address !== account && w.owner !== account) || (jetton !== undefined && w.jetton !== jetton)) return [];
        return [{ kind: 'update', finality: change.finality, key: null, lost: null, wallet: w }];
      });
    },
    resolve: (event) => event,
  }),
);
