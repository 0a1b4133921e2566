import type { JsonNode } from '../jsonNode';
import type { AssetRows } from './rows';

const addressList = (n: JsonNode) => (n.isNull() ? null : n.list().map((a) => a.address()));

/** One order (multisig/orders, or nested in a multisig) into `multisig_orders`; its actions come from its BOC. */
export function readMultisigOrder(e: JsonNode, out: AssetRows): void {
  out.add('multisig_orders', {
    address: e.get('address').address(),
    multisig_address: e.get('multisig_address').optAddress(),
    order_seqno: e.get('order_seqno').optDecimal(),
    threshold: e.get('threshold').optInt64(),
    sent_for_execution: e.get('sent_for_execution').optBool(),
    approvals_mask: e.get('approvals_mask').optDecimal(),
    approvals_num: e.get('approvals_num').optInt64(),
    expiration_date: e.get('expiration_date').optInt64(),
    order_boc: e.get('order_boc').optStr(),
    signers: addressList(e.get('signers')),
    last_transaction_lt: e.get('last_transaction_lt').optInt64(),
    code_hash: e.get('code_hash').optHash(),
    data_hash: e.get('data_hash').optHash(),
  });
}

/** One element of `multisigs` (multisig/wallets) into `multisig`, and its orders into `multisig_orders`. */
export function readMultisig(e: JsonNode, out: AssetRows): void {
  out.add('multisig', {
    address: e.get('address').address(),
    next_order_seqno: e.get('next_order_seqno').optDecimal(),
    threshold: e.get('threshold').optInt64(),
    signers: addressList(e.get('signers')),
    proposers: addressList(e.get('proposers')),
    last_transaction_lt: e.get('last_transaction_lt').optInt64(),
    code_hash: e.get('code_hash').optHash(),
    data_hash: e.get('data_hash').optHash(),
  });
  const orders = e.get('orders');
  if (!orders.isNull()) for (const order of orders.list()) readMultisigOrder(order, out);
}
