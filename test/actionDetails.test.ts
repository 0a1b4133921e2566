import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginCell } from '@ton/core';
import { ACTION_DETAILS, type Composite, type DetailField, type Scalar } from '../src/actions/details';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { execute } from './helpers/graphql';
import { startService } from './helpers/service';

const id = (n: number) => Buffer.alloc(32, n).toString('base64');
const TRACE = id(200);
let counter = 0;
const address = () => `0:${(++counter).toString(16).toUpperCase().padStart(64, '0')}`;

/** A value of a kind as TON Center writes it in `details`, each one different. */
function sample(kind: Scalar): unknown {
  const n = ++counter;
  switch (kind) {
    case 'address':
      return address();
    case 'decimal':
      return (2n ** 70n + BigInt(n)).toString();
    case 'int64':
      return 1_000_000 + n;
    case 'int':
      return n;
    case 'intString':
      return String(n);
    case 'text':
      return `text ${n} <&>`;
    case 'bool':
      return n % 2 === 0;
    case 'opcode':
      return '0x0f8a7ea5';
    case 'currencies':
      return {};
    case 'addressList':
      return [address(), address()];
    case 'decimalList':
      return [String(n), String(n + 1)];
  }
}

const object = (of: Composite) => Object.fromEntries(of.fields.map((f) => [f.key, sample(f.kind)]));

/** Details with every key a type stores filled (computed keys left to the service), and the values its variants need. */
function detailsFor(type: string, fields: readonly DetailField[]) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.rule) continue;
    out[f.key] = f.kind === 'object' ? object(f.of!) : f.kind === 'list' ? [object(f.of!), object(f.of!)] : sample(f.kind as Scalar);
  }
  // a variant's key shows only when its condition holds: TONCO swaps show min_out_amount, Ethena stakes their source asset
  if (type === 'jetton_swap') out.dex = 'tonco';
  if (type === 'stake_deposit' || type === 'stake_withdrawal_request') out.provider = 'ethena';
  return out;
}

const TYPES = Object.entries(ACTION_DETAILS).filter(([, fields]) => fields.length > 0);
const documents = TYPES.map(([type, fields], i) => ({
  trace_id: TRACE,
  action_id: id(i + 1),
  type,
  success: true,
  start_lt: String(1000 + i),
  end_lt: String(1000 + i),
  trace_end_lt: '5000',
  trace_end_utime: 1700000000,
  trace_mc_seqno_end: 7,
  transactions: [],
  accounts: ['0:' + 'A'.repeat(64)],
  details: detailsFor(type, fields),
}));

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

