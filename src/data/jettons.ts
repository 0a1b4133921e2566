/** SQL of the jetton routes: masters, wallets, transfers, burns, and the in-message bodies of transfers. */
import type { Queryable } from '../db/types';
import { EVENT_KEY, eventOrder, eventPagesOf, eventsByTraces, eventsByTransactions, type EventSource } from './events';
import { windowConditions, type Windows } from './filters';
import type { Int64 } from './scalars';
import {
  type Bind,
  boundValues,
  type KeyColumn,
  keyset,
  type KeysetPage,
  lateralPages,
  type OffsetPage,
  oneOrAny,
  type SortedPage,
  type SortOrder,
  whereOf,
  oneEach,
} from './sql';

export interface JettonMasterRow {
  address: string;
  total_supply: string | null;
  mintable: boolean | null;
  admin_address: string | null;
  jetton_content: Record<string, unknown> | null;
  jetton_wallet_code_hash: string | null;
  code_hash: string | null;
  data_hash: string | null;
  last_transaction_lt: Int64 | null;
}

export interface JettonMasterFilter {
  addresses: string[];
  adminAddresses: string[];
}

/**
 * Jetton masters by address and admin. Ordered by id (TON Center's order), or by address when addresses are
 * given (TON Center has no ORDER BY there: a primary-key lookup, which returns them in key order).
 */
export function jettonMastersPage(db: Queryable, f: JettonMasterFilter, page: OffsetPage): Promise<JettonMasterRow[]> {
  const { values, bind } = boundValues();
  const where = masterConditions(f, bind);
  const order = f.addresses.length > 0 ? 'J.address asc' : 'J.id asc';
  return db.query<JettonMasterRow>(`${selectMasters()}${whereOf(where)} order by ${order} limit ${bind(page.limit)} offset ${bind(page.offset)}`, values);
}

/** Masters as the routes read them (`extra`: more columns). */
const selectMasters = (extra = '') =>
  `select J.address, J.total_supply::text as total_supply, J.mintable, J.admin_address, J.jetton_content, J.jetton_wallet_code_hash,
            J.code_hash, J.data_hash, J.last_transaction_lt::text as last_transaction_lt${extra}
       from jetton_masters J`;

const masterConditions = (f: JettonMasterFilter, bind: Bind) => [
  ...oneOrAny('J.address', f.addresses, bind),
  ...oneOrAny('J.admin_address', f.adminAddresses, bind),
];

/** A master with its id, the key of its keyset pages. */
export type JettonMasterKeyRow = JettonMasterRow & { id: string };

/** REST's order as a keyset key: by address when addresses are given (the primary key), else by id (jetton_masters_index_2, _1 by admin). */
export const jettonMasterKey = (f: Pick<JettonMasterFilter, 'addresses'>): readonly KeyColumn[] =>
  f.addresses.length > 0 ? [{ expr: 'J.address', type: 'account', field: 'address' }] : [{ expr: 'J.id', type: 'int8', field: 'id' }];

/** A keyset page of the masters matching the filter, in REST's order (ascending). */
export function jettonMastersKeyset(db: Queryable, f: JettonMasterFilter, page: KeysetPage): Promise<JettonMasterKeyRow[]> {
  const { values, bind } = boundValues();
  const seek = keyset(jettonMasterKey(f), page, bind, 'asc');
  const where = [...masterConditions(f, bind), ...seek.where];
  return db.query<JettonMasterKeyRow>(`${selectMasters(', J.id::text as id')}${whereOf(where)} order by ${seek.order} limit ${seek.limit}`, values);
}

/** Batch function of the master-by-address loader (null: not indexed). */
export async function jettonMastersByAddresses(db: Queryable, addresses: readonly string[]): Promise<(JettonMasterRow | null)[]> {
  const rows = await db.query<JettonMasterRow>(`${selectMasters()} where J.address = any($1::text[])`, [addresses]);
  return oneEach(addresses, rows, (r) => r.address);
}

