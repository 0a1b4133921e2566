import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText, realTestnetTraces, transactionsOf } from './helpers/fixtures';
import { startService } from './helpers/service';
import { diffSpec } from './helpers/spec';

const BY_ACCOUNT = 'transactions_testnet_2025-07_by_account.json';
const ACTIONS = 'actions_mainnet_2026_by_account.json';
const MC_SHARD_HEX = '8000000000000000';

describe.each(await availableBackends())('adjacentTransactions, messages, blocks, addressBook, metadata on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const traces = realTestnetTraces();
  const all = [...new Map([...transactionsOf(traces.json), ...transactionsOf(fixtureJson(BY_ACCOUNT))].map((t) => [t.hash, t])).values()];
  const cmp = (a: bigint | number | string, b: bigint | number | string) => (a < b ? -1 : a > b ? 1 : 0);
  const lt = (t: any) => BigInt(t.lt);

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await importDocument(db.writer, 'traces', traces.text);
    await importDocument(db.writer, 'account', fixtureText(BY_ACCOUNT));
    await importDocument(db.writer, 'actions', fixtureText(ACTIONS));
    service = await startService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const call = async (url: string) => {
    const res = await service.get(`/api/v3/${url}`);
    return { status: res.status, body: await res.json() };
  };
  const get = async (url: string) => {
    const { status, body } = await call(url);
    expect(status, `${url}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  };
  const error = async (url: string, status: number, message: string) =>
    expect(await call(url), url).toEqual({ status, body: { error: message, code: status } });

  // Every message of the files, once, with the transactions at its two ends.
  const messages = new Map<string, { message: any; in?: string; out?: string }>();
  for (const t of all) {
    if (t.in_msg) messages.set(t.in_msg.hash, { ...messages.get(t.in_msg.hash), message: t.in_msg, in: t.hash });
    for (const m of t.out_msgs) messages.set(m.hash, { ...messages.get(m.hash), message: m, out: t.hash });
  }
  const byHash = new Map(all.map((t) => [t.hash, t]));

  describe('GET /api/v3/adjacentTransactions', () => {
    const parentOf = (t: any) => [...messages.values()].find((m) => m.in === t.hash && m.out)?.out;
    const childrenOf = (t: any) => t.out_msgs.map((m: any) => messages.get(m.hash)?.in).filter(Boolean);
    const byLt = (hashes: string[]) =>
      hashes
        .map((h) => byHash.get(h))
        .sort((a, b) => cmp(lt(a), lt(b)) || cmp(a.account, b.account))
        .map((t) => t.hash);

    it("lists a transaction's parent (in), its children (out) and both, by lt, each complete; hex hashes too", async () => {
      const middle = all.find((t) => parentOf(t) && childrenOf(t).length > 0)!;
      expect(middle).toBeDefined();
      const hex = Buffer.from(middle.hash, 'base64').toString('hex');
      const parent = await get(`adjacentTransactions?hash=${hex}&direction=in`);
      expect(parent.transactions.map((t: any) => t.hash)).toEqual([parentOf(middle)]);
      expect(diffSpec('Transaction', parent.transactions[0], byHash.get(parentOf(middle)), 'parent')).toEqual([]);
      const children = await get(`adjacentTransactions?hash=${encodeURIComponent(middle.hash)}&direction=OUT`);
      expect(children.transactions.map((t: any) => t.hash)).toEqual(byLt(childrenOf(middle)));
      const both = await get(`adjacentTransactions?hash=${hex}`);
      expect(both.transactions.map((t: any) => t.hash)).toEqual(byLt([parentOf(middle), ...childrenOf(middle)]));
      expect(Object.keys(both.address_book)).toContain(middle.account);
    });

    it('answers 404 when there is none (a root has no parent; an unknown hash), 422 for a missing hash or a bad direction', async () => {
      const root = all.find((t) => t.in_msg && t.in_msg.source === null)!;
      await error(`adjacentTransactions?hash=${encodeURIComponent(root.hash)}&direction=in`, 404, 'adjacent transactions not found');
      await error(`adjacentTransactions?hash=${'ab'.repeat(32)}`, 404, 'adjacent transactions not found');
      await error('adjacentTransactions', 422, 'parameter "hash" is required: the hash of the transaction whose neighbours to list');
      await error(`adjacentTransactions?hash=${'ab'.repeat(32)}&direction=up`, 422, 'parameter "direction" must be one of in, out, got "up"');
    });
  });

  describe('GET /api/v3/messages', () => {
    const list = [...messages.values()];
    const created = (m: any) => (m.created_lt === null ? null : BigInt(m.created_lt));
    // TON Center's order: created_lt descending with NULLs (external-in messages) first, then hash descending.
    const newestFirst = (items: typeof list) =>
      [...items].sort((a, b) => {
        const [x, y] = [created(a.message), created(b.message)];
        if (x === null || y === null) return x === y ? cmp(b.message.hash, a.message.hash) : x === null ? -1 : 1;
        return cmp(y, x) || cmp(b.message.hash, a.message.hash);
      });
    const hashes = (body: any) => body.messages.map((m: any) => m.hash);

    it('lists each message once with the transactions at both ends, external-in first when newest first, as TON Center orders them', async () => {
      const body = await get('messages?limit=1000');
      expect(hashes(body)).toEqual(newestFirst(list).map((m) => m.message.hash));
      for (const m of body.messages) {
        const known = messages.get(m.hash)!;
        expect([m.in_msg_tx_hash, m.out_msg_tx_hash], m.hash).toEqual([known.in ?? null, known.out ?? null]);
        // the files' messages sit inside a transaction and name one end; the route names both (checked above)
        expect(
          diffSpec(
            'Message',
            { ...m, in_msg_tx_hash: known.message.in_msg_tx_hash ?? null, out_msg_tx_hash: known.message.out_msg_tx_hash ?? null },
            known.message,
            m.hash,
          ),
        ).toEqual([]);
      }
      expect(Object.keys(body)).toEqual(['messages', 'address_book', 'metadata']);
      const named = new Set(list.flatMap((m) => [m.message.source, m.message.destination]).filter(Boolean));
      expect(Object.keys(body.address_book).sort()).toEqual([...named].sort());
      const oldest = await get('messages?limit=5&offset=2&sort=asc');
      expect(hashes(oldest)).toEqual(
        newestFirst(list)
          .reverse()
          .slice(2, 7)
          .map((m) => m.message.hash),
      );
    });

    it('filters by source and destination (null: none), direction, externals, opcode, body hash, raw or normalized hash, lt and time windows', async () => {
      const ids = (pick: (m: (typeof list)[number]) => boolean) => newestFirst(list.filter(pick)).map((m) => m.message.hash);
      const sample = list.find((m) => m.in && m.out && m.message.opcode !== null && m.message.message_content?.hash)!.message;
      expect(hashes(await get(`messages?limit=1000&source=${sample.source}`))).toEqual(ids((m) => m.message.source === sample.source));
      expect(hashes(await get(`messages?limit=1000&destination=${sample.destination}`))).toEqual(ids((m) => m.message.destination === sample.destination));
      const externals = ids((m) => m.message.source === null);
      expect(externals.length).toBeGreaterThan(0);
      expect(hashes(await get('messages?limit=1000&source=null'))).toEqual(externals);
      expect(hashes(await get('messages?limit=1000&only_externals=true'))).toEqual(externals);
      expect(hashes(await get('messages?limit=1000&exclude_externals=1'))).toEqual(ids((m) => m.message.created_lt !== null));
      expect(hashes(await get('messages?limit=1000&destination=null'))).toEqual(ids((m) => m.message.destination === null));
      expect(hashes(await get('messages?limit=1000&direction=out'))).toEqual(ids((m) => m.out !== undefined));
      expect(hashes(await get(`messages?limit=1000&opcode=${sample.opcode}`))).toEqual(ids((m) => m.message.opcode === sample.opcode));
      expect(hashes(await get(`messages?limit=1000&body_hash=${encodeURIComponent(sample.message_content.hash)}`))).toEqual(
        ids((m) => m.message.message_content?.hash === sample.message_content.hash),
      );
      const hex = Buffer.from(sample.hash, 'base64').toString('hex');
      expect(hashes(await get(`messages?msg_hash=${hex}`))).toEqual([sample.hash]);
      expect(hashes(await get(`messages?hash=${encodeURIComponent(sample.hash)}`))).toEqual([sample.hash]);
      const normalized = list.find((m) => m.message.hash_norm && m.message.hash_norm !== m.message.hash)!.message;
      expect(hashes(await get(`messages?msg_hash=${encodeURIComponent(normalized.hash_norm)}`))).toEqual([normalized.hash]);

      const from = created(sample)! - 5000n;
      expect(hashes(await get(`messages?limit=1000&start_lt=${from}&end_lt=${sample.created_lt}`))).toEqual(
        ids((m) => created(m.message) !== null && created(m.message)! >= from && created(m.message)! <= BigInt(sample.created_lt)),
      );
      const at = Number(sample.created_at);
      const inTime = list.filter((m) => m.message.created_at !== null && Number(m.message.created_at) >= at - 60 && Number(m.message.created_at) <= at);
      const byTime = [...inTime].sort((a, b) => Number(b.message.created_at) - Number(a.message.created_at) || cmp(b.message.hash, a.message.hash));
      expect(hashes(await get(`messages?limit=1000&start_utime=${at - 60}&end_utime=${at}`))).toEqual(byTime.map((m) => m.message.hash));
    });

    it('rejects bad input with 422 naming the parameter', async () => {
      await error('messages?exclude_externals=true&only_externals=true', 422, '"exclude_externals" and "only_externals" exclude each other');
      await error('messages?only_externals=maybe', 422, 'parameter "only_externals" must be true or false, got "maybe"');
      await error('messages?source=nobody', 422, 'parameter "source" must be an address (raw, or user-friendly base64/base64url), got "nobody"');
      await error('messages?limit=0', 422, 'parameter "limit" must be an integer from 1 to 1000, got "0"');
      await error('messages?msg_hash=abc', 422, 'parameter "msg_hash" value 1 must be a hash (64 hex digits, base64 or base64url), got "abc"');
    });
  });

  describe('blocks', () => {
    const mcSeqnos = [...new Set(all.flatMap((t) => [t.mc_block_seqno, ...(t.block_ref.workchain === -1 ? [t.block_ref.seqno] : [])]))].sort((a, b) => a - b);
    const blockKey = (b: any) => `${b.workchain}/${b.shard}/${b.seqno}`;

    it("/masterchainInfo: the newest and the oldest masterchain blocks, in TON Center's block form", async () => {
      const body = await get('masterchainInfo');
      expect([body.last.seqno, body.first.seqno]).toEqual([mcSeqnos.at(-1), mcSeqnos[0]]);
      expect(body.last).toMatchObject({
        workchain: -1,
        shard: MC_SHARD_HEX,
        masterchain_block_ref: { workchain: -1, shard: MC_SHARD_HEX, seqno: body.last.seqno },
        prev_blocks: [],
      });
      expect(Object.keys(body.last)).toEqual([
        'workchain',
        'shard',
        'seqno',
        'root_hash',
        'file_hash',
        'global_id',
        'version',
        'after_merge',
        'before_split',
        'after_split',
        'want_merge',
        'want_split',
        'key_block',
        'vert_seqno_incr',
        'flags',
        'gen_utime',
        'start_lt',
        'end_lt',
        'validator_list_hash_short',
        'gen_catchain_seqno',
        'min_ref_mc_seqno',
        'prev_key_block_seqno',
        'vert_seqno',
        'master_ref_seqno',
        'rand_seed',
        'created_by',
        'tx_count',
        'masterchain_block_ref',
        'prev_blocks',
      ]);
    });

    it('/masterchainBlockShards and /masterchainBlockShardState: the masterchain block and the shard blocks of its transactions; 404 for an unknown one', async () => {
      const sample = all.find((t) => t.block_ref.workchain === 0)!;
      const seqno = sample.mc_block_seqno;
      const shardBlocks = new Set(all.filter((t) => t.mc_block_seqno === seqno && t.block_ref.workchain === 0).map((t) => blockKey(t.block_ref)));
      const shards = await get(`masterchainBlockShards?seqno=${seqno}`);
      expect(shards.blocks[0]).toMatchObject({ workchain: -1, shard: MC_SHARD_HEX, seqno });
      expect(new Set(shards.blocks.slice(1).map(blockKey))).toEqual(shardBlocks);
      expect(shards.blocks.slice(1).every((b: any) => b.masterchain_block_ref.seqno === seqno && b.gen_utime !== null)).toBe(true);
      const state = await get(`masterchainBlockShardState?seqno=${seqno}`);
      expect(state.blocks[0]).toMatchObject({ workchain: -1, seqno });
      const tops = new Map<string, number>();
      for (const b of shardBlocks) {
        const [wc, shard, n] = b.split('/');
        tops.set(`${wc}/${shard}`, Math.max(tops.get(`${wc}/${shard}`) ?? 0, Number(n)));
      }
      expect(new Set(state.blocks.slice(1).map(blockKey))).toEqual(new Set([...tops].map(([k, n]) => `${k}/${n}`)));
      await error('masterchainBlockShards?seqno=7', 404, 'blocks not found');
      await error('masterchainBlockShardState?seqno=7', 404, 'blocks not found');
      await error('masterchainBlockShards', 422, 'parameter "seqno" is required: the masterchain block seqno, an integer from 0 to 4294967295');
    });

    it('/blocks: every filter, generation-time order with sort and the writing order without', async () => {
      const mc = await get('blocks?workchain=-1&sort=desc&limit=1000');
      expect(mc.blocks.map((b: any) => b.seqno)).toEqual(
        [...mc.blocks].sort((a: any, b: any) => cmp(Number(b.gen_utime ?? 0), Number(a.gen_utime ?? 0)) || b.seqno - a.seqno).map((b: any) => b.seqno),
      );
      expect(new Set(mc.blocks.map((b: any) => b.seqno))).toEqual(new Set(mcSeqnos));
      const sample = all.find((t) => t.block_ref.workchain === 0)!;
      const one = await get(`blocks?workchain=0&shard=${sample.block_ref.shard}&seqno=${sample.block_ref.seqno}`);
      expect(one.blocks.map(blockKey)).toEqual([blockKey(sample.block_ref)]);
      expect(one.blocks[0].gen_utime).toBe(String(sample.now));
      const committed = await get(`blocks?mc_seqno=${sample.mc_block_seqno}&limit=1000`);
      const shards = await get(`masterchainBlockShards?seqno=${sample.mc_block_seqno}`);
      expect(new Set(committed.blocks.map(blockKey))).toEqual(new Set(shards.blocks.map(blockKey)));
      // no sort: generation time ascending, a block without one (a masterchain block the files have no transaction of) last
      const times = committed.blocks.map((b: any) => (b.gen_utime === null ? Infinity : Number(b.gen_utime)));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const inTime = await get(`blocks?start_utime=${sample.now}&end_utime=${sample.now}&limit=1000`);
      expect(inTime.blocks.map(blockKey)).toContain(blockKey(sample.block_ref));
      expect(inTime.blocks.every((b: any) => b.gen_utime === String(sample.now))).toBe(true);
      expect(await get('blocks?seqno=1')).toEqual({ blocks: [] });
      await error('blocks?sort=up', 422, 'parameter "sort" must be one of asc, desc, got "up"');
      await error('blocks?shard=zz', 422, 'parameter "shard" must be a shard id (16 hex digits such as 8000000000000000, or a signed decimal), got "zz"');
    });
  });

  describe('GET /api/v3/addressBook and /metadata', () => {
    it('/addressBook: keyed by each string as given, user-friendly forms, nulls for what is not an address', async () => {
      const account = all[0].account;
      const lower = account.toLowerCase();
      const body = await get(`addressBook?address=${account}&address=${lower}&address=not-an-address`);
      expect(Object.keys(body)).toEqual([account, lower, 'not-an-address'].sort());
      expect(body[account]).toEqual(body[lower]);
      expect(body[account].user_friendly).toMatch(/^[0k]Q/); // testnet
      expect(body['not-an-address']).toEqual({ user_friendly: null, domain: null, interfaces: [] });
      expect(await get('addressBook?address=nope')).toEqual({ nope: { user_friendly: null, domain: null, interfaces: [] } });
      await error('addressBook', 422, 'parameter "address" is required: at least one address');
    });

    it("/metadata: the real response's metadata again, keyed by raw address whatever form is asked; tokens only, {} when none", async () => {
      const file = fixtureJson(ACTIONS).response.metadata;
      expect(Object.keys(file).length).toBeGreaterThan(3);
      expect(
        await get(
          `metadata?${Object.keys(file)
            .map((a) => `address=${a.toLowerCase()}`)
            .join('&')}&address=nope`,
        ),
      ).toEqual(file);
      expect(await get(`metadata?address=${all[0].account}&address=nope`)).toEqual({});
    });
  });
});
