import type { RequestContext } from '../context';
import { toWireAddressBookEntry, type WireAddressBookEntry } from '../wire/addressBook';
import { toWireMessage } from '../wire/message';
import { toWireAccountState, toWireTransaction, type WireTransaction } from '../wire/transaction';
import { nodeFactsOf } from '../wire/trace';
import { ownBytes } from '../encoding/ownBytes';
import type { CachedTransaction } from './transactionCache';
import { TRANSACTION_KEY_COLUMNS, transactionsByHashesWithStates, type TransactionColumn } from '../data/transactions';
import { broughtRows } from '../data/loaders';
import { sortOutMessages } from '../data/messages';
import type { AccountStateRow, MessageWithContent, TransactionRow } from '../data/rows';
import type { TransactionFlags } from '../wire/transaction';
import type { TraceTransaction } from '../traces/model';
import { type MetadataRow, metadataRows } from '../data/metadata';
import type { BookEntry } from './addressBookCache';
import type { TipBoundCache } from './tipBoundCache';
import { toWireMetadata, type WireAddressMetadata } from '../wire/metadata';

/** A transaction to complete: a database row, or an emulator transaction that brings its messages along. */
export interface TransactionSource {
  row: TransactionRow;
  messages?: MessageWithContent[];
  flags?: TransactionFlags;
}

/**
 * Completes transactions with their messages and account states. Both lookups are batched and run
 * concurrently, so a page costs two statements whatever its size (none when its page statement brought them
 * along: `broughtRows`); the transactions are then written at once from what the lookups gave. Emulator
 * transactions bring their messages and know their states by hash only, as toncenter shows them.
 */
export async function completeTransactions(ctx: RequestContext, items: TransactionSource[]): Promise<WireTransaction[]> {
  // what the page statement brought is taken as it is; the rest is looked up, each kind in one batch
  const brought = ctx.loaders.brought;
  const messagesOf = new Map<string, MessageWithContent[]>();
  const statesOf = new Map<string, AccountStateRow | null>();
  const missingMessages: string[] = [];
  const missingStates = new Set<string>();
  for (const { row, messages } of items) {
    if (messages) continue;
    const list = brought.messages(row.hash);
    if (list) messagesOf.set(row.hash, list);
    else missingMessages.push(row.hash);
    for (const hash of [row.account_state_hash_before, row.account_state_hash_after]) {
      if (hash === null || statesOf.has(hash)) continue;
      const state = brought.state(hash);
      if (state !== undefined) statesOf.set(hash, state);
      else missingStates.add(hash);
    }
  }
  const stateList = [...missingStates];
  const [lists, stateRows] = await Promise.all([
    missingMessages.length > 0 ? ctx.loaders.messagesByTransaction.loadMany(missingMessages) : [],
    stateList.length > 0 ? ctx.loaders.accountState.loadMany(stateList) : [],
  ]);
  missingMessages.forEach((hash, i) => messagesOf.set(hash, loaded(lists[i])));
  stateList.forEach((hash, i) => statesOf.set(hash, loaded(stateRows[i])));
  // an emulator transaction's states are known by hash only, as toncenter shows them
  const state = (hash: string | null, lookup: boolean) => toWireAccountState(hash, hash !== null && lookup ? (statesOf.get(hash) ?? null) : null);
  return items.map(({ row, messages, flags }) => {
    const list = messages ?? messagesOf.get(row.hash)!;
    const inRow = list.find((m) => m.direction === 'in') ?? null;
    const outRows = sortOutMessages(list.filter((m) => m.direction === 'out'));
    return toWireTransaction(
      row,
      {
        inMsg: inRow && toWireMessage(inRow, ctx),
        outMsgs: outRows.map((m) => toWireMessage(m, ctx)),
        before: state(row.account_state_hash_before, !messages),
        after: state(row.account_state_hash_after, !messages),
      },
      flags,
    );
  });
}

/** A value `loadMany` gave, its error thrown. */
function loaded<T>(value: T | Error): T {
  if (value instanceof Error) throw value;
  return value;
}

/** Addresses toncenter puts in a transactions response's address book: accounts, in-message sources, out-message destinations. */
export function addressesOf(transactions: WireTransaction[]): string[] {
  const set = new Set<string>();
  for (const t of transactions) addAddresses(set, t);
  return [...set];
}

