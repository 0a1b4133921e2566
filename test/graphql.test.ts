import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    else if (nested) out[field] = toWire(nested, v);
    else if (typeof v === 'string' && /^[A-Z_]+$/.test(v) && ['type', 'status_change', 'orig_status', 'end_status', 'account_status', 'reason'].includes(field)) out[field] = v.toLowerCase();
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
        const names = (txs: any[], key: string) => txs.flatMap((t) => [t.inMsg ?? t.in_msg, ...(t.outMsgs ?? t.out_msgs)]).map((m) => m && m[key]);
        expect(names(gql.data!.transactionsByMasterchainBlock, 'decodedOpcode')).toEqual(names(rest.transactions, 'decoded_opcode'));
        expect(names(rest.transactions, 'decoded_opcode')).toContain('text_comment');
        for (const t of gql.data!.transactionsByMasterchainBlock) {
          expect(t.accountInfo.userFriendly).toBe(rest.address_book[t.account].user_friendly);
        }
        // REST's decoded bodies have no `data` (toncenter's form); GraphQL's DecodedBody keeps the field, null
        const decoded = gql.data!.transactionsByMasterchainBlock.flatMap((t) => [t.inMsg, ...t.outMsgs]).flatMap((m) => m?.messageContent?.decoded ?? []);
        expect(decoded.length).toBeGreaterThan(0);
        for (const d of decoded) expect(d).toMatchObject({ type: 'text_comment', data: null });
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
    // page + block check, messages, two account-state batches at most (before/after share one), address book
    expect(large).toBeLessThanOrEqual(5);
  });

  it('the REST page costs the same number of statements at any size', async () => {
    const service = await startService(counted.db);
    try {
      const cost = async (limit: number) => {
        counted.counter.statements = 0;
        expect((await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${BIG_BLOCK}&limit=${limit}`)).status).toBe(200);
        return counted.counter.statements;
      };
      expect(await cost(1000)).toBe(await cost(10));
      expect(await cost(1000)).toBe(5);
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
