/** multisig/wallets and multisig/orders: multisig v2 contracts and their orders. */
import type { RequestContext } from '../context';
import { type MultisigOrderRow, type MultisigRow, multisigOrders, multisigs, newestOrdersOf } from '../data/multisig';
import { parseOrderActions, type OrderAction } from '../multisig/orderActions';
import { addresses, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

/** The orders a multisig carries in `multisig/wallets` at most: its newest by id (TON Center reads them all). */
export const ORDERS_PER_MULTISIG = 100;

const BY_ID = {
  ...SORT,
  description: 'By row id: the order in which the indexer first stored them (desc: newest first).',
} as const;

export const MULTISIG_WALLETS = {
  params: {
    address: addresses('Multisig contracts'),
    wallet_address: addresses('Multisigs where any of these is a signer or a proposer'),
    include_orders: {
      kind: 'boolean',
      description: `With each multisig's orders (default true): at most its ${ORDERS_PER_MULTISIG} newest, ascending by id.`,
    },
    ...paging('Multisigs', 100),
    sort: BY_ID,
  },
  atLeastOne: [['address', 'wallet_address']],
} as const satisfies RouteParams;

export const MULTISIG_ORDERS = {
  params: {
    address: addresses('Orders'),
    multisig_address: addresses('Orders of these multisigs'),
    parse_actions: { kind: 'boolean', description: "Each order's actions read from its BOC (default false: `actions` is null)." },
    ...paging('Orders', 100),
    sort: BY_ID,
  },
  atLeastOne: [['address', 'multisig_address']],
} as const satisfies RouteParams;

export interface MultisigWalletsRequest {
  filter: { addresses: string[]; members: string[] };
  includeOrders: boolean;
  page: { limit: number; offset: number; sort: 'asc' | 'desc' };
}

export function multisigWalletsRequest(source: ParamSource): MultisigWalletsRequest {
  const p = parseParams(MULTISIG_WALLETS, source);
  return {
    filter: { addresses: p.address, members: p.wallet_address },
    includeOrders: p.include_orders ?? true,
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

export interface MultisigWithOrders {
  row: MultisigRow;
  /** null: orders asked for and none found (TON Center's `null`); []: not asked for. */
  orders: MultisigOrderRow[] | null;
}

export async function findMultisigs(ctx: RequestContext, request: MultisigWalletsRequest): Promise<MultisigWithOrders[]> {
  const rows = await multisigs(ctx.db, request.filter, request.page);
  if (!request.includeOrders) return rows.map((row) => ({ row, orders: [] }));
  const orders = await newestOrdersOf(
    ctx.db,
    rows.map((r) => r.address),
    ORDERS_PER_MULTISIG,
  );
  const byMultisig = new Map<string | null, typeof orders>();
  for (const o of orders) {
    const list = byMultisig.get(o.multisig_address);
    if (list) list.push(o);
    else byMultisig.set(o.multisig_address, [o]);
  }
  return rows.map((row) => ({ row, orders: byMultisig.get(row.address) ?? null }));
}

export interface MultisigOrdersRequest {
  filter: { addresses: string[]; multisigs: string[] };
  parseActions: boolean;
  page: { limit: number; offset: number; sort: 'asc' | 'desc' };
}

export function multisigOrdersRequest(source: ParamSource): MultisigOrdersRequest {
  const p = parseParams(MULTISIG_ORDERS, source);
  return {
    filter: { addresses: p.address, multisigs: p.multisig_address },
    parseActions: p.parse_actions ?? false,
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

export interface OrderWithActions {
  row: MultisigOrderRow;
  /** null when not asked for, when the order has no BOC, or when its BOC does not read. */
  actions: OrderAction[] | null;
}

export async function findMultisigOrders(ctx: RequestContext, request: MultisigOrdersRequest): Promise<OrderWithActions[]> {
  const rows = await multisigOrders(ctx.db, request.filter, request.page);
  return rows.map((row) => ({ row, actions: request.parseActions ? parseOrderActions(row.order_boc) : null }));
}
