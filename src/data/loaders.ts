import DataLoader from 'dataloader';
import type { Queryable } from '../db/types';
import { accountStatesByHashes } from './accountStates';
import { addressInfoByAccounts } from './addressBook';
import { messageContentsByHashes } from './messageContents';
import { ALL_MESSAGE_COLUMNS, messageRowsByTransactions, messagesByTransactions, transactionHashesByMessages } from './messages';
import type { AccountStateRow, MessageContentRow, MessageRow, MessageWithContent } from './rows';
import {
  blocksTransactionsKeyset,
  descriptionsByHashes,
  transactionHeadersByHashes,
  type BlockId,
  type RowsWithMessages,
  type RowsWithStates,
  type TransactionColumn,
} from './transactions';
import type { TransactionRow } from './rows';
import { actionsByTraces } from './actions';
import { metadataRows, type MetadataRow } from './metadata';
import { tracesByIds, transactionsByTraces } from './traces';
import { blockKeyOf, blocksByKeys, committedShardBlocks, type BlockKey } from './blocks';
import { latestStatesByAccounts, statesWithMethodsByAccounts } from './accountStates';
import { createNftLoaders } from './nftLoaders';
import { createJettonLoaders } from './jettonLoaders';
import { dnsLoaders, multisigLoaders, vestingLoaders } from './contractLoaders';
import { pagesLoader } from './pagesLoader';
import { groupedBy } from './sql';

/**
 * Per-request loaders: every key asked for in one tick becomes one SQL statement per loader, and each key is
 * fetched at most once per request. Shared by REST handlers and GraphQL resolvers.
 */
export interface LoaderOptions {
  /** The columns transactions of traces are read with (whole rows by default: REST shapes them all). */
  traceTransactionColumns?: readonly TransactionColumn[];
}

export function createLoaders(db: Queryable, opts: LoaderOptions = {}) {
  const options = { maxBatchSize: 5000 };
  const brought = new Brought();
  /** A loader of what a page statement brought along, the rest read by `read`. */
  const broughtOr = <V>(known: (key: string) => V | undefined, read: (missing: string[]) => Promise<readonly V[]>) =>
    new DataLoader((keys: readonly string[]) => orRead(keys, known, read), options);
  // Each loader is made when a request first uses it: a REST page touches three or four of these.
  const loaders = lazily('loaders', {
    brought: () => brought,
    transaction: () => new DataLoader((hashes: readonly string[]) => transactionHeadersByHashes(db, hashes), options),
    description: () => new DataLoader((hashes: readonly string[]) => descriptionsByHashes(db, hashes), options),
    messagesByTransaction: () =>
      broughtOr(
        (h) => brought.messages(h),
        async (missing) => {
          const lists = await messagesByTransactions(db, missing);
          // their bodies came with them: kept for the message-content loader
          brought.add({ messages: new Map(missing.map((hash, i) => [hash, lists[i]])) });
          return lists;
        },
      ),
    messageRowsByTransaction: () => messageRowsLoader(db, options),
    messageContent: () =>
      broughtOr(
        (h) => brought.content(h),
        (missing) => messageContentsByHashes(db, missing),
      ),
    accountState: () =>
      broughtOr(
        (h) => brought.state(h),
        (missing) => accountStatesByHashes(db, missing),
      ),
    addressInfo: () => new DataLoader((accounts: readonly string[]) => addressInfoByAccounts(db, accounts), options),
    sourceTransactionHash: () => new DataLoader((hashes: readonly string[]) => transactionHashesByMessages(db, hashes, 'out'), options),
    destinationTransactionHash: () => new DataLoader((hashes: readonly string[]) => transactionHashesByMessages(db, hashes, 'in'), options),
    trace: () => new DataLoader((ids: readonly string[]) => tracesByIds(db, ids), options),
    transactionsByTrace: () => new DataLoader((ids: readonly string[]) => transactionsByTraces(db, ids, opts.traceTransactionColumns), options),
    actionsByTrace: () => new DataLoader((ids: readonly string[]) => actionsByTraces(db, ids), options),
    block: () => new DataLoader((keys: readonly BlockKey[]) => blocksByKeys(db, keys), { ...options, cacheKeyFn: blockKeyOf }),
    /** A keyset page of a block's transactions with a column set (the group): the loads of one tick asking the same page share one statement. */
    blockTransactions: () =>
      pagesLoader<readonly TransactionColumn[], TransactionRow, BlockId>(
        (columns, blocks, page) => blocksTransactionsKeyset(db, blocks, page, columns),
        options,
      ),
    shardBlocks: () => new DataLoader((seqnos: readonly number[]) => committedShardBlocks(db, seqnos), options),
    latestState: () => new DataLoader((accounts: readonly string[]) => latestStatesByAccounts(db, accounts), options),
    /** Latest states with their get-methods and data cell (no code cell): wallets and interfaces. */
    stateWithMethods: () => new DataLoader((accounts: readonly string[]) => statesWithMethodsByAccounts(db, accounts), options),
    nfts: () => createNftLoaders(db, options),
    jettons: () => createJettonLoaders(db, options),
    dns: () => dnsLoaders(db, options),
    multisig: () => multisigLoaders(db, options),
    vesting: () => vestingLoaders(db, options),
    metadata: () =>
      new DataLoader(async (addresses: readonly string[]) => groupedBy(addresses, await metadataRows(db, addresses), (r: MetadataRow) => r.address), options),
  });
  return loaders;
}

