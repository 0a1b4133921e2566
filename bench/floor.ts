// The floor: the least a server can do to answer GET /api/v3/transactionsByMasterchainBlock?seqno=,
// /api/v3/transactions?account= (one raw address, as stored) and /api/v3/jetton/wallets?jetton_address=&sort=desc (a
// jetton's holders by balance) with the same JSON. node:http and one pg Pool, no
// routing, validation, loaders or context; the round trips the data allows (a transaction page: the page, then
// messages and states together, then the address book; a holder page: the page, then the book), as prepared statements. It reuses the row-to-JSON functions only so
// the bytes are identical (bench/run.ts compares every request's answer with the service's before timing it);
// everything else is written out by hand.
import { createServer } from 'node:http';
import pg from 'pg';
import { MESSAGE_COLUMNS } from '../src/data/messages';
import type { AccountStateRow, AddressInfoRow, MessageWithContent, TransactionRow } from '../src/data/rows';
import { TRANSACTION_COLUMNS } from '../src/data/transactions';
import { toWireAddressBookEntry } from '../src/wire/addressBook';
import { toWireMessage } from '../src/wire/message';
import { RawTexts } from '../src/wire/rawJson';
import { bodyDecoder } from '../src/decode/cache';
import { loadConfig } from '../src/config';
import { toWireAccountState, toWireTransaction } from '../src/wire/transaction';
import { metadataRows } from '../src/data/metadata';
import type { JettonWalletRow } from '../src/data/jettons';
import { toWireJettonWallet } from '../src/wire/jettons';
import { toWireMetadata } from '../src/wire/metadata';

// bodies decoded as the service decodes them (DECODE_BODIES, DECODE_CACHE_MB), so the bytes stay identical
const decoder = bodyDecoder(loadConfig().decode);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const BY_BLOCK = `select ${TRANSACTION_COLUMNS.join(', ')} from transactions where mc_block_seqno = $1 order by lt desc, account desc limit $2 offset $3`;
const BY_ACCOUNT = `select ${TRANSACTION_COLUMNS.join(', ')} from transactions where account = $1 order by account asc, lt desc limit $2 offset $3`;
const MSG = `select ${MESSAGE_COLUMNS.map((c) => `M.${c}`).join(', ')}, B.body, I.body as init_state_body from messages M
  left join message_contents B on B.hash = M.body_hash left join message_contents I on I.hash = M.init_state_hash
  where M.tx_hash = any($1::text[]::tonhash[])`;
const STATES = `select hash, account, balance, balance_extra_currencies, account_status, frozen_hash, data_hash, code_hash from account_states where hash = any($1::text[]::tonhash[])`;
const BOOK = `select a.account, las.account is not null as has_state, las.code_hash, las.account_status, cm.methods::text[] as methods, d.domain
  from unnest($1::varchar[]) as a(account) left join latest_account_states las on las.account = a.account
  left join contract_methods cm on cm.code_hash = las.code_hash
  left join lateral (select domain from dns_entries where nft_item_owner = a.account and nft_item_owner = dns_wallet order by length(domain) limit 1) d on true`;

const HOLDERS = `select J.address, J.balance::text as balance, J.owner, J.jetton, J.last_transaction_lt::text as last_transaction_lt, J.code_hash,
  J.data_hash, J.mintless_is_claimed, J.mintless_amount::text as mintless_amount, J.mintless_start_from::text as mintless_start_from,
  J.mintless_expire_at::text as mintless_expire_at, MJM.custom_payload_api_uri::text[] as custom_payload_api_uri
  from jetton_wallets J left join mintless_jetton_masters MJM on MJM.address = J.jetton
  where J.jetton = $1 order by J.jetton asc, J.balance desc, J.id desc limit $2 offset $3`;
// metadata's one statement, prepared under a name like the others
const named = { query: async (text: string, values?: unknown[]) => (await pool.query({ name: 'meta', text, values })).rows as never };

