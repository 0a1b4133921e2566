import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText, realTestnetTraces, transactionsOf } from './helpers/fixtures';
import { execute } from './helpers/graphql';
import { startService } from './helpers/service';
import { diffSpec } from './helpers/spec';

const ROUTE = '/api/v3/transactions';
const BY_ACCOUNT = 'transactions_testnet_2025-07_by_account.json';
const BY_HASH = 'transactions_testnet_2025-07_by_hash_trimmed.json';

describe.each(await availableBackends())('GET /api/v3/transactions on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const traces = realTestnetTraces();
  // Every transaction imported, once: the oracle the orders below are checked against.
  const all = [
    ...new Map(
      [...transactionsOf(traces.json), ...transactionsOf(fixtureJson(BY_ACCOUNT)), ...transactionsOf(fixtureJson(BY_HASH))].map((t) => [t.hash, t]),
    ).values(),
  ];
  const lt = (t: any) => BigInt(t.lt);
  const cmp = (a: bigint | number | string, b: bigint | number | string) => (a < b ? -1 : a > b ? 1 : 0);

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', traces.text);
    await importDocument(db.writer, 'account', fixtureText(BY_ACCOUNT));
    await importDocument(db.writer, 'hash', fixtureText(BY_HASH));
    service = await startService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const get = async (query: string) => {
    const res = await service.get(`${ROUTE}?${query}`);
    expect(res.status, query).toBe(200);
    return res.json();
  };
  const hashes = (body: any) => body.transactions.map((t: any) => t.hash);
  const error = async (query: string, status: number, message: string) => {
    const res = await service.get(`${ROUTE}?${query}`);
    expect(await res.json(), query).toEqual({ error: message, code: status });
    expect(res.status).toBe(status);
  };

  it('replays the real /transactions?account= response: the same transactions in the same order, every spec field equal', async () => {
    const file = fixtureJson(BY_ACCOUNT);
    const body = await get(`account=${file.transactions[0].account}`);
    expect(hashes(body)).toEqual(file.transactions.map((t: any) => t.hash));
    expect(file.transactions.flatMap((t: any, i: number) => diffSpec('Transaction', body.transactions[i], t, `${BY_ACCOUNT}:${t.hash}`))).toEqual([]);
    // the file's own address_book does not match its transactions (a third party's test data): TON Center's rule instead
    const named = file.transactions.flatMap((t: any) => [t.account, t.in_msg?.source, ...t.out_msgs.map((m: any) => m.destination)]).filter(Boolean);
    expect(Object.keys(body.address_book).sort()).toEqual([...new Set(named)].sort());
    expect(Object.keys(body)).toEqual(['transactions', 'address_book']);
  });

  it('replays the real /transactions?hash=<hex> response, and takes the hash in every form', async () => {
    const [tx] = fixtureJson(BY_HASH).transactions;
    const raw = Buffer.from(tx.hash, 'base64');
    for (const form of [raw.toString('hex'), `0x${raw.toString('hex').toUpperCase()}`, encodeURIComponent(tx.hash), raw.toString('base64url')]) {
      const body = await get(`hash=${form}`);
      expect(hashes(body), form).toEqual([tx.hash]);
      expect(diffSpec('Transaction', body.transactions[0], tx, `${BY_HASH}:${form}`)).toEqual([]);
    }
  });

  it('orders as TON Center does for each filter set: lt with account ascending, time first with a utime bound, hash alone', async () => {
    const newest = [...all].sort((a, b) => cmp(lt(b), lt(a)) || cmp(a.account, b.account));
    expect(hashes(await get('limit=7'))).toEqual(newest.slice(0, 7).map((t) => t.hash));
    const oldest = [...all].sort((a, b) => cmp(lt(a), lt(b)) || cmp(a.account, b.account));
    expect(hashes(await get('limit=7&sort=asc&offset=3'))).toEqual(oldest.slice(3, 10).map((t) => t.hash));

    const times = [...new Set(all.map((t) => t.now as number))].sort((a, b) => a - b);
    const [from, to] = [times[1], times[times.length - 2]];
    const window = all.filter((t) => t.now >= from && t.now <= to);
    const byTime = [...window].sort((a, b) => b.now - a.now || cmp(lt(b), lt(a)) || cmp(a.account, b.account));
    expect(window.length).toBeGreaterThan(3);
    expect(hashes(await get(`start_utime=${from}&end_utime=${to}.9&limit=1000`))).toEqual(byTime.map((t) => t.hash));

    const two = all.slice(0, 2);
    const byHash = [...two].sort((a, b) => cmp(b.hash, a.hash));
    expect(hashes(await get(two.map((t) => `hash=${encodeURIComponent(t.hash)}`).join('&')))).toEqual(byHash.map((t) => t.hash));
  });

  it('filters by block, by masterchain block, by lt window and excluding accounts; a masterchain block page equals the block route', async () => {
    const [sample] = all.filter((t) => t.block_ref.workchain === 0);
    const shardHex = sample.block_ref.shard; // the files carry TON Center's hex form, which the parameter reads
    const inBlock = all.filter(
      (t) => t.block_ref.workchain === 0 && t.block_ref.seqno === sample.block_ref.seqno && t.block_ref.shard === sample.block_ref.shard,
    );
    const body = await get(`workchain=0&shard=${shardHex}&seqno=${sample.block_ref.seqno}&limit=1000`);
    expect(new Set(hashes(body))).toEqual(new Set(inBlock.map((t) => t.hash)));

    const seqno = sample.mc_block_seqno;
    const block = await (await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${seqno}&limit=1000&sort=asc`)).json();
    expect(hashes(await get(`mc_seqno=${seqno}&limit=1000&sort=asc`))).toEqual(hashes(block));

    const [a, b] = [lt(sample) - 1000n, lt(sample) + 1000n];
    const window = all.filter((t) => lt(t) >= a && lt(t) <= b);
    expect(new Set(hashes(await get(`start_lt=${a}&end_lt=${b}&limit=1000`)))).toEqual(new Set(window.map((t) => t.hash)));

    const excluded = await get(`exclude_account=${sample.account}&limit=1000`);
    expect(excluded.transactions.length).toBe(all.filter((t) => t.account !== sample.account).length);
    expect(excluded.transactions.every((t: any) => t.account !== sample.account)).toBe(true);

    expect(hashes(await get(`account=${sample.account}&lt=${sample.lt}`))).toEqual([sample.hash]);
    expect(await get(`account=${sample.account}&lt=1`)).toEqual({ transactions: [], address_book: {} });
  });

  it('has a GraphQL twin with the same rules and data: the same pages, errors naming the argument as GraphQL spells it', async () => {
    const gql = (args: string) => execute(service.yoga, `{ transactions(${args}) { hash lt account description { aborted } } }`) as Promise<any>;
    const [sample] = all.filter((t) => t.block_ref.workchain === 0);
    const pairs: [string, string][] = [
      ['limit=7&sort=asc&offset=2', 'limit: 7, sort: ASC, offset: 2'],
      [`account=${sample.account}`, `account: ["${sample.account}"]`],
      [`mc_seqno=${sample.mc_block_seqno}&limit=100`, `mcSeqno: ${sample.mc_block_seqno}, limit: 100`],
      [
        `workchain=0&shard=${sample.block_ref.shard}&seqno=${sample.block_ref.seqno}`,
        `workchain: 0, shard: "${sample.block_ref.shard}", seqno: ${sample.block_ref.seqno}`,
      ],
      [`start_lt=${lt(sample) - 1000n}&end_lt=${sample.lt}&limit=50`, `startLt: "${lt(sample) - 1000n}", endLt: "${sample.lt}", limit: 50`],
    ];
    for (const [query, args] of pairs) {
      const rest = await get(query);
      const { data, errors } = await gql(args);
      expect(errors, args).toBeUndefined();
      expect(
        data.transactions.map((t: any) => t.hash),
        args,
      ).toEqual(hashes(rest));
      expect(data.transactions.map((t: any) => [t.lt, t.account, t.description.aborted])).toEqual(
        rest.transactions.map((t: any) => [t.lt, t.account, t.description.aborted]),
      );
    }
    expect((await gql('mcSeqno: 2000000000')).errors[0]).toMatchObject({
      message: 'masterchain block 2000000000 not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect((await gql('excludeAccount: ["nope"]')).errors[0]).toMatchObject({
      message: 'parameter "excludeAccount" value 1 must be an address (raw, or user-friendly base64/base64url), got "nope"',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('/transactionsByMessage: the sender and the receiver of a message, each once, by direction, raw or normalized hash, body hash, opcode', async () => {
    const route = (query: string) => service.get(`/api/v3/transactionsByMessage?${query}`).then(async (r) => ({ status: r.status, body: await r.json() }));
    const received = new Map(all.filter((t) => t.in_msg).map((t) => [t.in_msg.hash, t]));
    const sender = all.find((t) => t.out_msgs.some((m: any) => received.has(m.hash)))!;
    const message = sender.out_msgs.find((m: any) => received.has(m.hash));
    const receiver = received.get(message.hash);
    const both = [sender, receiver].sort((a, b) => cmp(lt(b), lt(a)) || cmp(a.account, b.account)).map((t) => t.hash);
    const hex = Buffer.from(message.hash, 'base64').toString('hex');
    expect((await route(`msg_hash=${hex}`)).body).toMatchObject({ transactions: both.map((hash) => ({ hash })) });
    expect(hashes((await route(`msg_hash=${hex}&direction=in`)).body)).toEqual([receiver.hash]);
    expect(hashes((await route(`msg_hash=${hex}&direction=OUT&sort=asc`)).body)).toEqual([sender.hash]);

    const external = all.find((t) => t.in_msg?.hash_norm && t.in_msg.hash_norm !== t.in_msg.hash);
    expect(external, 'the data holds an external message whose normalized hash differs').toBeDefined();
    expect(hashes((await route(`msg_hash=${encodeURIComponent(external.in_msg.hash_norm)}`)).body)).toEqual([external.hash]);

    // a common body: every transaction carrying it listed once, with its messages
    const body = 'qvrlOoIc';
    const carrying = (t: any) => [t.in_msg, ...t.out_msgs].filter((m: any) => m?.message_content?.hash?.startsWith(body)).length;
    const withBody = all.filter((t) => carrying(t) > 0);
    expect(withBody.length).toBeGreaterThan(2);
    const bodyHash = [withBody[0].in_msg, ...withBody[0].out_msgs].find((m: any) => m?.message_content?.hash?.startsWith(body)).message_content.hash;
    const byBody = (await route(`body_hash=${encodeURIComponent(bodyHash)}&limit=100`)).body;
    expect(new Set(hashes(byBody))).toEqual(new Set(withBody.map((t) => t.hash)));
    expect(hashes(byBody)).toHaveLength(withBody.length);
    expect(byBody.transactions.every((t: any) => t.in_msg !== null || t.out_msgs.length > 0)).toBe(true);

    const opcode = 0x0000000d;
    const withOpcode = all.filter((t) => t.in_msg?.opcode === '0x0000000d');
    expect(withOpcode.length).toBeGreaterThan(0);
    expect(new Set(hashes((await route('opcode=0xd&limit=100')).body))).toEqual(new Set(withOpcode.map((t) => t.hash)));
    expect(new Set(hashes((await route(`opcode=${opcode.toString(16)}&limit=100`)).body))).toEqual(new Set(withOpcode.map((t) => t.hash)));
    expect(hashes((await route('opcode=0xd&direction=out')).body)).toEqual([]);

    expect(await route('direction=in')).toEqual({ status: 422, body: { error: 'at least one of "msg_hash", "body_hash", "opcode" must be given', code: 422 } });
    expect(await route(`msg_hash=${hex}&direction=sideways`)).toEqual({
      status: 422,
      body: { error: 'parameter "direction" must be one of in, out, got "sideways"', code: 422 },
    });
    const gql = (await execute(service.yoga, `{ transactionsByMessage(msgHash: ["${hex}"], direction: IN) { hash } }`)) as any;
    expect(gql.data.transactionsByMessage.map((t: any) => t.hash)).toEqual([receiver.hash]);
  });

  it('/transactionsByMessage lists a transaction that sent the same body twice once (TON Center: once per message, the copies empty)', async () => {
    const doc = structuredClone(fixtureJson(BY_HASH));
    const [tx] = doc.transactions;
    const again = Buffer.from(tx.hash, 'base64');
    again[0] ^= 0xff; // a transaction of its own, sending one body in two messages
    tx.hash = again.toString('base64');
    tx.lt = String(BigInt(tx.lt) + 7n);
    const [first] = tx.out_msgs;
    expect(first?.message_content?.hash).toBeTruthy();
    const copy = structuredClone(first);
    const other = Buffer.from(first.hash, 'base64');
    other[0] ^= 0xff;
    copy.hash = other.toString('base64');
    copy.created_lt = String(BigInt(first.created_lt) + 1n);
    tx.out_msgs.push(copy);
    // imported into the shared database: the tests above have read it already; the one below reads no data
    await importDocument(db.writer, 'twice', JSON.stringify(doc));
    const res = await (
      await service.get(`/api/v3/transactionsByMessage?body_hash=${encodeURIComponent(first.message_content.hash)}&direction=out&limit=100`)
    ).json();
    const mine = res.transactions.filter((t: any) => t.hash === tx.hash);
    expect(mine).toHaveLength(1);
    expect(mine[0].out_msgs.map((m: any) => m.hash)).toEqual(expect.arrayContaining([first.hash, copy.hash]));
  });

  it('answers 404 for a masterchain block that is not indexed, and 422 naming the parameter for bad input', async () => {
    await error('mc_seqno=2000000000', 404, 'masterchain block 2000000000 not found');
    await error('start_lt=tomorrow', 422, 'parameter "start_lt" must be an integer from 0 to 9223372036854775807, got "tomorrow"');
    await error('account=nope', 422, 'parameter "account" value 1 must be an address (raw, or user-friendly base64/base64url), got "nope"');
    await error('shard=xyz', 422, 'parameter "shard" must be a shard id (16 hex digits such as 8000000000000000, or a signed decimal), got "xyz"');
    await error('workchain=-129', 422, 'parameter "workchain" must be an integer from -128 to 127, got "-129"');
    await error('limit=1001', 422, 'parameter "limit" must be an integer from 1 to 1000, got "1001"');
    await error('end_utime=soon', 422, 'parameter "end_utime" must be a unix time in seconds, from 0 to 4294967295, got "soon"');
    const res = await service.get(`${ROUTE}?acount=x`);
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(/^unknown parameter "acount"; allowed parameters: workchain, shard, seqno/);
  });
});
