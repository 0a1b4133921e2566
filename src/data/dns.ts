import type { Queryable } from '../db/types';
import { boundValues } from './sql';

/** A row of `dns_entries` as the route reads it. */
export interface DnsRecordRow {
  nft_item_address: string;
  nft_item_owner: string | null;
  domain: string | null;
  dns_next_resolver: string | null;
  dns_wallet: string | null;
  dns_site_adnl: string | null;
  dns_storage_bag_id: string | null;
}

export type DnsSelector = { wallet: string } | { domain: string };

/**
 * The DNS items whose `wallet` record is this address (`dns_entries_index_3`), or whose domain is exactly this
 * name (no index: a sequential scan of the table), shortest domain first, then by name in the database's
 * collation, then by item address: a total order.
 */
export async function dnsRecords(db: Queryable, selector: DnsSelector, page: { limit: number; offset: number }): Promise<DnsRecordRow[]> {
  const { values, bind } = boundValues();
  const where = 'wallet' in selector ? `dns_wallet = ${bind(selector.wallet)}` : `domain = ${bind(selector.domain)}`;
  return db.query<DnsRecordRow>(
    `select nft_item_address, nft_item_owner, domain, dns_next_resolver, dns_wallet, dns_site_adnl, dns_storage_bag_id
       from dns_entries where ${where}
      order by length(domain), domain, nft_item_address
      limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}
