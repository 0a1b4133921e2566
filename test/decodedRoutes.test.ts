// message_content.decoded and decoded_opcode on every route that carries messages, against the three complete
// /api/v3/traces responses of the current decoded form (test/fixtures/decoded): imported, served back, and each
// message's decoded compared with TON Center's bytes (key order and Go's escaping included). Each trace is given
// one action spanning its transactions (for /actions' and /pendingActions' transactions_full), and one message an
// init_state holding a body that decodes (its own), which must still be served with decoded null; a second
// database holds the same traces as pending, for the pending routes served from the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyDecoder } from '../src/decode/cache';
import { decodeBody } from '../src/decode/index';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { goJson } from './helpers/decoded';
import { fixtureJson } from './helpers/fixtures';
import { listen, testServices } from './helpers/service';

const FILES = ['contract_call', 'ton_received', 'ton_sent'].map((n) => `decoded/traces__${n}__mainnet_2025-11.json`);

interface FileMessage {
  hash: string;
  tx: string;
  direction: 'in' | 'out';
  decoded_opcode: string | null;
  decoded: unknown;
  mcSeqno: number;
}

/** Every message of the files that has a body, with the transaction it was read from. */
function fileMessages(): FileMessage[] {
  return FILES.flatMap((name) =>
    fixtureJson(name).traces.flatMap((t: any) =>
      Object.values<any>(t.transactions).flatMap((tx) =>
        [...(tx.in_msg ? [{ m: tx.in_msg, direction: 'in' as const }] : []), ...tx.out_msgs.map((m: any) => ({ m, direction: 'out' as const }))]
          .filter(({ m }) => m.message_content)
          .map(({ m, direction }) => ({
            hash: m.hash,
            tx: tx.hash,
            direction,
            decoded_opcode: m.decoded_opcode,
            decoded: m.message_content.decoded,
            mcSeqno: tx.mc_block_seqno,
          })),
      ),
    ),
  );
}

/** The message whose init_state is made to hold its own (decodable) body: a text comment of ton_received. */
const INIT_STATE_FILE = FILES[1];
const initStateMessage = (trace: any) =>
  Object.values<any>(trace.transactions)
    .flatMap((tx) => [tx.in_msg, ...tx.out_msgs])
    .find((m) => m?.message_content?.decoded?.['@type'] === 'text_comment');

/**
 * The files as imported here: each trace with one action over all its transactions and, in ton_received, a
 * message whose init_state is its own body (a text comment, which decodes); `pending` marks the traces pending.
 */
function documents(pending: boolean): { name: string; text: string }[] {
  return FILES.map((name) => {
    const doc = structuredClone(fixtureJson(name));
    for (const trace of doc.traces) {
      if (pending) trace.trace_info.trace_state = 'pending';
      trace.actions = [
        {
          trace_id: trace.trace_id,
          action_id: Buffer.from(trace.trace_id, 'base64').reverse().toString('base64'),
          type: 'ton_transfer',
          success: true,
          start_lt: trace.start_lt,
          end_lt: trace.end_lt,
          trace_end_lt: trace.end_lt,
          trace_end_utime: trace.end_utime,
          trace_mc_seqno_end: Number(trace.mc_seqno_end),
          transactions: trace.transactions_order,
          details: {
            source: trace.transactions[trace.transactions_order[0]].account,
            destination: trace.transactions[trace.transactions_order.at(-1)].account,
            value: '1',
          },
        },
      ];
      if (name === INIT_STATE_FILE) {
        const m = initStateMessage(trace);
        m.init_state = { hash: m.message_content.hash, body: m.message_content.body, decoded: null };
      }
    }
    return { name, text: JSON.stringify(doc) };
  });
}

const messages = fileMessages();
const q = encodeURIComponent;
const txMessages = (txs: any[]) => txs.flatMap((t) => [t.in_msg, ...t.out_msgs].filter(Boolean));

/**
 * Checks every served message the files know: decoded bytes, decoded_opcode, init_state never decoded. Returns
 * the messages seen and the init states seen whose body would decode.
 */