/** A transaction's address-book addresses, added to `set`. */
function addAddresses(set: Set<string>, t: WireTransaction): Set<string> {
  set.add(t.account);
  if (t.in_msg?.source) set.add(t.in_msg.source);
  for (const m of t.out_msgs) if (m.destination) set.add(m.destination);
  return set;
}

/** These addresses' address-book entries, read from the database. */
async function readBook(ctx: RequestContext, addresses: string[]): Promise<Map<string, WireAddressBookEntry>> {
  const infos = await ctx.loaders.addressInfo.loadMany(addresses);
  return new Map(addresses.map((address, i) => [address, toWireAddressBookEntry(loaded(infos[i]), ctx.services.network)]));
}

/** These addresses' entries through the address-book cache of the current tip, each with its JSON member written once. */
function cachedBook(ctx: RequestContext, cache: TipBoundCache<BookEntry>, sorted: string[]): Promise<Map<string, BookEntry>> {
  return cache.getMany(sorted, tipOf(ctx), async (some) => {
    const read = await readBook(ctx, some);
    return new Map(
      some.map((a) => {
        const entry = read.get(a)!;
        return [a, { entry, json: ownBytes(`${JSON.stringify(a)}:${JSON.stringify(entry)}`) }];
      }),
    );
  });
}

/** The address-book cache, when it keeps anything: without it an entry's JSON member is not worth writing apart. */
const bookCacheOf = (ctx: RequestContext) => {
  const cache = ctx.services.addressBookCaches?.book;
  return cache?.enabled ? cache : undefined;
};

/** The address book for a set of raw addresses, keys sorted so the response is byte-stable. */
export async function addressBook(ctx: RequestContext, addresses: string[]): Promise<Record<string, WireAddressBookEntry>> {
  const sorted = [...new Set(addresses)].sort();
  const cache = bookCacheOf(ctx);
  const entries = cache ? new Map([...(await cachedBook(ctx, cache, sorted))].map(([a, e]) => [a, e.entry])) : await readBook(ctx, sorted);
  return bookOf(sorted, entries);
}

function bookOf(sorted: string[], entries: Map<string, WireAddressBookEntry>): Record<string, WireAddressBookEntry> {
  const book: Record<string, WireAddressBookEntry> = Object.create(null);
  for (const address of sorted) book[address] = entries.get(address)!;
  return book;
}

const OPEN = Buffer.from('{');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from('}');

/**
 * The address book as a response writes it: with the cache on, a marker of its entries' JSON laid end to end
 * (nothing written again for an entry read before under this tip), else `addressBook`'s object.
 */
async function addressBookValue(ctx: RequestContext, addresses: string[]): Promise<Record<string, WireAddressBookEntry> | string> {
  const cache = bookCacheOf(ctx);
  if (!cache) return addressBook(ctx, addresses);
  const sorted = [...new Set(addresses)].sort();
  const entries = await cachedBook(ctx, cache, sorted);
  return ctx.raw.mark([OPEN, ...sorted.flatMap((a, i) => (i === 0 ? [entries.get(a)!.json] : [COMMA, entries.get(a)!.json])), CLOSE]);
}

/** The masterchain tip the service has seen (-1: none), which bounds what the address-book caches keep. */
const tipOf = (ctx: RequestContext) => () => ctx.services.masterchainTip?.highest ?? -1;

/**
 * Metadata rows of these addresses, as one `metadataRows` statement gives them: through the metadata cache,
 * each address's rows (its own, and its jetton master's when it is a jetton wallet) kept apart.
 */
