import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config, Network } from '../config';
import { importFile } from '../import/importFile';
import { packagePath } from '../packageRoot';
import { acquireDataDirLock } from './lock';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { ReadRouter } from './routing';
import { migrate, readMeta, schemaVersion, writeMeta } from './schema';
import type { Database } from './types';

export const DEMO_DIR = packagePath('demo');
/** The demo's complete traces (mainnet, November 2024 to October 2025), one response a file. */
export const demoTraceFiles = (): string[] =>
  readdirSync(DEMO_DIR)
    .filter((f) => f.startsWith('traces__') && f.endsWith('.json'))
    .sort()
    .map((f) => path.join(DEMO_DIR, f));
export const SERVICE_VERSION = '0.1.0';
const DEMO_KEY = 'demo';
/** Names the demo set in the meta value, so a data directory loaded with an earlier set is told apart. */
const DEMO_SET = 'set=mainnet-2025';

export interface ServingDatabase {
  db: Database;
  network: Network;
  apiVersion: string;
  /** The embedded database holding the current demo data set (what LIVE_DEMO=auto plays to). */
  demo: boolean;
}

/** Opens the database the server reads: PostgreSQL when configured (read-only sessions), else the embedded one. */
export async function openForServing(config: Config, log: Logger): Promise<ServingDatabase> {
  const serving = (connectionString: string, name: string) =>
    openPostgres({
      connectionString,
      readOnly: true,
      prepare: true,
      statementTimeoutMs: config.statementTimeoutMs,
      max: config.poolMax,
      connectionTimeoutMs: config.connectTimeoutMs,
      log,
      name,
    });
  const primary = config.databaseUrl ? serving(config.databaseUrl, 'postgres') : await openEmbedded(config.dataDir, config.statementTimeoutMs, log);
  if (config.replicaUrls.length > 0 && !config.databaseUrl) throw new Error('DATABASE_REPLICA_URLS needs DATABASE_URL');
  let db: Database = primary;
  if (config.replicaUrls.length > 0) {
    const router = new ReadRouter(
      primary,
      config.replicaUrls.map((url, i) => ({ name: `replica ${i + 1}`, db: serving(url, `postgres replica ${i + 1}`) })),
      { ...config.replicas, log },
    );
    await router.start();
    db = router;
  }
  try {
    const meta = await readMeta(db);
    const demo = !config.databaseUrl && meta.get(DEMO_KEY)?.startsWith('loaded') === true;
    const current = demo && meta.get(DEMO_KEY)?.endsWith(DEMO_SET) === true;
    if (demo && !current)
      log.warn(
        { dataDir: config.dataDir },
        "this data directory holds an earlier version's demo set (testnet, July 2025), which the README's examples and the live demo no longer match: stop the service, delete the directory and start again to load the current one (mainnet)",
      );
    return {
      db,
      network: config.network ?? (meta.get('network') as Network | undefined) ?? 'mainnet',
      apiVersion: (await schemaVersion(db)) ?? SERVICE_VERSION,
      demo: current,
    };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}

/** Opens the writable database for `migrate` and `import`. */
export async function openForWriting(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres({ connectionString: config.databaseUrl, readOnly: false, max: 2 });
  mkdirSync(config.dataDir, { recursive: true });
  acquireDataDirLock(config.dataDir);
  const db = await openPglite(config.dataDir);
  // A directory created for the user's own data never gets the demo set on a later start.
  if (await migrate(db)) await writeMeta(db, DEMO_KEY, 'not wanted: created by the CLI');
  return db;
}

/**
 * The embedded database: created in dataDir on first start with the schema and the demo data set, then
 * served read-only. A start that was interrupted while loading finishes the job on the next one.
 */
async function openEmbedded(dataDir: string, statementTimeoutMs: number, log: Logger): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  acquireDataDirLock(dataDir);
  const setup = await openPglite(dataDir);
  try {
    if (await migrate(setup)) log.info({ dataDir }, 'created the embedded database');
    if (!(await readMeta(setup)).has(DEMO_KEY)) {
      for (const file of readdirSync(DEMO_DIR)
        .filter((f) => f.endsWith('.json'))
        .sort()) {
        const summary = await importFile(setup, path.join(DEMO_DIR, file));
        log.info({ file, transactions: summary.transactions, traces: summary.traces }, 'loaded demo data');
      }
      await writeMeta(setup, DEMO_KEY, `loaded ${new Date().toISOString()} ${DEMO_SET}`);
    }
  } finally {
    await setup.close();
  }
  // Opened again for serving: read-only and timed sessions are what a restarted database thread gets too.
  return openPglite(dataDir, { readOnly: true, statementTimeoutMs });
}
