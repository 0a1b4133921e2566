import type { Queryable } from '../db/types';
import { writeMeta, readMeta } from '../db/schema';
import { MESSAGE_COLUMNS } from '../data/messages';
import { TRANSACTION_COLUMNS } from '../data/transactions';
import { MASTERCHAIN_SHARD } from '../encoding/numbers';
import type { Collected } from './collect';
import { ASSET_TABLES, type AssetTableName } from './assets/rows';

/**
 * One INSERT per table: rows travel as a single JSON parameter and PostgreSQL converts each field to its
 * column type, so 64-bit values never pass through a JS number and no statement grows with the row count.
 */
export async function insert(db: Queryable, table: string, columns: readonly string[], rows: object[], conflict: string) {
  if (rows.length === 0) return;
  const list = columns.join(', ');
  await db.query(`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json) ${conflict}`, [JSON.stringify(rows)]);
}

interface BlockKey {
  workchain: number | null;
  shard: string | null;
  seqno: number | null;
  mc_block_seqno: number | null;
}

/**
 * The `shard_state` rows a file shows: each masterchain block, and for each shard the newest block it committed
 * (the shard's top at that block). A shard without a block of the file in a masterchain block is not listed.
 */
function shardState(mcBlocks: { seqno: number }[], shardBlocks: BlockKey[]) {
  const tops = new Map<string, { mc_seqno: number; workchain: number; shard: string; seqno: number }>();
  for (const b of shardBlocks) {
    if (b.workchain === null || b.shard === null || b.seqno === null || b.mc_block_seqno === null) continue;
    const key = `${b.mc_block_seqno}/${b.workchain}/${b.shard}`;
    const known = tops.get(key);
    if (!known || known.seqno < b.seqno) tops.set(key, { mc_seqno: b.mc_block_seqno, workchain: b.workchain, shard: b.shard, seqno: b.seqno });
  }
  return [...mcBlocks.map((b) => ({ mc_seqno: b.seqno, workchain: -1, shard: MASTERCHAIN_SHARD, seqno: b.seqno })), ...tops.values()];
}

export interface WriteResult {
  networkWarning?: string;
}