async function book(addresses: Iterable<string>) {
  const sorted = [...new Set(addresses)].sort();
  const rows = await pool.query<AddressInfoRow>({ name: 'book', text: BOOK, values: [sorted] });
  const by = new Map(rows.rows.map((r) => [r.account, r]));
  const address_book: Record<string, unknown> = {};
  for (const a of sorted) address_book[a] = toWireAddressBookEntry(by.get(a)!, 'mainnet');
  return address_book;
}

/** A jetton's holders by balance: the page, then its address book and metadata together. */
async function holders(url: URL, limit: number, offset: number) {
  const raw = new RawTexts();
  const page = await pool.query<JettonWalletRow>({ name: 'holders', text: HOLDERS, values: [url.searchParams.get('jetton_address'), limit, offset] });
  const jetton_wallets = page.rows.map((r) => toWireJettonWallet(r, raw));
  const addresses = [...new Set(jetton_wallets.flatMap((w) => [w.address, w.owner, w.jetton]).filter((a): a is string => a !== null))];
  const [address_book, meta] = await Promise.all([book(addresses), metadataRows(named, addresses)]);
  return raw.bytes({ jetton_wallets, address_book, metadata: toWireMetadata(meta) });
}

createServer(async (req, res) => {
  try {
    const url = new URL(req.url!, 'http://x');
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    if (url.pathname === '/api/v3/jetton/wallets') {
      const payload = await holders(url, limit, offset);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
      res.end(payload);
      return;
    }
    const txs = await pool.query<TransactionRow>(
      url.pathname === '/api/v3/transactions'
        ? { name: 'account', text: BY_ACCOUNT, values: [url.searchParams.get('account'), limit, offset] }
        : { name: 'block', text: BY_BLOCK, values: [Number(url.searchParams.get('seqno')), limit, offset] },
    );
    const bodies = { services: { decoder }, raw: new RawTexts() };
    const hashes = txs.rows.map((t) => t.hash);
    const stateHashes = txs.rows.flatMap((t) => [t.account_state_hash_before, t.account_state_hash_after]).filter((h) => h !== null);
    const [msgs, states] = await Promise.all([
      pool.query<MessageWithContent>({ name: 'msg', text: MSG, values: [hashes] }),
      pool.query<AccountStateRow>({ name: 'states', text: STATES, values: [stateHashes] }),
    ]);
    const byTx = new Map<string, MessageWithContent[]>();
    for (const m of msgs.rows) (byTx.get(m.tx_hash) ?? byTx.set(m.tx_hash, []).get(m.tx_hash)!).push(m);
    const stateBy = new Map(states.rows.map((s) => [s.hash, s]));
    const addresses = new Set<string>();
    const transactions = txs.rows.map((t) => {
      const list = byTx.get(t.hash) ?? [];
      const inRow = list.find((m) => m.direction === 'in') ?? null;
      const outs = list
        .filter((m) => m.direction === 'out')
        .sort((a, b) => (a.created_lt === null ? -1 : b.created_lt === null ? 1 : BigInt(a.created_lt) < BigInt(b.created_lt) ? -1 : 1));
      addresses.add(t.account);
      if (inRow?.source) addresses.add(inRow.source);
      for (const m of outs) if (m.destination) addresses.add(m.destination);
      return toWireTransaction(t, {
        inMsg: inRow && toWireMessage(inRow, bodies),
        outMsgs: outs.map((m) => toWireMessage(m, bodies)),
        before: toWireAccountState(t.account_state_hash_before, stateBy.get(t.account_state_hash_before!) ?? null),
        after: toWireAccountState(t.account_state_hash_after, stateBy.get(t.account_state_hash_after!) ?? null),
      });
    });
    const payload = bodies.raw.bytes({ transactions, address_book: await book(addresses) });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
    res.end(payload);
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('floor ready'));
