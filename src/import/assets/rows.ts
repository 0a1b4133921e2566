/**
 * Rows of the asset tables (jettons, NFTs, DNS, multisig, vesting, account states) read from a v3 response, and how
 * each table is written: the envelopes of the asset routes (`jetton_wallets`, `nft_items`, `records`, …) are read by
 * the readers of `envelopes.ts` into these rows, then `write.ts` inserts them after the transactions and metadata.
 */

import type { JsonNode } from '../jsonNode';

/** The transaction columns of an event row (jetton and NFT transfers, jetton burns; mc_seqno is not in the response). */
export const eventColumns = (e: JsonNode) => ({
  tx_hash: e.get('transaction_hash').hash(),
  tx_lt: e.get('transaction_lt').int64(),
  tx_now: e.get('transaction_now').int(0),
  tx_aborted: e.get('transaction_aborted').bool(),
});

/** How a table's rows land: a state (the file's row replaces the stored one) or an event (kept as first written). */
export interface AssetTable {
  /** Its primary key columns. */
  key: readonly string[];
  /** `state`: on conflict every column the rows name is replaced; `event`: on conflict the row is skipped. */
  kind: 'state' | 'event';
}

/** The asset tables in the order they are written, with their primary keys (src/db/schema.sql). */
export const ASSET_TABLES = {
  latest_account_states: { key: ['account'], kind: 'state' },
  contract_methods: { key: ['code_hash'], kind: 'state' },
  jetton_masters: { key: ['address'], kind: 'state' },
  mintless_jetton_masters: { key: ['address'], kind: 'state' },
  jetton_wallets: { key: ['address'], kind: 'state' },
  jetton_transfers: { key: ['tx_hash', 'tx_lt'], kind: 'event' },
  jetton_burns: { key: ['tx_hash', 'tx_lt'], kind: 'event' },
  nft_collections: { key: ['address'], kind: 'state' },
  nft_items: { key: ['address'], kind: 'state' },
  nft_transfers: { key: ['tx_hash', 'tx_lt'], kind: 'event' },
  getgems_nft_sales: { key: ['address'], kind: 'state' },
  getgems_nft_auctions: { key: ['address'], kind: 'state' },
  telemint_nft_items: { key: ['address'], kind: 'state' },
  dns_entries: { key: ['nft_item_address'], kind: 'state' },
  multisig: { key: ['address'], kind: 'state' },
  multisig_orders: { key: ['address'], kind: 'state' },
  vesting_contracts: { key: ['address'], kind: 'state' },
  vesting_whitelist: { key: ['vesting_contract_address', 'wallet_address'], kind: 'event' },
} as const satisfies Record<string, AssetTable>;

export type AssetTableName = keyof typeof ASSET_TABLES;

/** One document's asset rows by table, de-duplicated by primary key (a later row of the same key wins). */
export class AssetRows {
  private readonly tables = new Map<AssetTableName, Map<string, Record<string, unknown>>>();

  add(table: AssetTableName, row: Record<string, unknown>): void {
    const key = ASSET_TABLES[table].key.map((column) => String(row[column])).join('/');
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = new Map()));
    const known = rows.get(key);
    // Two elements may name one row with different columns (an item and, nested in it, its collection).
    rows.set(key, known ? { ...known, ...row } : row);
  }

  rows(table: AssetTableName): Record<string, unknown>[] {
    return [...(this.tables.get(table)?.values() ?? [])];
  }

  get size(): number {
    let n = 0;
    for (const rows of this.tables.values()) n += rows.size;
    return n;
  }
}
