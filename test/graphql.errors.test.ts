import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types';
import { createHttpServer } from '../src/http/server';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureText } from './helpers/fixtures';
import { testServices } from './helpers/service';

const BLOCK = 32737160;

/** The real HTTP server with its JSON log lines captured. */
async function serveLogged(db: Database) {
  const lines: any[] = [];
  const sink = new Writable({
    write: (chunk, _enc, done) => (
      lines.push(
        ...String(chunk)
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l)),
      ),
      done()
    ),
  });
  const { server } = createHttpServer({ ...testServices(db), log: pino({ level: 'info' }, sink) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lines, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const postGraphQL = (base: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body });

describe('GraphQL request errors', () => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof serveLogged>>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    service = await serveLogged(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('answers a malformed request with 400 naming the parameter, never 500', async () => {
    const cases: [RequestInit & { path?: string }, string][] = [
      [{ body: '{"query": 123}' }, 'the "query" parameter must be a string holding a GraphQL document, got number'],
      [{ body: '{"query": {"a": 1}}' }, 'the "query" parameter must be a string holding a GraphQL document, got object'],
      [{ body: '{"variables": {}}' }, 'the "query" parameter is required: a GraphQL document, as a string'],
      [{ body: '{"query": "{ __typename }", "variables": "xx"}' }, 'the "variables" parameter must be a JSON object, got string'],
      [{ body: '{"query": "{ __typename }", "operationName": ["a"]}' }, 'the "operationName" parameter must be a string, got array'],
      [{ body: '{"query": "{ __typename }", "extensions": 7}' }, 'the "extensions" parameter must be a JSON object, got number'],
      [{ method: 'GET', path: '?query=%7B__typename%7D&variables=xx' }, 'the "variables" parameter must be a JSON object, got text that is not JSON'],
      [{ method: 'GET', path: '?query=%7B__typename%7D&extensions=%7B' }, 'the "extensions" parameter must be a JSON object, got text that is not JSON'],
      [{ method: 'GET', path: '?query=%7B__typename%7D&x_timeout=soon' }, 'parameter "x_timeout" must be an integer from 1 to 600000, got "soon"'],
    ];
    for (const [init, message] of cases) {
      const { path = '', ...rest } = init;
      const res = await fetch(`${service.base}/graphql${path}`, {
        method: 'POST',
        ...rest,
        headers: { accept: 'application/json', ...(rest.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      });
      expect(res.status, message).toBe(400);
      expect(await res.json()).toEqual({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] });
    }
  });

  it('logs an unexpected error once, with its stack, the request id and the operation, and masks it', async () => {
    // A database missing a table the service reads: a real failure nobody planned for.
    await db.writer.exec('alter table account_states rename to account_states_gone');
    try {
      const from = service.lines.length;
      const res = await postGraphQL(
        service.base,
        JSON.stringify({ query: `query Broken { transactionsByMasterchainBlock(seqno: ${BLOCK}, limit: 2) { hash accountStateAfter { balance } } }` }),
        {
          'x-request-id': 'req-broken-1',
        },
      );
      const body = await res.json();
      expect(body.errors[0]).toMatchObject({
        message: 'Unexpected error.',
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
        path: ['transactionsByMasterchainBlock', 0, 'accountStateAfter'],
      });
      expect(JSON.stringify(body)).not.toMatch(/account_states_gone|relation|select/i);
      const errors = service.lines.slice(from).filter((l) => l.level >= 50);
      expect(errors, JSON.stringify(errors, null, 1).slice(0, 3000)).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        msg: 'unexpected error',
        reqId: 'req-broken-1',
        operationName: 'Broken',
        field: 'transactionsByMasterchainBlock.0.accountStateAfter',
      });
      expect(errors[0].err.stack).toMatch(/relation "account_states" does not exist[\s\S]*\n\s+at /);
    } finally {
      await db.writer.exec('alter table account_states_gone rename to account_states');
    }
  });
});

describe.skipIf(!(await availableBackends()).includes('postgres'))('GraphQL errors from the database', () => {
  it('a statement timeout in a nested field is TIMEOUT, and X-Timeout lowers the timeout for GraphQL too', async () => {
    const db = await createTestDatabase('postgres');
    const locker = new pg.Client({ connectionString: db.url });
    const service = await serveLogged(db.reader);
    try {
      await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
      await locker.connect();
      await locker.query('begin');
      // The page itself reads transactions and blocks (and messages); only the nested state needs account_states.
      await locker.query('lock table account_states in access exclusive mode');
      const release = setTimeout(() => locker.query('rollback'), 1500);
      const query = JSON.stringify({ query: `{ transactionsByMasterchainBlock(seqno: ${BLOCK}, limit: 1) { hash accountStateAfter { balance } } }` });
      // 200 ms fires while the lock is held; the service's own 3000 ms would outlast it and return data.
      const body = await (await postGraphQL(service.base, query, { 'x-timeout': '200' })).json();
      clearTimeout(release);
      await locker.query('rollback');
      expect(body.data.transactionsByMasterchainBlock[0].hash).toEqual(expect.any(String));
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: 'database statement timeout exceeded',
          extensions: { code: 'TIMEOUT' },
          path: ['transactionsByMasterchainBlock', 0, 'accountStateAfter'],
        }),
      ]);
      const after = await (await postGraphQL(service.base, query)).json();
      expect(after.errors).toBeUndefined();
      expect(service.lines.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await locker.end().catch(() => {});
      await service.close();
      await db.drop();
    }
  });
});