export interface JettonWalletRow {
  address: string;
  balance: string | null;
  owner: string | null;
  jetton: string | null;
  last_transaction_lt: Int64 | null;
  code_hash: string | null;
  data_hash: string | null;
  mintless_is_claimed: boolean | null;
  mintless_amount: string | null;
  mintless_start_from: Int64 | null;
  mintless_expire_at: Int64 | null;
  custom_payload_api_uri: string[] | null;
}

export interface JettonWalletFilter {
  addresses: string[];
  owners: string[];
  jettons: string[];
  excludeZeroBalance: boolean;
}

/**
 * TON Center's ORDER BY for a filter set, each later rule overriding the earlier (ton-index-go
 * buildJettonWalletsQuery), every variant ended by the id so that equal balances keep one order across pages.
 * `S` is the balance in the sort's direction then the id in the same direction, or the id ascending.
 */
export function jettonWalletOrder(f: Pick<JettonWalletFilter, 'addresses' | 'owners' | 'jettons'>, sort: SortOrder | undefined): string {
  const s = sort === undefined ? 'J.id asc' : `J.balance ${sort}, J.id ${sort}`;
  let order = s;
  if (f.addresses.length > 0) order = 'J.address asc';
  if (f.owners.length > 0) order = `J.owner asc, ${s}`;
  if (f.jettons.length === 1) order = `J.jetton asc, ${s}`;
  return order;
}

/** Wallets with their mintless master's claim API (`extra`: more columns). */
const selectWallets = (extra = '') =>
  `select J.address, J.balance::text as balance, J.owner, J.jetton, J.last_transaction_lt::text as last_transaction_lt, J.code_hash, J.data_hash,
            J.mintless_is_claimed, J.mintless_amount::text as mintless_amount, J.mintless_start_from::text as mintless_start_from,
            J.mintless_expire_at::text as mintless_expire_at, MJM.custom_payload_api_uri::text[] as custom_payload_api_uri${extra}
       from jetton_wallets J left join mintless_jetton_masters MJM on MJM.address = J.jetton`;

/** TON Center's rule: an unclaimed mintless amount counts as balance, whatever `mintless_is_claimed` says. */
const NOT_ZERO = 'J.balance + coalesce(J.mintless_amount, 0) > 0';

function walletConditions(f: JettonWalletFilter, bind: Bind): string[] {
  const where = [...oneOrAny('J.address', f.addresses, bind), ...oneOrAny('J.owner', f.owners, bind), ...oneOrAny('J.jetton', f.jettons, bind)];
  if (f.excludeZeroBalance) where.push(NOT_ZERO);
  return where;
}

