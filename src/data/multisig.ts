import type { Queryable } from '../db/types';
import { boundValues } from './sql';

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

export type Sort = 'asc' | 'desc';

export interface MultisigFilter {
  addresses: string[];
  /** Multisigs where any of these is a signer or a proposer (the GIN indexes serve `&&`). */
  members: string[];
}

/**
 * Multisigs by id in the direction asked (id is unique: a total order). By member, the order is `id + 0`: the
 * planner cannot estimate `&&` on addresses and would walk the id index backwards filtering every row (600 ms on
 * 200,000 multisigs for a signer of 32); this way the GIN indexes find the few rows (6 ms) and they are sorted.
 */
export async function multisigs(db: Queryable, filter: MultisigFilter, page: { limit: number; offset: number; sort: Sort }): Promise<MultisigRow[]> {
  const { values, bind } = boundValues();
  const where: string[] = [];
  if (filter.addresses.length > 0) where.push(`m.address = any(${bind(filter.addresses)}::varchar[])`);
  if (filter.members.length > 0) {
    const members = bind(filter.members);
    where.push(`(m.signers && ${members}::varchar[]::tonaddr[] or m.proposers && ${members}::varchar[]::tonaddr[])`);
  }
  return db.query<MultisigRow>(
    `select m.address, m.next_order_seqno, m.threshold, m.signers::text[] as signers, m.proposers::text[] as proposers,
            m.last_transaction_lt, m.code_hash, m.data_hash
       from multisig m where ${where.join(' and ')}
      order by ${filter.members.length > 0 ? 'm.id + 0' : 'm.id'} ${page.sort === 'asc' ? 'asc' : 'desc'}
      limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

const ORDER_COLUMNS = `o.id, o.address, o.multisig_address, o.order_seqno, o.threshold, o.sent_for_execution, o.approvals_mask,
  o.approvals_num, o.expiration_date, o.order_boc, o.signers::text[] as signers, o.last_transaction_lt, o.code_hash, o.data_hash`;

export interface OrderFilter {
  addresses: string[];
  multisigs: string[];
}

/** Orders by id in the direction asked (a total order). */
export async function multisigOrders(db: Queryable, filter: OrderFilter, page: { limit: number; offset: number; sort: Sort }): Promise<MultisigOrderRow[]> {
  const { values, bind } = boundValues();
  const where: string[] = [];
  if (filter.addresses.length > 0) where.push(`o.address = any(${bind(filter.addresses)}::varchar[])`);
  if (filter.multisigs.length > 0) where.push(`o.multisig_address = any(${bind(filter.multisigs)}::varchar[])`);
  return db.query<MultisigOrderRow>(
    `select ${ORDER_COLUMNS} from multisig_orders o where ${where.join(' and ')}
      order by o.id ${page.sort === 'asc' ? 'asc' : 'desc'}
      limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
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
