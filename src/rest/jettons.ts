import type { RequestContext } from '../context';
import { findJettonBurns } from '../operations/jettonBurns';
import { findJettonMasters, type JettonMastersRequest } from '../operations/jettonMasters';
import { findJettonTransfers, type JettonEventsRequest } from '../operations/jettonTransfers';
import { findJettonWallets, type JettonWalletsRequest } from '../operations/jettonWallets';
import type { RequestSettings } from '../params/requestSettings';
import { bookAndMetadata } from '../shape/transactions';
import { toWireJettonBurn, toWireJettonMaster, toWireJettonTransfer, toWireJettonWallet } from '../wire/jettons';
import { PayloadTexts } from '../wire/payload';

/** GET /api/v3/jetton/masters: `{jetton_masters, address_book, metadata}` over the masters and their admins. */
export async function getJettonMasters(ctx: RequestContext, request: JettonMastersRequest, settings: RequestSettings) {
  const jetton_masters = (await findJettonMasters(ctx, request)).map(toWireJettonMaster);
  const addresses = jetton_masters.flatMap((m) => [m.address, m.admin_address]);
  return { body: { jetton_masters, ...(await bookAndMetadata(ctx, addresses, settings)) }, immutable: false };
}

/** GET /api/v3/jetton/wallets: `{jetton_wallets, address_book, metadata}` over the wallets, their owners and jettons. */
export async function getJettonWallets(ctx: RequestContext, request: JettonWalletsRequest, settings: RequestSettings) {
  const jetton_wallets = (await findJettonWallets(ctx, request)).map((row) => toWireJettonWallet(row, ctx.raw));
  const addresses = jetton_wallets.flatMap((w) => [w.address, w.owner, w.jetton]);
  return { body: { jetton_wallets, ...(await bookAndMetadata(ctx, addresses, settings)) }, immutable: false };
}

/** GET /api/v3/jetton/transfers: `{jetton_transfers, address_book, metadata}`, payloads decoded as TON Center decodes them. */
export async function getJettonTransfers(ctx: RequestContext, request: JettonEventsRequest, settings: RequestSettings) {
  const payloads = new PayloadTexts(ctx);
  const jetton_transfers = (await findJettonTransfers(ctx, request)).map((row) => toWireJettonTransfer(row, payloads));
  const addresses = jetton_transfers.flatMap((t) => [t.source, t.destination, t.source_wallet, t.jetton_master, t.response_destination]);
  return { body: { jetton_transfers, ...(await bookAndMetadata(ctx, addresses, settings)) }, immutable: false };
}

/** GET /api/v3/jetton/burns: `{jetton_burns, address_book, metadata}`. */
export async function getJettonBurns(ctx: RequestContext, request: JettonEventsRequest, settings: RequestSettings) {
  const payloads = new PayloadTexts(ctx);
  const jetton_burns = (await findJettonBurns(ctx, request)).map((row) => toWireJettonBurn(row, payloads));
  const addresses = jetton_burns.flatMap((b) => [b.owner, b.jetton_wallet, b.jetton_master, b.response_destination]);
  return { body: { jetton_burns, ...(await bookAndMetadata(ctx, addresses, settings)) }, immutable: false };
}
