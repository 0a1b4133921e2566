import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Kind, print, visit, type FieldNode, type FragmentDefinitionNode, type SelectionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createGraphQL } from '../src/graphql/yoga';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { countingDatabase } from './helpers/counting';
import { execute as run } from './helpers/graphql';
import { fixtureText, realTestnetTraces } from './helpers/fixtures';
import { startService, testServices } from './helpers/service';
import { SPEC } from './helpers/spec';
import { syntheticBlock } from './helpers/synthetic';
import { BlockTransactionHashesDocument, BlockTransactionsDocument, TransactionByHashDocument } from './generated/graphql';

const DEMO_BLOCK = 32737160;
const BIG_BLOCK = 200;

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Turns a GraphQL result back into the REST wire shape, field by field along the spec, to compare the two APIs. */
function toWire(type: string, value: any): any {
  if (value === null || value === undefined) return null;
  const out: Record<string, unknown> = {};
  for (const [field, nested] of Object.entries(SPEC[type])) {
    const v = value[camel(field)];
    if (nested?.endsWith('[]')) out[field] = (v as any[]).map((item) => toWire(nested.slice(0, -2), item));
    // GraphQL's DecodedBody carries REST's decoded JSON as its `data`
    else if (nested === 'Decoded') out[field] = v?.data ?? null;
    else if (nested) out[field] = toWire(nested, v);
    else if (typeof v === 'string' && /^[A-Z_]+$/.test(v) && ['type', 'status_change', 'orig_status', 'end_status', 'account_status', 'reason'].includes(field))
      out[field] = v.toLowerCase();
    else out[field] = v;
  }
  return out;
}

function restToSpec(type: string, value: any): any {
  if (value === null || value === undefined) return null;
  const out: Record<string, unknown> = {};
  for (const [field, nested] of Object.entries(SPEC[type])) {
    const v = value[field];
    if (nested?.endsWith('[]')) out[field] = (v as any[]).map((item) => restToSpec(nested.slice(0, -2), item));
    else if (nested === 'Decoded') out[field] = v;
    else if (nested) out[field] = restToSpec(nested, v);
    else out[field] = v;
  }
  return out;
}

