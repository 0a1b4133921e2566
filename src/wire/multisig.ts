import type { MultisigOrderRow, MultisigRow } from '../data/multisig';
import { addressesOfAction, type OrderAction, type ParsedBody } from '../multisig/orderActions';
import { jsonInteger } from './goJson';
import type { RawTexts } from './rawJson';

export interface WireOrderAction extends Omit<OrderAction, 'parsed_body'> {
  parsed_body: Record<string, unknown> | null;
}

export interface WireMultisigOrder {
  address: string;
  multisig_address: string | null;
  order_seqno: string | null;
  threshold: number | string | null;
  sent_for_execution: boolean | null;
  approvals_mask: string | null;
  approvals_num: number | string | null;
  expiration_date: number | string | null;
  order_boc: string | null;
  signers: string[] | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
  actions: WireOrderAction[] | null;
}

export interface WireMultisig {
  address: string;
  next_order_seqno: string | null;
  threshold: number | string | null;
  signers: string[] | null;
  proposers: string[] | null;
  last_transaction_lt: string | null;
  code_hash: string | null;
  data_hash: string | null;
  orders: WireMultisigOrder[] | null;
}

/** A parsed body with its 64-bit query ids as exact JSON numbers, keys in the parser's (TON Center's) order. */
const toWireBody = (body: ParsedBody, raw: RawTexts) =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'bigint' ? jsonInteger(v, raw) : v]));

export const toWireOrderAction = (a: OrderAction, raw: RawTexts): WireOrderAction => ({
  ...a,
  parsed_body: a.parsed_body && toWireBody(a.parsed_body, raw),
});

/** TON Center's MultisigOrder, in its key order. */
export const toWireMultisigOrder = (r: MultisigOrderRow, actions: OrderAction[] | null, raw: RawTexts): WireMultisigOrder => ({
  address: r.address,
  multisig_address: r.multisig_address,
  order_seqno: r.order_seqno,
  threshold: jsonInteger(r.threshold, raw),
  sent_for_execution: r.sent_for_execution,
  approvals_mask: r.approvals_mask,
  approvals_num: jsonInteger(r.approvals_num, raw),
  expiration_date: jsonInteger(r.expiration_date, raw),
  order_boc: r.order_boc,
  signers: r.signers,
  last_transaction_lt: r.last_transaction_lt,
  code_hash: r.code_hash,
  data_hash: r.data_hash,
  actions: actions === null ? null : actions.map((a) => toWireOrderAction(a, raw)),
});

/** TON Center's Multisig, in its key order. */
export const toWireMultisig = (r: MultisigRow, orders: WireMultisigOrder[] | null, raw: RawTexts): WireMultisig => ({
  address: r.address,
  next_order_seqno: r.next_order_seqno,
  threshold: jsonInteger(r.threshold, raw),
  signers: r.signers,
  proposers: r.proposers,
  last_transaction_lt: r.last_transaction_lt,
  code_hash: r.code_hash,
  data_hash: r.data_hash,
  orders,
});

/** An order's address book share: itself, its multisig, its signers, and (parsed) every address its actions name. */
export function addressesOfOrder(o: WireMultisigOrder, actions: OrderAction[] | null): string[] {
  return [o.address, ...(o.multisig_address ? [o.multisig_address] : []), ...(o.signers ?? []), ...(actions ?? []).flatMap(addressesOfAction)];
}

/** A multisig's share: itself, its signers and proposers, and each order's address and signers. */
export const addressesOfMultisig = (m: WireMultisig): string[] => [
  m.address,
  ...(m.signers ?? []),
  ...(m.proposers ?? []),
  ...(m.orders ?? []).flatMap((o) => [o.address, ...(o.signers ?? [])]),
];
