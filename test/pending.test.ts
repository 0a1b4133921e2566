import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { pendingDataset } from './helpers/fixtures';
import { startService } from './helpers/service';
import { diffSpec, expandTrace } from './helpers/spec';

const ROUTE = '/api/v3/pendingTraces';

describe.each(await availableBackends())('GET /api/v3/pendingTraces from the database on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const data = pendingDataset();
  const files = [...data.testnet.traces, ...data.mainnet.traces];
  const byId = new Map(files.map((t: any) => [t.trace_id, t]));

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'testnet', JSON.stringify(data.testnet));
    await importDocument(db.writer, 'mainnet', JSON.stringify(data.mainnet));
    service = await startService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const get = async (query: string) => {
    const res = await service.get(`${ROUTE}?${query}`);
    expect(res.status, query).toBe(200);
    return res.json();
  };

  it('round-trip: each pending trace, found by its external hash, equals the file in every spec field', async () => {
    for (const id of data.pending) {
      const file = byId.get(id);
      const body = await get(`ext_msg_hash=${encodeURIComponent(file.external_hash)}`);
      expect(Object.keys(body)).toEqual(['traces', 'address_book', 'metadata']);
      expect(body.traces).toHaveLength(1);
      const expected = expandTrace(file, { pending: true });
      expect(diffSpec('Trace', body.traces[0], expected, id)).toEqual([]);
      expect(body.traces[0].transactions_order).toEqual(file.transactions_order);
      for (const tx of Object.values<any>(body.traces[0].transactions)) expect(tx.trace_external_hash).toBe(file.external_hash);
      for (const tx of Object.values<any>(body.traces[0].transactions)) expect(body.address_book[tx.account]).toBeDefined();
    }
  });

  it('finds a trace by the normalized hash of its external message as well as by the raw one', async () => {
    const trace = data.mainnet.traces[0];
    const root = trace.transactions[trace.trace_id];
    expect(root.in_msg.hash_norm).not.toBe(root.in_msg.hash);
    for (const hash of [root.in_msg.hash, root.in_msg.hash_norm, Buffer.from(root.in_msg.hash_norm, 'base64').toString('hex')]) {
      const body = await get(`ext_msg_hash=${encodeURIComponent(hash)}`);
      expect(body.traces.map((t: any) => t.trace_id)).toEqual([trace.trace_id]);
    }
  });

  it('by account: the pending traces with a transaction of it, newest end_lt first, complete ones left out', async () => {
    const account = '0:00194AAD8E422BEDF43FEE746D6D929D369DBAB25468A69D513706EA6978B63A';
    const touching = files.filter((t: any) => Object.values<any>(t.transactions).some((tx) => tx.account === account));
    const expected = touching
      .filter((t: any) => data.pending.includes(t.trace_id))
      .sort((a: any, b: any) => (BigInt(a.end_lt) < BigInt(b.end_lt) ? 1 : -1))
      .map((t: any) => t.trace_id);
    expect(touching.length).toBeGreaterThan(expected.length);
    expect(expected.length).toBeGreaterThan(1);
    const body = await get(`account=${account}`);
    expect(body.traces.map((t: any) => t.trace_id)).toEqual(expected);
    expect((await get(`account=kQAAGUqtjkIr7fQ_7nRtbZKdNp26slRopp1RNwbqaXi2OnXH&limit=1`)).traces.map((t: any) => t.trace_id)).toEqual(expected.slice(0, 1));
    expect(await get(`account=0:${'1'.repeat(64)}`)).toEqual({ traces: [], address_book: {}, metadata: {} });
  });

  it('answers 422 for every parameter error, naming it', async () => {
    const error = async (query: string, message: string | RegExp) => {
      const res = await service.get(`${ROUTE}${query}`);
      expect(res.status, query).toBe(422);
      const body = await res.json();
      expect(body.code).toBe(422);
      if (typeof message === 'string') expect(body.error).toBe(message);
      else expect(body.error).toMatch(message);
    };
    const hash = encodeURIComponent(data.mainnet.traces[0].external_hash);
    await error('', 'exactly one of "account" and "ext_msg_hash" must be given');
    await error(`?account=0:${'1'.repeat(64)}&ext_msg_hash=${hash}`, 'exactly one of "account" and "ext_msg_hash" must be given');
    await error('?account=nope', 'parameter "account" must be an address (raw, or user-friendly base64/base64url), got "nope"');
    for (const workchain of ['-129', '128']) {
      await error(
        `?account=${workchain}:${'1'.repeat(64)}`,
        `parameter "account" must be an address (raw, or user-friendly base64/base64url), got "${workchain}:${'1'.repeat(64)}"`,
      );
    }
    await error('?account=a&account=b', 'parameter "account" must be given once, got 2 values');
    await error(`?ext_msg_hash=${hash}&ext_msg_hash=xyz`, 'parameter "ext_msg_hash" value 2 must be a hash (64 hex digits, base64 or base64url), got "xyz"');
    await error(
      `?${Array.from({ length: 101 }, (_, i) => `ext_msg_hash=${Buffer.alloc(32, i).toString('hex')}`).join('&')}`,
      'parameter "ext_msg_hash" takes at most 100 values, got 101',
    );
    await error(`?ext_msg_hash=${hash}&limit=0`, 'parameter "limit" must be an integer from 1 to 1000, got "0"');
    await error(`?ext_msg_hash=${hash}&limit=1001`, 'parameter "limit" must be an integer from 1 to 1000, got "1001"');
    await error(`?ext_msg_hash=${hash}&msg_hash=x`, /^unknown parameter "msg_hash"; allowed parameters: account, ext_msg_hash, limit, supported_action_types/);
  });

  it("serves a trace's actions as a client of the supported action types sees them (TON Center's rule, latest by default)", async () => {
    const trace = structuredClone(data.testnet.traces[2]);
    trace.trace_info.trace_state = 'pending';
    const root = trace.transactions[trace.trace_id];
    const out = root.out_msgs[0];
    const base = {
      trace_id: trace.trace_id,
      success: true,
      start_lt: trace.start_lt,
      end_lt: trace.end_lt,
      trace_end_lt: trace.end_lt,
      transactions: [trace.trace_id],
    };
    const id = (n: number) => Buffer.alloc(32, n).toString('base64');
    trace.actions = [
      {
        ...base,
        action_id: id(1),
        type: 'call_contract',
        details: { opcode: '0x0000000d', source: root.account, destination: out.destination, value: out.value },
      },
      { ...base, action_id: id(2), type: 'multisig_execute', accounts: [root.account], details: { source: root.account, destination: out.destination } },
      { ...base, action_id: id(3), type: 'ton_transfer', details: { source: root.account, destination: out.destination, value: '1' } },
    ];
    await importDocument(db.writer, 'with-actions', JSON.stringify({ traces: [trace] }));
    // the transfer is part of the multisig execution (the indexer records that in ancestor_type, which v3 JSON does not carry)
    await db.writer.query(`update actions set ancestor_type = '{multisig_execute}' where action_id = $1`, [id(3)]);
    const query = `ext_msg_hash=${encodeURIComponent(trace.external_hash)}`;
    const ids = async (extra: string, headers?: Record<string, string>) =>
      (await (await service.get(`/api/v3/pendingTraces?${query}${extra}`, { headers })).json()).traces[0].actions.map((a: any) => a.action_id);
    // latest knows multisig_execute: it shows, and the transfer inside it does not
    expect(await ids('')).toEqual([id(1), id(2)]);
    expect(await ids('&supported_action_types=latest')).toEqual([id(1), id(2)]);
    // a v1 client does not know it: the transfer it is made of shows in its place
    expect(await ids('&supported_action_types=v1')).toEqual([id(1), id(3)]);
    // a group adds its types to the v1 ones, which are always there
    expect(await ids('&supported_action_types=multisig')).toEqual([id(1), id(2)]);
    expect(await ids('&supported_action_types=ton_transfer')).toEqual([id(1), id(3)]);
    // the X-Actions-Version header replaces the parameter, as on TON Center
    expect(await ids('&supported_action_types=latest', { 'X-Actions-Version': 'v1' })).toEqual([id(1), id(3)]);
    const [call] = (await get(query)).traces[0].actions;
    expect(call.details).toEqual({ opcode: '0x0000000d', source: root.account, destination: out.destination, value: out.value, extra_currencies: {} }); // the column's default
  });

  it('returns a trace over the size cap as its header only, marked incomplete, as toncenter does', async () => {
    const capped = await startService(db.reader);
    capped.services.maxTraceTransactions = 3;
    try {
      const big = data.testnet.traces.find((t: any) => data.pending.includes(t.trace_id) && Object.keys(t.transactions).length > 3);
      const body = await (await capped.get(`${ROUTE}?ext_msg_hash=${encodeURIComponent(big.external_hash)}`)).json();
      expect(body.traces[0]).toMatchObject({
        trace_id: big.trace_id,
        is_incomplete: true,
        warning: 'trace is too large',
        trace: null,
        transactions_order: [],
        transactions: {},
        actions: [],
        trace_info: { transactions: big.trace_info.transactions },
      });
    } finally {
      await capped.close();
    }
  });

  it('honours x_no_address_book and x_no_metadata', async () => {
    const hash = encodeURIComponent(data.mainnet.traces[0].external_hash);
    const body = await get(`ext_msg_hash=${hash}&x_no_address_book=true&x_no_metadata=1`);
    expect(body.traces).toHaveLength(1);
    expect(body.address_book).toEqual({});
    expect(body.metadata).toEqual({});
  });
});
