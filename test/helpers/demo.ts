import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO_DIR } from '../../src/db/open';
import type { Database } from '../../src/db/types';
import { importFile } from '../../src/import/importFile';

/** Loads the demo set the embedded database starts with. */
export async function importDemo(db: Database): Promise<void> {
  for (const file of readdirSync(DEMO_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort())
    await importFile(db, path.join(DEMO_DIR, file));
}

/** GraphiQL's tabs on a database holding a row of every table an example reads, in order (no Live tab: live events are off). */
export const ALL_TABS = [
  'BlockTransactions',
  'PendingTraces',
  'Trace',
  'Navigate',
  'Account',
  'Message',
  'Traces',
  'Actions',
  'NftCollections',
  'NftItemsByCollection',
  'AccountNfts',
  'NftTransfers',
  'NftSales',
  'JettonHolders',
  'AccountJettons',
  'JettonTransfers',
  'JettonBurns',
  'TopAccounts',
  'AccountContracts',
  'TraceBalanceChanges',
];

/**
 * The tabs the demo set has no rows for: no NFT item of a known collection (its NFT traces' items are stored
 * without one), no NFT transfer or sale, no jetton burn.
 */
export const DEMO_LACKS = ['NftItemsByCollection', 'AccountNfts', 'NftTransfers', 'NftSales', 'JettonBurns'];

/** GraphiQL's tabs on the demo set, in order (on a database without pending traces, TraceTree stands for PendingTraces). */
export const DEMO_TABS = ALL_TABS.filter((tab) => !DEMO_LACKS.includes(tab));
