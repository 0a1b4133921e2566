import pg from 'pg';
import { migrate } from '../../src/db/schema';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import type { Database } from '../../src/db/types';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database created for one test file: `writer` migrates and imports, `reader` is what the server uses. */
export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  writer: Database;
  reader: Database;
  /** Connection string of a PostgreSQL test database (undefined on PGlite). */
  url?: string;
  drop(): Promise<void>;
}

let probe: Promise<boolean> | undefined;

/** Whether a PostgreSQL server answers; on CI a missing server is an error, elsewhere the tests skip. */
export function postgresAvailable(): Promise<boolean> {
  probe ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (err) {
      if (process.env.CI) throw new Error(`CI requires PostgreSQL at ${ADMIN_URL}: ${(err as Error).message}`);
      console.warn(`PostgreSQL is not reachable at ${ADMIN_URL} (${(err as Error).message}): skipping its tests. Set TEST_DATABASE_URL to run them.`);
      return false;
    }
  })();
  return probe;
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `tonql_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const writer = openPostgres({ connectionString: url.toString(), readOnly: false, max: 2 });
  await migrate(writer);
  const reader = openPostgres({ connectionString: url.toString(), readOnly: true, statementTimeoutMs: 3000, max: 4 });
  return {
    kind: 'postgres',
    writer,
    reader,
    url: url.toString(),
    async drop() {
      await writer.close();
      await reader.close();
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const db = await openPglite();
  await migrate(db);
  return { kind: 'pglite', writer: db, reader: db, drop: () => db.close() };
}

export const BACKENDS = ['pglite', 'postgres'] as const;

export function createTestDatabase(kind: (typeof BACKENDS)[number]): Promise<TestDatabase> {
  return kind === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}

/** Backends to run a suite on: PGlite always, PostgreSQL when a server answers (always on CI). */
export async function availableBackends(): Promise<(typeof BACKENDS)[number][]> {
  return (await postgresAvailable()) ? ['pglite', 'postgres'] : ['pglite'];
}
