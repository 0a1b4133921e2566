import { beginCell, Cell } from '@ton/core';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/types';
import { friendlyFlags, parseAddress } from '../src/encoding/address';
import { inlineForwardPayload } from '../src/encoding/forwardPayload';
import { importDocument } from '../src/import/importFile';
import { PayloadTexts } from '../src/wire/payload';
import { RawTexts } from '../src/wire/rawJson';
import { availableBackends, createTestDatabase, postgresAvailable, type TestDatabase } from './helpers/databases';
import { decodedPairs } from './helpers/decoded';
import { fixtureJson, fixtureText } from './helpers/fixtures';
import { insertRows } from './helpers/rows';
import { startService } from './helpers/service';

/** A raw address from a number (workchain 0). */
const addr = (n: number, prefix = 'A') => `0:${prefix}${n.toString(16).toUpperCase().padStart(63, '0')}`;
/** A base64 hash from a number. */
const hash = (n: number, salt = 0) => Buffer.from(`${salt.toString(16).padStart(8, '0')}${n.toString(16).padStart(56, '0')}`, 'hex').toString('base64');
/** The salt of transfers' transaction hashes: their base64 starts with "/", which real hashes hold too (a key split on "/" once lost them). */
const TX = 0xfc000007;

const MASTER = addr(1, 'F');
const MINTLESS_MASTER = addr(2, 'F');
const OTHER_MASTER = addr(3, 'F');
const ADMIN = addr(9, 'E');
/** Wallets of MASTER with one equal balance: what a holder list sorted by balance pages through. */
const EQUAL = 230;
const EQUAL_BALANCE = '1000';

/** The real jetton_transfer body of the decoded pairs whose forward payload is an inline comment ("Hello!"). */
const HELLO_BODY = decodedPairs().find((p) => p.decoded_opcode === 'jetton_transfer' && JSON.stringify(p.decoded).includes('"Hello!"'))!.body;

const commentPayload = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell().toBoc().toString('base64');

/** Transfers: 3 owners, 60 transfers in pairs of equal lt (different accounts), every 10th aborted, payloads varied. */
function transferRows() {
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < 60; i++) {
    const lt = 1000 + Math.floor(i / 2); // pairs share an lt, as transactions of two accounts can
    rows.push({
      tx_hash: hash(i, TX),
      tx_lt: String(lt),
      tx_now: 1_700_000_000 + Math.floor(i / 6), // six transfers a second: many ties on time
      tx_aborted: i % 10 === 9,
      mc_seqno: 1,
      query_id: String(i),
      amount: String(100 + i),
      source: addr(i % 3, 'B'),
      destination: addr((i + 1) % 3, 'B'),
      jetton_wallet_address: addr(i % 3, 'C'),
      jetton_master_address: i % 4 === 0 ? OTHER_MASTER : MASTER,
      response_destination: i % 5 === 0 ? null : addr(i % 3, 'B'),
      custom_payload: null,
      forward_ton_amount: '1',
      forward_payload: i % 7 === 0 ? commentPayload(`note ${i}`) : null,
      trace_id: hash(i, 8),
    });
  }
  return rows;
}

async function seed(db: Queryable) {
  await insertRows(db, 'jetton_masters', [
    {
      address: MASTER,
      total_supply: '123456789012345678901234567890',
      mintable: true,
      admin_address: ADMIN,
      jetton_content: { symbol: 'TST', name: 'Test', decimals: '9', a_first: 'x', 'z<&>': 'html' },
      jetton_wallet_code_hash: hash(1, 1),
      last_transaction_lt: '77',
      code_hash: hash(2, 1),
      data_hash: hash(3, 1),
    },
    { address: MINTLESS_MASTER, total_supply: '5', mintable: false, admin_address: null, jetton_content: null, last_transaction_lt: '78' },
    { address: OTHER_MASTER, total_supply: '6', mintable: false, admin_address: ADMIN, jetton_content: {}, last_transaction_lt: '79' },
  ]);
  await insertRows(db, 'mintless_jetton_masters', [{ address: MINTLESS_MASTER, is_indexed: true, custom_payload_api_uri: ['https://claim.example/api'] }]);
  const wallets: Record<string, unknown>[] = [];
  // Insertion order is not balance order: ids interleave equal and distinct balances.
  for (let i = 0; i < EQUAL; i++) {
    wallets.push({ address: addr(i, 'D'), balance: EQUAL_BALANCE, owner: addr(i % 50, 'B'), jetton: MASTER, last_transaction_lt: String(500 + i) });
    if (i % 23 === 0) wallets.push({ address: addr(i, '9'), balance: String(5000 + i), owner: addr(i % 50, 'B'), jetton: MASTER, last_transaction_lt: '1' });
  }
  wallets.push(
    { address: addr(1, '8'), balance: '0', owner: addr(0, 'B'), jetton: MASTER, last_transaction_lt: '2' },
    // mintless: unclaimed with an amount (shown, and counted by exclude_zero_balance), claimed, unknown
    {
      address: addr(2, '8'),
      balance: '0',
      owner: addr(0, 'B'),
      jetton: MINTLESS_MASTER,
      last_transaction_lt: '3',
      code_hash: hash(4, 1),
      data_hash: hash(5, 1),
      mintless_is_claimed: false,
      mintless_amount: '700',
      mintless_start_from: '1700000000',
      mintless_expire_at: '1800000000',
    },
    {
      address: addr(3, '8'),
      balance: '0',
      owner: addr(1, 'B'),
      jetton: MINTLESS_MASTER,
      last_transaction_lt: '4',
      mintless_is_claimed: true,
      mintless_amount: '700',
    },
    { address: addr(4, '8'), balance: '0', owner: addr(2, 'B'), jetton: MINTLESS_MASTER, last_transaction_lt: '5', mintless_amount: '700' },
    { address: addr(5, '8'), balance: '9', owner: addr(0, 'B'), jetton: OTHER_MASTER, last_transaction_lt: '6' },
  );
  await insertRows(db, 'jetton_wallets', wallets);
  await insertRows(db, 'jetton_transfers', transferRows());
  await insertRows(
    db,
    'jetton_burns',
    Array.from({ length: 12 }, (_, i) => ({
      tx_hash: hash(i, 9),
      tx_lt: String(2000 + Math.floor(i / 3)),
      tx_now: 1_700_001_000 + Math.floor(i / 4),
      tx_aborted: i === 4,
      mc_seqno: 1,
      query_id: String(i),
      owner: addr(i % 2, 'B'),
      jetton_wallet_address: addr(i % 2, 'C'),
      jetton_master_address: MASTER,
      amount: String(i + 1),
      response_destination: addr(i % 2, 'B'),
      custom_payload: i === 0 ? commentPayload('burnt') : null,
      trace_id: hash(i, 10),
    })),
  );
  // Traces: transfers 0–29 in complete traces, 30–39 pending, the rest not recorded.
  await insertRows(
    db,
    'traces',
    Array.from({ length: 40 }, (_, i) => ({ trace_id: hash(i, 8), state: i < 30 ? 'complete' : 'pending' })),
  );
  // Transfer 1's forward payload was inline: the table has NULL, its in-message body has it.
  const bodyHash = Cell.fromBase64(HELLO_BODY).hash().toString('base64');
  await insertRows(db, 'transactions', [{ account: addr(1, 'C'), hash: hash(1, TX), lt: '1000', now: 1_700_000_000 }]);
  await insertRows(db, 'message_contents', [{ hash: bodyHash, body: HELLO_BODY }]);
  await insertRows(db, 'messages', [{ tx_hash: hash(1, TX), tx_lt: '1000', msg_hash: hash(1, 11), direction: 'in', body_hash: bodyHash, opcode: 0x0f8a7ea5 }]);
}

