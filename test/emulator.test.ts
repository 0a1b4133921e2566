import type { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountTraceKeys } from '../src/emulator/accountKeys';
import { pushTraces } from '../src/emulator/push';
import { EmulatorRepository } from '../src/emulator/repository';
import { connected, openRedis } from '../src/emulator/redis';
import { importDocument } from '../src/import/importFile';
import { createHttpServer } from '../src/http/server';
import { createGraphQL } from '../src/graphql/yoga';
import type { Services } from '../src/context';
import { NestedPendingTracesDocument, TraceByIdDocument } from './generated/graphql';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, realTestnetTraces } from './helpers/fixtures';
import { execute } from './helpers/graphql';
import { freshRedisUrl, redisAvailable, watchCommands } from './helpers/redis';
import { testServices } from './helpers/service';
import { diffSpec, expandTrace } from './helpers/spec';
import { syntheticTrace } from './helpers/synthetic';
import type { AddressInfo } from 'node:net';

const ROUTE = '/api/v3/pendingTraces';

/**
 * What the emulator's format cannot carry, applied to a toncenter trace: account states are known by hash
 * only, extra-currency maps are {}, `is_tock`/`installed` are false, and `emulated`/`trace_id` follow finality.
 */
function asEmulated(file: any, finality: 'pending' | 'finalized') {
  const trace = structuredClone(file);
  const emulated = finality === 'pending';
  for (const tx of Object.values<any>(trace.transactions)) {
    for (const key of ['account_state_before', 'account_state_after']) tx[key] = { hash: tx[key].hash };
    tx.description = { ...tx.description, is_tock: false, installed: false };
    if (tx.description.credit_ph)
      tx.description.credit_ph = { ...tx.description.credit_ph, credit_extra_currencies: tx.description.credit_ph.credit_extra_currencies ?? {} };
    tx.total_fees_extra_currencies ??= {};
    for (const m of [tx.in_msg, ...tx.out_msgs].filter(Boolean)) m.value_extra_currencies ??= {};
    tx.emulated = emulated;
    if (emulated) tx.trace_id = null;
  }
  if (emulated) {
    trace.trace_id = null;
    trace.trace_info.pending_messages = trace.trace_info.messages;
  }
  return expandTrace(trace, { pending: true });
}

const backends = await availableBackends();

