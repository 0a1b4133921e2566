import type { Queryable } from '../db/types';
import { type Bind, boundValues, groupedBy, type KeyColumn, keyset, type KeysetPage, lateralPages } from './sql';

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

const COLUMNS = `v.address, v.vesting_start_time, v.vesting_total_duration, v.unlock_period, v.cliff_duration,
            v.vesting_sender_address, v.owner_address, v.vesting_total_amount`;

/** How a wallet is party to a vesting contract. */
export type VestingRole = 'owner' | 'sender' | 'whitelisted';

/**
 * The ids of the contracts where a wallet matching `match` (a condition on a wallet column) has one of `roles`:
 * one branch per role, each on its own index (vesting_index_3 owner, _2 sender, _1 the whitelist).
 */
const idsByRole = (roles: readonly VestingRole[], match: (column: string) => string) =>
  roles
    .map((role) =>
      role === 'whitelisted'
        ? `select c.id from vesting_whitelist w join vesting_contracts c on c.address = w.vesting_contract_address where ${match('w.wallet_address')}`
        : `select id from vesting_contracts where ${match(role === 'owner' ? 'owner_address' : 'vesting_sender_address')}`,
    )
    .join(' union all ');

/**
 * By wallet with the whitelist, the contracts' ids come from one branch per role: an `or` with an `exists` on
 * the whitelist cannot use the indexes, and the planner walks the id index filtering every row (measured once by
 * hand: 450 ms on 200,000 contracts against 4 ms).
 */
function selectorCondition(selector: VestingSelector, bind: Bind): string {
  if ('contracts' in selector) return `v.address = any(${bind(selector.contracts)}::varchar[])`;
  const wallets = bind(selector.wallets);
  if (selector.checkWhitelist) return `v.id in (${idsByRole(['owner', 'sender', 'whitelisted'], (column) => `${column} = any(${wallets}::varchar[])`)})`;
  return `(v.owner_address = any(${wallets}::varchar[]) or v.vesting_sender_address = any(${wallets}::varchar[]))`;
}

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
  return db.query<VestingRow>(
    `select ${COLUMNS}
       from vesting_contracts v where ${selectorCondition(selector, bind)}
      order by v.id ${page.sort === 'asc' ? 'asc' : 'desc'}
      limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

/** A contract with its id, the key of its keyset pages. */
export type VestingKeyRow = VestingRow & { id: string };

/** Contracts in the order the indexer first stored them (their id, unique), as `vesting` lists them by default. */
export const VESTING_KEY: readonly KeyColumn[] = [{ expr: 'v.id', type: 'int8', field: 'id' }];

/** A keyset page of the vesting route's list, oldest first (vesting_index_4 by id; by wallet _2 and _3, and _1 for whitelists). */
export function vestingContractsKeyset(db: Queryable, selector: VestingSelector, page: KeysetPage): Promise<VestingKeyRow[]> {
  const { values, bind } = boundValues();
  const seek = keyset(VESTING_KEY, page, bind, 'asc');
  const where = [selectorCondition(selector, bind), ...seek.where];
  return db.query<VestingKeyRow>(
    `select v.id::text as id, ${COLUMNS} from vesting_contracts v where ${where.join(' and ')} order by ${seek.order} limit ${seek.limit}`,
    values,
  );
}

/** A contract as one of a wallet's: which of the roles it has there. */
export type WalletVestingRow = VestingKeyRow & { is_owner: boolean; is_sender: boolean; is_whitelisted: boolean };

/**
 * The same keyset page of the contracts each of several wallets has one of `roles` in, in one statement (a
 * lateral page each): the contracts' ids from one branch per role, then the page by id, each contract once with
 * every role the wallet has in it.
 */
export function vestingPagesOf(db: Queryable, roles: readonly VestingRole[], wallets: readonly string[], page: KeysetPage): Promise<WalletVestingRow[][]> {
  const { values, bind } = boundValues();
  const seek = keyset(VESTING_KEY, page, bind, 'asc');
  const inner = `select v.id::text as id, ${COLUMNS}, v.owner_address = K.parent as is_owner, v.vesting_sender_address = K.parent as is_sender,
            exists (select 1 from vesting_whitelist w where w.vesting_contract_address = v.address and w.wallet_address = K.parent) as is_whitelisted
       from (select distinct b.id from (${idsByRole(roles, (column) => `${column} = K.parent`)}) b) i
       join vesting_contracts v on v.id = i.id${seek.where.length > 0 ? ` where ${seek.where.join(' and ')}` : ''}`;
  return lateralPages(db, values, bind, wallets, inner, VESTING_KEY, seek, (r: WalletVestingRow) => r);
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

/** The whitelist entries a contract carries at most (TON Center reads them all). */
export const WHITELIST_PER_CONTRACT = 100;

/** Each contract's whitelist, at most WHITELIST_PER_CONTRACT wallets in the database's order (the loader's batch function). */
export async function whitelistsOf(db: Queryable, contracts: readonly string[]): Promise<string[][]> {
  const entries = await whitelists(db, [...contracts], WHITELIST_PER_CONTRACT);
  return groupedBy(
    contracts,
    entries,
    (e) => e.vesting_contract_address,
    (e) => e.wallet_address,
  );
}