describe.each(await availableBackends())('action details of every type on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  let served: Map<string, any>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'every-type.json', JSON.stringify({ actions: documents }));
    service = await startService(db.reader, 'mainnet');
    const ids = documents.map((d) => `action_id=${encodeURIComponent(d.action_id)}`).join('&');
    const res = await service.get(`/api/v3/actions?${ids}&limit=1000&action_type=${TYPES.map(([t]) => t).join(',')}`);
    const body = await res.json();
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    served = new Map(body.actions.map((a: any) => [a.type, a]));
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('serves every type TON Center shapes with its keys in TON Center order and every stored value as imported', () => {
    expect([...served.keys()].sort()).toEqual(TYPES.map(([t]) => t).sort());
    for (const [type, fields] of TYPES) {
      const action = served.get(type);
      const sent = documents.find((d) => d.type === type)!.details;
      // TON Center's order; only keys it leaves out when empty may be missing
      expect(Object.keys(action.details), type).toEqual(fields.map((f) => f.key).filter((k) => k in action.details));
      for (const f of fields) if (!f.omitEmpty) expect(action.details, type).toHaveProperty(f.key);
      for (const f of fields) {
        if (f.rule) continue;
        expect(action.details[f.key], `${type}.${f.key}`).toEqual(sent[f.key]);
      }
    }
  });

  it('keeps the variants: a TONCO swap shows min_out_amount, an Ethena stake its source asset and minted tokens', () => {
    expect(served.get('jetton_swap').details).toHaveProperty('min_out_amount');
    expect(served.get('stake_deposit').details.source_asset).toMatch(/^0:/);
    expect(served.get('stake_withdrawal_request').details.tokens_minted).toMatch(/^\d+$/);
  });

  it('types the same details in GraphQL: one object per shape, every field equal to the JSON value', async () => {
    const schemaTypes = (
      await execute<any, any>(
        service.yoga,
        '{ __schema { types { name kind possibleTypes { name } fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }',
      )
    ).data.__schema.types;
    const byName = new Map<string, any>(schemaTypes.map((t: any) => [t.name, t]));
    const named = (t: any): string => (t.name ?? named(t.ofType)) as string;
    const selection = (typeName: string): string =>
      byName
        .get(typeName)
        .fields.map((f: any) => (byName.get(named(f.type)).kind === 'OBJECT' ? `${f.name} { ${selection(named(f.type))} }` : f.name))
        .join(' ');
    const members: { name: string }[] = byName.get('ActionDetails').possibleTypes;
    // one query per member (the whole union at once passes the token limit); aliased, as members share key
    // names with different types (change_dns's value is an object)
    const fragment = (t: string) =>
      `... on ${t} { ${byName
        .get(t)
        .fields.map((f: any) => `${t}_${f.name}: ${f.name}${byName.get(named(f.type)).kind === 'OBJECT' ? ` { ${selection(named(f.type))} }` : ''}`)
        .join(' ')} }`;
    const nodes: any[] = [];
    for (const member of members) {
      const res = await execute<any, any>(
        service.yoga,
        `query($ids: [String!], $types: [String!]) { actions(actionId: $ids, actionType: $types, first: 100) { edges { node { type details typedDetails { __typename ${fragment(member.name)} } } } } }`,
        {
          ids: documents.map((d) => d.action_id),
          types: TYPES.map(([t]) => t),
        },
      );
      expect(res.errors, member.name).toBeUndefined();
      nodes.push(...res.data.actions.edges.map((e: any) => e.node).filter((n: any) => n.typedDetails?.__typename === member.name));
    }
    // every type has its typed object, found once
    expect(nodes.map((n) => n.type).sort()).toEqual(TYPES.map(([t]) => t).sort());
    const plain = (v: unknown): unknown =>
      typeof v === 'number'
        ? String(v)
        : Array.isArray(v)
          ? v.map(plain)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [camel(k), plain(x)]))
            : v;
    for (const node of nodes) {
      const typed = node.typedDetails;
      for (const [key, value] of Object.entries(node.details)) {
        const want = key === 'opcode' ? String(parseInt(value as string, 16)) : plain(value);
        expect(plain(typed[`${typed.__typename}_${camel(key)}`]), `${node.type}.${key}`).toEqual(want);
      }
    }
  });
});

