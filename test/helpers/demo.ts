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

/** GraphiQL's tabs on the demo set, in order (on a database without pending traces, TraceTree stands for PendingTraces). */
export const DEMO_TABS = [
  'BlockTransactions',
  'PendingTraces',
  'Trace',
  'Navigate',
  'Account',
  'Message',
  'Traces',
  'Actions',
  'NftCollections',
  'JettonHolders',
  'AccountJettons',
  'JettonTransfers',
  'TopAccounts',
  'AccountContracts',
  'TraceBalanceChanges',
];
