import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { startService } from './helpers/service';
import { diffSpec } from './helpers/spec';
import { execute } from './helpers/graphql';
import { fixtureJson, pendingDataset } from './helpers/fixtures';
import { freshRedisUrl, redisAvailable } from './helpers/redis';
import { pushTraces } from '../src/emulator/push';
import { connected, openRedis } from '../src/emulator/redis';
import { EmulatorRepository } from '../src/emulator/repository';

describe.each(await availableBackends())('GET /api/v3/pendingTransactions and /pendingActions from the database on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const data = pendingDataset();
  const pending = data.testnet.traces.filter((t: any) => data.pending.includes(t.trace_id));
  // a pending trace with actions: one involving the root's account, one not
  const withActions = pending[0];
  const root = withActions.transactions[withActions.trace_id];
  const id = (n: number) => Buffer.alloc(32, n).toString('base64');
  const base = { trace_id: withActions.trace_id, success: true, trace_end_lt: withActions.end_lt, trace_end_utime: withActions.end_utime };
  withActions.actions = [
    {
      ...base,
      action_id: id(1),
      type: 'ton_transfer',
      start_lt: '10',
      end_lt: '20',
      transactions: [withActions.trace_id],
      accounts: [root.account],
      details: { source: root.account, value: '1' },
    },
    {
      ...base,
      action_id: id(2),
      type: 'call_contract',
      start_lt: '30',
      end_lt: '40',
      transactions: [withActions.trace_id],
      accounts: ['0:' + 'A'.repeat(64)],
      details: { source: '0:' + 'A'.repeat(64), value: '2' },
    },
  ];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'testnet', JSON.stringify(data.testnet));
    service = await startService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const call = async (url: string, headers?: Record<string, string>) => {
    const res = await service.get(`/api/v3/${url}`, { headers });
    return { status: res.status, body: await res.json() };
  };

  it("/pendingTransactions: the accounts' transactions in traces in flight, newest first, with the address book always", async () => {
    const accounts = [root.account, Object.values<any>(pending[1].transactions)[0].account];
    const { status, body } = await call(`pendingTransactions?${accounts.map((a) => `account=${a}`).join('&')}`, { 'X-No-Address-Book': 'true' });
    expect(status).toBe(200);
    const expected = pending
      .flatMap((t: any) => Object.values<any>(t.transactions))
      .filter((tx: any) => accounts.includes(tx.account))
      .sort((a: any, b: any) => (BigInt(b.lt) > BigInt(a.lt) ? 1 : BigInt(b.lt) < BigInt(a.lt) ? -1 : a.account < b.account ? -1 : 1));
    expect(body.transactions.map((t: any) => t.hash)).toEqual([...new Map(expected.map((t: any) => [t.hash, t])).keys()]);
    for (const tx of body.transactions)
      expect(diffSpec('Transaction', tx, { ...expected.find((t: any) => t.hash === tx.hash), trace_external_hash: tx.trace_external_hash }, tx.hash)).toEqual(
        [],
      );
    expect(Object.keys(body.address_book)).toContain(root.account);
    expect(await call(`pendingTransactions?account=0:${'1'.repeat(64)}`)).toEqual({ status: 404, body: { error: 'emulated traces not found', code: 404 } });
    expect(await call('pendingTransactions')).toEqual({
      status: 422,
      body: { error: 'parameter "account" is required: at least one account address', code: 422 },
    });
  });

  it('/pendingActions: by account only the actions involving it, by external hash all of the trace, newest end first; the supported types apply', async () => {
    const byAccount = await call(`pendingActions?account=${root.account}`);
    expect(byAccount.status).toBe(200);
    expect(byAccount.body.actions.map((a: any) => a.action_id)).toEqual([id(1)]);
    expect(Object.keys(byAccount.body)).toEqual(['actions', 'address_book', 'metadata']);
    const byHash = await call(`pendingActions?ext_msg_hash=${encodeURIComponent(withActions.external_hash)}&include_transactions=true`);
    expect(byHash.body.actions.map((a: any) => a.action_id)).toEqual([id(2), id(1)]);
    expect(byHash.body.actions[0].transactions_full.map((t: any) => t.hash)).toEqual([withActions.trace_id]);
    const onlyV1 = await call(`pendingActions?ext_msg_hash=${encodeURIComponent(withActions.external_hash)}&supported_action_types=call_contract`);
    expect(onlyV1.body.actions.map((a: any) => a.action_id)).toEqual([id(2), id(1)]);
    expect(await call(`pendingActions?account=0:${'1'.repeat(64)}`)).toEqual({ status: 200, body: { actions: [], address_book: {}, metadata: {} } });
    expect(await call('pendingActions')).toEqual({ status: 422, body: { error: 'at least one of "account", "ext_msg_hash" must be given', code: 422 } });
  });

  it('has GraphQL twins with the same data', async () => {
    const rest = (await call(`pendingTransactions?account=${root.account}`)).body.transactions.map((t: any) => [t.hash, t.finality]);
    const actions = (await call(`pendingActions?ext_msg_hash=${encodeURIComponent(withActions.external_hash)}`)).body.actions.map((a: any) => a.action_id);
    const { data, errors } = (await execute(
      service.yoga,
      `query ($a: [String!]!, $h: [String!]) { pendingTransactions(account: $a) { hash finality } pendingActions(extMsgHash: $h) { actionId finality } }`,
      { a: [root.account], h: [withActions.external_hash] },
    )) as any;
    expect(errors).toBeUndefined();
    expect(data.pendingTransactions.map((t: any) => [t.hash, t.finality.toLowerCase()])).toEqual(rest);
    expect(data.pendingActions.map((a: any) => a.actionId)).toEqual(actions);
    const missing = (await execute(service.yoga, `{ pendingTransactions(account: ["0:${'1'.repeat(64)}"]) { hash } }`)) as any;
    expect(missing.errors[0]).toMatchObject({ message: 'emulated traces not found', extensions: { code: 'NOT_FOUND' } });
  });
});

