import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/types';
import { accountStatesByHashes } from '../src/data/accountStates';
import { actionsByTraces, actionsPage } from '../src/data/actions';
import { expandActionTypes } from '../src/actions/supported';
import { addressInfoByAccounts } from '../src/data/addressBook';
import { blocksPage, masterchainBlockShards, masterchainBlockShardState, masterchainBlockStatus, masterchainEnds } from '../src/data/blocks';
import { messageColumnSet, messageRowsByTransactions, messagesByTransactions, messagesPage, transactionHashesByMessages } from '../src/data/messages';
import { metadataRows } from '../src/data/metadata';
import {
  completedExternalHashes,
  pendingTracesByAccount,
  pendingTracesByExternalHashes,
  tracesKeyset,
  tracesPage,
  transactionsByTraces,
} from '../src/data/traces';
import {
  adjacentTransactions,
  descriptionsByHashes,
  filteredTransactions,
  transactionsKeyset,
  transactionHeadersByHashes,
  transactionsByMasterchainBlock,
  transactionsByMessageFilter,
} from '../src/data/transactions';
import { jettonWalletsChangedIn } from '../src/data/jettons';
import { generateInto } from '../src/generate/load';
import { DEFAULT_OPTIONS } from '../src/generate/generator';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './helpers/databases';

/**
 * Every query the data layer runs must reach transactions and messages through an index: a sequential scan there
 * is what makes toncenter's block route time out as the database grows. The data layer's own functions run
 * against a generated database with EXPLAIN put in front of their SQL.
 */