const FIELD_ORDER = {
  master: [
    'address',
    'total_supply',
    'mintable',
    'admin_address',
    'jetton_content',
    'jetton_wallet_code_hash',
    'code_hash',
    'data_hash',
    'last_transaction_lt',
  ],
  wallet: ['address', 'balance', 'owner', 'jetton', 'last_transaction_lt', 'code_hash', 'data_hash'],
  transfer: [
    'query_id',
    'source',
    'destination',
    'amount',
    'source_wallet',
    'jetton_master',
    'transaction_hash',
    'transaction_lt',
    'transaction_now',
    'transaction_aborted',
    'response_destination',
    'custom_payload',
    'decoded_custom_payload',
    'forward_ton_amount',
    'forward_payload',
    'decoded_forward_payload',
    'trace_id',
  ],
  burn: [
    'query_id',
    'owner',
    'jetton_wallet',
    'jetton_master',
    'transaction_hash',
    'transaction_lt',
    'transaction_now',
    'transaction_aborted',
    'amount',
    'response_destination',
    'custom_payload',
    'decoded_custom_payload',
    'trace_id',
  ],
};

/** Sorts transfer or burn keys as (tx_lt, tx_hash) descending, by time first when asked. */
const byLtHash =
  (dir: 1 | -1, byTime = false) =>
  (a: any, b: any) => {
    if (byTime && a.transaction_now !== b.transaction_now) return dir * (a.transaction_now - b.transaction_now);
    const [x, y] = [BigInt(a.transaction_lt), BigInt(b.transaction_lt)];
    if (x !== y) return dir * (x < y ? -1 : 1);
    return dir * (a.transaction_hash < b.transaction_hash ? -1 : a.transaction_hash > b.transaction_hash ? 1 : 0);
  };