async function metadataOf(ctx: RequestContext, addresses: string[]): Promise<MetadataRow[]> {
  const cache = ctx.services.addressBookCaches?.metadata;
  if (!cache?.enabled) return metadataRows(ctx.db, addresses);
  const byAddress = await cache.getMany(addresses, tipOf(ctx), async (some) => {
    const rows = await metadataRows(ctx.db, some);
    const own = new Map<string, MetadataRow[]>();
    for (const row of rows) own.set(row.address, [...(own.get(row.address) ?? []), row]);
    return new Map(
      some.map((address) => {
        const mine = own.get(address) ?? [];
        const master = mine.find((r) => r.type === 'jetton_wallets')?.jetton;
        // a master is looked up for its token rows: its own jetton_wallets row only when it is asked for itself
        const masters = master && master !== address ? (own.get(master) ?? []).filter((r) => r.type !== 'jetton_wallets') : [];
        return [address, [...mine, ...masters]];
      }),
    );
  });
  const seen = new Set<string>();
  const rows = [...byAddress.values()].flat().filter((r) => {
    const key = `${r.address}|${r.type}`;
    return !seen.has(key) && (seen.add(key), true);
  });
  // in the statement's order: by address, then by kind
  return rows.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : KIND_ORDER.indexOf(a.type) - KIND_ORDER.indexOf(b.type)));
}

/** The order `metadataRows` gives an address's rows in. */
const KIND_ORDER = ['jetton_wallets', 'nft_items', 'nft_collections', 'jetton_masters'];

/** A page's rows, and the cached JSON of those of them the transaction cache holds. */
export interface PageRows {
  rows: TransactionRow[];
  cached: Map<string, CachedTransaction>;
}

/** The rows, with the final ones found in the transaction cache (none when it is off). */
export function cachedOf(ctx: RequestContext, rows: TransactionRow[]): PageRows {
  const { transactionCache: cache, masterchainTip: tip } = ctx.services;
  const cached = new Map<string, CachedTransaction>();
  if (!cache?.enabled || !tip) return { rows, cached };
  for (const row of rows) {
    const hit = tip.isFinal(row.mc_block_seqno) ? cache.get(row.hash) : undefined;
    if (hit) cached.set(row.hash, hit);
  }
  return { rows, cached };
}

/**
 * A page's rows for `transactionsResponse`, read whole; or, while most lookups hit the transaction cache, read as
 * keys first (hash and block: no description, no parsing of forty columns), and whole only for the rows the cache
 * does not hold, by a second statement. With `requestKey` (the request's filters and page, normalized), the keys
 * are kept as of the masterchain tip (PAGE_KEY_CACHE_MB): the same page asked again before a later block is seen
 * reads only the rows the transaction cache does not hold.
 */
export async function pageRows(
  ctx: RequestContext,
  read: (columns?: readonly TransactionColumn[]) => Promise<TransactionRow[]>,
  requestKey?: () => string,
): Promise<PageRows> {
  // with replicas, a read may land on one behind the tip: its page is not kept for everyone
  const keys = requestKey && ctx.services.pageKeys?.enabled && !ctx.db.catchUp ? { cache: ctx.services.pageKeys, key: requestKey() } : undefined;
  const tip = tipOf(ctx)();
  const kept = keys?.cache.get(keys.key, tip);
  if (kept) return completedKeys(ctx, cachedOf(ctx, kept as TransactionRow[]));
  const page = ctx.services.transactionCache?.mostlyHits
    ? await completedKeys(ctx, cachedOf(ctx, await read(TRANSACTION_KEY_COLUMNS)))
    : cachedOf(ctx, await read());
  keys?.cache.set(
    keys.key,
    page.rows.map(({ hash, mc_block_seqno }) => ({ hash, mc_block_seqno })),
    tip,
  );
  return page;
}

/** Key rows completed: those the transaction cache holds stay keys, the others are read whole in one statement (with their states and messages). */
async function completedKeys(ctx: RequestContext, keys: PageRows): Promise<PageRows> {
  const missing = keys.rows.filter((k) => !keys.cached.has(k.hash)).map((k) => k.hash);
  if (missing.length === 0) return keys;
  const whole = new Map(broughtRows(ctx.loaders, await transactionsByHashesWithStates(ctx.db, missing)).map((r) => [r.hash, r] as const));
  // a row gone between the two statements (a replica that moved back) is left out rather than half-written
  return { rows: keys.rows.flatMap((k) => (keys.cached.has(k.hash) ? [k] : (whole.get(k.hash) ?? []))), cached: keys.cached };
}

/**
 * A page of stored transactions as TON Center's `{transactions, address_book}` (the book left empty on request).
 * The cached ones stand in the body as RawTexts markers of their JSON, so the response bytes are the same either
 * way; the others are completed, and those of a final block go into the transaction cache.
 */
