import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERFACES } from '../src/encoding/interfaces';
import { importDocument } from '../src/import/importFile';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, fixtureText, realTestnetTraces, transactionsOf } from './helpers/fixtures';
import { startService } from './helpers/service';
import { diffSpec } from './helpers/spec';

const NETWORKS = {
  testnet: ['traces_testnet_2025-07_multi.json', 'transactions_testnet_2025-07_by_account.json', 'transactions_testnet_2025-07_by_hash_trimmed.json'],
  mainnet: ['traces_mainnet_2025-09_single.json', 'transaction_mainnet_2023-10_single_old_schema.json'],
} as const;

/** Names ton-marker (toncenter's decoder; ton-index-worker/ton-marker/src/schemes/schemes.tlb) gives opcodes in these files. */
const OPCODE_NAMES: Record<string, string> = { '0x00000000': 'text_comment', '0x0f8a7ea5': 'jetton_transfer', '0x178d4519': 'jetton_internal_transfer' };

const documents = (name: string) => (name.startsWith('traces_testnet') ? realTestnetTraces() : { text: fixtureText(name), json: fixtureJson(name) });

describe.each(await availableBackends())('round trip of the shared fixtures on %s', (backend) => {
  for (const [network, files] of Object.entries(NETWORKS) as [keyof typeof NETWORKS, readonly string[]][]) {
    describe(network, () => {
      let db: TestDatabase;
      let service: Awaited<ReturnType<typeof startService>>;

      beforeAll(async () => {
        db = await createTestDatabase(backend);
        for (const name of files) await importDocument(db.writer, name, documents(name).text);
        service = await startService(db.reader, network);
      });
      afterAll(async () => {
        await service?.close();
        await db?.drop();
      });

      for (const name of files) {
        it(`serves every transaction of ${name} with every spec field equal to the file`, async () => {
          const { json } = documents(name);
          const fileTxs = transactionsOf(json);
          expect(fileTxs.length).toBeGreaterThan(0);
          const seqnos = [...new Set(fileTxs.map((t) => t.mc_block_seqno as number))];
          const served = new Map<string, any>();
          const books: Record<string, any> = {};
          for (const seqno of seqnos) {
            const res = await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${seqno}&limit=1000`);
            expect(res.status).toBe(200);
            const body = await res.json();
            for (const tx of body.transactions) served.set(tx.hash, tx);
            Object.assign(books, body.address_book);
          }
          const diffs = fileTxs.flatMap((tx) => diffSpec('Transaction', served.get(tx.hash), tx, `${name}:${tx.hash}`));
          expect(diffs).toEqual([]);
          // these files predate TON Center's full decoder: diffSpec holds each of their comments to ours (legacy
          // shape, same text); every other body we decode now, where they had null
          const decoded = (tx: any) => [tx.in_msg, ...tx.out_msgs].map((m) => m?.message_content?.decoded ?? null);
          const fileComments = fileTxs.flatMap(decoded).filter((d) => d?.type === 'text_comment').length;
          const servedComments = fileTxs.flatMap((tx) => decoded(served.get(tx.hash))).filter((d) => d?.['@type'] === 'text_comment').length;
          expect(servedComments).toBeGreaterThanOrEqual(fileComments);
          // decoded_opcode, right after opcode as in ton-index-go: the file's when it has one (these predate it), else ton-marker's name
          const pairs = fileTxs.flatMap((tx) => {
            const s = served.get(tx.hash);
            return [[s.in_msg, tx.in_msg], ...s.out_msgs.map((m: any, i: number) => [m, tx.out_msgs[i]])].filter(([m]) => m);
          });
          for (const [m, f] of pairs) {
            const keys = Object.keys(m);
            expect(keys.indexOf('decoded_opcode'), m.hash).toBe(keys.indexOf('opcode') + 1);
            if (f.decoded_opcode !== undefined) expect(m.decoded_opcode, m.hash).toBe(f.decoded_opcode);
            else if (f.opcode in OPCODE_NAMES) expect(m.decoded_opcode, m.hash).toBe(OPCODE_NAMES[f.opcode]);
          }

          // Address-book entries of the file's own accounts come back the same (their code is in the file).
          const accounts = new Set(fileTxs.map((t) => t.account));
          const book = json.address_book ?? json.response?.address_book ?? {};
          for (const [address, entry] of Object.entries<any>(book)) {
            if (!accounts.has(address)) continue;
            expect(books[address]?.user_friendly, address).toBe(entry.user_friendly);
            expect(books[address]?.domain, address).toBe(entry.domain);
            // interfaces where the account's code hash decides them (these files carry no get-method ids); the
            // files of this suite predate the key, test/assets.accounts.test.ts compares files that have it
            const codeHash = [...served.values()].find((t) => t.account === address)?.account_state_after?.code_hash;
            if (entry.interfaces !== undefined && INTERFACES.some(([, hashes]) => hashes.includes(codeHash))) {
              expect(books[address].interfaces, address).toEqual(entry.interfaces);
            }
          }
          for (const tx of served.values()) expect(books[tx.account]).toBeDefined();
        });
      }
    });
  }
});
