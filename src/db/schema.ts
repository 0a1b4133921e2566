import { readFileSync } from 'node:fs';
import { packagePath } from '../packageRoot';
import type { Database, Queryable } from './types';

const SCHEMA_SQL = readFileSync(packagePath('src/db/schema.sql'), 'utf8');

/** Our own bookkeeping table; its presence means this service created the database and may write to it. */
export const META_TABLE = '_tonql_meta';

export class ForeignDatabaseError extends Error {
  constructor() {
    super(
      'this database already holds tables that tonql did not create (an existing ton-indexer database?); ' +
        'tonql only reads such databases and will not migrate or import into them',
    );
  }
}

export async function readMeta(db: Queryable): Promise<Map<string, string>> {
  const [{ present }] = await db.query<{ present: boolean }>(`select to_regclass('${META_TABLE}') is not null as present`);
  if (!present) return new Map();
  const rows = await db.query<{ key: string; value: string }>(`select key, value from ${META_TABLE}`);
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeMeta(db: Queryable, key: string, value: string): Promise<void> {
  await db.query(`insert into ${META_TABLE} (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`, [key, value]);
}

export async function isOwned(db: Queryable): Promise<boolean> {
  return (await readMeta(db)).get('created_by') === 'tonql';
}

/**
 * The schema's idempotent statements (tables and indexes created if missing): what a database this service
 * created under an earlier version runs to gain what was added since.
 */
export const CATCH_UP_SQL = SCHEMA_SQL.split(/;\s*\n/)
  .map((s) => s.replace(/^(\s*--[^\n]*\n)+/, '').trim())
  .filter((s) => /^create (table|index) if not exists /i.test(s))
  .map((s) => `${s};`)
  .join('\n');

/**
 * Creates the ton-indexer schema subset on an empty database, in one transaction. Returns false when this
 * service already created it (adding the tables and indexes a later version has); refuses a database someone
 * else populated.
 */
export async function migrate(db: Database): Promise<boolean> {
  if (await isOwned(db)) {
    await db.exec(`BEGIN;\n${CATCH_UP_SQL}\nCOMMIT;`);
    return false;
  }
  const [{ count }] = await db.query<{ count: string }>(`select count(*)::text as count from pg_catalog.pg_tables where schemaname = current_schema()`);
  if (count !== '0') throw new ForeignDatabaseError();
  await db.exec(
    `BEGIN;\n${SCHEMA_SQL}\ncreate table ${META_TABLE} (key text primary key, value text not null);\n` +
      `insert into ${META_TABLE} (key, value) values ('created_by', 'tonql'), ('schema', '1.2.10');\nCOMMIT;`,
  );
  return true;
}

/** The indexer schema version for the X-API-Version header, or undefined when the table is missing. */
export async function schemaVersion(db: Queryable): Promise<string | undefined> {
  const [{ present }] = await db.query<{ present: boolean }>(`select to_regclass('ton_db_version') is not null as present`);
  if (!present) return undefined;
  const rows = await db.query<{ v: string }>(`select major || '.' || minor || '.' || patch as v from ton_db_version limit 1`);
  return rows[0]?.v;
}
