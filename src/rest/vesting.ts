import type { RequestContext } from '../context';
import { findVestings, type VestingRequest } from '../operations/vesting';
import type { RequestSettings } from '../params/requestSettings';
import { addressBook } from '../shape/transactions';
import { addressesOfVesting, toWireVesting } from '../wire/vesting';

/** GET /api/v3/vesting: `{vesting_contracts, address_book}` (no metadata). */
export async function getVesting(ctx: RequestContext, request: VestingRequest, settings: RequestSettings) {
  const contracts = (await findVestings(ctx, request)).map(({ row, whitelist }) => toWireVesting(row, whitelist, ctx.raw));
  return {
    body: {
      vesting_contracts: contracts,
      address_book: settings.noAddressBook ? {} : await addressBook(ctx, contracts.flatMap(addressesOfVesting)),
    },
    immutable: false,
  };
}
