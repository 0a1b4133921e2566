/**
 * `GET /api/v3/balanceChanges` over real TON Center traces (imported with `cli import`'s importDocument), on
 * PGlite and PostgreSQL. Every expected number below is worked out by hand from the values in the fixture files
 * (`total_fees`, `value`, `fwd_fee` of the messages, the jetton wallets of the `metadata`), following the
 * reference's two passes:
 *   fees[account of a transaction]   += its total_fees
 *   fees[sender of an internal msg]  += that message's fwd_fee (when the sending transaction has an inbound message)
 *   value[sender] -= msg value, value[receiver] += msg value
 *   changes = value - fees; jettons from the `transfer` bodies, owners resolved through jetton_wallets.
 */
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { type BalanceTransaction, balanceChanges, readJettonTransfer } from '../src/traces/balanceChanges';
import { balanceChangesJson } from '../src/wire/balanceChanges';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText } from './helpers/fixtures';
import { startService } from './helpers/service';

const FILES = {
  ton: 'assets/traces__mtw_ton_transfer__mainnet_2025-05.json',
  failedUsdt: 'assets/traces__mtw_failed_usdt_transfer__mainnet_2025-08.json',
  failedNft: 'assets/traces__mtw_failed_nft_transfer__mainnet_2025-08.json',
  swap: 'assets/traces__mtw_dedust_usdt_swap_ton__mainnet_2025-11.json',
  liquidity: 'assets/traces__mtw_dedust_add_liquidity__mainnet_2025-11.json',
} as const;

const traceOf = (file: string) => fixtureJson(file).traces[0];
const hex = (b64: string) => Buffer.from(b64, 'base64').toString('hex');
const url = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_');

// the accounts, as the fixtures name them
const TON_SENDER = '0:A07FDC407341EE9B363F3762E0939A10937FE92FB374E064F429A3FE1FBBA937';
const TON_RECEIVER = '0:F13BE6B3C666E02B6BDBFC530F136CBB3CC08678C6A5D305EA0ADF70EFDEDDD5';
const USDT_SENDER = '0:99B6732E87A2C39A7825C614435FD7F8C49499CBC159449E03F26868C3D569AA';
const NFT_OWNER = '0:A35884719E3B78E40800FC85E15E74DFCD6C41B0D386BCCD020B7F063AE4BAA1';
const NFT_ITEM = '0:853DE9F75AFC0FD2C22BF82E33550B34DD423B4A0B05B3C9A50969C892328D2C';
const SWAPPER = '0:B9A7DCE19431B56044254C69858E8DC11FEC5C0761DED415E386FBE4B4E116F5';
const SWAPPER_USDT_WALLET = '0:513391A2BA4B8563F3D749F33E276EEEA3BB81B69454611855287BFA2DF91A88';
const VAULT_USDT_WALLET = '0:88DAC67CCEADB9CAE6FAAC7118F05C0FA95DF36C2A92E686AC39D96310D0A387';
const USDT_VAULT = '0:18AA8E2EED51747DAE033C079B93883D941CAD8F65459F2EE9CD7474B6B8ED5D';
const POOL = '0:3E5FFCA8DDFCF36C36C9FF46F31562AAB51B9914845AD6C26CBDE649D58A5588';
const TON_VAULT = '0:DAE153A74D894BBC32748198CD626E4F5DF4A69AD2FA56CE80FC2644B5708D20';
const USDT = '0:B113A994B5024A16719F69139328EB759596C38A25F59028B146FECDC3621DFE';