/** Jetton wallets with their mintless master's claim API; unclaimed mintless amounts count as balance for `excludeZeroBalance`. */
export function jettonWalletsPage(db: Queryable, f: JettonWalletFilter, page: OffsetPage & { sort?: SortOrder }): Promise<JettonWalletRow[]> {
  const { values, bind } = boundValues();
  const where = walletConditions(f, bind);
  return db.query<JettonWalletRow>(
    `${selectWallets()}${whereOf(where)} order by ${jettonWalletOrder(f, page.sort)} limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

/** A jetton wallet's state as the live events carry it (TON Center's `jettons_change` fields). */
export type JettonWalletChangeRow = Pick<JettonWalletRow, 'address' | 'balance' | 'owner' | 'jetton' | 'last_transaction_lt' | 'code_hash' | 'data_hash'>;

/** A changed wallet and the masterchain block of the transaction that left its stored state. */
export type JettonWalletChange = JettonWalletChangeRow & { mc_seqno: number };

const CHANGE_COLUMNS = `J.address, J.balance::text as balance, J.owner, J.jetton, J.last_transaction_lt::text as last_transaction_lt, J.code_hash, J.data_hash`;
// the live log's order: by block, then lt, then address byte by byte (as the positions in event ids are)
const CHANGE_ORDER = `order by mc_seqno, J.last_transaction_lt, J.address collate "C"`;

/**
 * The jetton wallets whose stored state is the one a transaction of the masterchain blocks `from`..`to` left
 * (their row's last_transaction_lt is that transaction's), in log order, at most `limit`. The accounts
 * are gathered into an array first so that the wallets are found through their primary key whatever the
 * planner thinks of the range (a join let it hash a whole-table scan of jetton_wallets instead).
 */
export function jettonWalletsChangedIn(db: Queryable, from: number, to: number, limit: number): Promise<JettonWalletChange[]> {
  return db.query<JettonWalletChange>(
    `select ${CHANGE_COLUMNS},
            (select T.mc_block_seqno from transactions T where T.account = J.address and T.lt = J.last_transaction_lt limit 1) as mc_seqno
       from jetton_wallets J
      where J.address = any(array(select T.account from transactions T where T.mc_block_seqno between $1 and $2))
        and exists (select 1 from transactions T where T.account = J.address and T.lt = J.last_transaction_lt and T.mc_block_seqno between $1 and $2)
      ${CHANGE_ORDER} limit $3`,
    [from, to, limit],
  );
}

/** The same for the wallets of `accounts` (the wallets themselves, or their owners' wallets), for a replay of the log. */
export function jettonWalletsChangedFor(db: Queryable, accounts: string[], from: number, to: number, limit: number): Promise<JettonWalletChange[]> {
  if (accounts.length === 0) return Promise.resolve([]);
  return db.query<JettonWalletChange>(
    `select ${CHANGE_COLUMNS}, T.mc_block_seqno as mc_seqno
       from jetton_wallets J join transactions T on T.account = J.address and T.lt = J.last_transaction_lt
      where (J.address = any($1::text[]) or J.owner = any($1::text[])) and T.mc_block_seqno between $2 and $3
      ${CHANGE_ORDER} limit $4`,
    [accounts, from, to, limit],
  );
}

/** A wallet with its id, the tie-break of its keyset keys. */
export type JettonWalletKeyRow = JettonWalletRow & { id: string };

const WALLET_ID: KeyColumn = { expr: 'J.id', type: 'int8', field: 'id' };
// ton-indexer always writes a balance; the key takes null anyway (first when largest first, as PostgreSQL sorts it).
const WALLET_BALANCE: KeyColumn = { expr: 'J.balance', type: 'numeric', field: 'balance', nullable: true };

/** A holder list: largest balance first, equal balances by id, largest first (jetton_wallets_index_4 by jetton, _5 by owner). */
export const HOLDER_KEY: readonly KeyColumn[] = [WALLET_BALANCE, WALLET_ID];

/** A keyset key and the direction all its columns take. */
export interface WalletKey {
  columns: readonly KeyColumn[];
  order: SortOrder;
}

/**
 * `jettonWalletOrder` as a keyset key (every column in one direction, ended by the unique id): by id ascending,
 * or by balance then id in the sort's direction; within one jetton or one owner the same (the filter fixes the
 * leading column); with several owners by owner first, in the same direction (REST: owners ascending whatever
 * the sort); by address for addresses alone.
 */
export function jettonWalletKey(f: Pick<JettonWalletFilter, 'addresses' | 'owners' | 'jettons'>, sort: SortOrder | undefined): WalletKey {
  const s: WalletKey = sort === undefined ? { columns: [WALLET_ID], order: 'asc' } : { columns: HOLDER_KEY, order: sort };
  if (f.jettons.length === 1 || f.owners.length === 1) return s;
  if (f.owners.length > 1) return { columns: [{ expr: 'J.owner', type: 'account', field: 'owner' }, ...s.columns], order: s.order };
  if (f.addresses.length > 0) return { columns: [{ expr: 'J.address', type: 'account', field: 'address' }], order: 'asc' };
  return s;
}

/** A keyset page of the wallets matching every filter, in the order of `jettonWalletKey`. */
export function jettonWalletsKeyset(db: Queryable, f: JettonWalletFilter, sort: SortOrder | undefined, page: KeysetPage): Promise<JettonWalletKeyRow[]> {
  const { values, bind } = boundValues();
  const key = jettonWalletKey(f, sort);
  const seek = keyset(key.columns, page, bind, key.order);
  const where = [...walletConditions(f, bind), ...seek.where];
  return db.query<JettonWalletKeyRow>(`${selectWallets(', J.id::text as id')}${whereOf(where)} order by ${seek.order} limit ${seek.limit}`, values);
}

/** The wallets of a parent: a jetton's (its holders) or an owner's (its jettons). */
export interface JettonWalletParent {
  of: 'jetton' | 'owner';
  excludeZeroBalance: boolean;
}

/** The same keyset page of the holder lists of several jettons or owners in one statement: a lateral page each. */
export function jettonWalletPagesOf(db: Queryable, parent: JettonWalletParent, parents: readonly string[], page: KeysetPage): Promise<JettonWalletKeyRow[][]> {
  const { values, bind } = boundValues();
  const seek = keyset(HOLDER_KEY, page, bind, 'desc');
  const where = [`J.${parent.of === 'jetton' ? 'jetton' : 'owner'} = K.parent`, ...(parent.excludeZeroBalance ? [NOT_ZERO] : []), ...seek.where];
  return lateralPages(
    db,
    values,
    bind,
    parents,
    `${selectWallets(', J.id::text as id')} where ${where.join(' and ')}`,
    HOLDER_KEY,
    seek,
    (r: JettonWalletKeyRow) => r,
  );
}

/** Batch function of the wallet-by-address loader (null: not indexed). */
export async function jettonWalletsByAddresses(db: Queryable, addresses: readonly string[]): Promise<(JettonWalletRow | null)[]> {
  const rows = await db.query<JettonWalletRow>(`${selectWallets()} where J.address = any($1::text[])`, [addresses]);
  return oneEach(addresses, rows, (r) => r.address);
}

export interface JettonTransferRow {
  tx_hash: string;
  tx_lt: Int64;
  tx_now: number;
  tx_aborted: boolean;
  query_id: string | null;
  amount: string | null;
  source: string | null;
  destination: string | null;
  jetton_wallet_address: string | null;
  jetton_master_address: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_ton_amount: string | null;
  forward_payload: string | null;
  trace_id: string | null;
}

export interface JettonBurnRow {
  tx_hash: string;
  tx_lt: Int64;
  tx_now: number;
  tx_aborted: boolean;
  query_id: string | null;
  owner: string | null;
  jetton_wallet_address: string | null;
  jetton_master_address: string | null;
  amount: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  trace_id: string | null;
}

/** Filters of the transfer and burn lists (owners are `source`/`destination` for transfers, `owner` for burns). */
export interface JettonEventFilter extends Windows {
  owners: string[];
  /** Transfers only: which side the owners are on; both when absent. */
  direction?: 'in' | 'out';
  wallets: string[];
  master?: string;
  /** Only events whose trace is recorded as complete (traces.state). */
  completeTracesOnly: boolean;
}

const TRANSFER_COLUMNS = `T.tx_hash, T.tx_lt::text as tx_lt, T.tx_now, T.tx_aborted, T.query_id::text as query_id, T.amount::text as amount,
  T.source, T.destination, T.jetton_wallet_address, T.jetton_master_address, T.response_destination, T.custom_payload,
  T.forward_ton_amount::text as forward_ton_amount, T.forward_payload, T.trace_id`;

const BURN_COLUMNS = `T.tx_hash, T.tx_lt::text as tx_lt, T.tx_now, T.tx_aborted, T.query_id::text as query_id, T.owner, T.jetton_wallet_address,
  T.jetton_master_address, T.amount::text as amount, T.response_destination, T.custom_payload, T.trace_id`;

/** The conditions every transfer and burn list shares (not the owners'). */
function eventConditions(f: JettonEventFilter, bind: Bind): string[] {
  const where = [...oneOrAny('T.jetton_wallet_address', f.wallets, bind)];
  if (f.master !== undefined) where.push(`T.jetton_master_address = ${bind(f.master)}::text`);
  where.push(...windowConditions(f, bind, { time: 'T.tx_now', lt: 'T.tx_lt' }));
  if (f.completeTracesOnly) where.push(`exists (select 1 from traces E where E.trace_id = T.trace_id and E.state = 'complete')`);
  return where;
}

/** Where a page of events starts and ends: an offset page's or a keyset page's parts. */
interface EventSeek {
  where: string[];
  order: string;
  limit: string;
  offset?: string;
  /** What each owner branch reads at most (bound only when there are branches: a statement refers to every value bound). */
  branchLimit: () => string;
}

/**
 * One page of an event table. Owners on either side (transfers without a direction) are read as the union of
 * two ordered branches, each bounded by the page's end, so each side's index serves its order instead of
 * every matching row being sorted.
 */
function eventPage<R>(
  db: Queryable,
  table: string,
  columns: string,
  f: JettonEventFilter,
  seekOf: (bind: Bind) => EventSeek,
  ownerColumns: readonly string[],
  extra: readonly string[],
): Promise<R[]> {
  const { values, bind } = boundValues();
  const seek = seekOf(bind);
  const common = [...extra, ...eventConditions(f, bind), ...seek.where];
  const tail = `order by ${seek.order} limit ${seek.limit}${seek.offset === undefined ? '' : ` offset ${seek.offset}`}`;
  if (f.owners.length === 0 || ownerColumns.length === 1) {
    const where = [...common, ...(ownerColumns.length === 1 ? oneOrAny(`T.${ownerColumns[0]}`, f.owners, bind) : [])];
    return db.query<R>(`select ${columns} from ${table} T${whereOf(where)} ${tail}`, values);
  }
  const end = seek.branchLimit();
  const branch = (column: string) =>
    `(select T.* from ${table} T${whereOf([...common, ...oneOrAny(`T.${column}`, f.owners, bind)])} order by ${seek.order} limit ${end})`;
  // union, not union all: a transfer from an owner to itself is in both branches
  return db.query<R>(`select ${columns} from (${ownerColumns.map(branch).join(' union ')}) T ${tail}`, values);
}

/** An offset page in TON Center's order. */
const offsetSeek =
  (f: Windows, page: SortedPage) =>
  (bind: Bind): EventSeek => ({
    where: [],
    order: eventOrder(f, page.sort),
    limit: bind(page.limit),
    offset: bind(page.offset),
    branchLimit: () => bind(page.limit + page.offset),
  });

const keysetSeek =
  (page: KeysetPage) =>
  (bind: Bind): EventSeek => {
    const seek = keyset(EVENT_KEY, page, bind);
    return { where: seek.where, order: seek.order, limit: seek.limit, branchLimit: () => seek.limit };
  };

/** The columns the owners of a transfer list are looked for in: the recipient's, the sender's or both. */
const transferSides = (f: JettonEventFilter) => (f.direction === 'in' ? ['destination'] : f.direction === 'out' ? ['source'] : ['source', 'destination']);

/** TON Center lists transfers without the aborted ones (the wallet refused them: nothing moved). */
const LISTED_TRANSFERS = ['T.tx_aborted is false'];

/** Jetton transfers, aborted ones left out (as TON Center does). */
export function jettonTransfersPage(db: Queryable, f: JettonEventFilter, page: SortedPage): Promise<JettonTransferRow[]> {
  return eventPage<JettonTransferRow>(db, 'jetton_transfers', TRANSFER_COLUMNS, f, offsetSeek(f, page), transferSides(f), LISTED_TRANSFERS);
}

/** Jetton burns, aborted ones included (as TON Center does). */
export function jettonBurnsPage(db: Queryable, f: JettonEventFilter, page: SortedPage): Promise<JettonBurnRow[]> {
  return eventPage<JettonBurnRow>(db, 'jetton_burns', BURN_COLUMNS, f, offsetSeek(f, page), ['owner'], []);
}

/**
 * A keyset page of the transfers matching every filter (the REST filters, aborted ones left out), newest first
 * (jetton_transfers_index_2/_3 by owner, _6 by wallet, _8 by jetton, _10 otherwise).
 */
export function jettonTransfersKeyset(db: Queryable, f: JettonEventFilter, page: KeysetPage): Promise<JettonTransferRow[]> {
  return eventPage<JettonTransferRow>(db, 'jetton_transfers', TRANSFER_COLUMNS, f, keysetSeek(page), transferSides(f), LISTED_TRANSFERS);
}

/** A keyset page of the burns matching every filter, newest first (jetton_burns_index_2 by owner, _4 by wallet, _6 by jetton, _8 otherwise). */
export function jettonBurnsKeyset(db: Queryable, f: JettonEventFilter, page: KeysetPage): Promise<JettonBurnRow[]> {
  return eventPage<JettonBurnRow>(db, 'jetton_burns', BURN_COLUMNS, f, keysetSeek(page), ['owner'], []);
}

/** Whose events a list holds: a jetton's (by its master) or a jetton wallet's (the transfers it sent, its burns). */
export type JettonEventParent = 'master' | 'wallet';

const PARENT_COLUMN: Record<JettonEventParent, string> = { master: 'T.jetton_master_address', wallet: 'T.jetton_wallet_address' };

const TRANSFERS: EventSource = { table: 'jetton_transfers', columns: TRANSFER_COLUMNS };
const BURNS: EventSource = { table: 'jetton_burns', columns: BURN_COLUMNS };

/** The same keyset page of the transfers of several jettons or wallets in one statement (aborted ones left out, as listed). */
export const jettonTransferPagesOf = (db: Queryable, of: JettonEventParent, parents: readonly string[], page: KeysetPage) =>
  eventPagesOf<JettonTransferRow>(db, TRANSFERS, PARENT_COLUMN[of], LISTED_TRANSFERS, parents, page);

/** The same keyset page of the burns of several jettons or wallets in one statement. */
export const jettonBurnPagesOf = (db: Queryable, of: JettonEventParent, parents: readonly string[], page: KeysetPage) =>
  eventPagesOf<JettonBurnRow>(db, BURNS, PARENT_COLUMN[of], [], parents, page);

/** Batch function of the transfers-by-transaction loader, aborted ones included. */
export const jettonTransfersByTransactions = (db: Queryable, hashes: readonly string[]) => eventsByTransactions<JettonTransferRow>(db, TRANSFERS, hashes);

/** Batch function of the transfers-by-trace loader, each trace's by lt, aborted ones included. */
export const jettonTransfersByTraces = (db: Queryable, traceIds: readonly string[]) => eventsByTraces<JettonTransferRow>(db, TRANSFERS, traceIds);

/** The inbound message body of each transaction, by transaction hash, in one statement; absent when not stored. */
export async function inMessageBodies(db: Queryable, hashes: readonly string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db.query<{ tx_hash: string; body: string }>(
    `select M.tx_hash, C.body
       from messages M join message_contents C on C.hash = M.body_hash
      where M.tx_hash = any($1::text[]::tonhash[]) and M.direction = 'in' and C.body is not null`,
    [[...new Set(hashes)]],
  );
  return new Map(rows.map((r) => [r.tx_hash, r.body]));
}
