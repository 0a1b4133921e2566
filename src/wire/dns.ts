import type { DnsRecordRow } from '../data/dns';

export interface WireDnsRecord {
  nft_item_address: string;
  nft_item_owner: string | null;
  domain: string | null;
  dns_next_resolver: string | null;
  dns_wallet: string | null;
  dns_site_adnl: string | null;
  dns_storage_bag_id: string | null;
}

/** TON Center's DNSRecord, in its key order (a NULL domain, a 500 there, is null here). */
export const toWireDnsRecord = (r: DnsRecordRow): WireDnsRecord => ({
  nft_item_address: r.nft_item_address,
  nft_item_owner: r.nft_item_owner,
  domain: r.domain,
  dns_next_resolver: r.dns_next_resolver,
  dns_wallet: r.dns_wallet,
  dns_site_adnl: r.dns_site_adnl,
  dns_storage_bag_id: r.dns_storage_bag_id,
});

/** TON Center's address book of a DNS page: items, owners and wallets (not next resolvers). */
export const addressesOfRecord = (r: WireDnsRecord) => [r.nft_item_address, r.nft_item_owner, r.dns_wallet].filter((a): a is string => a !== null);
