import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { WHITELIST_PER_CONTRACT } from '../src/operations/vesting';
import { OPENAPI } from '../src/rest/openapi';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { startService } from './helpers/service';

const A = (c: string, wc = 0) => `${wc}:${c.repeat(64)}`;
const V1 = A('1');
const V2 = A('2');
const V3 = A('3');
const OWNER = A('A');
const SENDER = A('B');
const LISTED = A('C');
const OTHER = A('D');
const KEYS = ['address', 'start_time', 'total_duration', 'unlock_period', 'cliff_duration', 'sender_address', 'owner_address', 'total_amount', 'whitelist'];

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'doc', components: JSON.parse(JSON.stringify(OPENAPI.components)) });
const valid = (value: unknown) => {
  const check = ajv.getSchema('doc#/components/schemas/VestingContractsResponse')!;
  return check(value) ? [] : check.errors!.map((e) => `${e.instancePath} ${e.message}`);
};

describe.each(await availableBackends())('GET /api/v3/vesting on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const get = async (query: string) => {
    const res = await service.get(`/api/v3/vesting?${query}`);
    return { status: res.status, text: await res.clone().text(), body: (await res.json()) as any };
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const insert = `insert into vesting_contracts (address, vesting_start_time, vesting_total_duration, unlock_period, cliff_duration,
      vesting_total_amount, vesting_sender_address, owner_address) values ($1, $2, $3, $4, $5, $6, $7, $8)`;
    await db.writer.query(insert, [V1, 1_750_000_000, 31_536_000, 2_592_000, 0, '1000000000000000000000', SENDER, OWNER]);
    await db.writer.query(insert, [V2, 1_760_000_000, 100, 10, 20, '5', OTHER, OTHER]);
    await db.writer.query(insert, [V3, null, null, null, null, null, null, null]);
    for (const wallet of [LISTED, A('9'), OWNER]) {
      await db.writer.query('insert into vesting_whitelist (vesting_contract_address, wallet_address) values ($1, $2)', [V2, wallet]);
    }
    // more whitelist entries than a contract carries
    await db.writer.query(
      `insert into vesting_whitelist (vesting_contract_address, wallet_address)
       select $1, '0:' || upper(lpad(to_hex(g), 64, '0')) from generate_series(1, $2::int) g`,
      [V3, WHITELIST_PER_CONTRACT + 3],
    );
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it("finds contracts by address, by id ascending, each in TON Center's key order", async () => {
    const { status, body } = await get(`contract_address=${V2}&contract_address=${V1}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['vesting_contracts', 'address_book']);
    expect(body.vesting_contracts.map((v: any) => v.address)).toEqual([V1, V2]);
    for (const v of body.vesting_contracts) expect(Object.keys(v)).toEqual(KEYS);
    expect(body.vesting_contracts[0]).toEqual({
      address: V1,
      start_time: 1_750_000_000,
      total_duration: 31_536_000,
      unlock_period: 2_592_000,
      cliff_duration: 0,
      sender_address: SENDER,
      owner_address: OWNER,
      total_amount: '1000000000000000000000',
      whitelist: [],
    });
    expect(valid(body)).toEqual([]);
    expect((await get(`contract_address=${V2}&contract_address=${V1}&sort=desc`)).body.vesting_contracts.map((v: any) => v.address)).toEqual([V2, V1]);
    expect((await get(`contract_address=${V2}&contract_address=${V1}&limit=1&offset=1`)).body.vesting_contracts.map((v: any) => v.address)).toEqual([V2]);
  });

  it('gives the whitelist sorted by wallet address, [] when none, nulls where the contract has none', async () => {
    const [v2] = (await get(`contract_address=${V2}`)).body.vesting_contracts;
    expect(v2.whitelist).toEqual([A('9'), OWNER, LISTED]);
    const [v3] = (await get(`contract_address=${V3}`)).body.vesting_contracts;
    expect(v3).toMatchObject({
      start_time: null,
      total_duration: null,
      unlock_period: null,
      cliff_duration: null,
      sender_address: null,
      owner_address: null,
      total_amount: null,
    });
  });

  it(`carries at most ${WHITELIST_PER_CONTRACT} whitelist entries a contract, the first in order`, async () => {
    const [v3] = (await get(`contract_address=${V3}`)).body.vesting_contracts;
    expect(v3.whitelist).toHaveLength(WHITELIST_PER_CONTRACT);
    expect(v3.whitelist[0]).toBe(`0:${'0'.repeat(63)}1`);
    expect(v3.whitelist).toEqual([...v3.whitelist].sort());
  });

  it('finds contracts by owner or sender, and by whitelist only with check_whitelist', async () => {
    expect((await get(`wallet_address=${OWNER}`)).body.vesting_contracts.map((v: any) => v.address)).toEqual([V1]);
    expect((await get(`wallet_address=${SENDER}`)).body.vesting_contracts.map((v: any) => v.address)).toEqual([V1]);
    expect((await get(`wallet_address=${OWNER}&check_whitelist=true`)).body.vesting_contracts.map((v: any) => v.address)).toEqual([V1, V2]);
    expect((await get(`wallet_address=${LISTED}`)).body).toEqual({ vesting_contracts: [], address_book: {} });
    expect((await get(`wallet_address=${LISTED}&check_whitelist=1`)).body.vesting_contracts.map((v: any) => v.address)).toEqual([V2]);
    expect((await get(`wallet_address=${LISTED}&wallet_address=${SENDER}&check_whitelist=true`)).body.vesting_contracts.map((v: any) => v.address)).toEqual([
      V1,
      V2,
    ]);
  });

  it('has the address book of the contracts, senders, owners and whitelists, and no metadata', async () => {
    const { body } = await get(`contract_address=${V1}&contract_address=${V2}`);
    expect(Object.keys(body.address_book)).toEqual([V1, V2, OWNER, SENDER, LISTED, OTHER, A('9')].sort());
    expect((await get(`contract_address=${V1}&x_no_address_book=1`)).body.address_book).toEqual({});
  });

  it('refuses with a 422 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['', 'exactly one of "contract_address" and "wallet_address" must be given'],
      [`contract_address=${V1}&wallet_address=${OWNER}`, 'exactly one of "contract_address" and "wallet_address" must be given'],
      [`wallet_address=${OWNER}&check_whitelist=2`, 'parameter "check_whitelist" must be true or false, got "2"'],
      [`wallet_address=${OWNER}&limit=1001`, 'parameter "limit" must be an integer from 1 to 1000, got "1001"'],
      [`wallet_address=${OWNER}&sort=random`, 'parameter "sort" must be one of asc, desc, got "random"'],
      ['contract_address=x', 'parameter "contract_address" value 1 must be an address'],
      [`contract_address=${V1}&contract=${V1}`, 'unknown parameter "contract"'],
    ];
    for (const [query, error] of cases) {
      const { status, body } = await get(query);
      expect({ query, status }).toEqual({ query, status: 422 });
      expect(body.error, query).toContain(error);
    }
  });

  it('imports its own answer (contracts with their whitelists) into an empty database and serves it back the same', async () => {
    const query = `contract_address=${V1}&contract_address=${V2}&contract_address=${V3}`;
    const { text } = await get(query);
    const copy = await createTestDatabase(backend);
    try {
      await importDocument(copy.writer, 'vesting.json', text);
      const other = await startService(copy.reader, 'mainnet');
      try {
        expect(await (await other.get(`/api/v3/vesting?${query}`)).text()).toBe(text);
      } finally {
        await other.close();
      }
    } finally {
      await copy.drop();
    }
  });
});
