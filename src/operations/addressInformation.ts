/**
 * addressInformation and walletInformation (TON HTTP API v2's shapes served from the index): one account's
 * balance, code, data and status, or its wallet fields.
 */
import type { RequestContext } from '../context';
import { ApiError } from '../errors';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import { findWalletStates } from './walletStates';

const USE_V2 = {
  kind: 'boolean',
  description: "true: ask TON HTTP API v2 instead of the index (TON Center's proxy); default false.",
} as const;

const accountRoute = (what: string) =>
  ({
    params: {
      address: {
        kind: 'address',
        required: 'address of account is required',
        description: `The account${what}: raw (\`<workchain>:<hex>\`, any case) or user-friendly (base64 or base64url, any flags).`,
      },
      use_v2: USE_V2,
    },
  }) as const satisfies RouteParams;

export const ADDRESS_INFORMATION = accountRoute('');
export const WALLET_INFORMATION = accountRoute(' (a wallet)');

export interface AccountAddressRequest {
  address: string;
  useV2: boolean;
}

/**
 * The checked parameters. A missing address is TON Center's 401 `address of account is required` (its other
 * parameters are checked first, so a bad one is still named); a bad one is 422.
 */
export function accountAddressRequest(source: ParamSource): AccountAddressRequest {
  if (source.single('address') === undefined) {
    parseParams({ params: { use_v2: USE_V2 } }, source);
    throw new ApiError(401, 'address of account is required', 'BAD_USER_INPUT');
  }
  const p = parseParams(ADDRESS_INFORMATION, source);
  return { address: p.address, useV2: p.use_v2 ?? false };
}

/** The account's latest state with its cells, null when the indexer has none. */
export const findAddressInformation = (ctx: RequestContext, request: AccountAddressRequest) => ctx.loaders.latestState.load(request.address);

/** The account's latest state read as a wallet, null when the indexer has none. */
export async function findWalletInformation(ctx: RequestContext, request: AccountAddressRequest) {
  const [state] = await findWalletStates(ctx, { accounts: [request.address], codeHashes: [] });
  return state ?? null;
}
