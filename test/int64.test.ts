import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { createGraphQL } from '../src/graphql/yoga';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { startService, testServices } from './helpers/service';
import { syntheticBlock } from './helpers/synthetic';

const INT64_MIN = '-9223372036854775808';
const INT64_MAX = '9223372036854775807';
const TWO_TO_80 = (2n ** 80n).toString(); // 1208925819614629174706176

describe.each(await availableBackends())('64-bit and larger integers stay exact on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db?.drop());

  it('round-trips through the adapter as decimal strings', async () => {
    const [row] = await db.writer.query<Record<string, unknown>>('select $1::bigint as shard, $2::bigint as lt, $3::numeric as big, array[$2::bigint] as lts', [
      INT64_MIN,
      INT64_MAX,
      TWO_TO_80,
    ]);
    expect(row).toEqual({ shard: INT64_MIN, lt: INT64_MAX, big: TWO_TO_80, lts: [INT64_MAX] });
    await db.writer.query(`insert into jetton_wallets (address, balance) values ('0:AA', $1)`, [TWO_TO_80]);
    await db.writer.query(`insert into blocks (workchain, shard, seqno, start_lt) values (-1, $1, 7, $2)`, [INT64_MIN, INT64_MAX]);
    const [wallet] = await db.writer.query(`select balance from jetton_wallets where address = '0:AA'`);
    const [block] = await db.writer.query(`select shard, start_lt from blocks where seqno = 7`);
    expect(wallet).toEqual({ balance: TWO_TO_80 });
    expect(block).toEqual({ shard: INT64_MIN, start_lt: INT64_MAX });
  });

  it('round-trips through import, REST and GraphQL', async () => {
    const doc = syntheticBlock(5, 1);
    const tx = doc.transactions[0];
    tx.lt = INT64_MAX;
    tx.block_ref = { workchain: -1, shard: '8000000000000000', seqno: 5 };
    tx.account = `-1:${tx.account.slice(2)}`;
    tx.account_state_after.balance = INT64_MAX;
    tx.account_state_after.extra_currencies = { '1': TWO_TO_80 };
    tx.in_msg.value_extra_currencies = { '7': TWO_TO_80 };
    tx.total_fees = INT64_MAX;
    await importDocument(db.writer, 'extremes', JSON.stringify(doc));

    const service = await startService(db.reader);
    try {
      const body = await (await service.get('/api/v3/transactionsByMasterchainBlock?seqno=5')).json();
      const served = body.transactions[0];
      expect(served.lt).toBe(INT64_MAX);
      expect(served.total_fees).toBe(INT64_MAX);
      expect(served.block_ref).toEqual({ workchain: -1, shard: INT64_MIN, seqno: 5 });
      expect(served.account_state_after.balance).toBe(INT64_MAX);
      expect(served.account_state_after.extra_currencies).toEqual({ '1': TWO_TO_80 });
      expect(served.in_msg.value_extra_currencies).toEqual({ '7': TWO_TO_80 });
    } finally {
      await service.close();
    }

    const yoga = createGraphQL(testServices(db.reader));
    const res = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ transactionsByMasterchainBlock(seqno: 5) { lt totalFees blockRef { shard } accountStateAfter { balance } } }' }),
    });
    expect(await res.json()).toEqual({
      data: {
        transactionsByMasterchainBlock: [{ lt: INT64_MAX, totalFees: INT64_MAX, blockRef: { shard: INT64_MIN }, accountStateAfter: { balance: INT64_MAX } }],
      },
    });
  });
});
