import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broughtRows, createLoaders } from '../src/data/loaders';
import { transactionsByHashesWithStates } from '../src/data/transactions';
import { importDocument } from '../src/import/importFile';
import { countingDatabase } from './helpers/counting';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { realTestnetTraces } from './helpers/fixtures';

/** What a statement brought along is answered by the request's loaders without another statement. */
describe('a request keeps what its statements brought along (Brought)', () => {
  let db: TestDatabase;
  let hashes: string[];
  let bodyHash: string;
  let stateHash: string;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    hashes = (await db.reader.query<{ hash: string }>('select hash from transactions order by lt limit 3')).map((r) => r.hash);
    [{ body_hash: bodyHash }] = await db.reader.query<{ body_hash: string }>(
      'select body_hash from messages where tx_hash = any($1::text[]::tonhash[]) and body_hash is not null limit 1',
      [hashes],
    );
    [{ hash: stateHash }] = await db.reader.query<{ hash: string }>(
      'select account_state_hash_after as hash from transactions where hash = $1::text::tonhash',
      [hashes[0]],
    );
  });
  afterAll(async () => db?.drop());

  it("takes a page statement's states, messages and bodies as read, and reads only what it did not bring", async () => {
    const counted = countingDatabase(db.reader);
    const loaders = createLoaders(counted.db);
    const read = await transactionsByHashesWithStates(counted.db, hashes);
    expect(broughtRows(loaders, read)).toBe(read.rows);
    const after = counted.counter.statements;
    expect(await loaders.messagesByTransaction.load(hashes[1])).toBe(read.messages.get(hashes[1]));
    expect(await loaders.accountState.load(stateHash)).toEqual(read.states.get(stateHash));
    expect((await loaders.messageContent.load(bodyHash))?.body).toEqual(expect.any(String));
    expect(counted.counter.statements).toBe(after);
    // a state no statement read is read
    expect(await loaders.accountState.load('0'.repeat(64))).toBeNull();
    expect(counted.counter.statements).toBe(after + 1);
  });

  it('indexes the bodies the messages loader reads after the index was made, for the message-content loader', async () => {
    const counted = countingDatabase(db.reader);
    const loaders = createLoaders(counted.db);
    broughtRows(loaders, await transactionsByHashesWithStates(counted.db, hashes.slice(0, 1)));
    await loaders.messageContent.load('1'.repeat(64)); // the index of bodies is made now, from the first read
    const [{ body_hash: later }] = await db.reader.query<{ body_hash: string }>(
      `select body_hash from messages where tx_hash = any($1::text[]::tonhash[]) and body_hash is not null
         and body_hash not in (select body_hash from messages where tx_hash = $2::text::tonhash and body_hash is not null) limit 1`,
      [hashes.slice(1), hashes[0]],
    );
    const lists = await loaders.messagesByTransaction.loadMany(hashes.slice(1));
    const before = counted.counter.statements;
    const body = (await loaders.messageContent.load(later))?.body;
    expect(body).toBeDefined();
    expect(body).toBe(lists.flatMap((l) => (l instanceof Error ? [] : l)).find((m) => m.body_hash === later)?.body);
    expect(counted.counter.statements).toBe(before);
  });
});
