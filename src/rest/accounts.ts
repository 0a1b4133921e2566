import type { RequestContext } from '../context';
import type { LatestStatesFilter } from '../data/accountStates';
import { findAccountStates } from '../operations/accountStates';
import { findAddressInformation, findWalletInformation, type AccountAddressRequest } from '../operations/addressInformation';
import { addressInformationV2, walletInformationV2 } from '../operations/v2Proxy';
import { findTopAccounts, type TopAccountsRequest } from '../operations/topAccountsByBalance';
import { findWalletStates, type WalletStatesRequest } from '../operations/walletStates';
import type { RequestSettings } from '../params/requestSettings';
import { bookAndMetadata } from '../shape/transactions';
import { toWireAccountState, toWireAddressInformation, toWireWalletInformation, toWireWalletState } from '../wire/accounts';

/** GET /api/v3/accountStates: `{accounts, address_book, metadata}`, the book and metadata over the accounts returned. */
export async function getAccountStates(ctx: RequestContext, request: LatestStatesFilter, settings: RequestSettings) {
  const rows = await findAccountStates(ctx, request);
  const accounts = rows.map(toWireAccountState);
  return {
    body: {
      accounts,
      ...(await bookAndMetadata(
        ctx,
        rows.map((r) => r.account),
        settings,
      )),
    },
    immutable: false,
  };
}

/** GET /api/v3/walletStates: `{wallets, address_book, metadata}`. */
export async function getWalletStates(ctx: RequestContext, request: WalletStatesRequest, settings: RequestSettings) {
  const states = await findWalletStates(ctx, request);
  const wallets = states.map(toWireWalletState);
  return {
    body: {
      wallets,
      ...(await bookAndMetadata(
        ctx,
        states.map((s) => s.row.account),
        settings,
      )),
    },
    immutable: false,
  };
}

/** GET /api/v3/addressInformation (and /account): the bare object, TON Center's stub when the account is unknown. */
export async function getAddressInformation(ctx: RequestContext, request: AccountAddressRequest, settings: RequestSettings) {
  const body = request.useV2
    ? await addressInformationV2(ctx, request.address, settings)
    : toWireAddressInformation(await findAddressInformation(ctx, request));
  return { body, immutable: false };
}

/** GET /api/v3/walletInformation (and /wallet): the bare object; 409 for an account that is not a wallet. */
export async function getWalletInformation(ctx: RequestContext, request: AccountAddressRequest, settings: RequestSettings) {
  const body = request.useV2 ? await walletInformationV2(ctx, request.address, settings) : toWireWalletInformation(await findWalletInformation(ctx, request));
  return { body, immutable: false };
}

/** GET /api/v3/topAccountsByBalance: a bare array of `{account, balance}`. */
export async function getTopAccountsByBalance(ctx: RequestContext, request: TopAccountsRequest) {
  return { body: await findTopAccounts(ctx, request), immutable: false };
}
