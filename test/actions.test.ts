import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionsByTraces } from '../src/data/actions';
import { metadataRows } from '../src/data/metadata';
import { toWireMetadata } from '../src/wire/metadata';
import { importDocument } from '../src/import/importFile';
import { toWireAction } from '../src/wire/action';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText } from './helpers/fixtures';

const ACTION_FIELDS = [
  'accounts',
  'action_id',
  'details',
  'end_lt',
  'end_utime',
  'start_lt',
  'start_utime',
  'success',
  'trace_end_lt',
  'trace_end_utime',
  'trace_external_hash',
  'trace_external_hash_norm',
  'trace_id',
  'trace_mc_seqno_end',
  'transactions',
  'type',
];

/** toncenter omits empty detail fields; we keep every key (opcodes in its "0x%08x" form, as they come). */
const expectedDetail = (value: unknown) => (value === undefined ? null : value);

describe.each(await availableBackends())('actions on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db?.drop());

  it('round-trip: imported from a v3 actions response, read back with every spec field and detail equal', async () => {
    const file = fixtureJson('actions_mainnet_2026_by_account.json').response.actions as any[];
    const summary = await importDocument(db.writer, 'actions.json', fixtureText('actions_mainnet_2026_by_account.json'));
    expect(summary.actions).toBe(file.length);
    const traceIds = [...new Set(file.map((a) => a.trace_id as string))];
    const served = (await actionsByTraces(db.reader, traceIds)).flat().map((a) => toWireAction(a, 'mainnet'));
    expect(served).toHaveLength(file.length);
    for (const expected of file) {
      const action = served.find((a) => a.action_id === expected.action_id)!;
      for (const field of ACTION_FIELDS) {
        expect(action, field).toHaveProperty(field);
        if (field === 'details') continue;
        // the file lists no `accounts`: the addresses of the action's details stand in for them
        if (field === 'accounts' && expected.accounts === undefined) {
          expect(action.accounts.length, expected.type).toBeGreaterThan(0);
          for (const account of action.accounts) expect(JSON.stringify(expected.details), `${expected.type}.accounts`).toContain(account);
          continue;
        }
        expect((action as any)[field], `${expected.type}.${field}`).toEqual(expected[field] ?? null);
      }
      for (const [key, value] of Object.entries(action.details)) {
        const want = expectedDetail(expected.details[key]);
        if (want === null && Array.isArray(value)) expect(value, key).toEqual([]);
        else expect(value, `${expected.type}.details.${key}`).toEqual(want);
      }
      for (const key of Object.keys(expected.details)) expect(action.details, `${expected.type} keeps ${key}`).toHaveProperty(key);
    }
  });

  it('round-trip: the metadata of the same response comes back equal', async () => {
    const file = fixtureJson('actions_mainnet_2026_by_account.json').response.metadata;
    expect(Object.keys(file).length).toBeGreaterThan(3);
    const served = toWireMetadata(await metadataRows(db.reader, Object.keys(file)));
    expect(served).toEqual(file);
    expect(Object.keys(served)).toEqual(Object.keys(served).sort());
    // addresses that are no token get no key
    expect(toWireMetadata(await metadataRows(db.reader, ['0:' + 'E'.repeat(64)]))).toEqual({});
  });

  it('keeps 2^80-sized amounts and the extra-currency rename exact', async () => {
    const big = (2n ** 80n).toString();
    const h = (n: number) => Buffer.alloc(32, n).toString('base64');
    const trace = h(1);
    const doc = {
      actions: [
        {
          trace_id: trace,
          action_id: h(2),
          type: 'jetton_transfer',
          success: true,
          start_lt: '1',
          end_lt: '2',
          start_utime: 1,
          end_utime: 2,
          trace_end_lt: '2',
          trace_end_utime: 2,
          trace_mc_seqno_end: 9,
          transactions: [],
          accounts: ['0:' + 'A'.repeat(64)],
          details: { amount: big, query_id: '18446744073709551615', forward_amount: big, asset: '0:' + 'B'.repeat(64) },
        },
        {
          trace_id: trace,
          action_id: h(3),
          type: 'extra_currency_transfer',
          start_lt: '3',
          end_lt: '4',
          details: { source: '0:' + 'C'.repeat(64), value: '5', value_extra_currencies: { '100': big } },
        },
        { trace_id: trace, action_id: h(4), type: 'unknown', start_lt: '5', end_lt: '6', details: { value: '7' } },
      ],
    };
    await importDocument(db.writer, 'big.json', JSON.stringify(doc));
    const [jetton, extra, other] = (await actionsByTraces(db.reader, [trace]))[0].map((a) => toWireAction(a, 'mainnet'));
    expect(jetton.details).toMatchObject({ amount: big, query_id: '18446744073709551615', forward_amount: big, asset: '0:' + 'B'.repeat(64) });
    expect(jetton.accounts).toEqual(['0:' + 'A'.repeat(64)]);
    expect(extra.type).toBe('extra_currency_transfer');
    expect(extra.details).toMatchObject({ value: '5', value_extra_currencies: { '100': big } });
    // a type TON Center does not shape keeps its raw columns
    expect(other.type).toBe('unknown');
    expect(other.details).toMatchObject({ value: '7', source: null, amount: null });
  });
});
