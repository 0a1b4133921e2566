import type { Queryable } from '../db/types';
import type { MessageRow, MessageWithContent } from './rows';
import { boundValues, keyset, type Bind, type KeyColumn, type KeysetPage } from './sql';
import { hasTimeWindow, windowConditions, type Windows } from './filters';

export const MESSAGE_COLUMNS = [
  'tx_hash',
  'tx_lt',
  'mc_seqno',
  'msg_hash',
  'msg_hash_norm',
  'direction',
  'trace_id',
  'source',
  'destination',
  'value',
  'value_extra_currencies',
  'fwd_fee',
  'ihr_fee',
  'extra_flags',
  'created_lt',
  'created_at',
  'opcode',
  'ihr_disabled',
  'bounce',
  'bounced',
  'import_fee',
  'body_hash',
  'init_state_hash',
] as const satisfies readonly (keyof MessageRow)[];

export type MessageColumn = (typeof MESSAGE_COLUMNS)[number];

/** What every partial read of messages includes: the grouping, the side, the key and the out-message order. */
export const MESSAGE_KEY_COLUMNS: readonly MessageColumn[] = ['tx_hash', 'direction', 'msg_hash', 'created_lt'];

const columnSets = new WeakMap<readonly MessageColumn[], string>();

/**
 * A column set in its canonical form (the table's order, key columns included): one statement text per set.
 * Worked out once per array given (callers pass the same array for the same selection).
 */
export function messageColumnSet(columns: readonly MessageColumn[]): string {
  let set = columnSets.get(columns);
  if (set === undefined) {
    const wanted = new Set<MessageColumn>([...MESSAGE_KEY_COLUMNS, ...columns]);
    set = MESSAGE_COLUMNS.filter((c) => wanted.has(c)).join(', ');
    columnSets.set(columns, set);
  }
  return set;
}

/** Every column, as a column set. */
export const ALL_MESSAGE_COLUMNS = messageColumnSet(MESSAGE_COLUMNS);

/** The primary key's order: one place where every message of a transaction has a fixed position. */
const PRIMARY_KEY_ORDER = 'M.tx_hash, M.tx_lt, M.msg_hash, M.direction';

const byTransaction = <M extends MessageRow>(txHashes: readonly string[], rows: M[]): M[][] => {
  const byTx = new Map<string, M[]>(txHashes.map((h) => [h, []]));
  for (const row of rows) byTx.get(row.tx_hash)?.push(row);
  return txHashes.map((h) => byTx.get(h)!);
};

/** Batch function: the in and out messages of each transaction, with their bodies joined in (REST shows them all). */
export async function messagesByTransactions(db: Queryable, txHashes: readonly string[]): Promise<MessageWithContent[][]> {
  const rows = await db.query<MessageWithContent>(
    `select ${MESSAGE_COLUMNS.map((c) => `M.${c}`).join(', ')}, B.body as body, I.body as init_state_body
       from messages M
       left join message_contents B on B.hash = M.body_hash
       left join message_contents I on I.hash = M.init_state_hash
      where M.tx_hash = any($1::text[]::tonhash[]) order by ${PRIMARY_KEY_ORDER}`,
    [txHashes],
  );
  return byTransaction(txHashes, rows);
}

/**
 * Batch function: the messages of each transaction without their bodies (GraphQL loads a body when it is
 * selected), reading the union of the column sets asked for (`messageColumnSet`) in one statement.
 */
export async function messageRowsByTransactions(db: Queryable, keys: readonly { txHash: string; columns: string }[]): Promise<MessageRow[][]> {
  const sets = new Set(keys.map((k) => k.columns));
  const columns = sets.size === 1 ? keys[0].columns : messageColumnSet([...sets].flatMap((set) => set.split(', ') as MessageColumn[]));
  const txHashes = [...new Set(keys.map((k) => k.txHash))];
  const rows = await db.query<MessageRow>(
    `select ${columns
      .split(', ')
      .map((c) => `M.${c}`)
      .join(', ')} from messages M where M.tx_hash = any($1::text[]::tonhash[]) order by ${PRIMARY_KEY_ORDER}`,
    [txHashes],
  );
  const lists = byTransaction(txHashes, rows);
  const byHash = new Map(txHashes.map((h, i) => [h, lists[i]]));
  return keys.map((k) => byHash.get(k.txHash)!);
}

