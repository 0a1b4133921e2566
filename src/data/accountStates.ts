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

/** An account's latest state (ton-indexer `latest_account_states`), with its BOCs and its last transaction. */
export interface LatestStateRow extends AccountStateRow {
  account: string;
  timestamp: number | null;
  last_trans_hash: string | null;
  last_trans_lt: string | null;
  data_boc: string | null;
  code_boc: string | null;
}

/** Batch function for the latest-state loader, by account (null: the indexer has no state for it). */
export async function latestStatesByAccounts(db: Queryable, accounts: readonly string[]): Promise<(LatestStateRow | null)[]> {
  const rows = await db.query<LatestStateRow>(
    `select account, hash, balance, balance_extra_currencies, account_status, timestamp, last_trans_hash, last_trans_lt,
            frozen_hash, data_hash, code_hash, data_boc, code_boc
       from latest_account_states where account = any($1::text[])`,
    [accounts],
  );
  const byAccount = new Map(rows.map((r) => [r.account, r]));
  return accounts.map((a) => byAccount.get(a) ?? null);
}
