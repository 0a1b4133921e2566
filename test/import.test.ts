import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument, ImportFileError } from '../src/import/importFile';
import type { Database } from '../src/db/types';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText, realTestnetTraces, transactionsOf } from './helpers/fixtures';

const TABLES = ['blocks', 'transactions', 'messages', 'message_contents', 'account_states', 'latest_account_states', 'traces'];

async function counts(db: Database) {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await db.query<{ n: string }>(`select count(*)::text as n from ${t}`))[0].n);
  return out;
}

async function importError(db: Database, name: string, text: string): Promise<ImportFileError> {
  try {
    await importDocument(db, name, text);
  } catch (err) {
    expect(err).toBeInstanceOf(ImportFileError);
    return err as ImportFileError;
  }
  throw new Error('the import was expected to fail');
}

describe.each(await availableBackends())('import on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db?.drop());

  it('rejects the synthetic trace with its fake hash, naming file and JSON path, and writes nothing', async () => {
    const err = await importError(db.writer, 'multi.json', fixtureText('traces_testnet_2025-07_multi.json'));
    expect(err.message).toBe('multi.json: $.traces[0].trace_id: expected a 32-byte hash in base64, got "abcd"');
    expect(Object.values(await counts(db.writer)).every((n) => n === 0)).toBe(true);
  });

  it('rolls back a file whose problem comes after valid data', async () => {
    const { json } = realTestnetTraces();
    const victim = json.traces[7];
    const key = Object.keys(victim.transactions)[1];
    victim.transactions[key].lt = '12x';
    const err = await importError(db.writer, 'late.json', JSON.stringify(json));
    expect(err.path).toBe(`$.traces[7].transactions["${key}"].lt`);
    expect(err.message).toContain('expected a signed 64-bit integer as a decimal string, got "12x"');
    expect((await counts(db.writer)).transactions).toBe(0);
  });

  it('imports every supported shape with all its transactions', async () => {
    const cases: [string, string][] = [
      ['traces (real testnet)', realTestnetTraces().text],
      ['transactions response', fixtureText('transactions_testnet_2025-07_by_account.json')],
      ['bare transaction (2023 schema)', fixtureText('transaction_mainnet_2023-10_single_old_schema.json')],
      ['bare array of traces', JSON.stringify(fixtureJson('traces_mainnet_2025-09_single.json').traces)],
      [
        '{url, response} wrapper',
        JSON.stringify({ url: 'https://toncenter.com/api/v3/transactions?hash=x', response: fixtureJson('transactions_testnet_2025-07_by_hash_trimmed.json') }),
      ],
    ];
    for (const [name, text] of cases) {
      const summary = await importDocument(db.writer, name, text);
      expect(summary.transactions, name).toBe(new Set(transactionsOf(JSON.parse(text)).map((t) => t.hash)).size);
      const hashes = transactionsOf(JSON.parse(text)).map((t) => t.hash);
      const [{ n }] = await db.writer.query<{ n: string }>('select count(*)::text as n from transactions where hash = any($1::text[]::tonhash[])', [hashes]);
      expect(Number(n), name).toBe(new Set(hashes).size);
    }
  });

  it('is idempotent: a second import of the same files changes nothing', async () => {
    const before = await counts(db.writer);
    await importDocument(db.writer, 'again', realTestnetTraces().text);
    await importDocument(db.writer, 'again', fixtureText('transactions_testnet_2025-07_by_account.json'));
    expect(await counts(db.writer)).toEqual(before);
  });

  it("stores toncenter's wire forms in the database's forms", async () => {
    const tx = fixtureJson('transaction_mainnet_2023-10_single_old_schema.json');
    const [row] = await db.writer.query<{ block_shard: string; lt: string }>('select block_shard, lt from transactions where hash = $1', [tx.hash]);
    expect(row).toEqual({ block_shard: '-9223372036854775808', lt: '15371766000003' });
    const [msg] = await db.writer.query<{ opcode: number }>(`select opcode from messages where msg_hash = $1 and direction = 'in'`, [tx.in_msg.hash]);
    expect(msg.opcode).toBe(0x0f8a7ea5);
    const [block] = await db.writer.query<{ n: string }>(
      `select count(*)::text as n from blocks where workchain = -1 and shard = -9223372036854775808 and seqno = $1`,
      [tx.mc_block_seqno],
    );
    expect(block.n).toBe('1');
  });

  it('reads a file with raw control characters in strings, and says so', async () => {
    const text = realTestnetTraces().text.replace('Hello from Relayer!', 'Hello\u0013 from Relayer!');
    expect(() => JSON.parse(text)).toThrow();
    const summary = await importDocument(db.writer, 'raw-control.json', text);
    expect(summary.warnings).toContain('raw control characters inside JSON strings were read as escapes');
  });

  it('reports what is not JSON and what has an unknown shape', async () => {
    expect((await importError(db.writer, 'x.json', '{"transactions": [')).message).toMatch(/^x\.json: not valid JSON/);
    expect((await importError(db.writer, 'y.json', '{"blocks": []}')).message).toBe(
      'y.json: $: expected a v3 response ({transactions}, {traces} or {actions}), a Transaction, an array of traces, or {url, response}, ' +
        'or an asset response ({nft_collections}, {nft_items}, {nft_transfers}, {nft_sales}, {accounts}, {wallets}, {records}, {multisigs}, ' +
        '{orders}, {vesting_contracts}, {jetton_masters}, {jetton_wallets}, {jetton_transfers}, {jetton_burns})',
    );
    expect((await importError(db.writer, 'z.json', '{"transactions": [{"account": "nope"}]}')).message).toBe(
      'z.json: $.transactions[0].account: expected an account address, got "nope"',
    );
  });
});
