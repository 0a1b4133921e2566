import type { VestingRow } from '../data/vesting';
import { jsonInteger } from './goJson';
import type { RawTexts } from './rawJson';

export interface WireVesting {
  address: string;
  start_time: number | string | null;
  total_duration: number | string | null;
  unlock_period: number | string | null;
  cliff_duration: number | string | null;
  sender_address: string | null;
  owner_address: string | null;
  total_amount: string | null;
  whitelist: string[];
}

/** TON Center's VestingInfo, in its key order. */
export const toWireVesting = (r: VestingRow, whitelist: string[], raw: RawTexts): WireVesting => ({
  address: r.address,
  start_time: jsonInteger(r.vesting_start_time, raw),
  total_duration: jsonInteger(r.vesting_total_duration, raw),
  unlock_period: jsonInteger(r.unlock_period, raw),
  cliff_duration: jsonInteger(r.cliff_duration, raw),
  sender_address: r.vesting_sender_address,
  owner_address: r.owner_address,
  total_amount: r.vesting_total_amount,
  whitelist,
});

export const addressesOfVesting = (v: WireVesting): string[] =>
  [v.address, v.sender_address, v.owner_address, ...v.whitelist].filter((a): a is string => a !== null);