describe.each(await availableBackends())('computed action details on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const A = (c: string) => `0:${c.repeat(64)}`;
  const boc = (build: (b: ReturnType<typeof beginCell>) => void) => {
    const b = beginCell();
    build(b);
    return b.endCell().toBoc().toString('base64');
  };
  let next = 100;
  /** Imports one action of a type with these details and returns it as /actions serves it. */
  const served = async (type: string, details: Record<string, unknown>, tweak?: (trace: string, action: string) => string) => {
    const action = id(++next);
    const doc = { actions: [{ trace_id: TRACE, action_id: action, type, start_lt: '1', end_lt: '2', trace_end_lt: '2', accounts: [A('A')], details }] };
    await importDocument(db.writer, 'one.json', JSON.stringify(doc));
    if (tweak) await db.writer.query(tweak(TRACE, action));
    const res = await service.get(
      `/api/v3/actions?action_id=${encodeURIComponent(action)}&action_type=${type === 'extra_currency_transfer' ? 'ton_transfer,call_contract' : type}`,
    );
    const body = await res.json();
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body.actions, type).toHaveLength(1);
    return body.actions[0];
  };
  const where = (trace: string, action: string) => `where trace_id = '${trace}' and action_id = '${action}'`;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await db.writer.query(`insert into marketplace_names (address, name) values ('${A('B')}', 'getgems'), ('${A('C')}', 'fragment')`);
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('builds the DNS record value from its schema: one slot filled, text records in the storage slot as TON Center does', async () => {
    const smc = {
      sum_type: 'DNSSmcAddress',
      dns_smc_address: A('D'),
      dns_adnl_address: null,
      dns_text: null,
      dns_next_resolver_address: null,
      dns_storage_address: null,
      flags: 0,
    };
    expect((await served('change_dns', { key: 'k', value: smc })).details.value).toEqual(smc);
    const text = await served('change_dns', { key: 'k', value: { sum_type: 'DNSText', dns_storage_address: 'hello', flags: 1 } });
    expect(text.details.value).toEqual({ ...smc, sum_type: 'DNSText', dns_smc_address: null, dns_storage_address: 'hello', flags: 1 });
    // delete_dns names its key `hash`
    expect((await served('delete_dns', { hash: 'k2', source: A('E') })).details).toMatchObject({ hash: 'k2', source: A('E') });
  });

  it('pairs claimed jettons with their amounts, and gives [] when the stored lists differ in length', async () => {
    const rewards = [
      { jetton: A('D'), amount: '5' },
      { jetton: A('E'), amount: '6' },
    ];
    expect((await served('jvault_claim', { claimed_rewards: rewards })).details.claimed_rewards).toEqual(rewards);
    const uneven = await served(
      'jvault_claim',
      { claimed_rewards: rewards },
      (t, a) => `update actions set jvault_claim_data.claimed_amounts = '{7}' ${where(t, a)}`,
    );
    expect(uneven.details.claimed_rewards).toEqual([]);
  });

  it("points a deposit's liquidity at DeDust's deposit contract, and at the pool on other DEXes", async () => {
    expect((await served('dex_deposit_liquidity', { dex: 'dedust', pool: A('D'), destination_liquidity: A('E') })).details).toMatchObject({
      pool: A('D'),
      destination_liquidity: A('E'),
    });
    expect((await served('dex_deposit_liquidity', { dex: 'stonfi', pool: A('D'), destination_liquidity: A('E') })).details).toMatchObject({
      pool: A('D'),
      destination_liquidity: A('D'),
    });
    const withdraw = await served('dex_withdraw_liquidity', { dex: 'stonfi', pool: A('D') });
    expect(withdraw.details).toMatchObject({ destination_liquidity: A('D'), is_refund: null });
  });

  it("renames tonstakers to liquid_staking and gives a liquid staking withdrawal request's amount as tokens burnt", async () => {
    const deposit = await served(
      'stake_deposit',
      { provider: 'nominator', amount: '10' },
      (t, a) => `update actions set staking_data.provider = 'tonstakers' ${where(t, a)}`,
    );
    expect(deposit.details.provider).toBe('liquid_staking');
    expect(deposit.details).not.toHaveProperty('source_asset');
    const request = await served('stake_withdrawal_request', { provider: 'liquid_staking', tokens_burnt: '77' });
    expect(request.details).toMatchObject({ provider: 'liquid_staking', tokens_burnt: '77' });
    expect(request.details).not.toHaveProperty('tokens_minted');
  });

  it("names EVAA's liquidated asset from its id on the service's network", async () => {
    const usdt = '0xb387968236197958ca4ac55e9b5be38e688c7631af84c86756431f49a878ef33';
    expect((await served('evaa_liquidate', { asset_id: usdt })).details).toMatchObject({
      asset: '0:729C13B6DF2C07CBF0A06AB63D34AF454F3D320EC1BCD8FB5C6D24D0806A17C2',
      is_known_asset: true,
    });
    expect((await served('evaa_liquidate', { asset_id: '0x1a4219fe5e60d63af2a3cc7dce6fec69b45c6b5718497a6148e7c232ac87bd8a' })).details).toMatchObject({
      asset: null,
      is_known_asset: true,
    });
    expect((await served('evaa_liquidate', { asset_id: '0x00' })).details).toMatchObject({ asset: null, is_known_asset: false });
    expect((await served('evaa_liquidate', {})).details).toMatchObject({ asset: null, is_known_asset: false });
  });

  it('looks marketplaces up by address, falling back to the collection, and names one on a transfer only when it was a purchase', async () => {
    const purchase = await served('nft_purchase', { marketplace_address: A('B'), nft_collection: A('C'), real_old_owner: A('D') });
    expect(purchase.details).toMatchObject({ marketplace: 'getgems', payout_address: A('D'), royalty_address: null });
    expect((await served('nft_transfer', { is_purchase: false, marketplace_address: A('B') })).details.marketplace).toBeNull();
    expect((await served('nft_transfer', { is_purchase: true, marketplace_address: A('B') })).details.marketplace).toBe('getgems');
    expect((await served('nft_put_on_sale', { nft_collection: A('C') })).details.marketplace).toBe('fragment');
    // a marketplace address not listed does not fall back to the collection
    expect((await served('nft_cancel_sale', { nft_collection: A('C'), marketplace_address: A('9') })).details.marketplace).toBeNull();
    expect((await served('nft_put_on_auction', { nft_collection: A('9'), marketplace_address: A('B') })).details.marketplace).toBe('getgems');
  });

  it("decodes an NFT transfer's forward payload comment: text, encrypted (as base64), or none", async () => {
    const text = boc((b) => b.storeUint(0, 32).storeStringTail('gm <3'));
    expect((await served('nft_transfer', { forward_payload: text })).details).toMatchObject({ comment: 'gm <3', is_encrypted_comment: false });
    const secret = Buffer.from('0102030405', 'hex');
    const encrypted = boc((b) => b.storeUint(0x2167da4b, 32).storeBuffer(secret));
    expect((await served('nft_transfer', { forward_payload: encrypted })).details).toMatchObject({
      comment: secret.toString('base64'),
      is_encrypted_comment: true,
    });
    expect((await served('nft_transfer', { forward_payload: boc((b) => b.storeUint(7, 32)) })).details).toMatchObject({
      comment: null,
      is_encrypted_comment: false,
    });
    expect((await served('nft_transfer', {})).details).toMatchObject({ comment: null, is_encrypted_comment: null });
  });

  it("leaves out the keys TON Center omits when empty, and keeps a call's shape when it is shown as extra_currency_transfer", async () => {
    const call = await served('call_contract', { source: A('D') });
    expect(Object.keys(call.details)).toEqual(['source', 'extra_currencies']);
    const outbid = await served('auction_outbid', { amount: '1' });
    expect(outbid.details).not.toHaveProperty('comment');
    expect(outbid.details).not.toHaveProperty('marketplace');
    const extra = await served('extra_currency_transfer', { opcode: '0x00000001', source: A('D'), extra_currencies: { '1': '2' } });
    expect(extra.type).toBe('extra_currency_transfer');
    expect(extra.details).toEqual({ opcode: '0x00000001', source: A('D'), extra_currencies: { '1': '2' } });
  });

  it('gives 64-bit integers as JSON numbers, and beyond 2^53 as exact decimal strings', async () => {
    const small = await served('multisig_approve', { signer_index: 3, exit_code: 0 });
    expect(small.details).toMatchObject({ signer_index: 3, exit_code: 0 });
    const big = await served('layerzero_dvn_verify', { nonce: '18446744073709551615' });
    expect(big.details.nonce).toBe('18446744073709551615');
  });
});
