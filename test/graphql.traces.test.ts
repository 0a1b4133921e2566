import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQL } from '../src/graphql/yoga';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { countingDatabase } from './helpers/counting';
import { execute as run } from './helpers/graphql';
import { realTestnetTraces } from './helpers/fixtures';
import { startService, testServices } from './helpers/service';
import { syntheticTrace } from './helpers/synthetic';
import { NestedPendingTracesDocument, TraceByIdDocument, TransactionTraceSizeDocument, TransactionWithTraceDocument } from './generated/graphql';

describe.each(await availableBackends())('GraphQL traces on %s', (backend) => {
  let db: TestDatabase;
  let counted: ReturnType<typeof countingDatabase>;
  let yoga: ReturnType<typeof createGraphQL>;
  const testnet = realTestnetTraces().json;
  const pendingFile = structuredClone(testnet.traces[1]);
  pendingFile.trace_info.trace_state = 'pending';
  const small = syntheticTrace(10, 'small');
  const large = syntheticTrace(150, 'large');

  const execute = <R, V>(doc: TypedDocumentNode<R, V>, variables: V) => run(yoga, doc, variables);

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'testnet', JSON.stringify({ ...testnet, traces: testnet.traces.filter((t: any) => t.trace_id !== pendingFile.trace_id) }));
    await importDocument(db.writer, 'pending', JSON.stringify({ traces: [pendingFile] }));
    await importDocument(db.writer, 'small', JSON.stringify(small));
    await importDocument(db.writer, 'large', JSON.stringify(large));
    counted = countingDatabase(db.reader);
    yoga = createGraphQL(testServices(counted.db));
  });
  afterAll(async () => db?.drop());

  it('pendingTraces returns what REST returns, as a navigable tree', async () => {
    const service = await startService(db.reader);
    try {
      const rest = await (await service.get(`/api/v3/pendingTraces?ext_msg_hash=${encodeURIComponent(pendingFile.external_hash)}`)).json();
      const { data, errors } = await execute(NestedPendingTracesDocument, { extMsgHash: [pendingFile.external_hash] });
      expect(errors).toBeUndefined();
      const [trace] = data!.pendingTraces;
      const [wire] = rest.traces;
      expect(trace).toMatchObject({
        traceId: wire.trace_id,
        externalHash: wire.external_hash,
        source: 'DATABASE',
        startLt: wire.start_lt,
        endLt: wire.end_lt,
        mcSeqnoStart: wire.mc_seqno_start,
        transactionsOrder: wire.transactions_order,
        traceInfo: {
          traceState: 'pending',
          classificationState: wire.trace_info.classification_state,
          messages: wire.trace_info.messages,
          transactions: wire.trace_info.transactions,
          pendingMessages: wire.trace_info.pending_messages,
        },
      });
      const shape = (n: any): any => ({ hash: n.transactionHash ?? n.tx_hash, children: (n.children ?? []).map(shape) });
      const cut = (n: any, depth: number): any => ({ hash: n.hash, children: depth === 0 ? [] : n.children.map((c: any) => cut(c, depth - 1)) });
      expect(cut(shape(trace.root), 3)).toEqual(cut(shape(wire.trace), 3));
      const rootTx = trace.root!.transaction;
      expect(rootTx.hash).toBe(wire.trace.transaction.hash);
      expect(rootTx.accountInfo.userFriendly).toBe(rest.address_book[wire.trace.transaction.account].user_friendly);
      // every out-message of the root leads to the child that received it
      for (const m of rootTx.outMsgs) {
        const child = trace.root!.children.find((c) => c.transaction.inMsg?.hash === m.hash);
        if (child) expect(m.destinationTransaction?.hash).toBe(child.transactionHash);
      }
      for (const child of trace.root!.children) expect(child.transaction.inMsg?.sourceTransaction?.hash).toBe(rootTx.hash);
    } finally {
      await service.close();
    }
  });

  it('a nested query over a trace of 150 transactions costs the same few statements as over 10', async () => {
    const cost = async (doc: any) => {
      counted.counter.statements = 0;
      counted.counter.texts = [];
      const result = await execute(NestedPendingTracesDocument, { extMsgHash: [doc.traces[0].external_hash] });
      expect(result.errors).toBeUndefined();
      const trace = result.data!.pendingTraces[0];
      expect(trace.transactionsOrder).toHaveLength(Object.keys(doc.traces[0].transactions).length);
      // navigation inside the trace (a message's two ends) is answered from what reading the trace told
      expect(counted.counter.texts.filter((t) => /^select M\.msg_hash, M\.tx_hash from messages|from transactions T where T\.hash = any/.test(t))).toEqual([]);
      for (const child of trace.root!.children) {
        expect(child.transaction.inMsg!.sourceTransaction!.hash).toBe(trace.root!.transactionHash);
        const sent = trace.root!.transaction.outMsgs.find((m) => m.hash === child.transaction.inMsg!.hash)!;
        expect(sent.destinationTransaction).toMatchObject({ hash: child.transactionHash, lt: doc.traces[0].transactions[child.transactionHash].lt });
      }
      return counted.counter.statements;
    };
    const few = await cost(small);
    const many = await cost(large);
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(7);
  });

  it('trace(id) and Transaction.trace navigate both ways', async () => {
    const complete = testnet.traces[5];
    const { data } = await execute(TraceByIdDocument, { id: complete.trace_id });
    expect(data!.trace).toMatchObject({
      traceId: complete.trace_id,
      source: 'DATABASE',
      traceInfo: { traceState: 'complete' },
      transactionsOrder: complete.transactions_order,
    });
    expect(data!.trace!.transactions.every((t) => t.trace?.traceId === complete.trace_id)).toBe(true);
    const hex = Buffer.from(complete.trace_id, 'base64').toString('hex');
    expect((await execute(TraceByIdDocument, { id: hex })).data!.trace!.traceId).toBe(complete.trace_id);
    expect((await execute(TraceByIdDocument, { id: Buffer.alloc(32, 9).toString('hex') })).data!.trace).toBeNull();

    const child = complete.transactions[complete.transactions_order[1]];
    const tx = (await execute(TransactionWithTraceDocument, { hash: child.hash })).data!.transaction!;
    expect(tx.trace).toMatchObject({ traceId: complete.trace_id, transactionsOrder: complete.transactions_order });
    expect(complete.transactions[tx.inMsg!.sourceTransaction!.hash]).toBeDefined();
  });

  it('serves a trace over MAX_TRACE_TRANSACTIONS as its header on every path: Transaction.trace, trace(id), pendingTraces', async () => {
    const capped = createGraphQL({ ...testServices(db.reader), maxTraceTransactions: 3 });
    const big = testnet.traces[11];
    expect(big.transactions_order).toHaveLength(8);
    const header = {
      traceId: big.trace_id,
      isIncomplete: true,
      warning: 'trace is too large',
      traceInfo: { transactions: 8 },
      transactionsOrder: [],
      transactions: [],
      root: null,
      actions: [],
    };
    for (const hash of [big.trace_id, big.transactions_order[5]]) {
      const { data, errors } = await run(capped, TransactionTraceSizeDocument, { hash });
      expect(errors).toBeUndefined();
      expect(data!.transaction!.trace, hash).toEqual(header);
    }
    const byId = await run(capped, TraceByIdDocument, { id: big.trace_id });
    expect(byId.data!.trace).toMatchObject({ traceId: big.trace_id, isIncomplete: true, warning: 'trace is too large', transactions: [], root: null });
    const pending = await run(capped, NestedPendingTracesDocument, { extMsgHash: [pendingFile.external_hash] });
    expect(pending.data!.pendingTraces).toMatchObject([{ traceId: pendingFile.trace_id, isIncomplete: true, transactionsOrder: [], root: null }]);

    // at the cap, whole
    const three = testnet.traces[0];
    expect(three.transactions_order).toHaveLength(3);
    const { data } = await run(capped, TransactionTraceSizeDocument, { hash: three.trace_id });
    expect(data!.transaction!.trace).toMatchObject({
      isIncomplete: false,
      warning: null,
      transactionsOrder: three.transactions_order,
      root: { transactionHash: three.trace_id },
    });
  });

  it('reports bad selectors with BAD_USER_INPUT', async () => {
    const neither = await execute(NestedPendingTracesDocument, {});
    // the same rule as REST, naming the arguments as GraphQL spells them
    expect(neither.errors?.[0]).toMatchObject({ message: 'exactly one of "account" and "extMsgHash" must be given', extensions: { code: 'BAD_USER_INPUT' } });
    const tooMany = await execute(NestedPendingTracesDocument, { extMsgHash: Array.from({ length: 101 }, (_, i) => Buffer.alloc(32, i).toString('hex')) });
    expect(tooMany.errors?.[0]).toMatchObject({ message: 'parameter "extMsgHash" takes at most 100 values, got 101', extensions: { code: 'BAD_USER_INPUT' } });
    const bad = await execute(NestedPendingTracesDocument, { account: 'nope' });
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const badWorkchain = await execute(NestedPendingTracesDocument, { account: `128:${'1'.repeat(64)}` });
    expect(badWorkchain.errors?.[0]).toMatchObject({
      message: expect.stringContaining('parameter "account" must be an address'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const badId = await execute(TraceByIdDocument, { id: 'x' });
    expect(badId.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
