import type { Queryable } from '../db/types';
import { boundValues, keyset, lateralPages, type Bind, type KeyColumn, type KeysetPage, type SortedPage, oneEach } from './sql';

/** A row of `multisig`, numbers as decimal text. */
export interface MultisigRow {
  address: string;
  next_order_seqno: string | null;
  threshold: string | null;
  signers: string[] | null;
  proposers: string[] | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
}

/** A row of `multisig_orders`, numbers as decimal text. */
export interface MultisigOrderRow {
  id: string;
  address: string;
  multisig_address: string | null;
  order_seqno: string | null;
  threshold: string | null;
  sent_for_execution: boolean | null;
  approvals_mask: string | null;
  approvals_num: string | null;
  expiration_date: string | null;
  order_boc: string | null;
  signers: string[] | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
}

export interface MultisigFilter {
  addresses: string[];
  /** Multisigs where any of these is a signer or a proposer (the GIN indexes serve `&&`). */
  members: string[];
}

const MULTISIG_COLUMNS = `m.address, m.next_order_seqno, m.threshold, m.signers::text[] as signers, m.proposers::text[] as proposers,
            m.last_transaction_lt, m.code_hash, m.data_hash`;

/** Members as one `tonaddr[]` (bound as varchar[]: PGlite cannot bind a domain array). */
const memberCondition = (members: string) => `(m.signers && ${members}::varchar[]::tonaddr[] or m.proposers && ${members}::varchar[]::tonaddr[])`;

function multisigConditions(filter: MultisigFilter, bind: Bind): string[] {
  const where: string[] = [];
  if (filter.addresses.length > 0) where.push(`m.address = any(${bind(filter.addresses)}::varchar[])`);
  if (filter.members.length > 0) where.push(memberCondition(bind(filter.members)));
  return where;
}

/**
 * The id expression multisigs are ordered by. By member it is `id + 0`: the planner cannot estimate `&&` on
 * addresses and would walk the id index backwards filtering every row (measured once by hand: 600 ms on
 * 200,000 multisigs for a signer of 32); this way the GIN indexes find the few rows (6 ms) and they are sorted.
 */
const orderId = (byMember: boolean) => (byMember ? 'm.id + 0' : 'm.id');