describe.each(await availableBackends())('jetton routes on %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const get = async (path: string) => {
    const res = await service.get(`/api/v3/${path}`);
    return { status: res.status, body: await res.json(), text: '', statements: Number(/(\d+) statements/.exec(res.headers.get('server-timing') ?? '')?.[1]) };
  };
  const ok = async (path: string) => {
    const r = await get(path);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  const refused = async (path: string) => {
    const r = await get(path);
    expect(r.status, path).toBe(422);
    return r.body.error as string;
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await seed(db.writer);
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  describe('jetton/masters', () => {
    it('lists masters by id with TON Center fields in order, content keys sorted, address book and metadata over masters and admins', async () => {
      const body = await ok('jetton/masters');
      expect(Object.keys(body)).toEqual(['jetton_masters', 'address_book', 'metadata']);
      expect(body.jetton_masters.map((m: any) => m.address)).toEqual([MASTER, MINTLESS_MASTER, OTHER_MASTER]);
      const [m] = body.jetton_masters;
      expect(Object.keys(m)).toEqual(FIELD_ORDER.master);
      expect(m.total_supply).toBe('123456789012345678901234567890');
      expect(Object.keys(m.jetton_content)).toEqual(['a_first', 'decimals', 'name', 'symbol', 'z<&>']);
      expect(body.jetton_masters[1]).toMatchObject({ admin_address: null, jetton_content: null, jetton_wallet_code_hash: null });
      expect(Object.keys(body.address_book).sort()).toEqual([ADMIN, MASTER, MINTLESS_MASTER, OTHER_MASTER].sort());
      expect(Object.keys(body.metadata).sort()).toEqual([MASTER, MINTLESS_MASTER, OTHER_MASTER].sort());
    });

    it('filters by address (served in address order) and by admin (by id), and pages', async () => {
      const byAddress = await ok(`jetton/masters?address=${OTHER_MASTER}&address=${MASTER}`);
      expect(byAddress.jetton_masters.map((m: any) => m.address)).toEqual([MASTER, OTHER_MASTER]);
      const byAdmin = await ok(`jetton/masters?admin_address=${ADMIN}`);
      expect(byAdmin.jetton_masters.map((m: any) => m.address)).toEqual([MASTER, OTHER_MASTER]);
      expect((await ok(`jetton/masters?admin_address=${ADMIN}&address=${MINTLESS_MASTER}`)).jetton_masters).toEqual([]);
      expect((await ok('jetton/masters?limit=1&offset=1')).jetton_masters.map((m: any) => m.address)).toEqual([MINTLESS_MASTER]);
    });

    it('answers an empty page with empty maps, and refuses bad input with 422 naming the parameter', async () => {
      expect(await ok(`jetton/masters?address=${addr(77)}`)).toEqual({ jetton_masters: [], address_book: {}, metadata: {} });
      expect(await refused('jetton/masters?address=nope')).toBe(
        'parameter "address" value 1 must be an address (raw, or user-friendly base64/base64url), got "nope"',
      );
      expect(await refused('jetton/masters?limit=1001')).toMatch(/^parameter "limit" /);
      expect(await refused('jetton/masters?offset=-1')).toMatch(/^parameter "offset" /);
      expect(await refused('jetton/masters?sort=desc')).toMatch(/^unknown parameter "sort"/);
      expect(await refused('jetton/masters?admin=x')).toMatch(/^unknown parameter "admin"/);
    });
  });

  describe('jetton/wallets', () => {
    it('serves TON Center fields in order; mintless_info only for an unclaimed amount, with the master claim API', async () => {
      const body = await ok(`jetton/wallets?jetton_address=${MINTLESS_MASTER}`);
      expect(Object.keys(body)).toEqual(['jetton_wallets', 'address_book', 'metadata']);
      const [unclaimed, claimed, unknown] = body.jetton_wallets;
      expect(Object.keys(unclaimed)).toEqual([...FIELD_ORDER.wallet, 'mintless_info']);
      expect(unclaimed.mintless_info).toEqual({
        amount: '700',
        start_from: 1700000000,
        expire_at: 1800000000,
        custom_payload_api_uri: ['https://claim.example/api'],
      });
      expect(Object.keys(unclaimed.mintless_info)).toEqual(['amount', 'start_from', 'expire_at', 'custom_payload_api_uri']);
      expect(Object.keys(claimed)).toEqual(FIELD_ORDER.wallet);
      expect(Object.keys(unknown)).toEqual(FIELD_ORDER.wallet);
      expect(claimed).toMatchObject({ code_hash: null, data_hash: null });
      // the book and metadata cover each wallet, owner and jetton; the wallets' metadata names their jetton
      expect(Object.keys(body.address_book).sort()).toEqual(
        [addr(2, '8'), addr(3, '8'), addr(4, '8'), addr(0, 'B'), addr(1, 'B'), addr(2, 'B'), MINTLESS_MASTER].sort(),
      );
      expect(body.metadata[addr(2, '8')].token_info[0]).toEqual({
        valid: true,
        type: 'jetton_wallets',
        extra: { balance: '0', jetton: MINTLESS_MASTER, owner: addr(0, 'B') },
      });
    });

    it('exclude_zero_balance counts an unclaimed mintless amount, whatever the claim flag says', async () => {
      const all = (await ok(`jetton/wallets?jetton_address=${MINTLESS_MASTER}&exclude_zero_balance=true`)).jetton_wallets;
      expect(all.map((w: any) => w.address)).toEqual([addr(2, '8'), addr(3, '8'), addr(4, '8')]);
      const owner0 = (await ok(`jetton/wallets?owner_address=${addr(0, 'B')}&exclude_zero_balance=1`)).jetton_wallets;
      expect(owner0.map((w: any) => w.address)).not.toContain(addr(1, '8'));
      expect((await ok(`jetton/wallets?owner_address=${addr(0, 'B')}&exclude_zero_balance=false`)).jetton_wallets.map((w: any) => w.address)).toContain(
        addr(1, '8'),
      );
    });

    it("follows TON Center's order rules, each ended by the wallet id", async () => {
      // default: by id
      const first = (await ok('jetton/wallets?limit=3')).jetton_wallets.map((w: any) => w.address);
      expect(first).toEqual([addr(0, 'D'), addr(0, '9'), addr(1, 'D')]);
      // address: by address
      const byAddress = (await ok(`jetton/wallets?address=${addr(5, 'D')}&address=${addr(0, '9')}&address=${addr(1, 'D')}`)).jetton_wallets;
      expect(byAddress.map((w: any) => w.address)).toEqual([addr(0, '9'), addr(1, 'D'), addr(5, 'D')]);
      // owner (several): by owner, then id
      const owners = [addr(1, 'B'), addr(0, 'B')];
      const byOwner = (await ok(`jetton/wallets?owner_address=${owners.join(',')}&limit=1000`)).jetton_wallets;
      expect(byOwner.map((w: any) => w.owner)).toEqual([...byOwner.map((w: any) => w.owner)].sort());
      // owner with sort: by owner, then balance in that direction
      const sorted = (await ok(`jetton/wallets?owner_address=${owners.join(',')}&sort=asc&limit=1000`)).jetton_wallets;
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i].owner === sorted[i - 1].owner) expect(BigInt(sorted[i].balance) >= BigInt(sorted[i - 1].balance)).toBe(true);
        else expect(sorted[i].owner > sorted[i - 1].owner).toBe(true);
      }
      // one owner, several jettons: allowed, by owner then id
      const mixed = (await ok(`jetton/wallets?owner_address=${addr(0, 'B')}&jetton_address=${MINTLESS_MASTER}&jetton_address=${OTHER_MASTER}`)).jetton_wallets;
      expect(mixed.map((w: any) => w.address)).toEqual([addr(2, '8'), addr(5, '8')]);
    });

    it('walks a holder list of equal balances page by page with offset: every wallet exactly once, balance then id', async () => {
      const total = EQUAL + Math.ceil(EQUAL / 23) + 1;
      for (const sort of ['desc', 'asc'] as const) {
        const seen: any[] = [];
        for (let offset = 0; offset < total + 40; offset += 37) {
          const page = (await ok(`jetton/wallets?jetton_address=${MASTER}&sort=${sort}&limit=37&offset=${offset}`)).jetton_wallets;
          seen.push(...page);
          if (page.length < 37) break;
        }
        expect(seen).toHaveLength(total);
        expect(new Set(seen.map((w) => w.address)).size).toBe(total);
        const balances = seen.map((w) => BigInt(w.balance));
        for (let i = 1; i < balances.length; i++) expect(sort === 'desc' ? balances[i] <= balances[i - 1] : balances[i] >= balances[i - 1]).toBe(true);
        // the equal balances keep insertion (id) order in the sort's direction
        const equal = seen.filter((w) => w.balance === EQUAL_BALANCE).map((w) => w.address);
        const inserted = Array.from({ length: EQUAL }, (_, i) => addr(i, 'D'));
        expect(equal).toEqual(sort === 'asc' ? inserted : inserted.reverse());
      }
    });

    it('refuses several jettons without exactly one owner, a bad sort and a bad boolean with 422', async () => {
      const two = `jetton_address=${MASTER}&jetton_address=${OTHER_MASTER}`;
      expect(await refused(`jetton/wallets?${two}`)).toBe('exact one owner_address required for multiple jetton_address');
      expect(await refused(`jetton/wallets?${two}&owner_address=${addr(0, 'B')}&owner_address=${addr(1, 'B')}`)).toBe(
        'exact one owner_address required for multiple jetton_address',
      );
      expect(await refused('jetton/wallets?sort=balance')).toBe('parameter "sort" must be one of asc, desc, got "balance"');
      expect(await refused('jetton/wallets?exclude_zero_balance=maybe')).toMatch(/^parameter "exclude_zero_balance" /);
      expect(await refused('jetton/wallets?owner_address=0:12')).toMatch(/^parameter "owner_address" value 1 /);
      expect(await ok(`jetton/wallets?owner_address=${addr(99, 'B')}`)).toEqual({ jetton_wallets: [], address_book: {}, metadata: {} });
    });
  });

  describe('jetton/transfers', () => {
    const live = transferRows().filter((t) => !t.tx_aborted);

    it('lists transfers newest first, aborted ones left out, tie-broken by hash; fields in order', async () => {
      const body = await ok('jetton/transfers?limit=1000');
      expect(Object.keys(body)).toEqual(['jetton_transfers', 'address_book', 'metadata']);
      const list = body.jetton_transfers;
      expect(list).toHaveLength(live.length);
      expect(list.every((t: any) => t.transaction_aborted === false)).toBe(true);
      for (const t of list) expect(Object.keys(t)).toEqual(FIELD_ORDER.transfer);
      expect(list).toEqual([...list].sort(byLtHash(-1)));
      expect((await ok('jetton/transfers?limit=1000&sort=asc')).jetton_transfers).toEqual([...list].sort(byLtHash(1)));
      const t3 = list.find((t: any) => t.query_id === '3');
      expect(t3).toMatchObject({ source: addr(0, 'B'), destination: addr(1, 'B'), amount: '103', source_wallet: addr(0, 'C'), jetton_master: MASTER });
      expect(list.find((t: any) => t.query_id === '5').response_destination).toBeNull();
    });

    it('walks pages with offset: every transfer once, even where lts and times tie', async () => {
      for (const q of ['', `&start_utime=1700000000`]) {
        const seen: any[] = [];
        for (let offset = 0; offset < 100; offset += 7) seen.push(...(await ok(`jetton/transfers?limit=7&offset=${offset}${q}`)).jetton_transfers);
        expect(seen).toHaveLength(live.length);
        expect(new Set(seen.map((t) => t.transaction_hash)).size).toBe(live.length);
        expect(seen).toEqual([...seen].sort(byLtHash(-1, q !== '')));
      }
    });

    it('a time bound orders by time, then lt and hash; lt bounds keep lt order', async () => {
      const timed = (await ok('jetton/transfers?start_utime=1700000002&end_utime=1700000005&sort=asc&limit=1000')).jetton_transfers;
      expect(timed.length).toBeGreaterThan(0);
      expect(timed.every((t: any) => t.transaction_now >= 1700000002 && t.transaction_now <= 1700000005)).toBe(true);
      expect(timed).toEqual([...timed].sort(byLtHash(1, true)));
      const lts = (await ok('jetton/transfers?start_lt=1005&end_lt=1010&limit=1000')).jetton_transfers;
      expect(lts.map((t: any) => Number(t.transaction_lt)).every((lt: number) => lt >= 1005 && lt <= 1010)).toBe(true);
      expect(lts).toEqual([...lts].sort(byLtHash(-1)));
    });

    it('owners match either side, or one side with direction; address is the alias of one owner', async () => {
      const owner = addr(1, 'B');
      const either = (await ok(`jetton/transfers?owner_address=${owner}&limit=1000`)).jetton_transfers;
      expect(either).toHaveLength(live.filter((t) => t.source === owner || t.destination === owner).length);
      expect(either).toEqual([...either].sort(byLtHash(-1)));
      expect((await ok(`jetton/transfers?owner_address=${owner}&direction=both&limit=1000`)).jetton_transfers).toEqual(either);
      expect((await ok(`jetton/transfers?address=${owner}&limit=1000`)).jetton_transfers).toEqual(either);
      const incoming = (await ok(`jetton/transfers?owner_address=${owner}&direction=in&limit=1000`)).jetton_transfers;
      expect(incoming.map((t: any) => t.query_id)).toEqual(either.filter((t: any) => t.destination === owner).map((t: any) => t.query_id));
      const outgoing = (await ok(`jetton/transfers?address=${owner}&direction=OUT&limit=1000`)).jetton_transfers;
      expect(outgoing.map((t: any) => t.query_id)).toEqual(either.filter((t: any) => t.source === owner).map((t: any) => t.query_id));
      // a page of the union: offset within the merged order
      expect((await ok(`jetton/transfers?owner_address=${owner}&limit=4&offset=3`)).jetton_transfers).toEqual(either.slice(3, 7));
      const both = [addr(0, 'B'), addr(1, 'B')];
      const two = (await ok(`jetton/transfers?owner_address=${both.join(',')}&limit=1000`)).jetton_transfers;
      expect(two).toHaveLength(live.filter((t) => both.includes(t.source as string) || both.includes(t.destination as string)).length);
    });

    it('filters by jetton wallet and master; address book covers sources, destinations, wallets, masters and response destinations', async () => {
      const body = await ok(`jetton/transfers?jetton_wallet=${addr(2, 'C')}&jetton_master=${MASTER}&limit=1000`);
      const expected = live.filter((t) => t.jetton_wallet_address === addr(2, 'C') && t.jetton_master_address === MASTER);
      expect(body.jetton_transfers.map((t: any) => t.query_id).sort()).toEqual(expected.map((t) => t.query_id).sort());
      expect(Object.keys(body.address_book).sort()).toEqual([addr(2, 'B'), addr(0, 'B'), addr(2, 'C'), MASTER].sort());
      expect(Object.keys(body.metadata)).toEqual([MASTER]);
    });

    it('complete_traces_only leaves out transfers of pending or unrecorded traces (default: all, as TON Center)', async () => {
      const done = (await ok('jetton/transfers?complete_traces_only=true&limit=1000')).jetton_transfers;
      expect(done.map((t: any) => Number(t.query_id)).sort((a: number, b: number) => a - b)).toEqual(live.map((t) => Number(t.query_id)).filter((i) => i < 30));
      expect((await ok('jetton/transfers?complete_traces_only=false&limit=1000')).jetton_transfers).toHaveLength(live.length);
    });

    it('decodes payloads as TON Center does: a comment in the legacy shape; an inline forward payload read from the body', async () => {
      const list = (await ok('jetton/transfers?limit=1000')).jetton_transfers;
      const stored = list.find((t: any) => t.query_id === '7');
      expect(stored.forward_payload).toBe(commentPayload('note 7'));
      expect(stored.decoded_forward_payload).toEqual({ '@type': 'text_comment', comment: 'note 7', type: 'text_comment' });
      expect(Object.keys(stored.decoded_forward_payload)).toEqual(['@type', 'comment', 'type']);
      // transfer 1: NULL in the table, "Hello!" inline in its real transfer#0f8a7ea5 body
      const inline = list.find((t: any) => t.query_id === '1');
      expect(inline.transaction_hash).toMatch(/^\//);
      expect(inline.forward_payload).toBe(inlineForwardPayload(HELLO_BODY));
      const payload = Cell.fromBase64(inline.forward_payload).beginParse();
      expect(payload.loadUint(32)).toBe(0);
      expect(payload.loadStringTail()).toBe('Hello!');
      expect(inline.decoded_forward_payload).toEqual({ '@type': 'text_comment', comment: 'Hello!', type: 'text_comment' });
      // no body, no payload: null and null
      const none = list.find((t: any) => t.query_id === '2');
      expect(none).toMatchObject({ forward_payload: null, decoded_forward_payload: null, custom_payload: null, decoded_custom_payload: null });
    });

    it('reads the bodies of a page in one statement, whatever its size', async () => {
      const small = await get('jetton/transfers?limit=5&x_no_address_book=1&x_no_metadata=1');
      const large = await get('jetton/transfers?limit=50&x_no_address_book=1&x_no_metadata=1');
      expect(small.statements).toBe(2);
      expect(large.statements).toBe(2);
      expect(large.body).toMatchObject({ address_book: {}, metadata: {} });
    });

    it('refuses an unparsable address, a junk direction, a direction without owner and both owner spellings with 422', async () => {
      expect(await refused('jetton/transfers?address=EQ-not-an-address')).toBe(
        'parameter "address" must be an address (raw, or user-friendly base64/base64url), got "EQ-not-an-address"',
      );
      expect(await refused(`jetton/transfers?owner_address=${addr(1, 'B')}&direction=sideways`)).toBe(
        'parameter "direction" must be one of in, out, both, got "sideways"',
      );
      expect(await refused('jetton/transfers?direction=in')).toBe('parameter "direction" (in) needs "owner_address" or "address"');
      expect((await ok('jetton/transfers?direction=both&limit=1')).jetton_transfers).toHaveLength(1);
      expect(await refused(`jetton/transfers?owner_address=${addr(1, 'B')}&address=${addr(1, 'B')}`)).toBe(
        'at most one of "owner_address", "address" may be given, got "owner_address" and "address"',
      );
      expect(await refused(`jetton/transfers?address=${addr(1, 'B')}&address=${addr(2, 'B')}`)).toMatch(/^parameter "address" must be given once/);
      expect(await refused('jetton/transfers?jetton_master=x')).toMatch(/^parameter "jetton_master" /);
      expect(await refused('jetton/transfers?start_utime=yesterday')).toMatch(/^parameter "start_utime" /);
      expect(await refused('jetton/transfers?end_lt=-5')).toMatch(/^parameter "end_lt" /);
      expect(await refused('jetton/transfers?limit=0')).toMatch(/^parameter "limit" /);
      expect(await refused('jetton/transfers?sort=newest')).toMatch(/^parameter "sort" /);
      expect(await refused('jetton/transfers?complete_traces_only=yes')).toMatch(/^parameter "complete_traces_only" /);
      expect(await ok(`jetton/transfers?owner_address=${addr(55, 'B')}`)).toEqual({ jetton_transfers: [], address_book: {}, metadata: {} });
    });
  });

  describe('jetton/burns', () => {
    it('lists burns newest first, aborted ones included, fields in order, custom payload decoded', async () => {
      const body = await ok('jetton/burns');
      expect(Object.keys(body)).toEqual(['jetton_burns', 'address_book', 'metadata']);
      expect(body.jetton_burns).toHaveLength(12);
      for (const b of body.jetton_burns) expect(Object.keys(b)).toEqual(FIELD_ORDER.burn);
      expect(body.jetton_burns.filter((b: any) => b.transaction_aborted)).toHaveLength(1);
      expect(body.jetton_burns).toEqual([...body.jetton_burns].sort(byLtHash(-1)));
      const first = body.jetton_burns.find((b: any) => b.query_id === '0');
      expect(first.decoded_custom_payload).toEqual({ '@type': 'text_comment', comment: 'burnt', type: 'text_comment' });
      expect(Object.keys(body.address_book).sort()).toEqual([addr(0, 'B'), addr(1, 'B'), addr(0, 'C'), addr(1, 'C'), MASTER].sort());
    });

    it('filters by owner (or its alias), wallet, master and windows; refuses bad input', async () => {
      const owned = (await ok(`jetton/burns?owner_address=${addr(1, 'B')}`)).jetton_burns;
      expect(owned.map((b: any) => Number(b.query_id)).sort((a: number, b: number) => a - b)).toEqual([1, 3, 5, 7, 9, 11]);
      expect((await ok(`jetton/burns?address=${addr(1, 'B')}`)).jetton_burns).toEqual(owned);
      expect((await ok(`jetton/burns?jetton_wallet=${addr(1, 'C')}&jetton_master=${MASTER}`)).jetton_burns).toEqual(owned);
      const timed = (await ok('jetton/burns?start_utime=1700001001&sort=asc')).jetton_burns;
      expect(timed).toEqual([...timed].sort(byLtHash(1, true)));
      expect(timed.every((b: any) => b.transaction_now >= 1700001001)).toBe(true);
      expect(await refused('jetton/burns?address=EQ-not-an-address')).toMatch(/^parameter "address" must be an address/);
      expect(await refused('jetton/burns?direction=in')).toMatch(/^unknown parameter "direction"/);
      expect(await ok(`jetton/burns?jetton_master=${OTHER_MASTER}`)).toEqual({ jetton_burns: [], address_book: {}, metadata: {} });
    });
  });

  it('answers as the OpenAPI document describes each route, full pages and errors', async () => {
    const doc = await (await service.get('/api/v3/openapi.json')).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    for (const url of [
      'jetton/masters',
      `jetton/wallets?jetton_address=${MINTLESS_MASTER}`,
      'jetton/wallets?limit=1000&sort=desc',
      'jetton/transfers?limit=1000',
      'jetton/burns',
      'jetton/transfers?direction=in',
      'jetton/wallets?sort=x',
    ]) {
      const res = await service.get(`/api/v3/${url}`);
      const responses = doc.paths[`/api/v3/${url.split('?')[0]}`].get.responses;
      const check = ajv.getSchema(`doc${responses[String(res.status)].content['application/json'].schema.$ref}`)!;
      const valid = check(await res.json());
      expect(valid ? [] : check.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`), url).toEqual([]);
    }
    const wallet = (await ok(`jetton/wallets?jetton_address=${MINTLESS_MASTER}`)).jetton_wallets[0];
    delete wallet.data_hash;
    const check = ajv.getSchema('doc#/components/schemas/JettonWallet')!;
    expect(check(wallet)).toBe(false);
  });
});

describe('decoded payloads equal TON Center decoded bodies', () => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  const pairs = decodedPairs();

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    // each real body stored as a transfer's forward and custom payload
    await insertRows(
      db.writer,
      'jetton_transfers',
      pairs.map((p, i) => ({
        tx_hash: hash(i, 20),
        tx_lt: String(i + 1),
        tx_now: 1,
        tx_aborted: false,
        source: addr(1),
        destination: addr(2),
        jetton_wallet_address: addr(3),
        jetton_master_address: addr(4),
        query_id: '0',
        custom_payload: p.body,
        forward_payload: p.body,
      })),
    );
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('for each of the 52 real (body, decoded) pairs: the payload decodes to what TON Center showed for the body', async () => {
    const res = await service.get('/api/v3/jetton/transfers?sort=asc&limit=1000&x_no_address_book=1&x_no_metadata=1');
    const text = await res.text();
    const list = JSON.parse(text).jetton_transfers;
    expect(list).toHaveLength(pairs.length);
    // written as TON Center's text: the same values with their keys in the same order
    list.forEach((t: any, i: number) => {
      expect(JSON.stringify(t.decoded_forward_payload), pairs[i].body).toBe(JSON.stringify(pairs[i].decoded));
      expect(JSON.stringify(t.decoded_custom_payload), pairs[i].body).toBe(JSON.stringify(pairs[i].decoded));
    });
  });
});

describe.each(await availableBackends())('round trips of the real jetton responses on %s', (backend) => {
  let db: TestDatabase;
  /** The testnet file's addresses shown as testnet, the mainnet files' as mainnet: one database, two services. */
  let testnet: Awaited<ReturnType<typeof startService>>;
  let service: Awaited<ReturnType<typeof startService>>;
  const MASTERS = 'assets/jetton_masters__kabacoin_testnet_from_code_comment__testnet_2025-01.json';
  const TRANSFERS = 'assets/jetton_transfers__dataset_excerpt_7_elements_TRIMMED__mainnet_2026-07.json';
  const WALLETS = 'assets/jetton_wallets__single_wallet_ledger_fixture_TRIMMED__mainnet_2024-06.json';
  const imported: Record<string, number> = {};

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    for (const name of [MASTERS, TRANSFERS, WALLETS]) imported[name] = (await importDocument(db.writer, name, fixtureText(name))).assets;
    testnet = await startService(db.reader, 'testnet');
    service = await startService(db.reader, 'mainnet');
  });
  afterAll(async () => {
    await testnet?.close();
    await service?.close();
    await db?.drop();
  });

  it('jetton_masters (testnet): the list field for field; address book and metadata as far as the file allows', async () => {
    expect(imported[MASTERS]).toBe(1);
    const file = fixtureJson(MASTERS);
    const served = await (await testnet.get(`/api/v3/jetton/masters?address=${file.jetton_masters[0].address}`)).json();
    expect(served.jetton_masters).toEqual(file.jetton_masters);
    expect(served.jetton_masters.map(Object.keys)).toEqual(file.jetton_masters.map(Object.keys));
    // The file's address book predates `interfaces`; it knew the master's code (bounceable `kf…`), which a
    // masters response does not carry, so the master is served non-bounceable (`0f…`, no account state here).
    expect(Object.keys(served.address_book).sort()).toEqual(Object.keys(file.address_book).sort());
    for (const [address, entry] of Object.entries<any>(file.address_book)) {
      expect(served.address_book[address].domain).toBe(entry.domain);
      expect(parseAddress(served.address_book[address].user_friendly)).toBe(address);
      expect(friendlyFlags(served.address_book[address].user_friendly)?.testOnly).toBe(true);
    }
    const admin = file.jetton_masters[0].admin_address;
    expect(served.address_book[admin].user_friendly).toBe(file.address_book[admin].user_friendly);
    // Its metadata predates `valid`, `is_nsfw` and `is_scam`: the rest comes back the same.
    const strip = ({ valid, is_nsfw, is_scam, ...rest }: any) => rest;
    for (const [address, entry] of Object.entries<any>(file.metadata)) {
      expect(served.metadata[address].is_indexed).toBe(entry.is_indexed);
      expect(served.metadata[address].token_info.map(strip)).toEqual(entry.token_info);
    }
  });

  it('jetton_transfers (7 elements): each element field for field, served by its owner', async () => {
    expect(imported[TRANSFERS]).toBe(7);
    const file = fixtureJson(TRANSFERS);
    // "by owner", newest first in TON Center's answer; the excerpt's elements are oldest first, so compare by hash.
    // The trimmed file has no address book or metadata, and none of its transfers has a payload to decode.
    const owners = [...new Set(file.jetton_transfers.map((t: any) => t.source))];
    const served = new Map<string, any>();
    for (const owner of owners) {
      const body = await (await service.get(`/api/v3/jetton/transfers?owner_address=${owner}&limit=1000`)).json();
      for (const t of body.jetton_transfers) served.set(t.transaction_hash, t);
      expect(body.jetton_transfers).toEqual([...body.jetton_transfers].sort(byLtHash(-1)));
    }
    for (const t of file.jetton_transfers) {
      expect(served.get(t.transaction_hash)).toEqual(t);
      expect(Object.keys(served.get(t.transaction_hash))).toEqual(Object.keys(t));
    }
  });

  it('jetton_wallets (one wallet): the element field for field, by address and by owner', async () => {
    expect(imported[WALLETS]).toBe(1);
    const file = fixtureJson(WALLETS);
    const [w] = file.jetton_wallets;
    // Trimmed by its authors: no address book or metadata to compare; no mintless_info (an ordinary jetton).
    for (const q of [`address=${w.address}`, `owner_address=${w.owner}`, `jetton_address=${w.jetton}&sort=desc`]) {
      const served = await (await service.get(`/api/v3/jetton/wallets?${q}`)).json();
      expect(served.jetton_wallets).toEqual(file.jetton_wallets);
      expect(Object.keys(served.jetton_wallets[0])).toEqual(Object.keys(w));
      expect(Object.keys(served.address_book).sort()).toEqual([w.address, w.owner, w.jetton].sort());
    }
    // importing the served answer again changes nothing
    const served = await (await service.get(`/api/v3/jetton/wallets?address=${w.address}`)).text();
    await importDocument(db.writer, 'served.json', served);
    expect((await (await service.get(`/api/v3/jetton/wallets?address=${w.address}`)).json()).jetton_wallets).toEqual(file.jetton_wallets);
  });
});

describe('import of the jetton envelopes', () => {
  it('reads mintless_info into the wallet and its master, and transfers and burns with their payloads', async () => {
    const db = await createTestDatabase('pglite');
    try {
      const wallet = {
        address: addr(2, '8'),
        balance: '0',
        owner: addr(0, 'B'),
        jetton: MINTLESS_MASTER,
        last_transaction_lt: '3',
        code_hash: null,
        data_hash: null,
        mintless_info: { amount: '700', start_from: 1700000000, expire_at: null, custom_payload_api_uri: ['https://claim.example/api'] },
      };
      const burn = {
        query_id: '1',
        owner: addr(0, 'B'),
        jetton_wallet: addr(0, 'C'),
        jetton_master: MASTER,
        transaction_hash: hash(1, 30),
        transaction_lt: '10',
        transaction_now: 5,
        transaction_aborted: true,
        amount: '3',
        response_destination: 'addr_none',
        custom_payload: commentPayload('x'),
        decoded_custom_payload: { '@type': 'text_comment', comment: 'x', type: 'text_comment' },
        trace_id: null,
      };
      await importDocument(db.writer, 'w.json', JSON.stringify({ jetton_wallets: [wallet], address_book: {}, metadata: {} }));
      await importDocument(db.writer, 'b.json', JSON.stringify({ jetton_burns: [burn] }));
      const service = await startService(db.reader, 'mainnet');
      try {
        expect((await (await service.get(`/api/v3/jetton/wallets?address=${wallet.address}`)).json()).jetton_wallets).toEqual([wallet]);
        expect((await (await service.get('/api/v3/jetton/burns')).json()).jetton_burns).toEqual([burn]);
      } finally {
        await service.close();
      }
      await expect(importDocument(db.writer, 'bad.json', JSON.stringify({ jetton_transfers: [{ transaction_hash: 'x' }] }))).rejects.toThrow(
        /bad\.json: \$\.jetton_transfers\[0\]\.transaction_hash: expected a 32-byte hash/,
      );
    } finally {
      await db.drop();
    }
  });
});

describe.skipIf(!(await postgresAvailable()))('jetton query plans on PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    // hubs: jetton 5 holds three quarters of 60,000 wallets, owner 5 a tenth of them; balances with many ties
    await db.writer.query(
      `insert into jetton_wallets (address, balance, owner, jetton, last_transaction_lt)
       select '0:' || lpad(to_hex(i), 64, '0'), (i % 97) * 1000,
              '0:' || lpad(to_hex(case when i % 10 = 0 then 5 else i % 2000 end), 64, 'B'),
              '0:' || lpad(to_hex(case when i % 4 = 0 then i % 40 else 5 end), 64, 'F'), i
         from generate_series(1, 60000) i`,
    );
    // owner 7 sends a fifth of 40,000 transfers and receives another fifth
    await db.writer.query(
      `insert into jetton_transfers (tx_hash, tx_lt, tx_now, tx_aborted, source, destination, jetton_wallet_address, jetton_master_address, query_id, amount)
       select rpad(to_hex(i), 43, 'A') || '=', i / 2, 1700000000 + i / 10, i % 50 = 0,
              '0:' || lpad(to_hex(case when i % 5 = 0 then 7 else i % 500 end), 64, 'B'),
              '0:' || lpad(to_hex(case when i % 5 = 1 then 7 else (i + 1) % 500 end), 64, 'B'),
              '0:' || lpad(to_hex(i % 500), 64, 'C'), '0:' || lpad(to_hex(i % 40), 64, 'F'), i, i
         from generate_series(1, 40000) i`,
    );
    await db.writer.query('analyze jetton_wallets');
    await db.writer.query('analyze jetton_transfers');
  });
  afterAll(async () => {
    await db?.drop();
  });

  const plan = async (run: (q: Queryable) => Promise<unknown>) => {
    const plans: string[] = [];
    await run({
      async query(text, params) {
        const rows = await db.writer.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
        plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
        return [] as never[];
      },
    });
    return plans.join('\n');
  };

  it('holders of a hub jetton by balance use jetton_wallets_index_4, of a hub owner _5; by id an index in id order', async () => {
    const { jettonWalletsPage } = await import('../src/data/jettons');
    const none = { addresses: [], owners: [], jettons: [], excludeZeroBalance: false };
    const [hubJetton, smallJetton] = [`0:${'5'.padStart(64, 'F')}`, `0:${'8'.padStart(64, 'F')}`];
    const [hubOwner, smallOwner] = [`0:${'5'.padStart(64, 'B')}`, `0:${'7'.padStart(64, 'B')}`];
    for (const sort of ['desc', 'asc'] as const) {
      const byJetton = await plan((q) => jettonWalletsPage(q, { ...none, jettons: [hubJetton] }, { limit: 100, offset: 500, sort }));
      expect(byJetton).toMatch(/jetton_wallets_index_4/);
      // the id tie-break sorts only within equal balances, read in order from the index
      expect(byJetton).toMatch(/Incremental Sort/);
      expect(await plan((q) => jettonWalletsPage(q, { ...none, owners: [hubOwner] }, { limit: 100, offset: 0, sort }))).toMatch(/jetton_wallets_index_5/);
    }
    // by id the planner picks an owner or jetton index, or the id index with a filter, as the rows lie
    const byId = [
      await plan((q) => jettonWalletsPage(q, { ...none, jettons: [smallJetton] }, { limit: 100, offset: 0 })),
      await plan((q) => jettonWalletsPage(q, { ...none, owners: [smallOwner] }, { limit: 100, offset: 0 })),
    ];
    for (const p of byId) expect(p).not.toMatch(/Seq Scan/);
  });

  it('transfers of an owner read each side through its owner index, or in lt order for a hub; never a sequential scan', async () => {
    const { jettonTransfersPage } = await import('../src/data/jettons');
    const f = (owner: number) => ({ owners: [`0:${owner.toString(16).padStart(64, 'B')}`], wallets: [], completeTracesOnly: false });
    const small = await plan((q) => jettonTransfersPage(q, f(8), { limit: 100, offset: 0, sort: 'desc' }));
    expect(small).toMatch(/jetton_transfers_index_[12]\b/);
    expect(small).toMatch(/jetton_transfers_index_[34]\b/);
    const hub = await plan((q) => jettonTransfersPage(q, f(7), { limit: 100, offset: 0, sort: 'desc' }));
    for (const p of [small, hub]) expect(p).not.toMatch(/Seq Scan/);
    const timed = await plan((q) => jettonTransfersPage(q, { ...f(8), startUtime: 1700000000 }, { limit: 100, offset: 0, sort: 'desc' }));
    expect(timed).not.toMatch(/Seq Scan/);
    const master = await plan((q) =>
      jettonTransfersPage(
        q,
        { owners: [], wallets: [], master: `0:${'3'.padStart(64, 'F')}`, completeTracesOnly: false },
        { limit: 100, offset: 0, sort: 'desc' },
      ),
    );
    expect(master).not.toMatch(/Seq Scan/);
  });

  it('wallets by address read the primary key', async () => {
    const { jettonWalletsPage } = await import('../src/data/jettons');
    const addresses = [17, 40_001, 59_999].map((i) => `0:${i.toString(16).padStart(64, '0')}`);
    const none = { owners: [], jettons: [], excludeZeroBalance: false };
    for (const sort of [undefined, 'desc', 'asc'] as const) {
      const byAddress = await plan((q) => jettonWalletsPage(q, { ...none, addresses }, { limit: 100, offset: 0, sort }));
      expect(byAddress).toMatch(/jetton_wallets_pkey/);
      expect(byAddress).not.toMatch(/Seq Scan/);
    }
  });

  it('transfers of a jetton wallet read jetton_transfers_index_6, in lt order', async () => {
    const { jettonTransfersPage } = await import('../src/data/jettons');
    const wallets = [`0:${'11'.padStart(64, 'C')}`];
    for (const sort of ['desc', 'asc'] as const) {
      const byWallet = await plan((q) => jettonTransfersPage(q, { owners: [], wallets, completeTracesOnly: false }, { limit: 100, offset: 0, sort }));
      expect(byWallet).toMatch(/jetton_transfers_index_6\b/);
      expect(byWallet).not.toMatch(/Seq Scan/);
    }
  });

  it("transfers of an owner in one direction read only that side's rows: the hub's in lt order, a small owner's through its side's index", async () => {
    const { jettonTransfersPage } = await import('../src/data/jettons');
    const f = (owner: number, direction: 'in' | 'out') => ({
      owners: [`0:${owner.toString(16).padStart(64, 'B')}`],
      direction,
      wallets: [],
      completeTracesOnly: false,
    });
    // owner 7 (the hub) is on a fifth of the rows each side: its page comes in lt order, from its side's
    // (owner, tx_lt) index or from the lt index filtered by its side (a hundred matches within ~500 rows), never
    // by sorting all of its rows; owner 8's 80 rows are gathered through either index of its side and sorted
    const sides = {
      in: { hub: /jetton_transfers_index_(3|10)\b/, small: /jetton_transfers_index_[34]\b/, other: /jetton_transfers_index_[12]\b/, column: 'destination' },
      out: { hub: /jetton_transfers_index_(2|10)\b/, small: /jetton_transfers_index_[12]\b/, other: /jetton_transfers_index_[34]\b/, column: 'source' },
    };
    for (const direction of ['in', 'out'] as const)
      for (const sort of ['desc', 'asc'] as const) {
        const side = sides[direction];
        const hub = await plan((q) => jettonTransfersPage(q, f(7, direction), { limit: 100, offset: 0, sort }));
        expect(hub, `hub ${direction}, ${sort}`).toMatch(side.hub);
        expect(hub, `hub ${direction}, ${sort}`).not.toMatch(/(?<!Incremental )Sort {2}\(/);
        const small = await plan((q) => jettonTransfersPage(q, f(8, direction), { limit: 100, offset: 0, sort }));
        expect(small, `small ${direction}, ${sort}`).toMatch(side.small);
        for (const p of [hub, small]) {
          expect(p).toMatch(new RegExp(`\\(${side.column}\\)::text = '0:B`));
          expect(p).not.toMatch(side.other);
          expect(p).not.toMatch(/Seq Scan/);
        }
      }
  });
});

describe('PayloadTexts', () => {
  it('decodes each distinct payload once per response and marks it once', () => {
    const calls: string[] = [];
    const raw = new RawTexts();
    const payloads = new PayloadTexts({
      raw,
      services: {
        decoder: {
          decoded: (key: string, boc: string) => {
            calls.push(key);
            const json = `{"@type":"${boc.length}"}`;
            return { type: 't', json, bytes: Buffer.from(json) };
          },
        } as never,
      },
    });
    const a = commentPayload('a');
    const [m1, m2, m3] = [payloads.decoded(a), payloads.decoded(a), payloads.decoded(commentPayload('b'))];
    expect(m1).toBe(m2);
    expect(m3).not.toBe(m1);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatch(/^boc:[A-Za-z0-9+/]{43}=$/);
    expect(payloads.decoded(null)).toBeNull();
    expect(JSON.parse(raw.stringify({ x: m1, y: m2 }))).toEqual({ x: { '@type': String(a.length) }, y: { '@type': String(a.length) } });
  });
});