export async function writeCollected(db: Queryable, c: Collected): Promise<WriteResult> {
  const txs = [...c.transactions.values()];
  // A transaction's `now` is its block's generation time, so a block of the file gets its gen_utime exactly.
  const mcTimes = new Map<number, number | null>();
  const shardBlocks = new Map<string, BlockKey & Record<string, unknown>>();
  for (const t of txs) {
    if (t.mc_block_seqno !== null && !mcTimes.has(t.mc_block_seqno)) mcTimes.set(t.mc_block_seqno, null);
    if (t.block_workchain === -1 && t.block_seqno !== null) mcTimes.set(t.block_seqno, t.now);
  }
  const mcBlocks = [...mcTimes].map(([seqno, genUtime]) => ({
    workchain: -1,
    shard: MASTERCHAIN_SHARD,
    seqno,
    mc_block_workchain: -1,
    mc_block_shard: MASTERCHAIN_SHARD,
    mc_block_seqno: seqno,
    gen_utime: genUtime,
  }));
  for (const t of txs) {
    if (t.block_workchain === -1) continue;
    shardBlocks.set(`${t.block_workchain}/${t.block_shard}/${t.block_seqno}`, {
      workchain: t.block_workchain,
      shard: t.block_shard,
      seqno: t.block_seqno,
      mc_block_workchain: -1,
      mc_block_shard: MASTERCHAIN_SHARD,
      mc_block_seqno: t.mc_block_seqno,
      gen_utime: t.now,
    });
  }
  const blockColumns = ['workchain', 'shard', 'seqno', 'mc_block_workchain', 'mc_block_shard', 'mc_block_seqno', 'gen_utime'];
  await insert(db, 'blocks', blockColumns, mcBlocks, 'on conflict do nothing');
  await insert(db, 'blocks', blockColumns, [...shardBlocks.values()], 'on conflict do nothing');
  await insert(db, 'shard_state', ['mc_seqno', 'workchain', 'shard', 'seqno'], shardState(mcBlocks, [...shardBlocks.values()]), 'on conflict do nothing');
  await insert(db, 'transactions', TRANSACTION_COLUMNS, txs, 'on conflict do nothing');
  await insert(
    db,
    'message_contents',
    ['hash', 'body'],
    [...c.contents.values()],
    'on conflict (hash) do update set body = coalesce(message_contents.body, excluded.body)',
  );
  await insert(db, 'messages', MESSAGE_COLUMNS, [...c.messages.values()], 'on conflict do nothing');
  await insert(
    db,
    'account_states',
    ['hash', 'account', 'balance', 'balance_extra_currencies', 'account_status', 'frozen_hash', 'data_hash', 'code_hash'],
    [...c.states.values()],
    'on conflict (hash) do nothing',
  );
  const latestColumns = [
    'account',
    'hash',
    'balance',
    'balance_extra_currencies',
    'account_status',
    'timestamp',
    'last_trans_hash',
    'last_trans_lt',
    'frozen_hash',
    'data_hash',
    'code_hash',
  ];
  await insert(
    db,
    'latest_account_states',
    latestColumns,
    [...c.latest.values()],
    `on conflict (account) do update set ${latestColumns
      .slice(1)
      .map((col) => `${col} = excluded.${col}`)
      .join(', ')}
     where latest_account_states.last_trans_lt is null or latest_account_states.last_trans_lt < excluded.last_trans_lt`,
  );
  const traceColumns = [
    'trace_id',
    'external_hash',
    'external_hash_norm',
    'mc_seqno_start',
    'mc_seqno_end',
    'start_lt',
    'start_utime',
    'end_lt',
    'end_utime',
    'state',
    'pending_edges_',
    'edges_',
    'nodes_',
    'classification_state',
  ];
  // A trace imported again (say, pending first and complete later) takes the newer file's view.
  await insert(
    db,
    'traces',
    traceColumns,
    [...c.traces.values()],
    `on conflict (trace_id) do update set ${traceColumns
      .slice(1)
      .map((col) => `${col} = excluded.${col}`)
      .join(', ')}`,
  );

  // Columns named by the rows themselves, so defaults (ancestor_type, ...) apply to what a file does not say.
  const actions = [...c.actions.values()];
  const actionColumns = [...new Set(actions.flatMap((a) => Object.keys(a)))].sort();
  await insert(db, 'actions', actionColumns, actions, 'on conflict do nothing');
  await insert(
    db,
    'action_accounts',
    ['action_id', 'trace_id', 'account', 'trace_end_lt', 'action_end_lt', 'trace_end_utime', 'action_end_utime'],
    [...c.actionAccounts.values()],
    'on conflict do nothing',
  );

  const m = c.metadata;
  await insert(
    db,
    'jetton_wallets',
    ['address', 'balance', 'owner', 'jetton'],
    [...m.jettonWallets.values()],
    'on conflict (address) do update set balance = excluded.balance, owner = excluded.owner, jetton = excluded.jetton',
  );
  for (const table of ['jetton_masters', 'nft_collections', 'nft_items']) {
    const rows = [...m.tokens.values()].filter((t) => t.table === table).map((t) => t.row);
    await insert(
      db,
      table,
      table === 'nft_items' ? ['address', 'index'] : ['address'],
      rows,
      table === 'nft_items' ? 'on conflict (address) do update set index = coalesce(excluded.index, nft_items.index)' : 'on conflict do nothing',
    );
  }
  const metadataColumns = ['address', 'type', 'valid', 'name', 'symbol', 'description', 'image', 'extra'];
  await insert(
    db,
    'address_metadata',
    metadataColumns,
    [...m.addressMetadata.values()],
    `on conflict (address, type) do update set ${metadataColumns
      .slice(2)
      .map((col) => `${col} = excluded.${col}`)
      .join(', ')}`,
  );
  await insert(
    db,
    'address_metadata_flags',
    ['address', 'is_nsfw', 'is_scam'],
    [...m.flags.values()],
    'on conflict (address) do update set is_nsfw = excluded.is_nsfw, is_scam = excluded.is_scam',
  );

  // The asset envelopes' rows last: a full row of a route's response replaces what metadata said of it.
  for (const table of Object.keys(ASSET_TABLES) as AssetTableName[]) {
    const rows = c.assets.rows(table);
    const { key, kind } = ASSET_TABLES[table];
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();
    const others = columns.filter((col) => !(key as readonly string[]).includes(col));
    const conflict =
      kind === 'event' || others.length === 0
        ? 'on conflict do nothing'
        : `on conflict (${key.join(', ')}) do update set ${others.map((col) => `${col} = excluded.${col}`).join(', ')}`;
    await insert(db, table, columns, rows, conflict);
  }

  if (!c.network) return {};
  const recorded = (await readMeta(db)).get('network');
  if (recorded === undefined) await writeMeta(db, 'network', c.network);
  else if (recorded !== c.network) {
    return {
      networkWarning: `this file's address book is ${c.network} but the database holds ${recorded} data; user-friendly addresses are shown as ${recorded}`,
    };
  }
  return {};
}
