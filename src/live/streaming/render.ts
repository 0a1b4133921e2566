import type { LimitFunction } from 'p-limit';
import type { Services } from '../../context';
import { createRequestContext } from '../../context';
import { BodyDecoder } from '../../decode/cache';
import type { ActionRow } from '../../data/actions';
import { addressesOf, completeTraceTransactions, freshBookAndMetadata } from '../../shape/transactions';
import { addressesOfAction } from '../../shape/traces';
import type { Finality } from '../../traces/model';
import { buildTree, type TreeNode } from '../../traces/tree';
import { toWireAction, type WireAction } from '../../wire/action';
import type { WireMessage } from '../../wire/message';
import { RawTexts } from '../../wire/rawJson';
import type { WireTransaction } from '../../wire/transaction';
import { atLeast, jettonChangeOf, type AccountStateEvent, type JettonEvent, type LiveEvent, type TraceEvent } from '../events';
import { SentTraces } from '../sentTraces';
import { eventFinality, involving, selectActions, selectTransactions } from '../select';
import type { ClientSettings } from './request';

/** One trace event in wire form, built once however many clients receive it. */
interface TraceView {
  transactions: Map<string, WireTransaction>;
  /** The decoded bodies' JSON texts the transactions mark. */
  raw: RawTexts;
  actions: { row: ActionRow; wire: WireAction }[];
  book?: Promise<{ address_book: Record<string, unknown>; metadata: Record<string, unknown> }>;
  /** Made for a replayed event (its subscriber's own): what it still reads takes a replay step's turn. */
  replayed: boolean;
}

const traceViews = new WeakMap<TraceEvent, Promise<TraceView>>();
const NOT_DECODED = new BodyDecoder({ enabled: false, cacheBytes: 0 });

function view(services: Services, event: TraceEvent): Promise<TraceView> {
  let found = traceViews.get(event);
  if (!found) {
    found = (async () => {
      // TON Center decodes emulated (pending) traces only: a confirmed or finalized snapshot is not decoded at all
      const ctx = createRequestContext(eventFinality(event) === 'pending' ? services : { ...services, decoder: NOT_DECODED });
      // a replayed event brought its messages and states along: it is rendered without a statement
      if (event.brought) ctx.loaders.brought.add(event.brought);
      const wire = await completeTraceTransactions(ctx, event.trace.transactions);
      return {
        transactions: new Map(wire.map((t) => [t.hash, t])),
        raw: ctx.raw,
        actions: event.trace.actions.map((row) => ({ row, wire: toWireAction(row, services.network) })),
        replayed: event.brought !== undefined,
      };
    })();
    traceViews.set(event, found);
  }
  return found;
}

/**
 * The address book and metadata over every address of the trace, fetched once for every client that asks; for a
 * replayed event within the replay steps' limit (`steps`), so that a reconnect storm queues rather than hammers.
 */
function enrichment(services: Services, v: TraceView, steps: LimitFunction | undefined) {
  const fetch = () =>
    freshBookAndMetadata(
      createRequestContext(services),
      [...addressesOf([...v.transactions.values()]), ...v.actions.flatMap((a) => addressesOfAction(a.wire))],
      {
        noAddressBook: false,
        noMetadata: false,
      },
    );
  v.book ??= (v.replayed && steps ? steps(fetch) : fetch()).catch(() => ({ address_book: {}, metadata: {} }));
  return v.book;
}

const pick = <T>(map: Record<string, T>, keys: Iterable<string>) => {
  const out: Record<string, T> = {};
  for (const k of [...new Set(keys)].sort()) if (map[k] !== undefined) out[k] = map[k];
  return out;
};

/** A message as TON Center's streaming server sends it from a confirmed or finalized snapshot: not decoded. */
const undecoded = (m: WireMessage): WireMessage => ({
  ...m,
  decoded_opcode: null,
  message_content: m.message_content && { ...m.message_content, decoded: null },
});

/**
 * A streaming transaction: as the v3 one, its account states by hash only, no external hash outside a trace
 * event; its bodies decoded only while it is pending (TON Center decodes emulated traces only).
 */
function streamingTransaction(t: WireTransaction, inTrace: boolean, finality: Finality) {
  const { trace_external_hash, ...rest } = t;
  const state = (s: WireTransaction['account_state_before']) =>
    s && { hash: s.hash, balance: null, extra_currencies: null, account_status: null, frozen_hash: null, data_hash: null, code_hash: null };
  const messages = finality === 'pending' ? {} : { in_msg: t.in_msg && undecoded(t.in_msg), out_msgs: t.out_msgs.map(undecoded) };
  const out = { ...rest, ...messages, account_state_before: state(t.account_state_before), account_state_after: state(t.account_state_after) };
  return inTrace ? { ...out, trace_external_hash } : out;
}