describe.each(await availableBackends())('GraphQL on %s', (backend) => {
  let db: TestDatabase;
  let counted: ReturnType<typeof countingDatabase>;
  let yoga: ReturnType<typeof createGraphQL>;

  const execute = <R, V>(doc: TypedDocumentNode<R, V>, variables: V) => run(yoga, doc, variables);

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    await importDocument(db.writer, 'synthetic', JSON.stringify(syntheticBlock(BIG_BLOCK, 1000)));
    counted = countingDatabase(db.reader);
    yoga = createGraphQL(testServices(counted.db));
  });
  afterAll(async () => db?.drop());

  it('returns the same data as REST for the same block', async () => {
    const service = await startService(db.reader);
    try {
      for (const sort of ['asc', 'desc'] as const) {
        const rest = await (await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${DEMO_BLOCK}&limit=100&sort=${sort}`)).json();
        const gql = await execute(BlockTransactionsDocument, { seqno: DEMO_BLOCK, limit: 100, sort: sort.toUpperCase() as 'ASC' | 'DESC' });
        expect(gql.errors).toBeUndefined();
        const fromGraphQL = gql.data!.transactionsByMasterchainBlock.map((t) => toWire('Transaction', t));
        expect(fromGraphQL).toEqual(rest.transactions.map((t: any) => restToSpec('Transaction', t)));
        const names = (txs: any[], key: string) => txs.flatMap((t) => [t.inMsg ?? t.in_msg, ...(t.outMsgs ?? t.out_msgs)]).map((m) => m?.[key]);
        expect(names(gql.data!.transactionsByMasterchainBlock, 'decodedOpcode')).toEqual(names(rest.transactions, 'decoded_opcode'));
        expect(names(rest.transactions, 'decoded_opcode')).toContain('text_comment');
        for (const t of gql.data!.transactionsByMasterchainBlock) {
          expect(t.accountInfo.userFriendly).toBe(rest.address_book[t.account].user_friendly);
        }
        // GraphQL's DecodedBody: the constructor, a comment's text, and REST's decoded JSON as `data`
        const decoded = gql.data!.transactionsByMasterchainBlock.flatMap((t) => [t.inMsg, ...t.outMsgs]).flatMap((m) => m?.messageContent?.decoded ?? []);
        expect(decoded.length).toBeGreaterThan(0);
        for (const d of decoded) {
          const data = d.data as Record<string, unknown>;
          expect(data['@type'], JSON.stringify(data)).toBe(d.type);
          expect(d.comment).toBe(d.type === 'text_comment' ? data.comment : null);
        }
        expect(decoded.some((d) => d.type !== 'text_comment')).toBe(true);
      }
    } finally {
      await service.close();
    }
  });

  it('finds a transaction by hash in hex, base64 and base64url form', async () => {
    const hash = 'RwUVL9in7fSCxZmVThP0eKM8Qvh3fJpVZQTPxU1mD8I=';
    for (const form of [hash, Buffer.from(hash, 'base64').toString('hex'), hash.replace(/\+/g, '-').replace(/\//g, '_').slice(0, 43)]) {
      const result = await execute(TransactionByHashDocument, { hash: form });
      expect(result.data?.transaction?.hash).toBe(hash);
      expect(result.data?.transaction?.lt).toBe('36300947000011');
    }
    expect((await execute(TransactionByHashDocument, { hash: 'q'.repeat(43) })).data?.transaction).toBeNull();
  });

  it('costs the same few statements for 1000 transactions as for 10, nested fields included', async () => {
    const cost = async (limit: number) => {
      counted.counter.statements = 0;
      const result = await execute(BlockTransactionsDocument, { seqno: BIG_BLOCK, limit });
      expect(result.errors).toBeUndefined();
      expect(result.data!.transactionsByMasterchainBlock).toHaveLength(limit);
      return counted.counter.statements;
    };
    const small = await cost(10);
    const large = await cost(1000);
    expect(large).toBe(small);
    // the page with its messages, their bodies (selected: decoded comments), account states, address book
    expect(large).toBeLessThanOrEqual(4);
  });

  it('reads only the columns its selection needs: the description and message bodies when selected', async () => {
    const statements = async (query: string, variables: Record<string, unknown>) => {
      counted.counter.statements = 0;
      counted.counter.texts = [];
      const result = await run(yoga, query, variables);
      expect(result.errors).toBeUndefined();
      return { data: result.data as any, texts: counted.counter.texts };
    };
    const service = await startService(db.reader);
    onTestFinished(() => service.close());
    const rest = await (await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${DEMO_BLOCK}&limit=100`)).json();

    const flat = await statements(
      'query($s: UInt32!) { transactionsByMasterchainBlock(seqno: $s, limit: 100) { hash lt account now totalFees origStatus endStatus } }',
      { s: DEMO_BLOCK },
    );
    expect(flat.texts).toHaveLength(1); // the page (the block is looked up only for an empty page)
    const page = flat.texts.find((t) => /mc_block_seqno = \$1/.test(t))!;
    expect(/^select (.*) from transactions/.exec(page)![1].split(', ').sort()).toEqual([
      'T.account',
      'T.end_status',
      'T.hash',
      'T.lt',
      'T.now',
      'T.orig_status',
      'T.total_fees',
    ]);
    expect(flat.texts.join('\n')).not.toMatch(/message_contents/);
    expect(flat.data.transactionsByMasterchainBlock.map((t: any) => [t.hash, t.lt, t.totalFees])).toEqual(
      rest.transactions.map((t: any) => [t.hash, t.lt, t.total_fees]),
    );

    // Selected on a page: read with the page, no extra statement; the same description REST shows.
    const described = await statements(
      'query($s: UInt32!) { transactionsByMasterchainBlock(seqno: $s, limit: 100) { hash description { type aborted computePh { gasUsed exitCode } } } }',
      { s: DEMO_BLOCK },
    );
    expect(described.texts).toHaveLength(1);
    expect(described.texts.find((t) => /mc_block_seqno = \$1/.test(t))).toMatch(/compute_gas_used/);
    const wireOf = (t: any) => ({ type: t.description.type, aborted: t.description.aborted, gas: t.description.compute_ph?.gas_used ?? null });
    const gqlOf = (t: any) => ({ type: t.description.type.toLowerCase(), aborted: t.description.aborted, gas: t.description.computePh?.gasUsed ?? null });
    expect(described.data.transactionsByMasterchainBlock.map(gqlOf)).toEqual(rest.transactions.map(wireOf));

    // Reached by navigation: the description is one batched read of its own columns.
    const hash = rest.transactions[0].hash;
    const navigated = await statements('query($h: String!) { transaction(hash: $h) { hash description { type aborted computePh { gasUsed exitCode } } } }', {
      h: hash,
    });
    expect(navigated.texts).toHaveLength(2);
    expect(navigated.texts[0]).not.toMatch(/compute_gas_used/);
    expect(gqlOf(navigated.data.transaction)).toEqual(wireOf(rest.transactions[0]));

    // A trace's transactions are read without their description (loaded when selected, `aborted` aside), and its
    // tree from the messages' keys; a node's in-message is read with what its selection needs.
    const traced = await statements(
      'query($h: String!) { transaction(hash: $h) { trace { root { transactionAborted inMsgHash inMsg { hash value } transaction { description { aborted computePh { gasUsed } } } } } } }',
      { h: hash },
    );
    const traceRead = traced.texts.find((t) => /T\.trace_id = any/.test(t))!;
    expect(traceRead).toMatch(/T\.aborted/);
    expect(traceRead).not.toMatch(/compute_gas_used/);
    expect(traced.texts).toContain(
      'select M.tx_hash, M.msg_hash, M.direction, M.created_lt from messages M where M.tx_hash = any($1::text[]::tonhash[]) order by M.tx_hash, M.tx_lt, M.msg_hash, M.direction',
    );
    const root = traced.data.transaction.trace.root;
    expect(root.transaction.description.aborted).toBe(root.transactionAborted);
    expect(root.inMsg?.hash ?? null).toBe(root.inMsgHash);
    expect(root.inMsgHash).not.toBeNull();

    // Messages without bodies unless a body is selected.
    const messages = await statements(
      'query($s: UInt32!) { transactionsByMasterchainBlock(seqno: $s, limit: 100) { inMsg { value } outMsgs { hash value opcode } } }',
      { s: DEMO_BLOCK },
    );
    expect(messages.texts.join('\n')).not.toMatch(/message_contents/);
    // The page and its messages in one statement, reading the union of inMsg's and outMsgs' columns (and the keys)
    expect(messages.texts).toHaveLength(1);
    expect(/^select P\.\*, (.*) from \(select/.exec(messages.texts[0])![1].split(', ').sort()).toEqual([
      'M.created_lt as m_created_lt',
      'M.direction as m_direction',
      'M.msg_hash as m_msg_hash',
      'M.opcode as m_opcode',
      'M.tx_hash as m_tx_hash',
      'M.value as m_value',
    ]);
    // The same messages as REST's, in the same places
    const valuesOf = (t: any) => ({ in: t.inMsg?.value ?? null, out: t.outMsgs.map((m: any) => [m.hash, m.value, m.opcode]) });
    const restValuesOf = (t: any) => ({
      in: t.in_msg?.value ?? null,
      out: t.out_msgs.map((m: any) => [m.hash, m.value, m.opcode === null ? null : Number(m.opcode)]),
    });
    expect(messages.data.transactionsByMasterchainBlock.map(valuesOf)).toEqual(rest.transactions.map(restValuesOf));
    expect(rest.transactions.some((t: any) => t.out_msgs.length > 1)).toBe(true);
    // An account's page too: one statement, the same messages as REST's page
    const account = rest.transactions.find((t: any) => t.out_msgs.length > 0).account;
    const accountPage = await statements(
      'query($a: String!) { transactions(account: [$a], limit: 10) { hash inMsg { value } outMsgs { hash value opcode } } }',
      { a: account },
    );
    expect(accountPage.texts).toHaveLength(1);
    const restAccount = await (await service.get(`/api/v3/transactions?account=${account}&limit=10`)).json();
    expect(accountPage.data.transactions.map(valuesOf)).toEqual(restAccount.transactions.map(restValuesOf));
    const bodies = await statements(
      'query($s: UInt32!) { transactionsByMasterchainBlock(seqno: $s, limit: 100) { inMsg { messageContent { hash body } } outMsgs { messageContent { body } } } }',
      { s: DEMO_BLOCK },
    );
    expect(bodies.texts.filter((t) => /message_contents/.test(t))).toHaveLength(1);
    const bodiesOf = (txs: any[], inKey: string, contentKey: string) => txs.map((t) => t[inKey]?.[contentKey]?.body ?? null);
    expect(bodiesOf(bodies.data.transactionsByMasterchainBlock, 'inMsg', 'messageContent')).toEqual(bodiesOf(rest.transactions, 'in_msg', 'message_content'));
    expect(bodiesOf(rest.transactions, 'in_msg', 'message_content').filter(Boolean).length).toBeGreaterThan(0);
  });

  it('each Transaction field alone reads the columns it needs: the same value as in the whole selection', async () => {
    const whole = await execute(BlockTransactionsDocument, { seqno: DEMO_BLOCK, limit: 20 });
    expect(whole.errors).toBeUndefined();
    const fragments = new Map(
      BlockTransactionsDocument.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
    );
    // Spreads replaced by inline fragments, so one field can be sent on its own.
    const inline = (node: SelectionNode) =>
      visit(node, {
        FragmentSpread: (spread) => ({
          kind: Kind.INLINE_FRAGMENT,
          typeCondition: fragments.get(spread.name.value)!.typeCondition,
          selectionSet: fragments.get(spread.name.value)!.selectionSet,
        }),
      });
    const selections = fragments.get('TransactionFields')!.selectionSet.selections;
    expect(selections.length).toBeGreaterThan(20);
    for (const selection of selections) {
      const name = (selection as FieldNode).name.value;
      const alone = await run(yoga, `query($s: UInt32!) { transactionsByMasterchainBlock(seqno: $s, limit: 20) { ${print(inline(selection))} } }`, {
        s: DEMO_BLOCK,
      });
      expect(alone.errors, name).toBeUndefined();
      const values = (alone.data as any).transactionsByMasterchainBlock.map((t: any) => t[name]);
      expect(values, name).toEqual(whole.data!.transactionsByMasterchainBlock.map((t: any) => t[name]));
    }
    // The same for each Message field, under inMsg and outMsgs.
    for (const selection of fragments.get('MessageFields')!.selectionSet.selections) {
      const name = (selection as FieldNode).name.value;
      const alone = await run(
        yoga,
        `query($s: UInt32!) { transactionsByMasterchainBlock(seqno: $s, limit: 20) { inMsg { ${print(selection)} } outMsgs { ${print(selection)} } } }`,
        { s: DEMO_BLOCK },
      );
      expect(alone.errors, name).toBeUndefined();
      const pick = (txs: any[]) => txs.map((t) => [t.inMsg?.[name], t.outMsgs.map((m: any) => m[name])]);
      expect(pick((alone.data as any).transactionsByMasterchainBlock), name).toEqual(pick(whole.data!.transactionsByMasterchainBlock));
    }
  });

  it('the REST page costs a bounded number of statements whatever its size', async () => {
    const service = await startService(counted.db);
    try {
      const cost = async (limit: number, seqno = BIG_BLOCK) => {
        counted.counter.statements = 0;
        counted.counter.texts = [];
        const res = await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${seqno}&limit=${limit}`);
        expect(res.status).toBe(200);
        return {
          statements: counted.counter.statements,
          lookedUp: counted.counter.texts.some((t) => /from blocks/.test(t)),
          cache: res.headers.get('cache-control'),
        };
      };
      // First: page with its account states and messages, and block lookup (which also shows a later block is
      // indexed), address book. max-age counts down from 60 while the page cache holds the page (59 once a second has passed)
      expect(await cost(10)).toEqual({ statements: 3, lookedUp: true, cache: expect.stringMatching(/^public, max-age=(59|60)$/) });
      // The process now knows a later block: the block is final and its pages need no lookup, at any size; a page
      // of more than 20 rows reads its messages in a statement of their own (as rows, cheaper than their JSON).
      expect(await cost(10)).toEqual({ statements: 2, lookedUp: false, cache: expect.stringMatching(/^public, max-age=(59|60)$/) });
      expect(await cost(20)).toEqual({ statements: 2, lookedUp: false, cache: expect.stringMatching(/^public, max-age=(59|60)$/) });
      expect(await cost(21)).toEqual({ statements: 3, lookedUp: false, cache: expect.stringMatching(/^public, max-age=(59|60)$/) });
      expect(await cost(1000)).toEqual({ statements: 3, lookedUp: false, cache: expect.stringMatching(/^public, max-age=(59|60)$/) });
      // The newest block is looked up every time, and is not final.
      const [{ newest }] = await db.reader.query<{ newest: number }>('select max(seqno) as newest from blocks where workchain = -1');
      expect(await cost(10, newest)).toMatchObject({ lookedUp: true, cache: null });
      expect(await cost(10, newest)).toMatchObject({ lookedUp: true, cache: null });
    } finally {
      await service.close();
    }
  });

  it('reports bad input and missing blocks with extension codes', async () => {
    const bad = await execute(BlockTransactionHashesDocument, { seqno: DEMO_BLOCK, limit: 0 });
    expect(bad.errors?.[0].message).toBe('parameter "limit" must be an integer from 1 to 1000, got "0"');
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const missing = await execute(BlockTransactionHashesDocument, { seqno: 1 });
    expect(missing.errors?.[0]).toMatchObject({ message: 'masterchain block 1 not found', extensions: { code: 'NOT_FOUND' } });
    // an existing block paged past its end is an empty page, not a missing block
    const past = await execute(BlockTransactionHashesDocument, { seqno: DEMO_BLOCK, offset: 100_000 });
    expect(past.errors).toBeUndefined();
    expect(past.data!.transactionsByMasterchainBlock).toEqual([]);
    const badHash = await execute(TransactionByHashDocument, { hash: 'nope' });
    expect(badHash.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const overflow = await run(yoga, '{ transactionsByMasterchainBlock(seqno: 4294967296) { hash } }');
    expect(overflow.errors?.[0].message).toMatch(/UInt32 must be an integer from 0 to 4294967295/);
  });

  it('serves GraphiQL to browsers', async () => {
    const res = await yoga.fetch('http://localhost/graphql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/graphiql/i);
  });
});