function expectDecoded(text: string, served: any[]) {
  let seen = 0;
  let decodableInitStates = 0;
  for (const m of served) {
    const f = messages.find((x) => x.hash === m.hash);
    if (!f) continue;
    seen++;
    expect(m.decoded_opcode, m.hash).toBe(f.decoded_opcode);
    expect(goJson(m.message_content?.decoded ?? null), m.hash).toBe(goJson(f.decoded));
    if (f.decoded !== null) expect(text).toContain(`"decoded":${goJson(f.decoded)}`);
    if (m.init_state) {
      expect(Object.keys(m.init_state), m.hash).toEqual(['hash', 'body', 'decoded']);
      expect(m.init_state.decoded, m.hash).toBeNull();
      if (decodeBody(m.init_state.body) !== null) decodableInitStates++;
    }
  }
  return { seen, decodableInitStates };
}

describe.each(await availableBackends())('decoded bodies on every message route, %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof listen>>;
  let off: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    for (const { name, text } of documents(false)) await importDocument(db.writer, name, text);
    service = await listen(testServices(db.reader, 'mainnet'));
    off = await listen({ ...testServices(db.reader, 'mainnet'), decoder: new BodyDecoder({ enabled: false, cacheBytes: 0 }) });
  });
  afterAll(async () => {
    await service?.close();
    await off?.close();
    await db?.drop();
  });

  /** The served text and its parsed body; the text must hold each decoded value byte for byte. */
  const get = async (s: typeof service, path: string) => {
    const res = await s.get(path);
    expect(res.status, path).toBe(200);
    const text = await res.text();
    return { text, body: JSON.parse(text) };
  };

  it('the files hold decoded bodies of several kinds, and null ones', () => {
    const kinds = new Set(messages.map((m) => (m.decoded as { '@type'?: string } | null)?.['@type'] ?? null));
    expect([...kinds].sort()).toEqual(['empty_cell', 'text_comment', 'wallet_signed_v4', null].sort());
  });

  it('/traces and /events give every message its decoded body as TON Center does, an init_state none', async () => {
    for (const route of ['traces', 'events']) {
      let seen = 0;
      let initStates = 0;
      for (const name of FILES) {
        const id = fixtureJson(name).traces[0].trace_id;
        const { text, body } = await get(service, `/api/v3/${route}?trace_id=${q(id)}`);
        const served = body[route];
        expect(served, route).toHaveLength(1);
        const r = expectDecoded(text, txMessages(Object.values(served[0].transactions)));
        seen += r.seen;
        initStates += r.decodableInitStates;
      }
      expect(seen, route).toBe(messages.length);
      expect(initStates, route).toBe(1);
    }
  });

  it("/actions' transactions_full (include_transactions) does too", async () => {
    let seen = 0;
    for (const name of FILES) {
      const id = fixtureJson(name).traces[0].trace_id;
      const { text, body } = await get(service, `/api/v3/actions?trace_id=${q(id)}&include_transactions=true`);
      expect(body.actions).toHaveLength(1);
      const full = body.actions[0].transactions_full;
      expect(full.map((t: any) => t.hash)).toEqual(fixtureJson(name).traces[0].transactions_order);
      seen += expectDecoded(text, txMessages(full)).seen;
    }
    expect(seen).toBe(messages.length);
  });

  it('/transactions, /transactionsByMasterchainBlock, /transactionsByMessage, /adjacentTransactions and /messages do too', async () => {
    for (const m of messages) {
      const byHash = await get(service, `/api/v3/transactions?hash=${q(m.tx)}`);
      expect(expectDecoded(byHash.text, txMessages(byHash.body.transactions)).seen).toBeGreaterThan(0);
      const byBlock = await get(service, `/api/v3/transactionsByMasterchainBlock?seqno=${m.mcSeqno}&limit=1000`);
      expect(expectDecoded(byBlock.text, txMessages(byBlock.body.transactions)).seen).toBeGreaterThan(0);
      const byMessage = await get(service, `/api/v3/transactionsByMessage?msg_hash=${q(m.hash)}`);
      expect(expectDecoded(byMessage.text, txMessages(byMessage.body.transactions)).seen).toBeGreaterThan(0);
      const adjacent = await get(service, `/api/v3/adjacentTransactions?hash=${q(m.tx)}`);
      expectDecoded(adjacent.text, txMessages(adjacent.body.transactions));
      const message = await get(service, `/api/v3/messages?msg_hash=${q(m.hash)}`);
      expect(expectDecoded(message.text, message.body.messages).seen).toBeGreaterThan(0);
    }
  });

  it('each distinct body is decoded once and kept', async () => {
    const decoder = service.services.decoder;
    const before = decoder.size.entries;
    const id = fixtureJson(FILES[1]).traces[0].trace_id;
    await get(service, `/api/v3/traces?trace_id=${q(id)}`);
    expect(decoder.size.entries).toBe(before);
    expect(decoder.size.bytes).toBeGreaterThan(0);
  });

  it('with DECODE_BODIES off, decoded is null and decoded_opcode still named', async () => {
    const id = fixtureJson(FILES[1]).traces[0].trace_id;
    const { body } = await get(off, `/api/v3/traces?trace_id=${q(id)}`);
    const served = txMessages(Object.values(body.traces[0].transactions));
    expect(served.length).toBeGreaterThan(0);
    for (const m of served) {
      expect(m.message_content.decoded).toBeNull();
      expect(m.decoded_opcode).toBe(messages.find((x) => x.hash === m.hash)?.decoded_opcode);
    }
    expect(served.some((m) => m.decoded_opcode === 'text_comment')).toBe(true);
  });
});