interface StreamNode {
  tx_hash: string;
  in_msg_hash?: string;
  children: StreamNode[] | null;
}

const streamNode = (n: TreeNode, txs: Map<string, WireTransaction>): StreamNode => {
  const tx = txs.get(n.hash);
  const out: StreamNode = { tx_hash: n.hash, ...(n.inMsgHash ? { in_msg_hash: n.inMsgHash } : {}), children: [] };
  // TON Center: [] for a transaction that sent nothing, null when what it sent caused nothing in the snapshot
  out.children = n.children.length > 0 ? n.children.map((c) => streamNode(c, txs)) : tx && tx.out_msgs.length > 0 ? null : [];
  return out;
};

/** What an event renders to for one set of settings: the notifications as JSON, and the finalities of those about its trace. */
interface Rendered {
  texts: string[];
  finalities: Finality[];
}

/** Renderings shared by clients with the same settings (most of a crowd following one account), per event. */
const renderings = new WeakMap<LiveEvent, Map<string, Promise<Rendered>>>();

const signatureOf = (s: ClientSettings) =>
  JSON.stringify([
    [...s.types].sort(),
    [...s.addresses].sort(),
    [...s.traceKeys].sort(),
    s.minFinality,
    s.includeAddressBook,
    s.includeMetadata,
    [...s.actionTypes].sort(),
    [...s.supported].sort(),
  ]);

/**
 * One client of the Streaming API: what it subscribed to, and which traces it was sent before they were
 * final (only those get a `trace_invalidated`). Clients with equal settings share each event's rendering.
 */
export class StreamingClient {
  private readonly unfinal = new SentTraces();
  private current: ClientSettings;
  private signature: string;

  constructor(
    private readonly services: Services,
    settings: ClientSettings,
    /** The live runtime's replay steps: what a replayed event still reads runs within them. */
    private readonly steps?: LimitFunction,
  ) {
    this.current = settings;
    this.signature = signatureOf(settings);
  }

  get settings(): ClientSettings {
    return this.current;
  }

  set settings(settings: ClientSettings) {
    this.current = settings;
    this.signature = signatureOf(settings);
  }

  /** The notifications an event makes for this client, as JSON, in order (none when it is not for it). */
  async render(event: LiveEvent): Promise<string[]> {
    if (event.kind === 'invalidated') {
      if (!this.unfinal.invalidated(event.key)) return [];
      return [JSON.stringify({ type: 'trace_invalidated', trace_external_hash_norm: event.key })];
    }
    let byEvent = renderings.get(event);
    if (!byEvent) renderings.set(event, (byEvent = new Map()));
    let rendered = byEvent.get(this.signature);
    if (!rendered) {
      // one snapshot of the settings for the whole rendering: a subscribe meanwhile must not mix two into one
      rendered = this.renderFresh(event, this.current).then((r) => ({ texts: r.notifications.map((n) => r.raw.stringify(n)), finalities: r.finalities }));
      byEvent.set(this.signature, rendered);
    }
    const { texts, finalities } = await rendered;
    if (event.kind === 'trace') for (const f of finalities) this.unfinal.sent(event.key, f);
    return texts;
  }

  private async renderFresh(
    event: TraceEvent | AccountStateEvent | JettonEvent,
    s: ClientSettings,
  ): Promise<{ notifications: object[]; finalities: Finality[]; raw: RawTexts }> {
    if (event.kind !== 'trace') {
      const notifications = event.kind === 'accountState' ? await this.accountState(event, s) : [];
      const jetton = await this.jettonsChange(event, s);
      return { notifications: jetton ? [...notifications, jetton] : notifications, finalities: [], raw: new RawTexts() };
    }
    const notifications: object[] = [];
    const finalities: Finality[] = [];
    if (s.types.has('transactions')) {
      const n = await this.transactions(event, s);
      if (n) {
        notifications.push(n);
        finalities.push(n.finality);
      }
    }
    if (s.types.has('actions') || s.types.has('trace')) {
      const classified = await this.classified(event, s);
      notifications.push(...classified);
      for (const n of classified) finalities.push((n as { finality: Finality }).finality);
    }
    // the view the notifications were made from holds their decoded bodies' texts (none was made for no notification)
    return { notifications, finalities, raw: notifications.length > 0 ? (await view(this.services, event)).raw : new RawTexts() };
  }