const byCreatedLt = (a: string | null, b: string | null): number => {
  if (a === null || b === null) return a === null ? (b === null ? 0 : -1) : 1;
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * `out_msgs` order: created_lt ascending, messages without one first, then hash (code units, as the C collation
 * sorts): a total order, so equal created_lts never leave the order to the rows' storage.
 */
export function sortOutMessages<M extends Pick<MessageRow, 'created_lt' | 'msg_hash'>>(messages: M[]): M[] {
  return messages.sort((a, b) => byCreatedLt(a.created_lt, b.created_lt) || (a.msg_hash < b.msg_hash ? -1 : a.msg_hash > b.msg_hash ? 1 : 0));
}

/** Batch function: the transaction that sent (direction out) or received (in) each message, by message hash. */
export async function transactionHashesByMessages(db: Queryable, msgHashes: readonly string[], direction: 'in' | 'out'): Promise<(string | null)[]> {
  const rows = await db.query<{ msg_hash: string; tx_hash: string }>(
    `select M.msg_hash, M.tx_hash from messages M where M.msg_hash = any($1::text[]::tonhash[]) and M.direction = $2
      order by M.msg_hash, M.tx_lt, M.tx_hash`,
    [msgHashes, direction],
  );
  // A hash stored on that side more than once (a replayed external message): the earliest transaction.
  const byMessage = new Map<string, string>();
  for (const r of rows) if (!byMessage.has(r.msg_hash)) byMessage.set(r.msg_hash, r.tx_hash);
  return msgHashes.map((h) => byMessage.get(h) ?? null);
}

/** Filters on a message's own columns (values already checked and normalized); all ANDed. */
export interface MessageFilter {
  msgHashes: string[];
  bodyHash?: string;
  opcode?: number;
  direction?: 'in' | 'out';
  /** null: no source (an external-in message). */
  source?: string | null;
  /** null: no destination (an external-out message, a log). */
  destination?: string | null;
}

/**
 * `messages M` rows with one of these hashes, raw or normalized (an external message is found by either): the one
 * rule every route that takes message hashes follows. `hashes` is a bound placeholder holding a text array.
 */
export const messageHashMatch = (hashes: string) => `(M.msg_hash = any(${hashes}::text[]::tonhash[]) or M.msg_hash_norm = any(${hashes}::text[]::tonhash[]))`;

/** The WHERE conditions of a message filter on `messages M`; a hash matches the raw or the normalized one. */
export function messageConditions(f: MessageFilter, bind: Bind): string[] {
  const where: string[] = [];
  if (f.direction !== undefined) where.push(`M.direction = ${bind(f.direction)}`);
  if (f.msgHashes.length > 0) where.push(messageHashMatch(bind(f.msgHashes)));
  if (f.bodyHash !== undefined) where.push(`M.body_hash = ${bind(f.bodyHash)}::text::tonhash`);
  if (f.opcode !== undefined) where.push(`M.opcode = ${bind(f.opcode)}::int4`);
  if (f.source !== undefined) where.push(f.source === null ? 'M.source is null' : `M.source = ${bind(f.source)}::text`);
  if (f.destination !== undefined) where.push(f.destination === null ? 'M.destination is null' : `M.destination = ${bind(f.destination)}::text`);
  return where;
}

/** `/messages` filters: a message filter plus time and lt windows and TON Center's externals switches. */
export interface MessagesFilter extends MessageFilter, Windows {
  /** Leave out (true) external-in messages, the ones without a creation lt (TON Center's meaning). */ excludeExternals?: boolean;
  /** Only (true) external-in messages. */
  onlyExternals?: boolean;
}

/** A message once, with the transactions at both its ends (null where unknown or none). */
export interface MessageWithEnds extends MessageWithContent {
  in_msg_tx_hash: string | null;
  out_msg_tx_hash: string | null;
}

/**
 * Messages matching every filter, each once although the database stores a message once per side: its sender's
 * row, or its receiver's when the sender's is not indexed (an external-in message has no sender). TON Center's
 * order: creation lt (creation time when a time window is given), then hash, both in the requested direction;
 * descending puts messages without a creation lt (external-in) first, as PostgreSQL sorts NULLs there.
 */
export async function messagesPage(
  db: Queryable,
  f: MessagesFilter,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
  columns?: readonly MessageColumn[],
): Promise<MessageWithEnds[]> {
  const { values, bind } = boundValues();
  const where = messageConditions(f, bind);
  if (f.direction === undefined) {
    // `offset 0` keeps the lookup per row (an index probe for the few rows a page reads): without it PostgreSQL
    // may hash every out-message of the table first.
    where.push(`(M.direction = 'out' or not exists (select 1 from messages O where O.msg_hash = M.msg_hash and O.direction = 'out' offset 0))`);
  }
  const orderColumn = hasTimeWindow(f) ? 'created_at' : 'created_lt';
  where.push(...windowConditions(f, bind, { time: 'M.created_at', lt: 'M.created_lt' }));
  if (f.excludeExternals) where.push(`M.${orderColumn} is not null`);
  if (f.onlyExternals) where.push(`M.${orderColumn} is null`);
  const dir = page.sort === 'asc' ? 'asc' : 'desc';
  const order = (alias: string) => `${alias}.${orderColumn} ${dir}, ${alias}.msg_hash ${dir}`;
  // The page itself is read in the index's order; within it, a hash stored twice on one side (an external message
  // received twice) is placed by its transaction.
  // Whole rows with their bodies (REST), or the columns a selection reads, bodies loaded when selected (GraphQL).
  const selected = columns === undefined ? MESSAGE_COLUMNS : messageColumnSet([...columns, orderColumn, 'tx_hash']).split(', ');
  const bodies = columns === undefined;
  return db.query<MessageWithEnds>(
    `select ${selected.map((c) => `P.${c}`).join(', ')}${bodies ? ', B.body as body, I.body as init_state_body' : ''},
            case when P.direction = 'in' then P.tx_hash else E.tx_hash end as in_msg_tx_hash,
            case when P.direction = 'out' then P.tx_hash else E.tx_hash end as out_msg_tx_hash
       from (select ${selected.map((c) => `M.${c}`).join(', ')} from messages M
              ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
              order by ${order('M')} limit ${bind(page.limit)} offset ${bind(page.offset)}) P
       left join lateral (select min(X.tx_hash) as tx_hash from messages X where X.msg_hash = P.msg_hash and X.direction <> P.direction) E on true
       ${bodies ? 'left join message_contents B on B.hash = P.body_hash left join message_contents I on I.hash = P.init_state_hash' : ''}
      order by ${order('P')}, P.tx_hash ${dir}`,
    values,
  );
}

/** The sort key of an account's messages, newest first: its transaction's lt, then the side, then the hash. */
export const ACCOUNT_MESSAGE_KEY = [
  { expr: 'T.lt', type: 'int8', field: 'tx_lt' },
  { expr: 'M.direction::text', type: 'direction', field: 'direction' },
  { expr: 'M.msg_hash::text', type: 'hashText', field: 'msg_hash' },
] as const satisfies readonly KeyColumn[];

/**
 * A keyset page of the messages an account's transactions received and sent (bodies left out), newest first,
 * with `columns` and what the key needs: the account's transactions through their index, each one's messages by
 * the primary key.
 */
export async function accountMessages(
  db: Queryable,
  account: string,
  page: KeysetPage,
  columns: readonly MessageColumn[] = MESSAGE_COLUMNS,
): Promise<MessageRow[]> {
  const { values, bind } = boundValues();
  const seek = keyset(ACCOUNT_MESSAGE_KEY, page, bind);
  const selected = messageColumnSet([...columns, 'tx_lt']);
  return db.query<MessageRow>(
    `select ${selected
      .split(', ')
      .map((c) => `M.${c}`)
      .join(', ')}
       from transactions T join messages M on M.tx_hash = T.hash and M.tx_lt = T.lt
      where ${[`T.account = ${bind(account)}::text`, ...seek.where].join(' and ')} order by ${seek.order} limit ${seek.limit}`,
    values,
  );
}