const FACTORIES = Symbol('factories');
const MADE = Symbol('made');
interface Lazy {
  [FACTORIES]: Record<string, () => unknown>;
  [MADE]: Record<string, unknown>;
}
/** One prototype per kind of object, its getters defined once: a request's object is then two fields, not a getter each. */
const lazyPrototypes = new Map<string, object>();

/**
 * An object whose every property is made by its factory on first read, then kept. `kind` names the set of keys
 * (every call of one kind gives the same keys), so a request does not list them again.
 */
function lazily<F extends Record<string, () => unknown>>(kind: string, factories: F): { readonly [K in keyof F]: ReturnType<F[K]> } {
  let prototype = lazyPrototypes.get(kind);
  if (!prototype) {
    prototype = {};
    for (const key of Object.keys(factories)) {
      Object.defineProperty(prototype, key, {
        get(this: Lazy) {
          const made = this[MADE];
          if (!(key in made)) made[key] = this[FACTORIES][key]();
          return made[key];
        },
      });
    }
    lazyPrototypes.set(kind, prototype);
  }
  const object: Lazy = Object.create(prototype);
  object[FACTORIES] = factories;
  object[MADE] = Object.create(null);
  return object as unknown as { readonly [K in keyof F]: ReturnType<F[K]> };
}

export type Loaders = ReturnType<typeof createLoaders>;

/**
 * The messages of a transaction with a column set (`messageColumnSet`): the loads of one tick share one
 * statement over the union of their sets, and a transaction whose messages were read whole is not read again.
 */
function messageRowsLoader(db: Queryable, options: { maxBatchSize: number }) {
  const loader = new DataLoader((keys: readonly { txHash: string; columns: string }[]) => messageRowsByTransactions(db, keys), {
    ...options,
    cacheKeyFn: (k) => `${k.columns}|${k.txHash}`,
  });
  // Messages read whole, or with a page: served to any load whose columns they hold.
  const known = new Map<string, { columns: string; rows: Promise<MessageRow[]> }>();
  return {
    load(txHash: string, columns: string): Promise<MessageRow[]> {
      const read = known.get(txHash);
      if (read && holds(read.columns, columns)) return read.rows;
      const rows = loader.load({ txHash, columns });
      if (columns === ALL_MESSAGE_COLUMNS) known.set(txHash, { columns, rows });
      return rows;
    },
    prime(txHash: string, columns: string, rows: MessageRow[]): void {
      if (!known.has(txHash)) known.set(txHash, { columns, rows: Promise.resolve(rows) });
    },
  };
}