/** Multisigs by id in the direction asked (id is unique: a total order). */
export async function multisigs(db: Queryable, filter: MultisigFilter, page: SortedPage): Promise<MultisigRow[]> {
  const { values, bind } = boundValues();
  return db.query<MultisigRow>(
    `select ${MULTISIG_COLUMNS}
       from multisig m where ${multisigConditions(filter, bind).join(' and ')}
      order by ${orderId(filter.members.length > 0)} ${page.sort === 'asc' ? 'asc' : 'desc'}
      limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

/** A multisig with its id, the key of its keyset pages. */
export type MultisigKeyRow = MultisigRow & { id: string };

/** Multisigs newest first by id (unique), as `multisig/wallets` lists them by default; `id + 0` by member (see orderId). */
export const multisigKey = (byMember: boolean): readonly KeyColumn[] => [{ expr: orderId(byMember), type: 'int8', field: 'id' }];

/** A keyset page of the multisigs matching the filter, newest first (multisig_index_1 by id, the GIN indexes by member). */
export function multisigsKeyset(db: Queryable, filter: MultisigFilter, page: KeysetPage): Promise<MultisigKeyRow[]> {
  const { values, bind } = boundValues();
  const seek = keyset(multisigKey(filter.members.length > 0), page, bind);
  const where = [...multisigConditions(filter, bind), ...seek.where];
  return db.query<MultisigKeyRow>(
    `select m.id::text as id, ${MULTISIG_COLUMNS} from multisig m where ${where.join(' and ')} order by ${seek.order} limit ${seek.limit}`,
    values,
  );
}

/** The same keyset page of the multisigs each of several accounts is a signer or proposer of, in one statement. */
export function multisigPagesOfMembers(db: Queryable, members: readonly string[], page: KeysetPage): Promise<MultisigKeyRow[][]> {
  const { values, bind } = boundValues();
  const key = multisigKey(true);
  const seek = keyset(key, page, bind);
  const where = [memberCondition('array[K.parent]'), ...seek.where];
  return lateralPages(
    db,
    values,
    bind,
    members,
    `select m.id::text as id, ${MULTISIG_COLUMNS} from multisig m where ${where.join(' and ')}`,
    key,
    seek,
    (r: MultisigKeyRow) => r,
  );
}

/** Batch function of the multisig-by-address loader (null: not indexed). */
export async function multisigsByAddresses(db: Queryable, addresses: readonly string[]): Promise<(MultisigRow | null)[]> {
  const rows = await db.query<MultisigRow>(`select ${MULTISIG_COLUMNS} from multisig m where m.address = any($1::varchar[])`, [addresses]);
  return oneEach(addresses, rows, (r) => r.address);
}

const ORDER_COLUMNS = `o.id, o.address, o.multisig_address, o.order_seqno, o.threshold, o.sent_for_execution, o.approvals_mask,
  o.approvals_num, o.expiration_date, o.order_boc, o.signers::text[] as signers, o.last_transaction_lt, o.code_hash, o.data_hash`;

export interface OrderFilter {
  addresses: string[];
  multisigs: string[];
}

function orderConditions(filter: OrderFilter, bind: Bind): string[] {
  const where: string[] = [];
  if (filter.addresses.length > 0) where.push(`o.address = any(${bind(filter.addresses)}::varchar[])`);
  if (filter.multisigs.length > 0) where.push(`o.multisig_address = any(${bind(filter.multisigs)}::varchar[])`);
  return where;
}

/** Orders by id in the direction asked (a total order). */
export async function multisigOrders(db: Queryable, filter: OrderFilter, page: SortedPage): Promise<MultisigOrderRow[]> {
  const { values, bind } = boundValues();
  return db.query<MultisigOrderRow>(
    `select ${ORDER_COLUMNS} from multisig_orders o where ${orderConditions(filter, bind).join(' and ')}
      order by o.id ${page.sort === 'asc' ? 'asc' : 'desc'}
      limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

/** Orders newest first by id (unique), as `multisig/orders` lists them by default. */
export const MULTISIG_ORDER_KEY: readonly KeyColumn[] = [{ expr: 'o.id', type: 'int8', field: 'id' }];

/** A keyset page of the orders matching the filter, newest first (by address its primary key, by multisig multisig_orders_index_2). */
export function multisigOrdersKeyset(db: Queryable, filter: OrderFilter, page: KeysetPage): Promise<MultisigOrderRow[]> {
  const { values, bind } = boundValues();
  const seek = keyset(MULTISIG_ORDER_KEY, page, bind);
  const where = [...orderConditions(filter, bind), ...seek.where];
  return db.query<MultisigOrderRow>(
    `select ${ORDER_COLUMNS} from multisig_orders o where ${where.join(' and ')} order by ${seek.order} limit ${seek.limit}`,
    values,
  );
}

/** The same keyset page of the orders of several multisigs in one statement (multisig_orders_index_2, a lateral page each). */
export function orderPagesOf(db: Queryable, multisigAddresses: readonly string[], page: KeysetPage): Promise<MultisigOrderRow[][]> {
  const { values, bind } = boundValues();
  const seek = keyset(MULTISIG_ORDER_KEY, page, bind);
  const where = ['o.multisig_address = K.parent', ...seek.where];
  return lateralPages(
    db,
    values,
    bind,
    multisigAddresses,
    `select ${ORDER_COLUMNS} from multisig_orders o where ${where.join(' and ')}`,
    MULTISIG_ORDER_KEY,
    seek,
    (r: MultisigOrderRow) => r,
  );
}

/**
 * The newest `perMultisig` orders (by id) of each multisig, ascending by id within each: TON Center reads every
 * order of a page's multisigs; this bounds what one page returns.
 */
export async function newestOrdersOf(db: Queryable, multisigAddresses: string[], perMultisig: number): Promise<MultisigOrderRow[]> {
  if (multisigAddresses.length === 0) return [];
  const rows = await db.query<MultisigOrderRow>(
    `select ${ORDER_COLUMNS}
       from unnest($1::varchar[]) as w(address)
       cross join lateral (select * from multisig_orders where multisig_address = w.address order by id desc limit $2) o`,
    [multisigAddresses, perMultisig],
  );
  return rows.sort((a, b) => compareIds(a.id, b.id));
}

const compareIds = (a: string, b: string) => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);
