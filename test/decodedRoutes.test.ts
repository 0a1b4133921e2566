// message_content.decoded and decoded_opcode on every route that carries messages, against the three complete
// /api/v3/traces responses of the current decoded form (test/fixtures/decoded): imported, served back, and each
// message's decoded compared with TON Center's bytes (key order and Go's escaping included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyDecoder } from '../src/decode/cache';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { goJson } from './helpers/decoded';
import { fixtureJson, fixtureText } from './helpers/fixtures';
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

const q = encodeURIComponent;

describe.each(await availableBackends())('decoded bodies on every message route, %s', (backend) => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof listen>>;
  let off: Awaited<ReturnType<typeof listen>>;
  const messages = fileMessages();

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    for (const name of FILES) await importDocument(db.writer, name, fixtureText(name));
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

  /** Checks every served message the files know: decoded bytes, decoded_opcode, init_state never decoded. */
  const expectDecoded = (text: string, served: any[]) => {
    let seen = 0;
    for (const m of served) {
      const f = messages.find((x) => x.hash === m.hash);
      if (!f) continue;
      seen++;
      expect(m.decoded_opcode, m.hash).toBe(f.decoded_opcode);
      expect(goJson(m.message_content?.decoded ?? null), m.hash).toBe(goJson(f.decoded));
      if (f.decoded !== null) expect(text).toContain(`"decoded":${goJson(f.decoded)}`);
      if (m.init_state) expect(m.init_state.decoded).toBeNull();
    }
    return seen;
  };
  const txMessages = (txs: any[]) => txs.flatMap((t) => [t.in_msg, ...t.out_msgs].filter(Boolean));

  it('the files hold decoded bodies of several kinds, and null ones', () => {
    const kinds = new Set(messages.map((m) => (m.decoded as { '@type'?: string } | null)?.['@type'] ?? null));
    expect([...kinds].sort()).toEqual(['empty_cell', 'text_comment', 'wallet_signed_v4', null].sort());
  });

  it('/traces gives every message its decoded body as TON Center does', async () => {
    let seen = 0;
    for (const name of FILES) {
      const id = fixtureJson(name).traces[0].trace_id;
      const { text, body } = await get(service, `/api/v3/traces?trace_id=${q(id)}`);
      seen += expectDecoded(text, txMessages(Object.values(body.traces[0].transactions)));
    }
    expect(seen).toBe(messages.length);
  });

  it('/transactions, /transactionsByMasterchainBlock, /transactionsByMessage, /adjacentTransactions and /messages do too', async () => {
    for (const m of messages) {
      const byHash = await get(service, `/api/v3/transactions?hash=${q(m.tx)}`);
      expect(expectDecoded(byHash.text, txMessages(byHash.body.transactions))).toBeGreaterThan(0);
      const byBlock = await get(service, `/api/v3/transactionsByMasterchainBlock?seqno=${m.mcSeqno}&limit=1000`);
      expect(expectDecoded(byBlock.text, txMessages(byBlock.body.transactions))).toBeGreaterThan(0);
      const byMessage = await get(service, `/api/v3/transactionsByMessage?msg_hash=${q(m.hash)}`);
      expect(expectDecoded(byMessage.text, txMessages(byMessage.body.transactions))).toBeGreaterThan(0);
      const adjacent = await get(service, `/api/v3/adjacentTransactions?hash=${q(m.tx)}`);
      expectDecoded(adjacent.text, txMessages(adjacent.body.transactions));
      const message = await get(service, `/api/v3/messages?msg_hash=${q(m.hash)}`);
      expect(expectDecoded(message.text, message.body.messages)).toBeGreaterThan(0);
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