describe.each(await availableBackends())('decoded bodies on the pending routes served from the database, %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof listen>>;
  const traces = FILES.map((name) => fixtureJson(name).traces[0]);
  const accounts = [...new Set(traces.flatMap((t: any) => Object.values<any>(t.transactions).map((tx) => tx.account as string)))];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    for (const { name, text } of documents(true)) await importDocument(db.writer, name, text);
    // no trace emulator: the pending routes read the database alone
    service = await listen(testServices(db.reader, 'mainnet'));
    expect(service.services.emulator).toBeUndefined();
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  const get = async (path: string) => {
    const res = await service.get(path);
    const text = await res.text();
    expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(200);
    return { text, body: JSON.parse(text) };
  };

  it('/pendingTraces by external message: every message decoded, the init_state not', async () => {
    let seen = 0;
    let initStates = 0;
    for (const trace of traces) {
      const { text, body } = await get(`/api/v3/pendingTraces?ext_msg_hash=${q(trace.external_hash)}`);
      expect(body.traces.map((t: any) => t.trace_id)).toEqual([trace.trace_id]);
      const r = expectDecoded(text, txMessages(Object.values(body.traces[0].transactions)));
      seen += r.seen;
      initStates += r.decodableInitStates;
    }
    expect(seen).toBe(messages.length);
    expect(initStates).toBe(1);
  });

  it('/pendingTransactions by account', async () => {
    const { text, body } = await get(`/api/v3/pendingTransactions?${accounts.map((a) => `account=${a}`).join('&')}`);
    const expected = traces.flatMap((t: any) => Object.keys(t.transactions));
    expect(body.transactions.map((t: any) => t.hash).sort()).toEqual(expected.sort());
    const r = expectDecoded(text, txMessages(body.transactions));
    expect(r.seen).toBe(messages.length);
    expect(r.decodableInitStates).toBe(1);
  });

  it("/pendingActions' transactions_full (include_transactions)", async () => {
    let seen = 0;
    for (const trace of traces) {
      const { text, body } = await get(`/api/v3/pendingActions?ext_msg_hash=${q(trace.external_hash)}&include_transactions=true`);
      expect(body.actions).toHaveLength(1);
      const full = body.actions[0].transactions_full;
      expect(full.map((t: any) => t.hash).sort()).toEqual([...trace.transactions_order].sort());
      seen += expectDecoded(text, txMessages(full)).seen;
    }
    expect(seen).toBe(messages.length);
  });
});
