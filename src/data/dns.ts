import type { Queryable } from '../db/types';
import { boundValues, keyset, lateralPages, type Bind, type KeyColumn, type KeysetPage } from './sql';

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

const COLUMNS = `D.nft_item_address, D.nft_item_owner, D.domain, D.dns_next_resolver, D.dns_wallet, D.dns_site_adnl, D.dns_storage_bag_id`;

const selectorCondition = (selector: DnsSelector, bind: Bind) =>
  'wallet' in selector ? `D.dns_wallet = ${bind(selector.wallet)}` : `D.domain = ${bind(selector.domain)}`;

/**
 * The DNS items whose `wallet` record is this address (`dns_entries_index_3`), or whose domain is exactly this
 * name (no index: a sequential scan of the table), shortest domain first, then by name in the database's
 * collation, then by item address: a total order.
 */
export async function dnsRecords(db: Queryable, selector: DnsSelector, page: { limit: number; offset: number }): Promise<DnsRecordRow[]> {
  const { values, bind } = boundValues();
  return db.query<DnsRecordRow>(
    `select ${COLUMNS}
       from dns_entries D where ${selectorCondition(selector, bind)}
      order by length(D.domain), D.domain, D.nft_item_address
      limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

/** A record with the first column of its keyset key (null for an item without a domain, which sorts last). */
export type DnsRecordKeyRow = DnsRecordRow & { domain_length: number | null };

/** dns/records' order as a keyset key: shortest domain first, then by name, then by item address (the table's key). */
export const DNS_RECORD_KEY: readonly KeyColumn[] = [
  { expr: 'length(D.domain)', type: 'int8', field: 'domain_length', nullable: true },
  { expr: 'D.domain', type: 'text', field: 'domain', nullable: true },
  { expr: 'D.nft_item_address', type: 'address', field: 'nft_item_address' },
];

const KEYED = `${COLUMNS}, length(D.domain) as domain_length`;

/** A keyset page of dns/records' list, in its order (`dns_entries_index_3` by wallet; a scan by domain, as REST). */
export function dnsRecordsKeyset(db: Queryable, selector: DnsSelector, page: KeysetPage): Promise<DnsRecordKeyRow[]> {
  const { values, bind } = boundValues();
  const seek = keyset(DNS_RECORD_KEY, page, bind, 'asc');
  const where = [selectorCondition(selector, bind), ...seek.where];
  return db.query<DnsRecordKeyRow>(`select ${KEYED} from dns_entries D where ${where.join(' and ')} order by ${seek.order} limit ${seek.limit}`, values);
}

/** The same keyset page of the records pointing at each of several wallets, in one statement (a lateral page each). */
export function dnsRecordPagesOf(db: Queryable, wallets: readonly string[], page: KeysetPage): Promise<DnsRecordKeyRow[][]> {
  const { values, bind } = boundValues();
  const seek = keyset(DNS_RECORD_KEY, page, bind, 'asc');
  const where = ['D.dns_wallet = K.parent', ...seek.where];
  return lateralPages(
    db,
    values,
    bind,
    wallets,
    `select ${KEYED} from dns_entries D where ${where.join(' and ')}`,
    DNS_RECORD_KEY,
    seek,
    (r: DnsRecordKeyRow) => r,
  );
}
