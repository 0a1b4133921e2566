import { createHash } from 'node:crypto';
import type { JsonNode } from '../jsonNode';
import type { AssetRows } from './rows';

/**
 * One element of `records` (dns/records) into `dns_entries`. The item address is the table's key; a record
 * trimmed of it (shared fixtures keep only `domain` and `dns_wallet`) is stored under a stand-in address,
 * `0:` + SHA-256 of `dns:<domain>`, so the rest of it can still be served (and is served with that address).
 */
export function readDnsRecord(e: JsonNode, out: AssetRows): void {
  const domain = e.get('domain').optStr();
  let item: string;
  if (e.has('nft_item_address')) item = e.get('nft_item_address').address();
  else if (domain !== null) item = `0:${createHash('sha256').update(`dns:${domain}`).digest('hex').toUpperCase()}`;
  else return e.get('nft_item_address').fail('expected the DNS item address (or at least the domain)');
  out.add('dns_entries', {
    nft_item_address: item,
    nft_item_owner: e.get('nft_item_owner').optAddress(),
    domain,
    dns_next_resolver: e.get('dns_next_resolver').optAddress(),
    dns_wallet: e.get('dns_wallet').optAddress(),
    dns_site_adnl: e.get('dns_site_adnl').optStr(),
    dns_storage_bag_id: e.get('dns_storage_bag_id').optStr(),
  });
}