describe.skipIf(!(await redisAvailable()))('pendingTransactions and pendingActions from the emulator in Redis', () => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  let redis: ReturnType<typeof openRedis>;
  const doc = fixtureJson('traces_mainnet_2025-09_single.json');
  const [trace] = doc.traces;
  const root = trace.transactions[trace.trace_id];
  trace.actions = [
    {
      trace_id: trace.trace_id,
      action_id: Buffer.alloc(32, 7).toString('base64'),
      type: 'ton_transfer',
      success: true,
      start_lt: root.lt,
      end_lt: root.lt,
      trace_end_lt: trace.end_lt,
      trace_end_utime: trace.end_utime,
      transactions: [root.hash],
      accounts: [root.account],
      details: { source: root.account, value: '5' },
    },
  ];

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    redis = openRedis(await freshRedisUrl(9));
    await connected(redis);
    service = await startService(db.reader, 'mainnet');
    service.services.emulator = new EmulatorRepository(redis);
    await pushTraces(redis, doc, { finality: 'pending' });
  });
  afterAll(async () => {
    await service?.close();
    redis?.disconnect();
    await db?.drop();
  });

  it("serves an emulated trace's transactions and actions, marked pending", async () => {
    const txs = await (await service.get(`/api/v3/pendingTransactions?account=${root.account}`)).json();
    expect(txs.transactions.map((t: any) => t.hash)).toEqual(
      Object.values<any>(trace.transactions)
        .filter((t) => t.account === root.account)
        .map((t) => t.hash),
    );
    expect(txs.transactions.every((t: any) => t.emulated === true && t.finality === 'pending')).toBe(true);
    const acts = await (await service.get(`/api/v3/pendingActions?ext_msg_hash=${encodeURIComponent(root.in_msg.hash)}`)).json();
    expect(acts.actions.map((a: any) => [a.action_id, a.finality])).toEqual([[Buffer.alloc(32, 7).toString('base64'), 'pending']]);
  });
});
