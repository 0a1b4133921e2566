import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterchainTip } from '../src/data/blocks';
import type { Database } from '../src/db/types';
import { importDocument } from '../src/import/importFile';
import { addressBookCaches } from '../src/shape/addressBookCache';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { realTestnetTraces } from './helpers/fixtures';
import { listen, testServices } from './helpers/service';
import { tipSeen } from './helpers/tip';

describe.each(await availableBackends())('the statements of an uncached REST transaction list on %s', (backend) => {
  let db: TestDatabase;
  let server: Awaited<ReturnType<typeof listen>>;
  let plain: Awaited<ReturnType<typeof listen>>;
  const texts: string[] = [];
  const masterchainTip = new MasterchainTip();
  const caches = addressBookCaches(4 * 1024 * 1024, 60_000);
  let stopFollowing: () => void;
  // set by a test: runs once the messages-with-book statement has answered, before its caller goes on
  let afterBookRead: (() => void) | undefined;
  let account: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    const watched: Database = {
      ...db.reader,
      async query(text, params) {
        texts.push(text);
        const rows = await db.reader.query(text, params);
        if (text.startsWith('with m as')) afterBookRead?.();
        return rows as never;
      },
    };
    server = await listen({ ...testServices(watched), masterchainTip, addressBookCaches: caches });
    plain = await listen(testServices(db.reader));
    stopFollowing = masterchainTip.follow(db.reader, 20);
    await tipSeen(db, masterchainTip);
    [{ account }] = await db.writer.query<{ account: string }>('select account from transactions group by account order by count(*) desc, account limit 1');
  });
  afterAll(async () => {
    stopFollowing?.();
    await server?.close();
    await plain?.close();
    await db?.drop();
  });

  const text = async (s: typeof server, path: string) => {
    const res = await s.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    return res.text();
  };
  const ownBookReads = () => texts.filter((t) => !t.startsWith('with m as') && /latest_account_states las/.test(t));

  it('reads the page with its account states, then the messages with the address book: two statements', async () => {
    for (const path of [`/api/v3/transactions?account=${account}&limit=20`, `/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=20`]) {
      caches.book.hits = 0;
      texts.length = 0;
      // a tip the cache has not seen: nothing of the address book is held
      masterchainTip.raise(masterchainTip.highest + 1);
      expect(await text(server, path)).toBe(await text(plain, path));
      expect(texts).toHaveLength(2);
      expect(texts[0]).toMatch(/left join account_states SB on SB\.hash = P\.account_state_hash_before/);
      expect(texts[1]).toMatch(/^with m as/);
      // without an address book the messages are read alone
      texts.length = 0;
      const bare = `${path}&x_no_address_book=1`;
      expect(await text(server, bare)).toBe(await text(plain, bare));
      expect(texts.filter((t) => /latest_account_states/.test(t))).toEqual([]);
    }
  });

  it('with every known address held by the address-book cache, reads the messages alone and takes the book from the cache', async () => {
    const path = `/api/v3/transactions?account=${account}&limit=20`;
    await text(server, path);
    texts.length = 0;
    expect(await text(server, path)).toBe(await text(plain, path));
    expect(texts.some((t) => t.startsWith('with m as'))).toBe(false);
    expect(ownBookReads()).toEqual([]);
  });

  it('reads the address book again when a later masterchain block is seen while the messages and the book are read', async () => {
    const path = `/api/v3/transactions?account=${account}&limit=20`;
    masterchainTip.raise(masterchainTip.highest + 1);
    texts.length = 0;
    afterBookRead = () => masterchainTip.raise(masterchainTip.highest + 1);
    try {
      expect(await text(server, path)).toBe(await text(plain, path));
    } finally {
      afterBookRead = undefined;
    }
    expect(texts.some((t) => t.startsWith('with m as'))).toBe(true);
    // the rows read under the older tip are not what the cache keeps under the new one: read again on their own
    expect(ownBookReads()).toHaveLength(1);
  });
});
