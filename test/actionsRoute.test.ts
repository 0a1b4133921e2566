import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText, realTestnetTraces } from './helpers/fixtures';
import { startService } from './helpers/service';
import { diffSpec } from './helpers/spec';
import { execute } from './helpers/graphql';
import { findExamples } from '../src/data/examples';
import { exampleTabs } from '../src/graphql/examples';

const ACTIONS = 'actions_mainnet_2026_by_account.json';

describe.each(await availableBackends())('GET /api/v3/actions on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const file = fixtureJson(ACTIONS);
  const actions: any[] = file.response.actions;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, ACTIONS, fixtureText(ACTIONS));
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const call = async (query: string) => {
    const res = await service.get(`/api/v3/actions?${query}`);
    return { status: res.status, body: await res.json() };
  };
  const get = async (query: string) => {
    const { status, body } = await call(query);
    expect(status, `${query}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
    return body;
  };
  const ids = (body: any) => body.actions.map((a: any) => a.action_id);

  it('replays the real wallet query: the same URL gives the same actions in the same order, every spec field equal', async () => {
    const url = new URL(file.url);
    const body = await get(url.search.slice(1));
    expect(ids(body)).toEqual(actions.map((a) => a.action_id));
    actions.forEach((expected, i) => {
      // v3 lists an action's accounts only with include_accounts; here they are always listed
      const served = body.actions[i];
      expect(diffSpec('Action', { ...served, accounts: null, details: null }, { ...expected, accounts: null, details: null }, expected.action_id)).toEqual([]);
      expect(served.details, expected.type).toMatchObject(expected.details);
    });
    expect(Object.keys(body)).toEqual(['actions', 'address_book', 'metadata']);
    expect(body.metadata).toEqual(file.response.metadata);
  });

  it('filters by transaction, message, action id, trace id and type, alone and combined (ton-index-go answers 500 to several combinations)', async () => {
    // two actions on a real testnet trace (its transactions and messages are in the database too)
    const trace = structuredClone(realTestnetTraces().json.traces.find((t: any) => Object.keys(t.transactions).length >= 3));
    const txs = trace.transactions_order.map((h: string) => trace.transactions[h]);
    const root = txs[0];
    const id = (n: number) => Buffer.alloc(32, n).toString('base64');
    const base = {
      trace_id: trace.trace_id,
      success: true,
      start_lt: trace.start_lt,
      end_lt: trace.end_lt,
      trace_end_lt: trace.end_lt,
      trace_end_utime: trace.end_utime,
      trace_mc_seqno_end: Number(trace.mc_seqno_end),
    };
    trace.actions = [
      {
        ...base,
        action_id: id(1),
        type: 'ton_transfer',
        transactions: [txs[0].hash, txs[1].hash],
        details: { source: root.account, destination: txs[1].account, value: '1' },
      },
      {
        ...base,
        action_id: id(2),
        type: 'call_contract',
        transactions: [txs[2].hash],
        details: { source: txs[1].account, destination: txs[2].account, value: '2' },
      },
    ];
    await importDocument(db.writer, 'actions-on-trace', JSON.stringify({ traces: [trace] }));
    expect(ids(await get(`tx_hash=${encodeURIComponent(txs[1].hash)}`))).toEqual([id(1)]);
    expect(ids(await get(`tx_hash=${encodeURIComponent(txs[2].hash)}&tx_hash=${encodeURIComponent(txs[0].hash)}`))).toEqual([id(2), id(1)]);
    // a message names the actions holding the transaction that sent it or the one that received it (id 2 sorts first)
    const holding = (msg: string) =>
      [...trace.actions]
        .reverse()
        .filter((a: any) => txs.some((t: any) => a.transactions.includes(t.hash) && (t.in_msg?.hash === msg || t.out_msgs.some((m: any) => m.hash === msg))))
        .map((a: any) => a.action_id);
    expect(holding(txs[2].in_msg.hash).length).toBeGreaterThan(0);
    expect(ids(await get(`msg_hash=${encodeURIComponent(txs[2].in_msg.hash)}`))).toEqual(holding(txs[2].in_msg.hash));
    expect(ids(await get(`msg_hash=${encodeURIComponent(root.in_msg.hash)}`))).toEqual([id(1)]);
    // combinations ton-index-go cannot run (account with tx_hash or msg_hash, tx_hash with mc_seqno)
    expect(ids(await get(`account=${txs[1].account}&tx_hash=${encodeURIComponent(txs[1].hash)}`))).toEqual([id(1)]);
    expect(ids(await get(`account=${root.account}&msg_hash=${encodeURIComponent(root.in_msg.hash)}`))).toEqual([id(1)]);
    expect(ids(await get(`account=0:${'1'.repeat(64)}&msg_hash=${encodeURIComponent(root.in_msg.hash)}`))).toEqual([]);
    expect(ids(await get(`tx_hash=${encodeURIComponent(txs[2].hash)}&mc_seqno=${trace.mc_seqno_end}`))).toEqual([id(2)]);
    expect(ids(await get(`trace_id=${encodeURIComponent(trace.trace_id)}&action_type=call_contract`))).toEqual([id(2)]);
    expect(ids(await get(`trace_id=${encodeURIComponent(trace.trace_id)}&exclude_action_type=call_contract`))).toEqual([id(1)]);
    // and on the wallet's real actions: by id, by account with an id (ton-index-go drops the account), by block, in both orders
    const [swap] = actions;
    const account = new URL(file.url).searchParams.get('account')!;
    expect(ids(await get(`action_id=${encodeURIComponent(swap.action_id)}`))).toEqual([swap.action_id]);
    expect(ids(await get(`account=${account}&action_id=${encodeURIComponent(swap.action_id)}`))).toEqual([swap.action_id]);
    expect(ids(await get(`account=0:${'1'.repeat(64)}&action_id=${encodeURIComponent(swap.action_id)}`))).toEqual([]);
    expect(ids(await get(`account=${account}&mc_seqno=${swap.trace_mc_seqno_end}`))).toEqual(actions.map((a) => a.action_id));
    expect(ids(await get(`account=${account}&sort=asc`))).toEqual([...actions].reverse().map((a) => a.action_id));
  });

  it('include_transactions gives every transaction of each action, whole, in the order the action lists them', async () => {
    const body = await get(`action_id=${Buffer.alloc(32, 1).toString('hex')}&include_transactions=true`);
    const [action] = body.actions;
    expect(action.transactions).toHaveLength(2);
    expect(action.transactions_full.map((t: any) => t.hash)).toEqual(action.transactions);
    expect(action.transactions_full.every((t: any) => t.description && 'in_msg' in t && 'out_msgs' in t)).toBe(true);
  });

  it("GraphQL: actions and Account.actions as keyset connections in REST's order; Transaction.actions, Action.transactionsFull and Action.trace", async () => {
    const query = async (doc: string, variables?: Record<string, unknown>) => {
      const { data, errors } = (await execute(service.yoga, doc, variables)) as any;
      expect(errors, doc).toBeUndefined();
      return data;
    };
    const rest = ids(await get('limit=100'));
    expect(rest.length).toBeGreaterThan(2);
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i += 1) {
      const data = await query(
        'query ($after: String) { actions(first: 1, after: $after) { pageInfo { hasNextPage endCursor } edges { node { actionId } } } }',
        { after },
      );
      seen.push(...data.actions.edges.map((e: any) => e.node.actionId));
      if (!data.actions.pageInfo.hasNextPage) break;
      after = data.actions.pageInfo.endCursor;
    }
    expect(seen).toEqual(rest);
    const account = new URL(file.url).searchParams.get('account')!;
    const { account: mine } = await query(`{ account(address: "${account}") { actions(first: 10) { edges { node { actionId type } } } } }`);
    expect(mine.actions.edges.map((e: any) => e.node.actionId)).toEqual(actions.map((a) => a.action_id));
    const id1 = Buffer.alloc(32, 1).toString('base64');
    const { actions: page } = await query(
      `{ actions(actionId: ["${id1}"]) { edges { node { transactions transactionsFull { hash actions { actionId } } trace { traceId } } } } }`,
    );
    const [{ node }] = page.edges;
    expect(node.transactionsFull.map((t: any) => t.hash)).toEqual(node.transactions);
    expect(node.transactionsFull.every((t: any) => t.actions.some((a: any) => a.actionId === id1))).toBe(true);
    expect(node.trace.traceId).toBeTruthy();
  });

  it('GraphiQL opens an Actions tab on a database with actions, and it runs to data', async () => {
    const tab = exampleTabs(await findExamples(db.reader)).find((t) => t.query.includes('query Actions'));
    expect(tab).toBeDefined();
    const { data, errors } = (await execute(service.yoga, tab!.query, JSON.parse(tab!.variables))) as any;
    expect(errors).toBeUndefined();
    expect(data.actions.edges.length).toBeGreaterThan(0);
  });

  it('answers bad input with 422 and an unknown masterchain block with 404', async () => {
    expect(await call('action_type=jetton%20transfer')).toEqual({
      status: 422,
      body: { error: 'parameter "action_type" contains invalid characters: "jetton transfer" (letters, digits, _ and . only)', code: 422 },
    });
    expect(await call('mc_seqno=7')).toEqual({ status: 404, body: { error: 'masterchain block 7 not found', code: 404 } });
    expect((await call('mc_seqno=4000000000')).status).toBe(404);
    expect((await call('include_transactions=perhaps')).status).toBe(422);
  });
});