  private async transactions(event: TraceEvent, s: ClientSettings) {
    const chosen = selectTransactions(event, s.addresses, s.minFinality);
    if (!chosen) return undefined;
    const { finality } = chosen;
    const v = await view(this.services, event);
    const txs = chosen.transactions.map((t) => v.transactions.get(t.row.hash)!);
    return {
      type: 'transactions',
      finality,
      trace_external_hash_norm: event.key,
      transactions: txs.map((t) => streamingTransaction(t, false, finality)),
      ...(await this.extras(s, v, addressesOf(txs))),
    };
  }

  private async classified(event: TraceEvent, s: ClientSettings): Promise<object[]> {
    const chosen = selectActions(event, s);
    if (!chosen) return [];
    const { finality } = chosen;
    const v = await view(this.services, event);
    const wire = new Map(v.actions.map((a) => [a.row, a.wire]));
    const eligible = chosen.actions.map((row) => ({ row, wire: wire.get(row)! }));
    const out: object[] = [];
    if (s.types.has('actions')) {
      const mine = involving(chosen.actions, s.addresses).map((row) => wire.get(row)!);
      if (mine.length > 0) {
        out.push({
          type: 'actions',
          finality,
          trace_external_hash_norm: event.key,
          actions: mine,
          ...(await this.extras(s, v, mine.flatMap(addressesOfAction))),
        });
      }
    }
    if (s.types.has('trace') && s.traceKeys.has(event.key)) {
      const ordered = event.trace.transactions.map((t) => v.transactions.get(t.row.hash)!);
      const { root } = buildTree(ordered.map((tx) => ({ hash: tx.hash, inMsgHash: tx.in_msg?.hash ?? null, outMsgHashes: tx.out_msgs.map((m) => m.hash) })));
      const map: Record<string, unknown> = {};
      for (const tx of [...ordered].sort((a, b) => (a.hash < b.hash ? -1 : 1))) map[tx.hash] = streamingTransaction(tx, true, finality);
      const actions = eligible.map((a) => a.wire);
      out.push({
        type: 'trace',
        finality,
        trace_external_hash_norm: event.key,
        trace: root && streamNode(root, v.transactions),
        transactions: map,
        ...(actions.length > 0 ? { actions } : {}),
        ...(await this.extras(s, v, null)),
      });
    }
    return out;
  }

  /** The address book and metadata this client asked for, over `addresses` (null: the whole trace's). */
  private async extras(s: ClientSettings, v: TraceView, addresses: string[] | null) {
    if (!s.includeAddressBook && !s.includeMetadata) return {};
    const { address_book, metadata } = await enrichment(this.services, v, this.steps);
    return {
      ...(s.includeAddressBook ? { address_book: addresses ? pick(address_book, addresses) : address_book } : {}),
      ...(s.includeMetadata ? { metadata: addresses ? pick(metadata, addresses) : metadata } : {}),
    };
  }

  private async accountState(event: AccountStateEvent, s: ClientSettings): Promise<object[]> {
    if (!atLeast(event.finality, s.minFinality)) return [];
    const out: object[] = [];
    if (s.types.has('account_state_change') && s.addresses.has(event.account)) {
      const st = event.state;
      out.push({
        type: 'account_state_change',
        finality: event.finality,
        account: event.account,
        state: {
          hash: st.hash,
          balance: st.balance,
          extra_currencies: null,
          account_status: st.account_status,
          frozen_hash: st.frozen_hash,
          data_hash: st.data_hash,
          code_hash: st.code_hash,
        },
      });
    }
    return out;
  }

  /** `jettons_change`: a jetton wallet's new state, to subscribers of the wallet or of its owner. */
  private async jettonsChange(event: AccountStateEvent | JettonEvent, s: ClientSettings): Promise<object | undefined> {
    const change = jettonChangeOf(event);
    if (!change || !s.types.has('jettons_change') || !atLeast(change.finality, s.minFinality)) return undefined;
    const j = change.wallet;
    if (!s.addresses.has(j.address) && (j.owner === null || !s.addresses.has(j.owner))) return undefined;
    const extra =
      s.includeAddressBook || s.includeMetadata
        ? await freshBookAndMetadata(createRequestContext(this.services), [j.address, j.owner, j.jetton], {
            noAddressBook: !s.includeAddressBook,
            noMetadata: !s.includeMetadata,
          }).catch(() => ({ address_book: {}, metadata: {} }))
        : undefined;
    return {
      type: 'jettons_change',
      finality: change.finality,
      jetton: {
        address: j.address,
        balance: j.balance,
        owner: j.owner,
        jetton: j.jetton,
        last_transaction_lt: j.last_transaction_lt,
        code_hash: j.code_hash,
        data_hash: j.data_hash,
      },
      ...(extra && s.includeAddressBook ? { address_book: extra.address_book } : {}),
      ...(extra && s.includeMetadata ? { metadata: extra.metadata } : {}),
    };
  }
}