async function serve(services: Services) {
  const { server } = createHttpServer(services);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: async (query: string) => {
      const res = await fetch(`${base}${ROUTE}?${query}`);
      expect(res.status, query).toBe(200);
      return res.json();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!(await redisAvailable()))('pending traces from the emulator in Redis', () => {
  describe.each(backends)('with %s', (backend) => {
    let db: TestDatabase;
    let redis: Redis;
    let url: string;
    let base: string;
    let close: () => Promise<void>;
    const mainnet = fixtureJson('traces_mainnet_2025-09_single.json');
    const testnet = realTestnetTraces().json;

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      url = await freshRedisUrl(backend === 'pglite' ? 11 : 12);
      redis = openRedis(url);
      await connected(redis);
      const services = { ...testServices(db.reader), emulator: new EmulatorRepository(redis) };
      const { server } = createHttpServer(services);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => new Promise((resolve) => server.close(() => resolve()));
    });
    afterAll(async () => {
      await close?.();
      redis?.disconnect();
      await db?.drop();
    });

    const get = async (query: string) => {
      const res = await fetch(`${base}${ROUTE}?${query}`);
      expect(res.status, query).toBe(200);
      return res.json();
    };

    it('round-trip: a trace pushed through the encoder comes back equal, by account and by both hashes', async () => {
      await pushTraces(redis, mainnet, { finality: 'finalized' });
      const file = mainnet.traces[0];
      const root = file.transactions[file.trace_id];
      const expected = asEmulated(file, 'finalized');
      for (const query of [
        `ext_msg_hash=${encodeURIComponent(root.in_msg.hash)}`,
        `ext_msg_hash=${encodeURIComponent(root.in_msg.hash_norm)}`,
        `account=${root.account}`,
      ]) {
        const body = await get(query);
        expect(body.traces, query).toHaveLength(1);
        expect(diffSpec('Trace', body.traces[0], expected, query)).toEqual([]);
        expect(Object.values<any>(body.traces[0].transactions).every((t) => t.finality === 'finalized')).toBe(true);
      }
      // emulated messages are shaped like stored ones: the opcode's name (ton-marker's) follows it
      const served = (await get(`account=${root.account}`)).traces[0].transactions;
      const comments = Object.values<any>(served)
        .flatMap((t) => [t.in_msg, ...t.out_msgs])
        .filter((m) => m?.message_content?.decoded?.type === 'text_comment');
      expect(comments.length).toBeGreaterThan(0);
      for (const m of comments) expect(m).toMatchObject({ opcode: 0, decoded_opcode: 'text_comment' });
    });

    it('every real testnet trace survives the emulator format', async () => {
      // Traces 21 and 22 of the file were hand-built by its authors: their body hashes are not the bodies' hashes,
      // which the emulator format (BOCs only) recomputes.
      const real = testnet.traces.filter((_: unknown, i: number) => i !== 20 && i !== 21);
      await pushTraces(redis, { traces: real }, { finality: 'finalized' });
      for (const file of real) {
        const body = await get(`ext_msg_hash=${encodeURIComponent(file.external_hash)}`);
        expect(body.traces).toHaveLength(1);
        expect(diffSpec('Trace', body.traces[0], asEmulated(file, 'finalized'), file.trace_id)).toEqual([]);
      }
    });

    it('marks emulated transactions and gives a trace with an emulated root no trace_id', async () => {
      await pushTraces(redis, mainnet, { finality: 'pending' });
      const file = mainnet.traces[0];
      const body = await get(`ext_msg_hash=${encodeURIComponent(file.external_hash)}`);
      expect(diffSpec('Trace', body.traces[0], asEmulated(file, 'pending'), 'pending')).toEqual([]);
      expect(Object.values<any>(body.traces[0].transactions).every((t) => t.emulated === true && t.finality === 'pending')).toBe(true);
    });

    it('merges with the database: one entry per trace, the emulated view wins, limit after the merge', async () => {
      const pendingInDb = structuredClone(testnet);
      pendingInDb.traces = pendingInDb.traces.slice(0, 3).map((t: any) => ({ ...t, trace_info: { ...t.trace_info, trace_state: 'pending' } }));
      await importDocument(db.writer, 'pending', JSON.stringify(pendingInDb));
      await pushTraces(redis, { traces: [pendingInDb.traces[0]] }, { finality: 'pending' });
      const hashes = pendingInDb.traces.map((t: any) => `ext_msg_hash=${encodeURIComponent(t.external_hash)}`).join('&');
      const body = await get(hashes);
      expect(body.traces).toHaveLength(3);
      const sorted = [...body.traces].sort((a: any, b: any) => (BigInt(a.end_lt) < BigInt(b.end_lt) ? 1 : -1));
      expect(body.traces.map((t: any) => t.external_hash)).toEqual(sorted.map((t: any) => t.external_hash));
      const merged = body.traces.find((t: any) => t.external_hash === pendingInDb.traces[0].external_hash);
      expect(merged.trace_id).toBeNull();
      expect(Object.values<any>(merged.transactions).every((t) => t.emulated)).toBe(true);
      expect((await get(`${hashes}&limit=2`)).traces).toEqual(body.traces.slice(0, 2));
    });

    it('drops a trace once the database holds it as complete', async () => {
      const file = testnet.traces[10];
      await pushTraces(redis, { traces: [file] }, { finality: 'pending' });
      const query = `ext_msg_hash=${encodeURIComponent(file.external_hash)}`;
      expect((await get(query)).traces).toHaveLength(1);
      await importDocument(db.writer, 'complete', JSON.stringify({ traces: [file] }));
      expect((await get(query)).traces).toEqual([]);
    });

    it('reads with pipelining: a constant number of round trips however many traces', async () => {
      await pushTraces(redis, testnet, { finality: 'pending' });
      const repository = new EmulatorRepository(redis);
      const account = '0:00194AAD8E422BEDF43FEE746D6D929D369DBAB25468A69D513706EA6978B63A';
      const pipeline = vi.spyOn(redis, 'pipeline');
      const zrevrange = vi.spyOn(redis, 'zrevrange');
      const traces = await repository.tracesByKeys(await repository.accountTraceKeys(account).next(100), 4000);
      expect(traces.length).toBeGreaterThan(3);
      expect(zrevrange).toHaveBeenCalledTimes(1);
      expect(pipeline).toHaveBeenCalledTimes(2); // the sizes (HLEN), then the hashes
      pipeline.mockRestore();
      zrevrange.mockRestore();
    });

    it('serves emulated traces through GraphQL, navigable through the emulated transactions', async () => {
      const file = testnet.traces[3];
      await pushTraces(redis, { traces: [file] }, { finality: 'pending' });
      const yoga = createGraphQL({ ...testServices(db.reader), emulator: new EmulatorRepository(redis) });
      const { data, errors } = await execute(yoga, NestedPendingTracesDocument, { extMsgHash: [file.external_hash] });
      expect(errors).toBeUndefined();
      const [trace] = data!.pendingTraces as any[];
      expect(trace).toMatchObject({ traceId: null, source: 'EMULATOR', transactionsOrder: file.transactions_order });
      expect(trace.root.transaction.emulated).toBe(true);
      for (const child of trace.root.children) {
        expect(child.transaction.inMsg.sourceTransaction.hash).toBe(trace.root.transactionHash);
        const sent = trace.root.transaction.outMsgs.find((m: any) => m.hash === child.transaction.inMsg.hash);
        expect(sent.destinationTransaction.hash).toBe(child.transactionHash);
      }
    });

    it('serves an emulated trace over MAX_TRACE_TRANSACTIONS as its header, counting its nodes without reading them', async () => {
      const big = testnet.traces[11];
      const three = testnet.traces[0];
      expect(big.transactions_order).toHaveLength(8);
      expect(three.transactions_order).toHaveLength(3);
      const [bigKey] = await pushTraces(redis, { traces: [big] }, { finality: 'pending' });
      await pushTraces(redis, { traces: [three] }, { finality: 'pending' });
      const services = { ...testServices(db.reader), emulator: new EmulatorRepository(redis), maxTraceTransactions: 3 };
      const capped = await serve(services);
      const watch = await watchCommands(url, redis);
      try {
        await watch.take();
        const header = {
          trace_id: null,
          external_hash: big.external_hash,
          start_lt: big.start_lt,
          trace_info: { trace_state: 'pending', transactions: 8 },
          is_incomplete: true,
          warning: 'trace is too large',
          trace: null,
          transactions_order: [],
          transactions: {},
          actions: [],
        };
        for (const query of [`ext_msg_hash=${encodeURIComponent(big.external_hash)}`, `account=${big.transactions[big.trace_id].account}`]) {
          const body = await capped.get(query);
          expect(
            body.traces.find((t: any) => t.external_hash === big.external_hash),
            query,
          ).toMatchObject(header);
        }
        const yoga = createGraphQL(services);
        const { data, errors } = await execute(yoga, NestedPendingTracesDocument, { extMsgHash: [big.external_hash] });
        expect(errors).toBeUndefined();
        expect(data!.pendingTraces).toMatchObject([
          {
            traceId: null,
            source: 'EMULATOR',
            isIncomplete: true,
            warning: 'trace is too large',
            traceInfo: { transactions: 8 },
            transactionsOrder: [],
            root: null,
            actions: [],
          },
        ]);
        const byId = await execute(yoga, TraceByIdDocument, { id: big.external_hash });
        expect(byId.data!.trace).toMatchObject({ source: 'EMULATOR', isIncomplete: true, transactions: [], root: null });
        const reads = await watch.take();
        // counted inside Redis (two integers back), never read whole: no command sends its fields or nodes
        expect(reads.some(([command, , , key]) => command === 'eval' && key === bigKey)).toBe(true);
        expect(reads.filter(([command, key]) => ['hgetall', 'hkeys', 'hvals', 'hscan'].includes(command) && key === bigKey)).toEqual([]);

        // at the cap it is whole, although its hash has more fields than the cap (root_node, depth_limit_exceeded)
        const body = await capped.get(`ext_msg_hash=${encodeURIComponent(three.external_hash)}`);
        expect(body.traces[0]).toMatchObject({ is_incomplete: false, warning: null, transactions_order: three.transactions_order });
      } finally {
        watch.close();
        await capped.close();
      }
    });

    it("reads an account's traces only as far as `limit` needs, refilling for traces complete in the database", async () => {
      const account = `0:${'AB'.repeat(32)}`;
      const traces = Array.from(
        { length: 300 },
        (_, i) => syntheticTrace(2, `busy ${i}`, { rootAccount: account, firstLt: 5_000_000_000n + BigInt(i) * 100n }).traces[0],
      );
      await pushTraces(redis, { traces }, { finality: 'pending' });
      const watch = await watchCommands(url, redis);
      const read = async (query: string) => {
        await watch.take();
        const body = await get(query);
        const commands = await watch.take();
        const members = commands
          .filter(([command]) => command === 'zrevrange')
          .reduce((n, [, , start, stop]) => n + (Number(stop) < 0 ? Infinity : Number(stop) - Number(start) + 1), 0);
        return {
          hashes: body.traces.map((t: any) => t.external_hash),
          hgetall: commands.filter(([command]) => command === 'hgetall').length,
          members,
          commands: commands.length,
        };
      };
      try {
        expect(await read(`account=${account}&limit=2`)).toEqual({
          hashes: [traces[299].external_hash, traces[298].external_hash],
          hgetall: 2,
          members: 32,
          commands: 5,
        });

        // the newest three are complete in the database: dropped, and the next ones read in their place
        const complete = traces.slice(297).map((t) => ({ ...t, trace_info: { ...t.trace_info, trace_state: 'complete' } }));
        await importDocument(db.writer, 'busy complete', JSON.stringify({ traces: complete }));
        const refilled = await read(`account=${account}&limit=2`);
        expect(refilled.hashes).toEqual([traces[296].external_hash, traces[295].external_hash]);
        expect(refilled.hgetall).toBe(6);
        expect(refilled.members).toBe(32);

        // and never more than a bound of members in all, however many distinct traces are wanted
        const keys = new AccountTraceKeys(redis, account, 50);
        expect(await keys.next(100)).toHaveLength(50);
        expect(keys.truncated).toBe(true);
      } finally {
        watch.close();
      }
    });

    it("carries the classifier's actions, shaped like database actions", async () => {
      const file = structuredClone(mainnet.traces[0]);
      const root = file.transactions[file.trace_id];
      const wallet = root.account;
      const out = root.out_msgs[0];
      file.actions = [
        {
          trace_id: file.trace_id,
          action_id: Buffer.alloc(32, 7).toString('base64'),
          type: 'ton_transfer',
          success: true,
          start_lt: file.start_lt,
          end_lt: file.end_lt,
          start_utime: file.start_utime,
          end_utime: file.end_utime,
          transactions: [file.trace_id],
          accounts: [wallet, out.destination],
          details: { source: wallet, destination: out.destination, value: out.value, value_extra_currencies: {}, comment: 'hi', encrypted: false },
        },
        {
          trace_id: file.trace_id,
          action_id: Buffer.alloc(32, 8).toString('base64'),
          type: 'call_contract',
          success: true,
          start_lt: file.start_lt,
          end_lt: file.end_lt,
          transactions: [file.trace_id],
          accounts: [wallet],
          details: { opcode: '0xa0ac85a6', source: wallet, destination: out.destination, value: out.value, extra_currencies: {} },
        },
      ];
      await redis.flushdb();
      await pushTraces(redis, { traces: [file] }, { finality: 'pending' });
      const body = await get(`ext_msg_hash=${encodeURIComponent(file.external_hash)}`);
      const [action, call] = ['ton_transfer', 'call_contract'].map((type) => body.traces[0].actions.find((a: any) => a.type === type));
      // toncenter's wire form of an opcode in details: "0x%08x"; GraphQL's typed details keep the UInt32
      expect(call.details).toEqual({ opcode: '0xa0ac85a6', source: wallet, destination: out.destination, value: out.value, extra_currencies: {} });
      const yoga = createGraphQL({ ...testServices(db.reader), emulator: new EmulatorRepository(redis) });
      const { data, errors } = await execute(yoga, NestedPendingTracesDocument, { extMsgHash: [file.external_hash] });
      expect(errors).toBeUndefined();
      const typed = data!.pendingTraces[0].actions.find((a) => a.type === 'call_contract')!;
      expect(typed.typedDetails).toEqual({ __typename: 'CallContractDetails', opcode: 0xa0ac85a6 });
      expect((typed.details as { opcode: unknown }).opcode).toBe('0xa0ac85a6');
      expect(action).toMatchObject({
        type: 'ton_transfer',
        start_lt: file.start_lt,
        end_lt: file.end_lt,
        trace_end_lt: file.end_lt,
        trace_external_hash: file.external_hash,
        details: { source: wallet, destination: out.destination, value: out.value, value_extra_currencies: {}, comment: 'hi', encrypted: false },
      });
      expect(action.accounts).toEqual([wallet, out.destination].sort());
      expect(body.traces[0].trace_info.classification_state).toBe('ok');
      // the classifier's finality, not the stored actions' FINALIZED
      expect(body.traces[0].actions.map((a: any) => a.finality)).toEqual(['pending', 'pending']);
      await pushTraces(redis, { traces: [file] }, { finality: 'confirmed' });
      const confirmed = await get(`ext_msg_hash=${encodeURIComponent(file.external_hash)}`);
      expect(confirmed.traces[0].actions.map((a: any) => a.finality)).toEqual(['confirmed', 'confirmed']);
      const gqlConfirmed = await execute(yoga, '{ pendingTraces(extMsgHash: ["' + file.external_hash + '"]) { actions { finality } } }');
      expect(gqlConfirmed.data).toEqual({ pendingTraces: [{ actions: [{ finality: 'CONFIRMED' }, { finality: 'CONFIRMED' }] }] });
      expect(body.address_book[out.destination]).toBeDefined();
    });
  });

  it('keeps answering from the database when Redis is down, and says what is missing', async () => {
    const db = await createTestDatabase('pglite');
    const down = openRedis('redis://127.0.0.1:1');
    try {
      const data = structuredClone(realTestnetTraces().json);
      data.traces = [{ ...data.traces[0], trace_info: { ...data.traces[0].trace_info, trace_state: 'pending' } }];
      await importDocument(db.writer, 'pending', JSON.stringify(data));
      const lines: { level: number; dependency?: string; msg: string }[] = [];
      const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      const services = { ...testServices(db.reader), log, emulator: new EmulatorRepository(down, log) };
      const { server } = createHttpServer(services);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const res = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}${ROUTE}?ext_msg_hash=${encodeURIComponent(data.traces[0].external_hash)}`,
      );
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.traces.map((t: any) => t.trace_id)).toEqual([data.traces[0].trace_id]);
      expect(body.warnings).toEqual([
        "emulated traces are missing: Redis (the trace emulator's store) did not answer; only traces pending in the database are shown",
      ]);
      await new Promise((resolve) => server.close(resolve));

      const yoga = createGraphQL(services);
      const gql = await execute(yoga, NestedPendingTracesDocument, { extMsgHash: [data.traces[0].external_hash] });
      expect(gql.data!.pendingTraces.map((t: any) => t.traceId)).toEqual([data.traces[0].trace_id]);
      expect(gql.extensions.warnings).toEqual(body.warnings);
      // two failed reads, one warn line (rate-limited), naming the dependency
      expect(lines.filter((l) => l.dependency === 'emulator reads').map((l) => l.level)).toEqual([40]);
    } finally {
      down.disconnect();
      await db.drop();
    }
  });
});
