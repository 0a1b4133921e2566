import type { Queryable } from '../db/types';
import { boundValues } from './sql';

/** A row of `vesting_contracts` as the route reads it, numbers as decimal text. */
export interface VestingRow {
  address: string;
  vesting_start_time: string | null;
  vesting_total_duration: string | null;
  unlock_period: string | null;
  cliff_duration: string | null;
  vesting_sender_address: string | null;
  owner_address: string | null;
  vesting_total_amount: string | null;
}

export type VestingSelector = { contracts: string[] } | { wallets: string[]; checkWhitelist: boolean };

/**
 * Vesting contracts by address, or those a wallet owns or funded (and, with `checkWhitelist`, those whose
 * whitelist holds it), by id in the direction asked (a total order).
 */
export async function vestingContracts(
  db: Queryable,
  selector: VestingSelector,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<VestingRow[]> {
  const { values, bind } = boundValues();
  let where: string;
  if ('contracts' in selector) where = `v.address = any(${bind(selector.contracts)}::varchar[])`;
  else {
    const wallets = bind(selector.wallets);
    const whitelisted = selector.checkWhitelist
      ? ` or exists (select 1 from vesting_whitelist w where w.vesting_contract_address = v.address and w.wallet_address = any(${wallets}::varchar[]))`
      : '';
    where = `(v.owner_address = any(${wallets}::varchar[]) or v.vesting_sender_address = any(${wallets}::varchar[])${whitelisted})`;
  }
  return db.query<VestingRow>(
    `select v.address, v.vesting_start_time, v.vesting_total_duration, v.unlock_period, v.cliff_duration,
            v.vesting_sender_address, v.owner_address, v.vesting_total_amount
       from vesting_contracts v where ${where}
      order by v.id ${page.sort === 'asc' ? 'asc' : 'desc'}
      limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

/**
 * The first `perContract` whitelist entries of each contract in the database's order of `wallet_address` (the
 * primary key serves it), as `[contract, wallet]` rows.
 */
export async function whitelists(
  db: Queryable,
  contracts: string[],
  perContract: number,
): Promise<{ vesting_contract_address: string; wallet_address: string }[]> {
  if (contracts.length === 0) return [];
  return db.query(
    `select c.address as vesting_contract_address, w.wallet_address
       from unnest($1::varchar[]) with ordinality as c(address, n)
       cross join lateral (select wallet_address from vesting_whitelist where vesting_contract_address = c.address
                            order by wallet_address limit $2) w
      order by c.n, w.wallet_address`,
    [contracts, perContract],
  );
}
