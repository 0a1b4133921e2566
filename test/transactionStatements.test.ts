import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterchainTip } from '../src/data/blocks';
import type { Database } from '../src/db/types';
import { importDocument } from '../src/import/importFile';
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
  let stopFollowing: () => void;
  let account: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    const watched: Database = {
      ...db.reader,
      query(text, params) {
        texts.push(text);
        return db.reader.query(text, params);
      },
    };
    server = await listen({ ...testServices(watched), masterchainTip });
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

  it('reads the page with its account states, then the messages and the address book: three statements', async () => {
    for (const path of [
      `/api/v3/transactions?account=${account}&limit=20`,
      `/api/v3/transactions?limit=30&sort=asc`,
      `/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=20`,
    ]) {
      texts.length = 0;
      expect(await text(server, path)).toBe(await text(plain, path));
      expect(texts).toHaveLength(3);
      expect(texts[0]).toMatch(/left join account_states SB on SB\.hash = P\.account_state_hash_before/);
      expect(texts.filter((t) => /from account_states where/.test(t))).toEqual([]);
      // without an address book: the page and the messages
      texts.length = 0;
      const bare = `${path}&x_no_address_book=1`;
      expect(await text(server, bare)).toBe(await text(plain, bare));
      expect(texts).toHaveLength(2);
    }
  });
});