export async function transactionsResponse(ctx: RequestContext, { rows, cached }: PageRows, noAddressBook: boolean) {
  const { transactionCache: cache, masterchainTip: tip } = ctx.services;
  const completed = await completeTransactions(
    ctx,
    rows.filter((row) => !cached.has(row.hash)).map((row) => ({ row })),
  );
  const addresses = new Set<string>();
  let next = 0;
  const transactions = rows.map((row): WireTransaction | string => {
    const hit = cached.get(row.hash);
    if (hit) {
      for (const a of hit.addresses) addresses.add(a);
      return ctx.raw.mark(hit.json);
    }
    const wire = completed[next++];
    if (!cache?.enabled || !tip?.isFinal(row.mc_block_seqno) || !cache.admits(row.hash)) {
      addAddresses(addresses, wire);
      return wire;
    }
    const entry = cacheEntry(ctx, wire);
    for (const a of entry.addresses) addresses.add(a);
    cache.set(row.hash, entry);
    return ctx.raw.mark(entry.json);
  });
  return { transactions, address_book: noAddressBook ? {} : await addressBook(ctx, [...addresses]) };
}

const IN_MSG_KEY = Buffer.from(',"in_msg":');

/**
 * A completed final transaction as the transaction cache keeps it: its JSON, the addresses it puts in an address
 * book, and what a trace's tree takes of it. Its in_msg is written once, spliced into the transaction's JSON, and
 * found there by the key's first occurrence (which comes before any message's own text), checked byte for byte.
 */
export function cacheEntry(ctx: RequestContext, wire: WireTransaction): CachedTransaction {
  const inText = wire.in_msg && ctx.raw.bytes(wire.in_msg);
  const json = ctx.raw.ownBytes(inText ? { ...wire, in_msg: ctx.raw.mark(inText) } : wire);
  const addresses = [...addAddresses(new Set(), wire)];
  let inMsg: [number, number] | null = null;
  if (inText) {
    const start = json.indexOf(IN_MSG_KEY) + IN_MSG_KEY.length;
    if (start < IN_MSG_KEY.length || !json.subarray(start, start + inText.length).equals(inText)) return { json, addresses };
    inMsg = [start, start + inText.length];
  }
  return { json, addresses, node: { ...nodeFactsOf(wire), inMsg } };
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
): Promise<{ address_book: Record<string, WireAddressBookEntry> | string; metadata: Record<string, WireAddressMetadata> }> {
  const list = [...new Set(addresses)].filter((a): a is string => typeof a === 'string');
  const [address_book, metadata] = await Promise.all([
    opts.noAddressBook ? {} : addressBookValue(ctx, list),
    opts.noMetadata || list.length === 0 ? {} : metadataOf(ctx, list).then(toWireMetadata),
  ]);
  return { address_book, metadata };
}

/**
 * `bookAndMetadata` as objects read from the database now, past the caches of the tip: for live events, which may
 * be ahead of the tip the caches follow.
 */
export async function freshBookAndMetadata(
  ctx: RequestContext,
  addresses: Iterable<string | null | undefined>,
  opts: { noAddressBook: boolean; noMetadata: boolean },
): Promise<{ address_book: Record<string, WireAddressBookEntry>; metadata: Record<string, WireAddressMetadata> }> {
  const list = [...new Set(addresses)].filter((a): a is string => typeof a === 'string').sort();
  const [address_book, metadata] = await Promise.all([
    opts.noAddressBook ? {} : readBook(ctx, list).then((entries) => bookOf(list, entries)),
    opts.noMetadata || list.length === 0 ? {} : metadataRows(ctx.db, list).then(toWireMetadata),
  ]);
  return { address_book, metadata };
}

/** Each action with its transactions whole (`transactions_full`), in the order it lists them; missing ones left out. */
export function withTransactionsFull<A extends { transactions: string[] }>(actions: A[], transactions: WireTransaction[]) {
  const byHash = new Map(transactions.map((t) => [t.hash, t]));
  return actions.map((a) => ({ ...a, transactions_full: a.transactions.flatMap((h) => byHash.get(h) ?? []) }));
}