/** Whether column set `have` holds every column of set `want` (both as `messageColumnSet` writes them). */
const holds = (have: string, want: string): boolean =>
  have === want || have === ALL_MESSAGE_COLUMNS || want.split(', ').every((c) => `, ${have}, `.includes(`, ${c}, `));

/** A page's rows read with their messages, the messages seeded into the request's loader so none is read again. */
export function withMessagesPrimed(loaders: Loaders, { rows, messages }: RowsWithMessages, columns: string): TransactionRow[] {
  for (const [hash, list] of messages) loaders.messageRowsByTransaction.prime(hash, columns, list);
  return rows;
}

/**
 * A page's whole rows read with their account states and messages, those kept for the request's loaders (and
 * `completeTransactions`, which reads them at once) so none is read again.
 */
export function broughtRows(loaders: Loaders, read: RowsWithStates): TransactionRow[] {
  loaders.brought.add(read);
  return read.rows;
}

/**
 * What the request's statements brought along: account states by hash (null: not stored), and messages with
 * their bodies by transaction hash, from a page statement (`broughtRows`) or the messages loader. Kept as read and
 * looked up when asked, the bodies indexed by hash once one is asked for: a page of a hundred transactions seeded
 * key by key into three loaders cost more than its rows.
 */
export class Brought {
  private messageMaps: ReadonlyMap<string, MessageWithContent[]>[] = [];
  private stateMaps: ReadonlyMap<string, AccountStateRow | null>[] = [];
  private contents?: Map<string, MessageContentRow>;

  add({ messages, states }: { messages?: ReadonlyMap<string, MessageWithContent[]>; states?: ReadonlyMap<string, AccountStateRow | null> }): void {
    if (states) this.stateMaps.push(states);
    if (!messages) return;
    this.messageMaps.push(messages);
    if (this.contents) indexContents(this.contents, messages);
  }

  messages(txHash: string): MessageWithContent[] | undefined {
    return firstOf(this.messageMaps, txHash);
  }

  /** A state read (null: the indexer does not store it), or undefined when no statement read it. */
  state(hash: string): AccountStateRow | null | undefined {
    return firstOf(this.stateMaps, hash);
  }

  content(hash: string): MessageContentRow | undefined {
    if (!this.contents) {
      if (this.messageMaps.length === 0) return undefined;
      this.contents = new Map();
      for (const messages of this.messageMaps) indexContents(this.contents, messages);
    }
    return this.contents.get(hash);
  }
}

/** The value of `key` in the first map that has it. */
function firstOf<V>(maps: readonly ReadonlyMap<string, V>[], key: string): V | undefined {
  for (const map of maps) {
    const value = map.get(key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The bodies (and init states) of messages read with them, by hash. */
function indexContents(contents: Map<string, MessageContentRow>, messages: ReadonlyMap<string, MessageWithContent[]>): void {
  for (const list of messages.values())
    for (const m of list) {
      if (m.body_hash !== null && !contents.has(m.body_hash)) contents.set(m.body_hash, { hash: m.body_hash, body: m.body });
      if (m.init_state_hash !== null && !contents.has(m.init_state_hash)) contents.set(m.init_state_hash, { hash: m.init_state_hash, body: m.init_state_body });
    }
}

/** A batch's values: those `known` gives, the others read by `read` (called only when some are missing). */
async function orRead<V>(keys: readonly string[], known: (key: string) => V | undefined, read: (missing: string[]) => Promise<readonly V[]>): Promise<V[]> {
  const values = keys.map(known);
  const missing = keys.filter((_, i) => values[i] === undefined);
  if (missing.length === 0) return values as V[];
  const fetched = await read(missing);
  let next = 0;
  return values.map((v) => (v === undefined ? fetched[next++] : v));
}
