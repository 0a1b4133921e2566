import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres';
import { replanned } from '../src/db/types';
import { ForeignDatabaseError, migrate } from '../src/db/schema';
import { assertWritable } from '../src/import/importFile';
import { ADMIN_URL, availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';

describe.skipIf(!(await availableBackends()).includes('postgres'))('a database tonql did not create', () => {
  const name = `tonql_foreign_${process.pid}`;
  let url: string;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const u = new URL(ADMIN_URL);
    u.pathname = `/${name}`;
    url = u.toString();
    // an indexer's database: its own tables, no tonql bookkeeping
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('create table transactions (hash char(44) primary key, lt bigint)');
    await client.end();
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('is never migrated or imported into', async () => {
    const writer = openPostgres({ connectionString: url, readOnly: false });
    try {
      await expect(migrate(writer)).rejects.toBeInstanceOf(ForeignDatabaseError);
      await expect(assertWritable(writer)).rejects.toBeInstanceOf(ForeignDatabaseError);
    } finally {
      await writer.close();
    }
  });

  it('is read through read-only sessions: a write attempt fails', async () => {
    const reader = openPostgres({ connectionString: url, readOnly: true });
    try {
      expect(await reader.query('select count(*)::int as n from transactions')).toEqual([{ n: 0 }]);
      await expect(reader.query(`insert into transactions values ('x', 1)`)).rejects.toMatchObject({ code: '25006' });
      await expect(reader.query('create table t (x int)')).rejects.toMatchObject({ code: '25006' });
    } finally {
      await reader.close();
    }
  });

  it("prepares the service's reads once per connection (parsed and planned once), writers' statements not", async () => {
    const prepared = (db: ReturnType<typeof openPostgres>) =>
      db.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements');
    const reader = openPostgres({ connectionString: url, readOnly: true, prepare: true, max: 1 });
    const writer = openPostgres({ connectionString: url, readOnly: false, max: 1 });
    try {
      const text = 'select count(*)::int as n from transactions where lt > $1';
      for (const lt of [1, 2, 3]) expect(await reader.query(text, [lt])).toEqual([{ n: 0 }]);
      await reader.queryWithTimeout(text, [4], 1000);
      const statements = (await prepared(reader)).filter((p) => p.statement === text);
      expect(statements).toHaveLength(1);
      expect(statements[0].name).toMatch(/^tonql_/);
      await writer.query(text, [1]);
      expect(await prepared(writer)).toEqual([]);
      // a statement marked for replanning is planned for each execution's values: never prepared, so never generic
      const skewed = replanned('select count(*)::int as n from transactions where lt < $1');
      for (let lt = 0; lt < 8; lt++) expect(await reader.query(skewed, [lt])).toEqual([{ n: 0 }]);
      expect((await prepared(reader)).filter((p) => p.statement.includes('lt < $1'))).toEqual([]);
    } finally {
      await reader.close();
      await writer.close();
    }
  });
});

describe.each(await availableBackends())('the serving session on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db?.drop());

  it('migrates an empty database once and reports it the second time', async () => {
    expect(await migrate(db.writer)).toBe(false);
  });

  if (backend === 'postgres') {
    it('refuses writes', async () => {
      await expect(db.reader.query(`insert into blocks (workchain, shard, seqno) values (0, 0, 1)`)).rejects.toMatchObject({ code: '25006' });
    });
  }
});
