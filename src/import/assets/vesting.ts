import type { JsonNode } from '../jsonNode';
import type { AssetRows } from './rows';

/** One element of `vesting_contracts` (vesting) into `vesting_contracts`, its whitelist into `vesting_whitelist`. */
export function readVesting(e: JsonNode, out: AssetRows): void {
  const address = e.get('address').address();
  const int32 = (key: string) => e.get(key).optInt(-(2 ** 31), 2 ** 31 - 1);
  out.add('vesting_contracts', {
    address,
    vesting_start_time: int32('start_time'),
    vesting_total_duration: int32('total_duration'),
    unlock_period: int32('unlock_period'),
    cliff_duration: int32('cliff_duration'),
    vesting_sender_address: e.get('sender_address').optAddress(),
    owner_address: e.get('owner_address').optAddress(),
    vesting_total_amount: e.get('total_amount').optDecimal(),
  });
  const whitelist = e.get('whitelist');
  if (!whitelist.isNull()) {
    for (const wallet of whitelist.list()) out.add('vesting_whitelist', { vesting_contract_address: address, wallet_address: wallet.address() });
  }
}
