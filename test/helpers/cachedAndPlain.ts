import { expect } from 'vitest';
import { MasterchainTip } from '../../src/data/blocks';
import type { Services } from '../../src/context';
import { importDocument } from '../../src/import/importFile';
import { countingDatabase } from './counting';
import { type availableBackends, createTestDatabase, type TestDatabase } from './databases';
import { realTestnetTraces } from './fixtures';
import { listen, testServices } from './service';
import { tipSeen } from './tip';

type Server = Awaited<ReturnType<typeof listen>>;
type Backend = Awaited<ReturnType<typeof availableBackends>>[number];

/** Two services over one imported dataset: `cached` with the caches a test gives it, following the tip, and `plain`. */
export interface CachedAndPlain {
  db: TestDatabase;
  /** The service under test, over a database that counts (and keeps the texts of) the statements it runs. */
  cached: Server;
  /** The service at its test defaults (no caches), for the bytes to compare with. */
  plain: Server;
  counter: ReturnType<typeof countingDatabase>['counter'];
  masterchainTip: MasterchainTip;
  /** The newest masterchain seqno of the dataset, once the cached service's tip has seen it. */
  tip: number;
  /** The dataset's busiest accounts (most transactions first, then by address), as many as asked for. */
  accounts: string[];
  close(): Promise<void>;
}

/**
 * A test database of `dataset` (the real testnet traces unless given), with `cached` built from `caches(tip)` over
 * a counting reader and following the tip as a service without its live watcher does (every 20 ms); with its
 * `busiest` accounts of more than `atLeast` transactions.
 */
export async function cachedAndPlain(
  backend: Backend,
  caches: (masterchainTip: MasterchainTip) => Partial<Services>,
  { dataset = realTestnetTraces().text, busiest = 0, atLeast = 0 }: { dataset?: string; busiest?: number; atLeast?: number } = {},
): Promise<CachedAndPlain> {
  const db = await createTestDatabase(backend);
  await importDocument(db.writer, 'traces', dataset);
  const counted = countingDatabase(db.reader);
  const masterchainTip = new MasterchainTip();
  const cached = await listen({ ...testServices(counted.db), masterchainTip, ...caches(masterchainTip) });
  const plain = await listen(testServices(db.reader));
  const stopFollowing = masterchainTip.follow(db.reader, 20);
  const tip = await tipSeen(db, masterchainTip);
  const accounts = (
    await db.writer.query<{ account: string }>(
      'select account from transactions group by account having count(*) > $1 order by count(*) desc, account limit $2',
      [atLeast, busiest],
    )
  ).map((r) => r.account);
  return {
    db,
    cached,
    plain,
    counter: counted.counter,
    masterchainTip,
    tip,
    accounts,
    async close() {
      stopFollowing();
      await cached.close();
      await plain.close();
      await db.drop();
    },
  };
}

/** A response's text as served without compression, which must be a 200. */
export async function plainText(server: Server, path: string): Promise<string> {
  const res = await server.get(path, { headers: { 'accept-encoding': 'identity' } });
  expect(res.status).toBe(200);
  return res.text();
}
