/** SQL of the jetton routes: masters, wallets, transfers, burns, and the in-message bodies of transfers. */
import type { Queryable } from '../db/types';
import { hasTimeWindow, windowConditions, type Windows } from './filters';
import type { Int64 } from './scalars';
import { boundValues, type Bind } from './sql';

export type SortOrder = 'asc' | 'desc';

/** An offset page. */
export interface OffsetPage {
  limit: number;
  offset: number;
}

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

/** `= $n` for one value, `= any($n)` for several (TON Center's `=` / `in (…)`); no condition for none. */
function oneOrAny(column: string, values: readonly string[], bind: Bind): string[] {
  if (values.length === 0) return [];
  return [values.length === 1 ? `${column} = ${bind(values[0])}::text` : `${column} = any(${bind(values)}::text[])`];
}

const whereOf = (conditions: string[]) => (conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`);

/**
 * Jetton masters by address and admin. Ordered by id (TON Center's order), or by address when addresses are
 * given (TON Center has no ORDER BY there: a primary-key lookup, which returns them in key order).
 */
export function jettonMastersPage(db: Queryable, f: JettonMasterFilter, page: OffsetPage): Promise<JettonMasterRow[]> {
  const { values, bind } = boundValues();
  const where = [...oneOrAny('J.address', f.addresses, bind), ...oneOrAny('J.admin_address', f.adminAddresses, bind)];
  const order = f.addresses.length > 0 ? 'J.address asc' : 'J.id asc';
  return db.query<JettonMasterRow>(
    `select J.address, J.total_supply::text as total_supply, J.mintable, J.admin_address, J.jetton_content, J.jetton_wallet_code_hash,
            J.code_hash, J.data_hash, J.last_transaction_lt::text as last_transaction_lt
       from jetton_masters J${whereOf(where)} order by ${order} limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
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

/** Jetton wallets with their mintless master's claim API; unclaimed mintless amounts count as balance for `excludeZeroBalance`. */
export function jettonWalletsPage(db: Queryable, f: JettonWalletFilter, page: OffsetPage & { sort?: SortOrder }): Promise<JettonWalletRow[]> {
  const { values, bind } = boundValues();
  const where = [...oneOrAny('J.address', f.addresses, bind), ...oneOrAny('J.owner', f.owners, bind), ...oneOrAny('J.jetton', f.jettons, bind)];
  if (f.excludeZeroBalance) where.push('J.balance + coalesce(J.mintless_amount, 0) > 0');
  return db.query<JettonWalletRow>(
    `select J.address, J.balance::text as balance, J.owner, J.jetton, J.last_transaction_lt::text as last_transaction_lt, J.code_hash, J.data_hash,
            J.mintless_is_claimed, J.mintless_amount::text as mintless_amount, J.mintless_start_from::text as mintless_start_from,
            J.mintless_expire_at::text as mintless_expire_at, MJM.custom_payload_api_uri::text[] as custom_payload_api_uri
       from jetton_wallets J left join mintless_jetton_masters MJM on MJM.address = J.jetton${whereOf(where)}
      order by ${jettonWalletOrder(f, page.sort)} limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

/** A jetton wallet's state as the live events carry it (TON Center's `jettons_change` fields). */
export type JettonWalletChangeRow = Pick<JettonWalletRow, 'address' | 'balance' | 'owner' | 'jetton' | 'last_transaction_lt' | 'code_hash' | 'data_hash'>;

/**
 * The jetton wallets whose stored state is the one a transaction of the masterchain blocks `from`..`to` left
 * (their row's last_transaction_lt is that transaction's), oldest change first, at most `limit`. The accounts
 * are gathered into an array first so that the wallets are found through their primary key whatever the
 * planner thinks of the range (a join let it hash a whole-table scan of jetton_wallets instead).
 */
export function jettonWalletsChangedIn(db: Queryable, from: number, to: number, limit: number): Promise<JettonWalletChangeRow[]> {
  return db.query<JettonWalletChangeRow>(
    `select J.address, J.balance::text as balance, J.owner, J.jetton, J.last_transaction_lt::text as last_transaction_lt, J.code_hash, J.data_hash
       from jetton_wallets J
      where J.address = any(array(select T.account from transactions T where T.mc_block_seqno between $1 and $2))
        and exists (select 1 from transactions T where T.account = J.address and T.lt = J.last_transaction_lt and T.mc_block_seqno between $1 and $2)
      order by J.last_transaction_lt, J.address limit $3`,
    [from, to, limit],
  );
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

/** TON Center's order (tx_lt, or tx_now when a time bound is given), tie-broken by (tx_lt, tx_hash) in the same direction. */
export function jettonEventOrder(f: Windows, sort: SortOrder, alias = 'T'): string {
  const tail = `${alias}.tx_lt ${sort}, ${alias}.tx_hash ${sort}`;
  return hasTimeWindow(f) ? `${alias}.tx_now ${sort}, ${tail}` : tail;
}

/** The conditions every transfer and burn list shares (not the owners'). */
function eventConditions(f: JettonEventFilter, bind: Bind): string[] {
  const where = [...oneOrAny('T.jetton_wallet_address', f.wallets, bind)];
  if (f.master !== undefined) where.push(`T.jetton_master_address = ${bind(f.master)}::text`);
  where.push(...windowConditions(f, bind, { time: 'T.tx_now', lt: 'T.tx_lt' }));
  if (f.completeTracesOnly) where.push(`exists (select 1 from traces E where E.trace_id = T.trace_id and E.state = 'complete')`);
  return where;
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
  page: OffsetPage & { sort: SortOrder },
  ownerColumns: readonly string[],
  extra: readonly string[],
): Promise<R[]> {
  const { values, bind } = boundValues();
  const common = [...extra, ...eventConditions(f, bind)];
  const order = jettonEventOrder(f, page.sort);
  const tail = `order by ${order} limit ${bind(page.limit)} offset ${bind(page.offset)}`;
  if (f.owners.length === 0 || ownerColumns.length === 1) {
    const where = [...common, ...(ownerColumns.length === 1 ? oneOrAny(`T.${ownerColumns[0]}`, f.owners, bind) : [])];
    return db.query<R>(`select ${columns} from ${table} T${whereOf(where)} ${tail}`, values);
  }
  const end = bind(page.limit + page.offset);
  const branch = (column: string) =>
    `(select T.* from ${table} T${whereOf([...common, ...oneOrAny(`T.${column}`, f.owners, bind)])} order by ${order} limit ${end})`;
  // union, not union all: a transfer from an owner to itself is in both branches
  return db.query<R>(`select ${columns} from (${ownerColumns.map(branch).join(' union ')}) T ${tail}`, values);
}

/** Jetton transfers, aborted ones left out (as TON Center does). */
export function jettonTransfersPage(db: Queryable, f: JettonEventFilter, page: OffsetPage & { sort: SortOrder }): Promise<JettonTransferRow[]> {
  const sides = f.direction === 'in' ? ['destination'] : f.direction === 'out' ? ['source'] : ['source', 'destination'];
  return eventPage<JettonTransferRow>(db, 'jetton_transfers', TRANSFER_COLUMNS, f, page, sides, ['T.tx_aborted is false']);
}

/** Jetton burns, aborted ones included (as TON Center does). */
export function jettonBurnsPage(db: Queryable, f: JettonEventFilter, page: OffsetPage & { sort: SortOrder }): Promise<JettonBurnRow[]> {
  return eventPage<JettonBurnRow>(db, 'jetton_burns', BURN_COLUMNS, f, page, ['owner'], []);
}

/** The inbound message body of each transaction (hash and lt), in one statement; keyed `<hash>/<lt>`, absent when not stored. */
export async function inMessageBodies(db: Queryable, txs: readonly { hash: string; lt: Int64 }[]): Promise<Map<string, string>> {
  if (txs.length === 0) return new Map();
  const rows = await db.query<{ tx_hash: string; tx_lt: string; body: string }>(
    `select M.tx_hash, M.tx_lt::text as tx_lt, C.body
       from messages M join message_contents C on C.hash = M.body_hash
      where M.tx_hash = any($1::text[]::tonhash[]) and M.direction = 'in' and C.body is not null`,
    [[...new Set(txs.map((t) => t.hash))]],
  );
  return new Map(rows.map((r) => [`${r.tx_hash}/${r.tx_lt}`, r.body]));
}
