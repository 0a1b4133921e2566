import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { createGraphQL } from '../src/graphql/yoga';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { countingDatabase } from './helpers/counting';
import { fixtureJson, fixtureText, realTestnetTraces, transactionsOf } from './helpers/fixtures';
import { execute } from './helpers/graphql';
import { startService, testServices } from './helpers/service';

const BY_ACCOUNT = 'transactions_testnet_2025-07_by_account.json';
const ACTIONS = 'actions_mainnet_2026_by_account.json';

describe.each(await availableBackends())('the GraphQL graph: accounts, blocks, connections, and the REST twins on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  let counted: ReturnType<typeof countingDatabase>;
  let yoga: ReturnType<typeof createGraphQL>;
  const traces = realTestnetTraces();
  const all = [...new Map([...transactionsOf(traces.json), ...transactionsOf(fixtureJson(BY_ACCOUNT))].map((t) => [t.hash, t])).values()];
  const byHash = new Map(all.map((t) => [t.hash, t]));
  const cmp = (a: bigint | number | string, b: bigint | number | string) => (a < b ? -1 : a > b ? 1 : 0);
  const lt = (t: any) => BigInt(t.lt);
  // the account with the most transactions in the files
  const busiest = [...all.reduce((m, t) => m.set(t.account, (m.get(t.account) ?? 0) + 1), new Map<string, number>())].sort((a, b) => b[1] - a[1])[0][0];
  const historyOf = (account: string) => all.filter((t) => t.account === account).sort((a, b) => cmp(lt(b), lt(a)));

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', traces.text);
    await importDocument(db.writer, 'account', fixtureText(BY_ACCOUNT));
    await importDocument(db.writer, 'actions', fixtureText(ACTIONS));
    service = await startService(db.reader);
    counted = countingDatabase(db.reader);
    yoga = createGraphQL(testServices(counted.db));
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const query = async (doc: string, variables?: Record<string, unknown>): Promise<any> => {
    const { data, errors } = (await execute(yoga, doc, variables)) as any;
    expect(errors, doc).toBeUndefined();
    return data;
  };
  const failure = async (doc: string) => ((await execute(yoga, doc)) as any).errors?.[0];
  const rest = async (url: string) => (await service.get(`/api/v3/${url}`)).json();

  describe('Account', () => {
    it('has its forms, address-book entry, latest state and last transaction', async () => {
      const friendly = (await rest(`addressBook?address=${busiest}`))[busiest].user_friendly;
      const { account } = await query(
        `query ($a: String!) { account(address: $a) { address bounceable nonBounceable addressBook { userFriendly } state { balance accountStatus } lastTransaction { hash account } } }`,
        { a: friendly },
      );
      expect(account.address).toBe(busiest);
      expect([account.bounceable, account.nonBounceable]).toContain(friendly);
      expect(account.addressBook.userFriendly).toBe(friendly);
      expect(account.bounceable).toMatch(/^kQ/);
      expect(account.nonBounceable).toMatch(/^0Q/);
      const [latest] = await db.reader.query<any>('select balance::text as balance, last_trans_hash from latest_account_states where account = $1', [busiest]);
      expect(account.state.balance).toBe(latest.balance);
      expect(account.lastTransaction).toEqual({ hash: latest.last_trans_hash, account: busiest });
      expect(await failure('{ account(address: "nope") { address } }')).toMatchObject({
        message: 'parameter "address" must be an address (raw, or user-friendly base64/base64url), got "nope"',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('pages its transactions forward and backward with cursors: every transaction once, newest first, as REST lists them', async () => {
      const history = historyOf(busiest).map((t) => t.hash);
      expect(history.length).toBeGreaterThan(6);
      const restPage = (await rest(`transactions?account=${busiest}&limit=1000`)).transactions;
      expect(restPage.map((t: any) => t.hash)).toEqual(history);
      // the messages, read with each page in its statement, as REST lists them
      const restMessages = restPage.map((t: any) => [t.hash, t.in_msg?.hash ?? null, t.out_msgs.map((m: any) => m.hash)]);
      expect(restMessages.some(([, , out]: any) => out.length > 0)).toBe(true);
      const page = `pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { hash lt inMsg { hash } outMsgs { hash } } }`;
      const messagesOf = (edges: any[]) => edges.map((e: any) => [e.node.hash, e.node.inMsg?.hash ?? null, e.node.outMsgs.map((m: any) => m.hash)]);
      const forwardMessages: unknown[] = [];
      const forward: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 100; i += 1) {
        const { account } = await query(`query ($a: String!, $after: String) { account(address: $a) { transactions(first: 3, after: $after) { ${page} } } }`, {
          a: busiest,
          after,
        });
        const { edges, pageInfo } = account.transactions;
        forward.push(...edges.map((e: any) => e.node.hash));
        forwardMessages.push(...messagesOf(edges));
        expect(pageInfo.hasPreviousPage).toBe(after !== null);
        if (!pageInfo.hasNextPage) break;
        expect(edges).toHaveLength(3);
        after = pageInfo.endCursor;
      }
      expect(forward).toEqual(history);
      expect(forwardMessages).toEqual(restMessages);
      // `last` alone is the end of the list (the oldest); page back towards the newest with `before`
      const backward: string[] = [];
      let before: string | null = null;
      for (let i = 0; i < 100; i += 1) {
        const { account } = await query(
          `query ($a: String!, $before: String) { account(address: $a) { transactions(last: 4, before: $before) { ${page} } } }`,
          { a: busiest, before },
        );
        const { edges, pageInfo } = account.transactions;
        backward.unshift(...edges.map((e: any) => e.node.hash));
        expect(messagesOf(edges)).toEqual(restMessages.filter(([hash]: any) => edges.some((e: any) => e.node.hash === hash)));
        if (!pageInfo.hasPreviousPage) break;
        expect(edges).toHaveLength(4);
        before = pageInfo.startCursor;
      }
      expect(backward).toEqual(history);
    });

    it('refuses cursors it did not issue, and page sizes out of bounds', async () => {
      const { allTransactions } = await query('{ allTransactions(first: 1) { pageInfo { endCursor } } }');
      const foreign = allTransactions.pageInfo.endCursor;
      expect(await failure(`{ account(address: "${busiest}") { transactions(after: "${foreign}") { edges { cursor } } } }`)).toMatchObject({
        message: `argument "after": cursor "${foreign.slice(0, 80)}${foreign.length > 80 ? '…' : ''}" is not one that Account.transactions issued`,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await failure(`{ account(address: "${busiest}") { transactions(after: "garbage!") { edges { cursor } } } }`)).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT' },
      });
      // a cursor forged to hold values its columns cannot take is refused before any SQL
      const forged = Buffer.from(JSON.stringify(['allTransactions', '99999999999999999999', '0:AB'])).toString('base64url');
      expect(await failure(`{ allTransactions(first: 1, after: "${forged}") { edges { cursor } } }`)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(await failure(`{ allTransactions(first: 1001) { edges { cursor } } }`)).toMatchObject({
        message: 'argument "first" must be from 0 to 1000, got 1001',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('pages the messages of its transactions: newest transaction first, within one its out-messages then its inbound one', async () => {
      // the order Account.messages promises, from the files: (transaction lt, side, hash), all descending
      const expected = historyOf(busiest).flatMap((t) => [
        ...t.out_msgs.map((m: any) => m.hash).sort((a: string, b: string) => cmp(b, a)),
        ...(t.in_msg ? [t.in_msg.hash] : []),
      ]);
      expect(expected.length).toBeGreaterThan(8);
      const seen: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 100; i += 1) {
        const { account } = await query(
          `query ($a: String!, $after: String) { account(address: $a) { messages(first: 4, after: $after) { pageInfo { hasNextPage endCursor } edges { node { hash } } } } }`,
          { a: busiest, after },
        );
        seen.push(...account.messages.edges.map((e: any) => e.node.hash));
        if (!account.messages.pageInfo.hasNextPage) break;
        after = account.messages.pageInfo.endCursor;
      }
      expect(seen).toEqual(expected);
    });

    it('gives token metadata for a token account, null for others', async () => {
      const file = fixtureJson(ACTIONS).response.metadata;
      const [token] = Object.keys(file);
      const { a, b } = await query(
        `{ a: account(address: "${token}") { metadata { address tokenInfo { type } } } b: account(address: "${busiest}") { metadata { address } } }`,
      );
      expect(a.metadata).toEqual({ address: token, tokenInfo: file[token].token_info.map((i: any) => ({ type: i.type })) });
      expect(b.metadata).toBeNull();
    });
  });

  describe('navigation', () => {
    it('Transaction.block and Block.transactions, Block.masterchainBlock and shardBlocks, Transaction.previous, Message.transactions', async () => {
      const sample = historyOf(busiest).find((t) => byHash.has(t.prev_trans_hash) && t.block_ref.workchain === 0)!;
      const { transaction } = await query(
        `query ($h: String!) { transaction(hash: $h) {
           block { workchain shard seqno genUtime transactions(first: 1000) { edges { node { hash } } }
                   masterchainBlock { seqno workchain shardBlocks { seqno shard } } }
           previous { hash lt }
           inMsg { transactions { hash } }
         } }`,
        { h: sample.hash },
      );
      const inBlock = all.filter(
        (t) => t.block_ref.workchain === 0 && t.block_ref.seqno === sample.block_ref.seqno && t.block_ref.shard === sample.block_ref.shard,
      );
      expect(transaction.block).toMatchObject({ workchain: 0, seqno: sample.block_ref.seqno, genUtime: String(sample.now) });
      expect(transaction.block.transactions.edges.map((e: any) => e.node.hash)).toEqual(
        [...inBlock].sort((a, b) => cmp(lt(b), lt(a)) || cmp(b.account, a.account)).map((t) => t.hash),
      );
      expect(transaction.block.masterchainBlock.seqno).toBe(sample.mc_block_seqno);
      expect(transaction.block.masterchainBlock.shardBlocks.map((b: any) => b.seqno)).toContain(sample.block_ref.seqno);
      expect(transaction.previous).toEqual({ hash: sample.prev_trans_hash, lt: byHash.get(sample.prev_trans_hash).lt });
      const ends = [...all.filter((t) => t.out_msgs.some((m: any) => m.hash === sample.in_msg.hash)), sample].map((t) => t.hash);
      expect(transaction.inMsg.transactions.map((t: any) => t.hash)).toEqual(ends);
    });

    it("pages many blocks' transactions in one statement, and answers ids outside the columns' ranges with nothing", async () => {
      const doc = (limit: number) =>
        `{ blocks(limit: ${limit}, workchain: 0) { seqno transactions(first: 2) { edges { node { hash } } pageInfo { hasNextPage } } } }`;
      const statements = async (limit: number) => {
        counted.counter.statements = 0;
        const data = await query(doc(limit));
        expect(data.blocks.length).toBe(limit);
        expect(data.blocks.every((b: any) => b.transactions.edges.length > 0)).toBe(true);
        return counted.counter.statements;
      };
      expect(await statements(12)).toBe(await statements(3));
      const { block, blocks } = await query(
        '{ block(workchain: 0, shard: "99999999999999999999", seqno: 4000000000) { seqno } blocks(mcSeqno: 4000000000) { seqno } }',
      );
      expect([block, blocks]).toEqual([null, []]);
      expect((await rest('traces?mc_seqno=4000000000')).code).toBe(404);
    });

    it('runs statements bounded by the query, not by the data: 5 transactions or 50 with their blocks, previous ones and message ends', async () => {
      const doc = (first: number) =>
        `{ allTransactions(first: ${first}) { edges { node { hash block { seqno masterchainBlock { seqno } } previous { hash } inMsg { transactions { hash } } } } } }`;
      const statements = async (first: number) => {
        counted.counter.statements = 0;
        const data = await query(doc(first));
        expect(data.allTransactions.edges).toHaveLength(first);
        return counted.counter.statements;
      };
      const few = await statements(5);
      expect(await statements(50)).toBe(few);
      expect(few).toBeLessThanOrEqual(8);
    });
  });

  describe('the REST twins', () => {
    it('adjacentTransactions, messages, blocks, masterchainInfo and the shard routes give the same data through both doors', async () => {
      const sample = all.find((t) => t.block_ref.workchain === 0 && t.out_msgs.length > 0)!;
      const pairs: [string, string, (body: any) => unknown, (data: any) => unknown][] = [
        [
          `adjacentTransactions?hash=${encodeURIComponent(sample.hash)}`,
          `{ adjacentTransactions(hash: "${sample.hash}") { hash } }`,
          (b) => b.transactions.map((t: any) => t.hash),
          (d) => d.adjacentTransactions.map((t: any) => t.hash),
        ],
        [
          'messages?limit=50',
          '{ messages(limit: 50) { hash inMsgTxHash outMsgTxHash } }',
          (b) => b.messages.map((m: any) => [m.hash, m.in_msg_tx_hash, m.out_msg_tx_hash]),
          (d) => d.messages.map((m: any) => [m.hash, m.inMsgTxHash, m.outMsgTxHash]),
        ],
        [
          `messages?source=null&limit=5`,
          '{ messages(source: "null", limit: 5) { hash } }',
          (b) => b.messages.map((m: any) => m.hash),
          (d) => d.messages.map((m: any) => m.hash),
        ],
        [
          'blocks?workchain=-1&sort=desc&limit=5',
          '{ blocks(workchain: -1, sort: DESC, limit: 5) { seqno } }',
          (b) => b.blocks.map((x: any) => x.seqno),
          (d) => d.blocks.map((x: any) => x.seqno),
        ],
        [
          'masterchainInfo',
          '{ masterchainInfo { first { seqno } last { seqno } } }',
          (b) => [b.first.seqno, b.last.seqno],
          (d) => [d.masterchainInfo.first.seqno, d.masterchainInfo.last.seqno],
        ],
        [
          `masterchainBlockShards?seqno=${sample.mc_block_seqno}`,
          `{ masterchainBlockShards(seqno: ${sample.mc_block_seqno}) { workchain seqno } }`,
          (b) => b.blocks.map((x: any) => [x.workchain, x.seqno]),
          (d) => d.masterchainBlockShards.map((x: any) => [x.workchain, x.seqno]),
        ],
        [
          `masterchainBlockShardState?seqno=${sample.mc_block_seqno}`,
          `{ masterchainBlockShardState(seqno: ${sample.mc_block_seqno}) { workchain seqno } }`,
          (b) => b.blocks.map((x: any) => [x.workchain, x.seqno]),
          (d) => d.masterchainBlockShardState.map((x: any) => [x.workchain, x.seqno]),
        ],
      ];
      for (const [url, doc, fromRest, fromGraphQL] of pairs) {
        const expected = fromRest(await rest(url));
        expect((expected as unknown[]).length, url).toBeGreaterThan(0);
        expect(fromGraphQL(await query(doc)), doc).toEqual(expected);
      }
      expect(await failure('{ masterchainBlockShards(seqno: 7) { seqno } }')).toMatchObject({ message: 'blocks not found', extensions: { code: 'NOT_FOUND' } });
      expect(await failure('{ messages(excludeExternals: true, onlyExternals: true) { hash } }')).toMatchObject({
        message: '"excludeExternals" and "onlyExternals" exclude each other',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('addressBook and metadata: the same entries, in the order asked, null for what is not an address', async () => {
      const file = fixtureJson(ACTIONS).response.metadata;
      const tokens = Object.keys(file);
      const { addressBook, metadata } = await query(
        `query ($a: [String!]!, $t: [String!]!) { addressBook(address: $a) { address userFriendly domain } metadata(address: $t) { address isIndexed tokenInfo { type name symbol } } }`,
        { a: [busiest, 'nope', busiest.toLowerCase()], t: [...tokens.map((a) => a.toLowerCase()), 'nope'] },
      );
      const book = await rest(`addressBook?address=${busiest}`);
      expect(addressBook).toEqual([
        { address: busiest, userFriendly: book[busiest].user_friendly, domain: null },
        null,
        { address: busiest, userFriendly: book[busiest].user_friendly, domain: null },
      ]);
      expect(metadata.map((m: any) => m.address)).toEqual(Object.keys(file));
      expect(metadata[0].tokenInfo.map((i: any) => i.type)).toEqual(file[tokens[0]].token_info.map((i: any) => i.type));
    });
  });
});
