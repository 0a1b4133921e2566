import type { Queryable } from '../db/types';
import type { AccountStateRow } from './rows';

/** Batch function for the account-state-by-hash loader. */
export async function accountStatesByHashes(db: Queryable, hashes: readonly string[]): Promise<(AccountStateRow | null)[]> {
  const rows = await db.query<AccountStateRow>(
    `select hash, account, balance, balance_extra_currencies, account_status, frozen_hash, data_hash, code_hash
       from account_states where hash = any($1::text[]::tonhash[])`,
    [hashes],
  );
  const byHash = new Map(rows.map((r) => [r.hash, r]));
  return hashes.map((h) => byHash.get(h) ?? null);
}
