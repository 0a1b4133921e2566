import type { Queryable } from '../db/types';
import type { AddressInfoRow } from './rows';

/**
 * Batch function for the address-book loader: latest state's code hash and status, the contract's get-method
 * ids, and the shortest domain whose wallet record points back at the account (toncenter's rule; the first of equally
 * short ones by name), in one query.
 */
export async function addressInfoByAccounts(db: Queryable, accounts: readonly string[]): Promise<AddressInfoRow[]> {
  const rows = await db.query<AddressInfoRow>(
    `select a.account, las.account is not null as has_state, las.code_hash, las.account_status,
            cm.methods::text[] as methods, d.domain
       from unnest($1::varchar[]) as a(account)
       left join latest_account_states las on las.account = a.account
       left join contract_methods cm on cm.code_hash = las.code_hash
       left join lateral (
         select domain from dns_entries
          where nft_item_owner = a.account and nft_item_owner = dns_wallet
          order by length(domain), domain limit 1) d on true`,
    [accounts],
  );
  const byAccount = new Map(rows.map((r) => [r.account, r]));
  return accounts.map((a) => byAccount.get(a)!);
}
