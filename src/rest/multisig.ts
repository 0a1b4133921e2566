import type { RequestContext } from '../context';
import { findMultisigOrders, findMultisigs, type MultisigOrdersRequest, type MultisigWalletsRequest } from '../operations/multisig';
import type { RequestSettings } from '../params/requestSettings';
import { addressBook } from '../shape/transactions';
import { addressesOfMultisig, addressesOfOrder, toWireMultisig, toWireMultisigOrder } from '../wire/multisig';

/** GET /api/v3/multisig/wallets: `{multisigs, address_book}` (no metadata); orders unparsed (`actions` null). */
export async function getMultisigs(ctx: RequestContext, request: MultisigWalletsRequest, settings: RequestSettings) {
  const found = await findMultisigs(ctx, request);
  const multisigs = found.map(({ row, orders }) =>
    toWireMultisig(row, orders === null ? null : orders.map((o) => toWireMultisigOrder(o, null, ctx.raw)), ctx.raw),
  );
  return {
    body: { multisigs, address_book: settings.noAddressBook ? {} : await addressBook(ctx, multisigs.flatMap(addressesOfMultisig)) },
    immutable: false,
  };
}

/** GET /api/v3/multisig/orders: `{orders, address_book}` (no metadata); with parse_actions, the addresses inside actions too. */
export async function getMultisigOrders(ctx: RequestContext, request: MultisigOrdersRequest, settings: RequestSettings) {
  const found = await findMultisigOrders(ctx, request);
  const orders = found.map(({ row, actions }) => toWireMultisigOrder(row, actions, ctx.raw));
  const addresses = found.flatMap(({ actions }, i) => addressesOfOrder(orders[i], actions));
  return { body: { orders, address_book: settings.noAddressBook ? {} : await addressBook(ctx, addresses) }, immutable: false };
}