describe.each(await availableBackends())('GET /api/v3/balanceChanges on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    for (const file of Object.values(FILES)) await importDocument(db.writer, file, fixtureText(file));
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const call = async (query: string) => {
    const res = await service.get(`/api/v3/balanceChanges?${query}`);
    return { status: res.status, text: await res.text(), timing: res.headers.get('server-timing') ?? '' };
  };
  const body = async (query: string) => {
    const { status, text } = await call(query);
    expect(status, `${query}: ${text}`).toBe(200);
    return JSON.parse(text);
  };
  const trace = (file: string) => `trace_id=${encodeURIComponent(traceOf(file).trace_id)}`;
  const action = (file: string, i: number) => `action_id=${encodeURIComponent(traceOf(file).actions[i].action_id)}`;

  it('a TON transfer: the sender pays the value, its fees and the forwarding fee; the receiver gets the value less its fees', async () => {
    // wallet tx: total_fees 2078960, sends 5000000000 with fwd_fee 266669; receiver tx: total_fees 400306
    const fees = { [TON_SENDER]: 2078960 + 266669, [TON_RECEIVER]: 400306 };
    const expected = {
      changes: { [TON_SENDER]: -5_000_000_000 - (2078960 + 266669), [TON_RECEIVER]: 5_000_000_000 - 400306 },
      fees,
      jettons: {},
    };
    expect(expected.changes).toEqual({ [TON_SENDER]: -5002345629, [TON_RECEIVER]: 4999599694 });
    const { text, timing } = await call(trace(FILES.ton));
    // the bare object, keys in TON Center's order and sorted within each map, nanotons as JSON integers
    expect(text).toBe(JSON.stringify(expected));
    // trace, transactions, messages, actions: the jetton wallets are not looked up when no candidate is seen
    expect(timing).toContain('db;desc="4 statements"');
    // its one action (ton_transfer) spans both transactions, the first started by an external message: the same sums
    expect(await body(action(FILES.ton, 0))).toEqual(expected);
  });

  it('a failed USDT transfer: only the wallet transaction ran (no out-message), so only its fees count and no jetton moved', async () => {
    const expected = { changes: { [USDT_SENDER]: -2255794 }, fees: { [USDT_SENDER]: 2255794 }, jettons: {} };
    expect(await body(trace(FILES.failedUsdt))).toEqual(expected);
    expect(await body(action(FILES.failedUsdt, 0))).toEqual(expected);
  });

  it('a bounced NFT transfer: per action, the first transaction is left out when a contract sent its inbound message', async () => {
    // tx1 owner (ext-in, fees 3208132) → 100000000 to the item (fwd 465071); tx2 item (fees 4564224, aborted)
    // bounces 98200400 (fwd 266669); tx3 owner (fees 311200) receives the bounce
    const ownerFees = 3208132 + 465071 + 311200;
    const itemFees = 4564224 + 266669;
    expect(await body(trace(FILES.failedNft))).toEqual({
      changes: { [NFT_ITEM]: 100000000 - 98200400 - itemFees, [NFT_OWNER]: -100000000 + 98200400 - ownerFees },
      fees: { [NFT_ITEM]: itemFees, [NFT_OWNER]: ownerFees },
      jettons: {},
    });
    // nft_transfer spans tx1 (external inbound: kept) and tx2
    expect(await body(action(FILES.failedNft, 0))).toEqual({
      changes: { [NFT_ITEM]: 100000000 - 4564224, [NFT_OWNER]: -100000000 - (3208132 + 465071) },
      fees: { [NFT_ITEM]: 4564224, [NFT_OWNER]: 3208132 + 465071 },
      jettons: {},
    });
    // call_contract spans tx2 and tx3; tx2, the earliest, was started by the owner's internal message: left out
    expect(await body(action(FILES.failedNft, 1))).toEqual({
      changes: { [NFT_ITEM]: -98200400 - 266669, [NFT_OWNER]: 98200400 - 311200 },
      fees: { [NFT_ITEM]: 266669, [NFT_OWNER]: 311200 },
      jettons: {},
    });
  });

  it('a DeDust USDT→TON swap: 1 USDT from the swapper to the vault, from the transfer body; owners from jetton_wallets', async () => {
    // transfer body: amount 1000000 to 0:18AA… (the vault, owner of 0:88DA…); the swapper's wallet 0:5133… names USDT
    const fees: Record<string, number> = {
      [SWAPPER]: 2738929 + 667472 + 40000 + 40000, // its three transactions, and the transfer's forwarding fee
      [SWAPPER_USDT_WALLET]: 881726 + 963475, // its transaction and the internal_transfer it sent
      [VAULT_USDT_WALLET]: 826527 + 586405 + 266669, // its transaction, the notification and the excess it sent
      [USDT_VAULT]: 3628816 + 651205,
      [POOL]: 7869595 + 608005, // its external out-message has no fwd_fee: nothing counted for it
      [TON_VAULT]: 3022131 + 301869,
    };
    const value = {
      [SWAPPER]: -300000000 + 46475200 + 705475924,
      [SWAPPER_USDT_WALLET]: 300000000 - 298154800,
      [VAULT_USDT_WALLET]: 298154800 - 250000000 - 46475200,
      [USDT_VAULT]: 250000000 - 245719979,
      [POOL]: 245719979 - 237242379,
      [TON_VAULT]: 237242379 - 705475924,
    };
    const changes = Object.fromEntries(Object.entries(value).map(([a, v]) => [a, v - fees[a]]));
    // the contracts forward what they receive less their costs; the swapper ends 0.448 TON richer
    expect(changes).toEqual({
      [SWAPPER]: 448464723,
      [SWAPPER_USDT_WALLET]: -1,
      [VAULT_USDT_WALLET]: -1,
      [USDT_VAULT]: 0,
      [POOL]: 0,
      [TON_VAULT]: -471557545,
    });
    const expected = { changes, fees, jettons: { [USDT_VAULT]: { [USDT]: '1000000' }, [SWAPPER]: { [USDT]: '-1000000' } } };
    const { text, timing } = await call(trace(FILES.swap));
    expect(JSON.parse(text)).toEqual(expected);
    expect(Object.keys(JSON.parse(text).changes)).toEqual(Object.keys(changes).sort());
    expect(Object.keys(JSON.parse(text).jettons)).toEqual([USDT_VAULT, SWAPPER]);
    expect(text).toContain(`"jettons":{"${USDT_VAULT}":{"${USDT}":"1000000"},"${SWAPPER}":{"${USDT}":"-1000000"}}`);
    // the candidate wallets in one statement: trace, transactions, messages, jetton wallets, actions
    expect(timing).toContain('db;desc="5 statements"');
    // the jetton_swap action spans all eight transactions, started by an external message: the trace's sums
    const byAction = await call(action(FILES.swap, 0));
    expect(JSON.parse(byAction.text)).toEqual(expected);
    // the action found first, then the same five: README's "at most five statements (six with action_id alone)"
    expect(byAction.timing).toContain('db;desc="6 statements"');
  });

  it('takes the ids as hex, base64 and base64url (padded or not), and an action alone finds its trace', async () => {
    const { trace_id: id, actions } = traceOf(FILES.failedNft);
    const expected = await body(`trace_id=${encodeURIComponent(id)}`);
    for (const form of [hex(id), `0x${hex(id)}`, url(id), url(id).replace(/=$/, ''), hex(id).toUpperCase()]) {
      expect(await body(`trace_id=${form}`), form).toEqual(expected);
    }
    const callContract = await body(`action_id=${url(actions[1].action_id)}`);
    expect(callContract.fees).toEqual({ [NFT_ITEM]: 266669, [NFT_OWNER]: 311200 });
    // both: the action is looked up in that trace
    expect(await body(`trace_id=${hex(id)}&action_id=${hex(actions[1].action_id)}`)).toEqual(callContract);
  });

  it('answers TON Center v1.3: 400 without either id, 404 `trace or action not found`, 422 for a malformed id', async () => {
    expect(await call('')).toMatchObject({ status: 400, text: '{"error":"trace_id or action_id is required","code":400}' });
    const missing = '0'.repeat(64);
    for (const query of [`trace_id=${missing}`, `action_id=${missing}`, `${trace(FILES.ton)}&${action(FILES.failedNft, 0)}`]) {
      expect(await call(query), query).toMatchObject({ status: 404, text: '{"error":"trace or action not found","code":404}' });
    }
    for (const [query, name] of [
      ['trace_id=xyz', 'trace_id'],
      ['action_id=12', 'action_id'],
      ['trace_id=%00', 'trace_id'],
    ]) {
      const { status, text } = await call(query);
      expect(status, query).toBe(422);
      expect(JSON.parse(text).error).toContain(`"${name}"`);
    }
    expect((await call(`${trace(FILES.ton)}&limit=1`)).status).toBe(422);
  });

  it("answers as the OpenAPI document's BalanceChanges schema says, for every real trace and action, and each error as its status's schema", async () => {
    const doc = await (await service.get('/api/v3/openapi.json')).json();
    const responses = doc.paths['/api/v3/balanceChanges'].get.responses;
    expect(responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/BalanceChanges');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const check = (query: string, status: number, value: unknown) => {
      const validate = ajv.getSchema(`doc${responses[String(status)].content['application/json'].schema.$ref}`)!;
      const valid = validate(value);
      expect(valid ? [] : validate.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`), `${query} (${status})`).toEqual([]);
    };
    const queries = Object.values(FILES).flatMap((file) => [trace(file), ...traceOf(file).actions.map((_: unknown, i: number) => action(file, i))]);
    const bodies: any[] = [];
    for (const query of queries) {
      const { status, text } = await call(query);
      expect(status, query).toBe(200);
      bodies.push(JSON.parse(text));
      check(query, status, bodies.at(-1));
    }
    // the real answers cover every form: keys with nanotons, jettons with amounts both ways, all three null
    expect(bodies.some((b) => Object.keys(b.jettons ?? {}).length > 0 && Object.values<number>(b.changes).some((c) => c < 0))).toBe(true);
    expect(bodies.some((b) => b.changes === null && b.fees === null && b.jettons === null)).toBe(true);
    for (const query of ['', `trace_id=${'0'.repeat(64)}`, 'trace_id=xyz']) {
      const { status, text } = await call(query);
      expect([400, 404, 422]).toContain(status);
      check(query, status, JSON.parse(text));
    }
    // strict enough to fail: a jetton amount as a number, a fee below zero, a key the schema does not name
    const swap = await body(trace(FILES.swap));
    for (const broken of [
      { ...swap, jettons: { [SWAPPER]: { [USDT]: -1000000 } } },
      { ...swap, fees: { [SWAPPER]: -1 } },
      { ...swap, balances: {} },
    ])
      expect(ajv.getSchema('doc#/components/schemas/BalanceChanges')!(broken)).toBe(false);
  });

  it('answers all three null for a contract_deploy action, as TON Center does; the trace itself is summed', async () => {
    const liquidity = traceOf(FILES.liquidity);
    const deploy = liquidity.actions.find((a: any) => a.type === 'contract_deploy');
    expect(await call(`action_id=${encodeURIComponent(deploy.action_id)}`)).toMatchObject({
      status: 200,
      text: '{"changes":null,"fees":null,"jettons":null}',
    });
    const whole = await body(`trace_id=${encodeURIComponent(liquidity.trace_id)}`);
    // every transaction's account paid its total_fees, so every one of them is a key of fees
    const accounts = new Set(Object.values<any>(liquidity.transactions).map((tx) => tx.account));
    expect(Object.keys(whole.fees).sort()).toEqual([...accounts].sort());
    const totalFees = Object.values<any>(liquidity.transactions).reduce((sum, tx) => sum + BigInt(tx.total_fees), 0n);
    const forwarding = Object.values<any>(liquidity.transactions)
      .filter((tx) => tx.in_msg?.source)
      .reduce((sum, tx) => sum + BigInt(tx.in_msg.fwd_fee), 0n);
    expect(Object.values<number>(whole.fees).reduce((sum, f) => sum + BigInt(f), 0n)).toBe(totalFees + forwarding);
    // value only moves between accounts: the changes sum to minus the fees
    expect(Object.values<number>(whole.changes).reduce((sum, c) => sum + BigInt(c), 0n)).toBe(-(totalFees + forwarding));
  });

  it('resolves an owner or a master missing from jetton_wallets to "", as TON Center does', async () => {
    const saved = await db.writer.query<Record<string, unknown>>('select * from jetton_wallets where address = $1', [VAULT_USDT_WALLET]);
    expect(saved).toHaveLength(1);
    try {
      await db.writer.query('delete from jetton_wallets where address = $1', [VAULT_USDT_WALLET]);
      // the receiver's wallet unknown: its owner cannot be found among the candidates
      expect((await body(trace(FILES.swap))).jettons).toEqual({ '': { [USDT]: '1000000' }, [SWAPPER]: { [USDT]: '-1000000' } });
      await db.writer.query('delete from jetton_wallets where address = $1', [SWAPPER_USDT_WALLET]);
      // the sender's wallet unknown too: no master, so both ends are "" and cancel out
      expect((await body(trace(FILES.swap))).jettons).toEqual({ '': { '': '0' } });
    } finally {
      await db.writer.query('delete from jetton_wallets where address = any($1::text[])', [[VAULT_USDT_WALLET, SWAPPER_USDT_WALLET]]);
      await importDocument(db.writer, FILES.swap, fixtureText(FILES.swap));
    }
    expect((await body(trace(FILES.swap))).jettons[SWAPPER]).toEqual({ [USDT]: '-1000000' });
  });

  it('refuses a trace larger than MAX_TRACE_TRANSACTIONS with 422 instead of walking it', async () => {
    const small = await startService(db.reader, 'mainnet');
    small.services.maxTraceTransactions = 5;
    try {
      const { status, text } = await small.get(`/api/v3/balanceChanges?${trace(FILES.swap)}`).then(async (r) => ({ status: r.status, text: await r.text() }));
      expect(status).toBe(422);
      expect(JSON.parse(text).error).toBe('the trace has more than 5 transactions (MAX_TRACE_TRANSACTIONS); its balance changes are not computed');
      expect((await small.get(`/api/v3/balanceChanges?${trace(FILES.failedNft)}`)).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('balance changes beyond the fixtures', () => {
  const tx = (
    hash: string,
    account: string,
    lt: bigint,
    fees: bigint,
    inbound: BalanceTransaction['in'],
    out: BalanceTransaction['out'] = [],
  ): BalanceTransaction => ({
    hash,
    account,
    lt,
    totalFees: fees,
    in: inbound,
    out,
  });
  const msg = (hash: string, source: string | null, destination: string | null, value: bigint | null, fwdFee: bigint | null = null) => ({
    hash,
    source,
    destination,
    opcode: null,
    value,
    fwdFee,
    body: null,
  });
  const A = `0:${'A'.repeat(64)}`;
  const B = `-1:${'B'.repeat(64)}`;

  it('prints nanotons past 2^53 digit for digit, as JSON integers', async () => {
    // 10 million TON (10^16 nanotons > 2^53 ≈ 9.007·10^15) from a masterchain contract
    const big = 10n ** 16n + 1n;
    const out = msg('m2', A, B, big, 1n);
    const { trace } = await balanceChanges([tx('t1', A, 1n, 7n, msg('m1', null, A, null), [out]), tx('t2', B, 2n, 3n, out)], [], async () => []);
    const text = balanceChangesJson(trace);
    // B: value 10^16 + 1 less fees 3; A: −(10^16 + 1) less fees 7 + forwarding 1; "-1:" sorts before "0:"
    expect(text).toBe(`{"changes":{"${B}":9999999999999998,"${A}":-10000000000000009},"fees":{"${B}":3,"${A}":8},"jettons":{}}`);
    expect(text).not.toContain('e+');
  });

  it('skips a child transaction that is not in the trace yet, and counts an external out-message with a forwarding fee twice, as ton-index-go does', async () => {
    const ext = msg('x', A, null, null, 5n);
    const inFlight = msg('f', A, B, 100n, 1n);
    const { trace } = await balanceChanges([tx('t1', A, 1n, 10n, msg('m1', null, A, null), [ext, inFlight])], [], async () => []);
    // 10 total fees + 5 (the transaction's external out, under its account) + 5 (the external out's own leaf)
    expect(trace.fees).toEqual(new Map([[A, 20n]]));
    expect(trace.value).toEqual(new Map());
  });

  it('reads a transfer body with @ton/core: amount and destination; anything else is not a transfer', () => {
    const [body] = traceOf(FILES.swap)
      .transactions_order.map((h: string) => traceOf(FILES.swap).transactions[h].in_msg)
      .filter((m: any) => m?.opcode === '0x0f8a7ea5')
      .map((m: any) => m.message_content.body);
    expect(readJettonTransfer(body)).toEqual({ amount: 1000000n, destination: USDT_VAULT });
    expect(readJettonTransfer('te6cckEBAQEAAgAAAEysuc0=')).toBeUndefined();
    expect(readJettonTransfer('not a boc')).toBeUndefined();
  });
});