describe.skipIf(!(await postgresAvailable()))('query plans on a generated PostgreSQL database', () => {
  let db: TestDatabase;
  const plans: string[] = [];
  const explaining: Queryable = {
    async query(text, params) {
      const rows = await db.writer.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      return rows as never[];
    },
  };
  const planOf = async (run: () => Promise<unknown>) => {
    plans.length = 0;
    await run();
    return plans.join('\n---\n');
  };

  let seqno: number;
  let txHashes: string[];
  let account: string;
  let external: string;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await generateInto(db.writer, { ...DEFAULT_OPTIONS, transactions: 30_000, seed: 'plans' });
    [{ seqno }] = await db.writer.query<{ seqno: number }>(
      `select mc_block_seqno as seqno from transactions group by 1 having count(*) between 10 and 100 limit 1`,
    );
    txHashes = (await db.writer.query<{ hash: string }>(`select hash from transactions where mc_block_seqno = $1 limit 10`, [seqno])).map((r) => r.hash);
    [{ account, external }] = await db.writer.query<{ account: string; external: string }>(
      `select T.account, E.external_hash as external from traces E join transactions T on T.trace_id = E.trace_id where E.state = 'pending' limit 1`,
    );
  }, 180_000);
  afterAll(async () => db?.drop());

  const noSeqScan = (text: string) => expect(text).not.toMatch(/Seq Scan on (transactions|messages)\b/);

  it('the block route: page by (mc_block_seqno, lt), block check, messages, states, address book', async () => {
    const page = await planOf(() => transactionsByMasterchainBlock(explaining, { seqno, limit: 10, offset: 0, sort: 'desc' }));
    expect(page).toMatch(/transactions_index_8/);
    noSeqScan(page);
    const status = await planOf(() => masterchainBlockStatus(explaining, seqno));
    expect(status).toMatch(/blocks_pkey|blocks_index_3/);
    expect(status).not.toMatch(/Seq Scan on blocks/);
    noSeqScan(await planOf(() => messagesByTransactions(explaining, txHashes)));
    expect(await planOf(() => accountStatesByHashes(explaining, txHashes))).toMatch(/account_states_pkey/);
    expect(await planOf(() => addressInfoByAccounts(explaining, [account]))).toMatch(/latest_account_states_(pkey|address_book_index)/);
    noSeqScan(await planOf(() => transactionHeadersByHashes(explaining, txHashes)));
    noSeqScan(await planOf(() => descriptionsByHashes(explaining, txHashes)));
    noSeqScan(
      await planOf(() =>
        messageRowsByTransactions(
          explaining,
          txHashes.map((txHash) => ({ txHash, columns: messageColumnSet(['value'] as const) })),
        ),
      ),
    );
  });

  it("/transactions: every filter set runs on the indexer's indexes, with its order served by the index", async () => {
    const none = { rootHashes: [], fileHashes: [], accounts: [], excludeAccounts: [], hashes: [] };
    const page = { limit: 10, offset: 0, sort: 'desc' as const };
    const [{ lt, now }] = await db.writer.query<{ lt: string; now: number }>('select lt::text as lt, now from transactions where hash = $1', [txHashes[0]]);
    // [what, filter, index, whether the index must also give the order (not only a few rows of one account)]
    const cases: [string, Parameters<typeof filteredTransactions>[1], RegExp, boolean][] = [
      ['newest', none, /transactions_index_2/, true],
      ['one account', { ...none, accounts: [account] }, /transactions_index_(4|5|9)/, false],
      ['one account, time window', { ...none, accounts: [account], startUtime: now - 3600, endUtime: now }, /transactions_index_(4|5|9)/, false],
      ['time window', { ...none, startUtime: now - 3600, endUtime: now }, /transactions_index_3/, true],
      ['masterchain block', { ...none, mcSeqno: seqno }, /transactions_index_8/, true],
      ['hashes', { ...none, hashes: txHashes }, /transactions_index_6/, false],
      ['lt window', { ...none, startLt: (BigInt(lt) - 10n ** 12n).toString(), endLt: lt }, /transactions_index_2/, true],
    ];
    for (const [what, filter, index, ordered] of cases) {
      const plan = await planOf(() => filteredTransactions(explaining, filter, page));
      expect(plan, what).toMatch(index);
      noSeqScan(plan);
      // the index gives the order; at most an incremental sort of equal lts by account
      if (ordered) expect(plan, `${what}: no sort of all the matches`).not.toMatch(/(^|-> {2})Sort {2}/m);
    }
  });

  it('/transactions?account= deep in the list: the skipped rows from the (account, lt) index alone, only the page read whole', async () => {
    // as autovacuum leaves a table the indexer has written (the visibility map set), which index-only scans need
    await db.writer.query('vacuum analyze transactions');
    const [busiest] = await db.writer.query<{ account: string; n: number }>(
      'select account, count(*)::int as n from transactions group by 1 order by 2 desc limit 1',
    );
    const filter = { rootHashes: [], fileHashes: [], accounts: [busiest.account], excludeAccounts: [], hashes: [] };
    const deep = await planOf(() => filteredTransactions(explaining, filter, { limit: 10, offset: busiest.n - 10, sort: 'desc' }));
    expect(deep).toMatch(/Index Only Scan (Backward )?using transactions_index_4/);
    expect(deep).not.toMatch(/Bitmap Heap Scan on transactions/);
    const rows = (offset: number) => filteredTransactions(db.writer, filter, { limit: 10, offset, sort: 'desc' });
    const whole = await db.writer.query<{ hash: string }>('select hash from transactions where account = $1 order by lt desc', [busiest.account]);
    for (const offset of [1, busiest.n - 10, busiest.n - 3, busiest.n]) {
      expect(
        (await rows(offset)).map((r) => r.hash),
        `offset ${offset}`,
      ).toEqual(whole.slice(offset, offset + 10).map((r) => r.hash));
    }
    // with a time window the order is (now, lt) within the account, and the keys carry now
    const [{ mid }] = await db.writer.query<{ mid: number }>(
      'select percentile_disc(0.5) within group (order by now) as mid from transactions where account = $1',
      [busiest.account],
    );
    const windowed = { ...filter, startUtime: mid };
    const inWindow = await db.writer.query<{ hash: string }>('select hash from transactions where account = $1 and now >= $2 order by now desc, lt desc', [
      busiest.account,
      mid,
    ]);
    for (const offset of [1, inWindow.length - 5]) {
      const page = await filteredTransactions(db.writer, windowed, { limit: 10, offset, sort: 'desc' });
      expect(
        page.map((r) => r.hash),
        `window, offset ${offset}`,
      ).toEqual(inWindow.slice(offset, offset + 10).map((r) => r.hash));
    }
  });

  it('/transactionsByMessage: by message hash, normalized hash, body hash and opcode on the messages indexes', async () => {
    // the rarest body (the generator reuses its bodies; for a common one the planner rightly walks lt instead)
    const [message] = await db.writer.query<{ msg_hash: string; body_hash: string }>(
      `select min(msg_hash) as msg_hash, body_hash from messages where body_hash is not null group by body_hash order by count(*), body_hash limit 1`,
    );
    const page = { limit: 10, offset: 0, sort: 'desc' as const };
    const cases: [string, Parameters<typeof transactionsByMessageFilter>[1], RegExp][] = [
      ['message hash', { msgHashes: [message.msg_hash] }, /messages_index_1/],
      ['body hash', { msgHashes: [], bodyHash: message.body_hash }, /messages_index_4/],
    ];
    for (const [what, filter, index] of cases) {
      const plan = await planOf(() => transactionsByMessageFilter(explaining, filter, page));
      expect(plan, what).toMatch(index);
      noSeqScan(plan);
    }
  });

  it('/messages: every filter set on the messages indexes, newest first without sorting every match', async () => {
    const [m] = await db.writer.query<{
      msg_hash: string;
      source: string;
      destination: string;
      opcode: number;
      body_hash: string;
      created_lt: string;
      created_at: string;
    }>(
      `select msg_hash, source, destination, opcode, body_hash, created_lt::text as created_lt, created_at::text as created_at
         from messages where source is not null and opcode is not null and body_hash is not null and direction = 'out' limit 1`,
    );
    const page = { limit: 10, offset: 0, sort: 'desc' as const };
    // [what, filter, index, whether the index must also give the order]
    const cases: [string, Parameters<typeof messagesPage>[1], RegExp, boolean][] = [
      ['newest', { msgHashes: [] }, /messages_index_7/, true],
      ['source', { msgHashes: [], source: m.source }, /messages_index_2/, false],
      ['destination', { msgHashes: [], destination: m.destination }, /messages_index_3/, false],
      ['opcode', { msgHashes: [], opcode: m.opcode }, /messages_index_6/, false],
      ['hash', { msgHashes: [m.msg_hash] }, /messages_index_1/, false],
      ['body hash', { msgHashes: [], bodyHash: m.body_hash }, /messages_index_4/, false],
      ['lt window', { msgHashes: [], startLt: (BigInt(m.created_lt) - 10n ** 9n).toString(), endLt: m.created_lt }, /messages_index_7/, true],
      ['time window', { msgHashes: [], startUtime: Number(m.created_at) - 60, endUtime: Number(m.created_at) }, /messages_index_8/, true],
    ];
    for (const [what, filter, index, ordered] of cases) {
      const plan = await planOf(() => messagesPage(explaining, filter, page));
      expect(plan, what).toMatch(index);
      noSeqScan(plan);
      // the page's rows are sorted again after the joins; what must not happen is a sort under the page's limit
      if (ordered) expect(plan, `${what}: no sort of all the matches`).not.toMatch(/Limit .*\n\s+-> {2}Sort {2}/);
    }
  });

  it('keyset connections: a page deep in the list reads as many rows as the first, through the index that orders it', async () => {
    // EXPLAIN ANALYZE counts what each plan node read: the proof that depth costs nothing, without timing anything
    const analyzed = async (run: (db: Queryable) => Promise<unknown>) => {
      const texts: string[] = [];
      await run({
        async query(text, params) {
          const rows = await db.writer.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${text}`, params);
          texts.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
          return [] as never[];
        },
      });
      const plan = texts.join('\n');
      const read = [...plan.matchAll(/Index Scan[^\n]* on transactions[^\n]*\(actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/g)].map((m) => Number(m[1]));
      expect(read.length, plan).toBeGreaterThan(0);
      noSeqScan(plan);
      return Math.max(...read);
    };
    const [{ total }] = await db.writer.query<{ total: number }>('select count(*)::int as total from transactions');
    const [deep] = await db.writer.query<{ lt: string; account: string }>(
      'select lt::text as lt, account from transactions order by lt desc, account desc offset $1 limit 1',
      [total - 500],
    );
    const page = { limit: 11, backward: false };
    // the index orders by lt: the rows sharing the page's last lt are read too, to order them by account
    const [{ ties }] = await db.writer.query<{ ties: number }>('select max(n)::int as ties from (select count(*) as n from transactions group by lt) g');
    const bound = page.limit + 1 + ties;
    expect(bound).toBeLessThan(total / 100);
    expect(await analyzed((q) => transactionsKeyset(q, { all: true }, page))).toBeLessThanOrEqual(bound);
    expect(await analyzed((q) => transactionsKeyset(q, { all: true }, { ...page, after: [deep.lt, deep.account] }))).toBeLessThanOrEqual(bound);
    // an account's history, from its oldest end
    const [{ account: busy }] = await db.writer.query<{ account: string }>('select account from transactions group by account order by count(*) desc limit 1');
    const [oldest] = await db.writer.query<{ lt: string }>('select lt::text as lt from transactions where account = $1 order by lt offset 12 limit 1', [busy]);
    expect(await analyzed((q) => transactionsKeyset(q, { account: busy }, { ...page, after: [oldest.lt] }))).toBeLessThanOrEqual(page.limit + 1);
  });

  it("the live watcher's jetton wallet changes: the new blocks' transactions by mc_block_seqno, the wallets by their key", async () => {
    const plan = await planOf(() => jettonWalletsChangedIn(explaining, seqno, seqno + 31, 20_001));
    expect(plan).toMatch(/transactions_index_8/);
    expect(plan).toMatch(/jetton_wallets_pkey/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('/adjacentTransactions and the block routes on their indexes', async () => {
    noSeqScan(await planOf(() => adjacentTransactions(explaining, txHashes[0], undefined)));
    const blocks = [
      await planOf(() => blocksPage(explaining, { rootHashes: [], fileHashes: [], mcSeqno: seqno }, { limit: 10, offset: 0 })),
      await planOf(() => blocksPage(explaining, { rootHashes: [], fileHashes: [], workchain: -1 }, { limit: 10, offset: 0, sort: 'desc' })),
      await planOf(() => masterchainEnds(explaining)),
      await planOf(() => masterchainBlockShards(explaining, seqno, { limit: 10, offset: 0 })),
      await planOf(() => masterchainBlockShardState(explaining, seqno)),
    ];
    expect(blocks[0]).toMatch(/blocks_index_2/);
    expect(blocks[1]).toMatch(/blocks_index_1/);
    for (const plan of blocks) expect(plan).not.toMatch(/Seq Scan on (blocks|shard_state)\b/);
  });

  it('/traces: every selector and window on the indexes, newest end first without sorting every trace', async () => {
    const [trace] = await db.writer.query<{ trace_id: string; end_lt: string; end_utime: number; mc_seqno_end: number; msg: string }>(
      `select E.trace_id, E.end_lt::text as end_lt, E.end_utime, E.mc_seqno_end, M.msg_hash as msg from traces E
         join messages M on M.trace_id = E.trace_id where E.state = 'complete' limit 1`,
    );
    const none = { traceIds: [], txHashes: [], msgHashes: [] };
    const page = { limit: 10, offset: 0, sort: 'desc' as const };
    const cases: [string, Parameters<typeof tracesPage>[1], RegExp][] = [
      ['newest', none, /traces_index_3/],
      ['account', { ...none, account }, /transactions_index_(4|9)|traces_index_3/],
      ['trace id', { ...none, traceIds: [trace.trace_id] }, /traces_pkey/],
      ['transaction', { ...none, txHashes: txHashes.slice(0, 3) }, /transactions_index_6/],
      ['message', { ...none, msgHashes: [trace.msg] }, /messages_index_1/],
      ['masterchain block', { ...none, mcSeqno: trace.mc_seqno_end }, /trace_index_2a/],
      ['lt window', { ...none, startLt: (BigInt(trace.end_lt) - 10n ** 9n).toString(), endLt: trace.end_lt }, /traces_index_3/],
      ['time window', { ...none, startUtime: trace.end_utime - 600, endUtime: trace.end_utime }, /traces_index_4/],
    ];
    for (const [what, filter, index] of cases) {
      const plan = await planOf(() => tracesPage(explaining, filter, page));
      expect(plan, what).toMatch(index);
      noSeqScan(plan);
      expect(plan, what).not.toMatch(/Seq Scan on traces\b/);
    }
    const keyset = await planOf(() => tracesKeyset(explaining, none, { limit: 11, backward: false, after: [trace.end_lt, trace.trace_id] }));
    expect(keyset).toMatch(/traces_index_3/);
    expect(keyset).not.toMatch(/Limit .*\n\s+-> {2}Sort {2}/);
  });

  it('/actions: by account through action_accounts, the other selectors through their indexes, never a scan of actions', async () => {
    const [action] = await db.writer.query<{ trace_id: string; action_id: string; account: string; tx: string }>(
      `select A.trace_id, A.action_id, AA.account, A.tx_hashes[1] as tx from actions A join action_accounts AA on AA.action_id = A.action_id limit 1`,
    );
    const none = { txHashes: [], msgHashes: [], actionIds: [], traceIds: [], types: [], excludeTypes: [], supported: expandActionTypes([]) };
    const page = { limit: 10, offset: 0, sort: 'desc' as const };
    const cases: [string, Parameters<typeof actionsPage>[1], RegExp][] = [
      ['newest', none, /actions_index_4/],
      ['account', { ...none, account: action.account }, /action_accounts_(pkey|index_3)/],
      ['account, time window', { ...none, account: action.account, startUtime: 0, endUtime: 2 ** 31 }, /action_accounts_(pkey|index_3)/],
      ['transaction', { ...none, txHashes: [action.tx] }, /transactions_index_6/],
      ['action id', { ...none, actionIds: [action.action_id] }, /actions_index_2|actions_pkey/],
      ['trace id', { ...none, traceIds: [action.trace_id] }, /actions_index_1|actions_pkey/],
      ['masterchain block', { ...none, mcSeqno: seqno }, /actions_index_5/],
    ];
    for (const [what, filter, index] of cases) {
      const plan = await planOf(() => actionsPage(explaining, filter, page));
      expect(plan, what).toMatch(index);
      noSeqScan(plan);
      expect(plan, what).not.toMatch(/Seq Scan on (actions|action_accounts)\b/);
    }
  });

  it('the pending-traces route and trace navigation', async () => {
    noSeqScan(await planOf(() => pendingTracesByAccount(explaining, account, 100)));
    noSeqScan(await planOf(() => pendingTracesByExternalHashes(explaining, [external], 100)));
    noSeqScan(await planOf(() => transactionsByTraces(explaining, txHashes)));
    noSeqScan(await planOf(() => completedExternalHashes(explaining, [external])));
    noSeqScan(await planOf(() => transactionHashesByMessages(explaining, [external], 'in')));
    expect(await planOf(() => actionsByTraces(explaining, txHashes))).toMatch(/actions_pkey|actions_index_1/);
    noSeqScan(await planOf(() => metadataRows(explaining, [account])));
  });
});
