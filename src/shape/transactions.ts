import type { RequestContext } from '../context';
import { toWireAddressBookEntry, type WireAddressBookEntry } from '../wire/addressBook';
import { toWireMessage } from '../wire/message';
import { toWireAccountState, toWireTransaction, type WireTransaction } from '../wire/transaction';
import { ownBytes, type CachedTransaction } from './transactionCache';
import { TRANSACTION_KEY_COLUMNS, transactionsByHashes, type TransactionColumn } from '../data/transactions';
import { sortOutMessages } from '../data/messages';
import type { MessageWithContent, TransactionRow } from '../data/rows';
import type { TransactionFlags } from '../wire/transaction';
import type { TraceTransaction } from '../traces/model';
import { metadataRows } from '../data/metadata';
import { toWireMetadata } from '../wire/metadata';

/** A transaction to complete: a database row, or an emulator transaction that brings its messages along. */
export interface TransactionSource {
  row: TransactionRow;
  messages?: MessageWithContent[];
  flags?: TransactionFlags;
}

/**
 * Completes transactions with their messages and account states. Both lookups are batched and run
 * concurrently, so a page costs two statements whatever its size. Emulator transactions bring their messages
 * and know their states by hash only, as toncenter shows them.
 */
export async function completeTransactions(ctx: RequestContext, items: TransactionSource[]): Promise<WireTransaction[]> {
  const stateHashes = new Set<string>();
  const stored = items.filter((t) => !t.messages);
  for (const { row } of stored) {
    if (row.account_state_hash_before !== null) stateHashes.add(row.account_state_hash_before);
    if (row.account_state_hash_after !== null) stateHashes.add(row.account_state_hash_after);
  }
  await Promise.all([ctx.loaders.messagesByTransaction.loadMany(stored.map((t) => t.row.hash)), ctx.loaders.accountState.loadMany([...stateHashes])]);
  const states = ctx.loaders.accountState;
  const state = async (hash: string | null, lookup: boolean) => toWireAccountState(hash, hash !== null && lookup ? await states.load(hash) : null);
  return Promise.all(
    items.map(async ({ row, messages, flags }) => {
      const list = messages ?? (await ctx.loaders.messagesByTransaction.load(row.hash));
      const inRow = list.find((m) => m.direction === 'in') ?? null;
      const outRows = sortOutMessages(list.filter((m) => m.direction === 'out'));
      return toWireTransaction(
        row,
        {
          inMsg: inRow && toWireMessage(inRow, ctx),
          outMsgs: outRows.map((m) => toWireMessage(m, ctx)),
          before: await state(row.account_state_hash_before, !messages),
          after: await state(row.account_state_hash_after, !messages),
        },
        flags,
      );
    }),
  );
}

/** Addresses toncenter puts in a transactions response's address book: accounts, in-message sources, out-message destinations. */
export function addressesOf(transactions: WireTransaction[]): string[] {
  const set = new Set<string>();
  for (const t of transactions) {
    set.add(t.account);
    if (t.in_msg?.source) set.add(t.in_msg.source);
    for (const m of t.out_msgs) if (m.destination) set.add(m.destination);
  }
  return [...set];
}

/** The address book for a set of raw addresses, keys sorted so the response is byte-stable. */
export async function addressBook(ctx: RequestContext, addresses: string[]): Promise<Record<string, WireAddressBookEntry>> {
  const sorted = [...addresses].sort();
  const infos = await ctx.loaders.addressInfo.loadMany(sorted);
  const book: Record<string, WireAddressBookEntry> = Object.create(null);
  sorted.forEach((address, i) => {
    const info = infos[i];
    if (info instanceof Error) throw info;
    book[address] = toWireAddressBookEntry(info, ctx.services.network);
  });
  return book;
}

/** How often a request may look the masterchain tip up again, for the transaction cache's notion of final. */
const TIP_MAX_AGE_MS = 1000;

/** A page's rows, and the cached JSON of those found in the transaction cache while reading them. */
export interface PageRows {
  rows: TransactionRow[];
  cached?: Map<string, CachedTransaction>;
}

/**
 * A page's rows for `transactionsResponse`, read whole; or, while most lookups hit the transaction cache, read as
 * keys first (hash and block: no description, no parsing of forty columns), the cached ones taken from the cache
 * there and then, and the others read whole by a second statement.
 */
