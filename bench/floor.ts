// The floor: the least a server can do to answer GET /api/v3/transactionsByMasterchainBlock?seqno= and
// /api/v3/transactions?account= (one raw address, as stored) with the same JSON. node:http and one pg Pool, no
// routing, validation, loaders or context; the same three round trips the data allows (page, then messages and
// states together, then the address book), as prepared statements. It reuses the row-to-JSON functions only so
// the bytes are identical; everything else is written out by hand.
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

createServer(async (req, res) => {
  try {
    const url = new URL(req.url!, 'http://x');
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const offset = Number(url.searchParams.get('offset') ?? 0);
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
    const sorted = [...addresses].sort();
    const book = await pool.query<AddressInfoRow>({ name: 'book', text: BOOK, values: [sorted] });
    const bookBy = new Map(book.rows.map((r) => [r.account, r]));
    const address_book: Record<string, unknown> = {};
    for (const a of sorted) address_book[a] = toWireAddressBookEntry(bookBy.get(a)!, 'mainnet');
    const payload = bodies.raw.bytes({ transactions, address_book });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
    res.end(payload);
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('floor ready'));