export async function pageRows(ctx: RequestContext, read: (columns?: readonly TransactionColumn[]) => Promise<TransactionRow[]>): Promise<PageRows> {
  const { transactionCache: cache, masterchainTip: tip } = ctx.services;
  if (!cache?.enabled || !tip || cache.recentHitRatio < 0.5) return { rows: await read() };
  const keys = await read(TRANSACTION_KEY_COLUMNS);
  const cached = new Map<string, CachedTransaction>();
  for (const k of keys) {
    const hit = k.mc_block_seqno !== null && k.mc_block_seqno < tip.highest ? cache.get(k.hash) : undefined;
    if (hit) cached.set(k.hash, hit);
  }
  const missing = keys.filter((k) => !cached.has(k.hash)).map((k) => k.hash);
  if (missing.length === 0) return { rows: keys, cached };
  const whole = new Map((await transactionsByHashes(ctx.db, missing)).flatMap((r) => (r ? [[r.hash, r] as const] : [])));
  // a row gone between the two statements (a replica that moved back) is left out rather than half-written
  return { rows: keys.flatMap((k) => (cached.has(k.hash) ? [k] : (whole.get(k.hash) ?? []))), cached };
}

/**
 * A page of stored transactions as TON Center's `{transactions, address_book}` (the book left empty on request).
 * Transactions of a masterchain block below the highest one indexed can never change: their JSON text comes from
 * the transaction cache when it is there, and goes into it when it was written here; the others are completed.
 * A cached transaction stands in the body as a RawTexts marker, so the response bytes are the same either way.
 */
export async function transactionsResponse(ctx: RequestContext, page: TransactionRow[] | PageRows, noAddressBook: boolean) {
  const { rows, cached } = Array.isArray(page) ? { rows: page, cached: undefined } : page;
  const { transactionCache: cache, masterchainTip: tip } = ctx.services;
  if (!cache?.enabled || !tip) {
    const transactions = await completeTransactions(
      ctx,
      rows.map((row) => ({ row })),
    );
    return { transactions, address_book: noAddressBook ? {} : await addressBook(ctx, addressesOf(transactions)) };
  }
  tip.refresh(ctx.services.db, TIP_MAX_AGE_MS);
  const highest = tip.highest;
  const final = (row: TransactionRow) => row.mc_block_seqno !== null && row.mc_block_seqno < highest;
  const hits = rows.map((row) => cached?.get(row.hash) ?? (final(row) && !cached ? cache.get(row.hash) : undefined));
  const completed = await completeTransactions(
    ctx,
    rows.filter((_, i) => !hits[i]).map((row) => ({ row })),
  );
  const addresses = new Set<string>();
  let next = 0;
  const transactions = rows.map((row, i): WireTransaction | string => {
    const hit = hits[i];
    if (hit) {
      for (const a of hit.addresses) addresses.add(a);
      return ctx.raw.mark(hit.json);
    }
    const wire = completed[next++];
    const own = addressesOf([wire]);
    for (const a of own) addresses.add(a);
    if (!final(row)) return wire;
    const json = ownBytes(ctx.raw.stringify(wire));
    cache.set(row.hash, { json, addresses: own });
    return ctx.raw.mark(json);
  });
  return { transactions, address_book: noAddressBook ? {} : await addressBook(ctx, [...addresses]) };
}

/** Trace transactions (database or emulator) completed as `completeTransactions` does, their flags kept. */
export const completeTraceTransactions = (ctx: RequestContext, txs: TraceTransaction[]) =>
  completeTransactions(
    ctx,
    txs.map((t) => ({ row: t.row, messages: t.messages, flags: { emulated: t.emulated, finality: t.finality, traceExternalHash: t.traceExternalHash } })),
  );

/**
 * A response's `address_book` and `metadata` over these addresses (null and undefined entries, a field without an
 * address, skipped), fetched concurrently, each left empty on request.
 */
export async function bookAndMetadata(
  ctx: RequestContext,
  addresses: Iterable<string | null | undefined>,
  opts: { noAddressBook: boolean; noMetadata: boolean },
) {
  const list = [...new Set(addresses)].filter((a): a is string => typeof a === 'string');
  const [address_book, metadata] = await Promise.all([
    opts.noAddressBook ? {} : addressBook(ctx, list),
    opts.noMetadata || list.length === 0 ? {} : metadataRows(ctx.db, list).then(toWireMetadata),
  ]);
  return { address_book, metadata };
}

/** Each action with its transactions whole (`transactions_full`), in the order it lists them; missing ones left out. */
export function withTransactionsFull<A extends { transactions: string[] }>(actions: A[], transactions: WireTransaction[]) {
  const byHash = new Map(transactions.map((t) => [t.hash, t]));
  return actions.map((a) => ({ ...a, transactions_full: a.transactions.flatMap((h) => byHash.get(h) ?? []) }));
}
