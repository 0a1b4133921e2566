import type { Queryable } from '../db/types';
import { notFound } from '../errors';
import { MAX_STORED_SEQNO, masterchainBlockStatus, type MasterchainTip } from './blocks';
import { DESCRIPTION_COLUMNS, type DescriptionRow } from '../transactions/description';
import type { AccountStateRow, MessageRow, MessageWithContent, TransactionHeaderRow, TransactionRow } from './rows';
import { ACCOUNT_STATE_COLUMNS } from './accountStates';
import { boundValues, keyset, type KeyColumn, type KeysetPage, type SortOrder, oneEach } from './sql';
import { hasTimeWindow, windowConditions, type BlockSelector, type Windows } from './filters';
import { MESSAGE_COLUMNS, messageConditions, messagesByTransactions, type MessageFilter } from './messages';

/** The columns of `transactions` outside the description, in the indexer's order. */
export const TRANSACTION_HEADER_COLUMNS = [
  'account',
  'hash',
  'lt',
  'block_workchain',
  'block_shard',
  'block_seqno',
  'mc_block_seqno',
  'trace_id',
  'prev_trans_hash',
  'prev_trans_lt',
  'now',
  'orig_status',
  'end_status',
  'total_fees',
  'total_fees_extra_currencies',
  'account_state_hash_before',
  'account_state_hash_after',
] as const satisfies readonly (keyof TransactionHeaderRow)[];

/** Every column of `transactions`, in the indexer's order; the importer writes the same list. */
export const TRANSACTION_COLUMNS: readonly (keyof TransactionRow)[] = [...TRANSACTION_HEADER_COLUMNS, ...DESCRIPTION_COLUMNS];

export type TransactionColumn = (typeof TRANSACTION_COLUMNS)[number];

const selects = new Map<string, string>();
const SELECT_ALL = `select ${TRANSACTION_COLUMNS.map((c) => `T.${c}`).join(', ')} from transactions T`;

/**
 * `select <columns> from transactions T`, the columns in the indexer's order whatever order they are given in,
 * so one column set is one statement text (and one prepared statement).
 */
export function selectTransactions(columns: readonly TransactionColumn[] = TRANSACTION_COLUMNS): string {
  if (columns === TRANSACTION_COLUMNS) return SELECT_ALL;
  const wanted = new Set(columns);
  const ordered = TRANSACTION_COLUMNS.filter((c) => wanted.has(c));
  const key = ordered.join(',');
  let text = selects.get(key);
  if (text === undefined) {
    text = `select ${ordered.map((c) => `T.${c}`).join(', ')} from transactions T`;
    selects.set(key, text);
  }
  return text;
}

export interface BlockPage {
  seqno: number;
  limit: number;
  offset: number;
  sort: SortOrder;
}

/**
 * Transactions committed by masterchain block `seqno`, ordered by (lt, account) in one direction: a total order.
 * Whole rows unless `columns` names fewer (GraphQL reads what its selection needs; the row type is then a promise
 * the caller keeps by reading only those).
 */
export async function transactionsByMasterchainBlock(db: Queryable, page: BlockPage, columns?: readonly TransactionColumn[]): Promise<TransactionRow[]> {
  if (page.seqno > MAX_STORED_SEQNO) return [];
  const q = blockPageStatement(page, columns);
  return db.query<TransactionRow>(q.text, q.values);
}

/** `transactionsByMasterchainBlock`'s whole rows with their account states, in one statement. */
async function blockTransactionsWithStates(db: Queryable, page: BlockPage): Promise<RowsWithStates> {
  if (page.seqno > MAX_STORED_SEQNO) return { rows: [], states: new Map(), messages: new Map() };
  return withStates(db, blockPageStatement(page), page.limit);
}

function blockPageStatement(page: BlockPage, columns?: readonly TransactionColumn[]): PageStatement {
  const order = page.sort === 'asc' ? 'T.lt asc, T.account asc' : 'T.lt desc, T.account desc';
  return {
    text: `${selectTransactions(columns)} where T.mc_block_seqno = $1 order by ${order} limit $2 offset $3`,
    values: [page.seqno, page.limit, page.offset],
    order,
  };
}

/** A page's statement: its text, its values, and the order it cuts the page in. */
interface PageStatement {
  text: string;
  values: unknown[];
  order: string;
}

/** Whole rows of a page, the account states they name before and after (null: not stored), by hash, and their messages with bodies, by transaction hash. */
export interface RowsWithStates {
  rows: TransactionRow[];
  states: Map<string, AccountStateRow | null>;
  messages: Map<string, MessageWithContent[]>;
}

const STATE_KEYS = { before: ACCOUNT_STATE_COLUMNS.map((c) => `sb_${c}`), after: ACCOUNT_STATE_COLUMNS.map((c) => `sa_${c}`) };
const statesSelect = (alias: string, keys: string[]) => ACCOUNT_STATE_COLUMNS.map((c, i) => `${alias}.${c} as ${keys[i]}`).join(', ');

/** Message columns PostgreSQL would write into JSON as numbers that may not fit a double: as text, which `pg` gives them as. */
const WIDE_MESSAGE_COLUMNS = new Set<string>(['tx_lt', 'value', 'fwd_fee', 'ihr_fee', 'extra_flags', 'created_lt', 'created_at', 'import_fee']);

/** A row's messages with their bodies, in the primary key's order, as one JSON array of arrays (null: none). */
const MESSAGES_JSON = `(select json_agg(json_build_array(${MESSAGE_COLUMNS.map((c) => (WIDE_MESSAGE_COLUMNS.has(c) ? `M.${c}::text` : `M.${c}`)).join(', ')}, B.body, I.body)
      order by M.msg_hash, M.direction)
     from messages M left join message_contents B on B.hash = M.body_hash left join message_contents I on I.hash = M.init_state_hash
    where M.tx_hash = P.hash and M.tx_lt = P.lt) as p_messages`;

const BODY_AT = MESSAGE_COLUMNS.length;
/** The most rows a page statement brings its messages for (`withStates`). */
const MESSAGES_JOINED_MAX = 20;

function messagesOfJson(list: unknown[][] | null): MessageWithContent[] {
  if (list === null) return [];
  return list.map((values) => {
    const message: Record<string, unknown> = {};
    for (let i = 0; i < BODY_AT; i++) message[MESSAGE_COLUMNS[i]] = values[i];
    message.body = values[BODY_AT];
    message.init_state_body = values[BODY_AT + 1];
    return message as unknown as MessageWithContent;
  });
}

/**
 * A page of whole rows read with each row's account states before and after, and its messages with their bodies,
 * in the same statement: joined to the page once it is cut (the page's own plan unchanged), then put back in the
 * page's order. The states and the messages would take a statement each; the messages come as one JSON value a row
 * (parsed natively), not one row each (which would repeat the transaction's columns).
 */
async function withStates(db: Queryable, q: PageStatement, rowsAtMost: number): Promise<RowsWithStates> {
  // A small page's messages come in its statement, as JSON (a round trip saved); a larger page's in a second
  // statement, as rows, which cost less to read than their JSON (a limit-100 page: 10 % more pages a second).
  const joined = rowsAtMost <= MESSAGES_JOINED_MAX;
  const rows = await db.query<TransactionRow & Record<string, unknown>>(
    `select P.*, ${statesSelect('SB', STATE_KEYS.before)}, ${statesSelect('SA', STATE_KEYS.after)}${joined ? `, ${MESSAGES_JSON}` : ''} from (${q.text}) P
      left join account_states SB on SB.hash = P.account_state_hash_before
      left join account_states SA on SA.hash = P.account_state_hash_after
      order by ${q.order.replaceAll('T.', 'P.')}`,
    q.values,
  );
  const messages = new Map<string, MessageWithContent[]>();
  const states = new Map<string, AccountStateRow | null>();
  const take = (row: Record<string, unknown>, hash: string | null, keys: string[]) => {
    if (hash === null || states.has(hash)) return;
    if (row[keys[0]] === null) return void states.set(hash, null);
    const state: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) state[ACCOUNT_STATE_COLUMNS[i]] = row[keys[i]];
    states.set(hash, state as unknown as AccountStateRow);
  };
  for (const row of rows) {
    take(row, row.account_state_hash_before, STATE_KEYS.before);
    take(row, row.account_state_hash_after, STATE_KEYS.after);
    if (!joined) continue;
    messages.set(row.hash, messagesOfJson(row.p_messages as unknown[][] | null));
    // not held twice while the request lasts; undefined keeps the row's shape, as delete would not
    row.p_messages = undefined;
  }
  if (!joined && rows.length > 0) {
    const hashes = rows.map((r) => r.hash);
    (await messagesByTransactions(db, hashes)).forEach((list, i) => messages.set(hashes[i], list));
  }
  return { rows, states, messages };
}

/** A page's rows and each row's messages (with a column set, `messageColumnSet`), by transaction hash. */
export interface RowsWithMessages {
  rows: TransactionRow[];
  messages: Map<string, MessageRow[]>;
}

/** What a page joined to its messages reads besides the columns asked for: the join's and every order's columns. */
const JOINED_PAGE_COLUMNS: readonly TransactionColumn[] = ['hash', 'lt', 'account', 'now'];

const joinedColumns = (columns: readonly TransactionColumn[]) => [...new Set([...columns, ...JOINED_PAGE_COLUMNS])];

/**
 * A page read with its transactions' messages in the same statement: joined to the page once it is cut (its plan
 * unchanged), one row per message, then put back in the page's order. The messages would take a statement of their
 * own (GraphQL's `inMsg` and `outMsgs`).
 */
async function withMessages(db: Queryable, q: PageStatement, messageColumns: string): Promise<RowsWithMessages> {
  const columns = messageColumns.split(', ');
  const keys = columns.map((c) => `m_${c}`);
  const joined = await db.query<TransactionRow & Record<string, unknown>>(
    `select P.*, ${columns.map((c, i) => `M.${c} as ${keys[i]}`).join(', ')} from (${q.text}) P
      left join messages M on M.tx_hash = P.hash and M.tx_lt = P.lt
      order by ${q.order.replaceAll('T.', 'P.')}, M.msg_hash, M.direction`,
    q.values,
  );
  const rows: TransactionRow[] = [];
  const messages = new Map<string, MessageRow[]>();
  for (const row of joined) {
    let list = messages.get(row.hash);
    if (!list) {
      rows.push(row);
      messages.set(row.hash, (list = []));
    }
    if (row.m_tx_hash === null) continue;
    const message: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) message[columns[i]] = row[keys[i]];
    list.push(message as unknown as MessageRow);
  }
  return { rows, messages };
}

/**
 * NOT_FOUND unless masterchain block `seqno` is indexed, for a page of its transactions: asked only when the page
 * is empty, since the indexer writes a block's transactions together with the block.
 */
export async function requireBlockOf<R>(db: Queryable, seqno: number, rows: R[]): Promise<R[]> {
  if (rows.length === 0 && !(await masterchainBlockStatus(db, seqno)).exists) throw notFound(`masterchain block ${seqno} not found`);
  return rows;
}

/**
 * A page of a block that must exist (404 otherwise), whole rows (with their account states unless told not to), and
 * whether the block is final (a later one is indexed). Below the tip this process has seen, a page with rows needs no block lookup
 * (the block exists, and is final); above it, page and lookup run at once.
 */
export async function blockPage(
  db: Queryable,
  page: BlockPage,
  tip?: MasterchainTip,
  withAccountStates = true,
): Promise<RowsWithStates & { finalized: boolean }> {
  await db.catchUp?.(page.seqno);
  const belowTip = tip?.isFinal(page.seqno) === true;
  const rows = async (): Promise<RowsWithStates> =>
    withAccountStates
      ? blockTransactionsWithStates(db, page)
      : { rows: await transactionsByMasterchainBlock(db, page), states: new Map(), messages: new Map() };
  const [read, block] = belowTip ? [await rows(), undefined] : await Promise.all([rows(), masterchainBlockStatus(db, page.seqno, tip)]);
  if (block === undefined) return { ...read, rows: await requireBlockOf(db, page.seqno, read.rows), finalized: true };
  if (!block.exists) throw notFound(`masterchain block ${page.seqno} not found`);
  return { ...read, finalized: block.finalized };
}

/** A page of a block that must exist (404 otherwise), when its finality does not matter (GraphQL). */
export async function existingBlockPage(db: Queryable, page: BlockPage, columns?: readonly TransactionColumn[]): Promise<TransactionRow[]> {
  return requireBlockOf(db, page.seqno, await transactionsByMasterchainBlock(db, page, columns));
}

/** `existingBlockPage` with its transactions' messages, in one statement. */
export async function existingBlockPageWithMessages(
  db: Queryable,
  page: BlockPage,
  columns: readonly TransactionColumn[],
  messageColumns: string,
): Promise<RowsWithMessages> {
  const read =
    page.seqno > MAX_STORED_SEQNO
      ? { rows: [], messages: new Map() }
      : await withMessages(db, blockPageStatement(page, joinedColumns(columns)), messageColumns);
  await requireBlockOf(db, page.seqno, read.rows);
  return read;
}

/** These transactions, in the order given (null for one not stored): whole rows unless `columns` names fewer. */
export async function transactionsByHashes<R extends { hash: string } = TransactionRow>(
  db: Queryable,
  hashes: readonly string[],
  columns: readonly TransactionColumn[] = TRANSACTION_COLUMNS,
): Promise<(R | null)[]> {
  return oneEach(hashes, await db.query<R>(`${selectTransactions(columns)} where T.hash = any($1::text[]::tonhash[])`, [hashes]), (r) => r.hash);
}

/** These transactions whole (those stored, by hash) with their account states and messages, in one statement. */
export const transactionsByHashesWithStates = (db: Queryable, hashes: readonly string[]): Promise<RowsWithStates> =>
  withStates(db, { text: `${selectTransactions()} where T.hash = any($1::text[]::tonhash[])`, values: [hashes], order: 'T.hash' }, hashes.length);

/** Batch function for the transaction-by-hash loader: headers, the description being loaded on its own. */
export const transactionHeadersByHashes = (db: Queryable, hashes: readonly string[]) =>
  transactionsByHashes<TransactionHeaderRow>(db, hashes, TRANSACTION_HEADER_COLUMNS);

/** The columns that identify a transaction and say whether it is final: a page read for the transaction cache. */
export const TRANSACTION_KEY_COLUMNS: readonly TransactionColumn[] = ['hash', 'mc_block_seqno'];

/** Batch function: the description columns of each transaction. */
export async function descriptionsByHashes(db: Queryable, hashes: readonly string[]): Promise<(DescriptionRow | null)[]> {
  const rows = await db.query<DescriptionRow & { hash: string }>(
    `select T.hash, ${DESCRIPTION_COLUMNS.map((c) => `T.${c}`).join(', ')} from transactions T where T.hash = any($1::text[]::tonhash[])`,
    [hashes],
  );
  return oneEach(hashes, rows, (r) => r.hash);
}

/** The filters of `/transactions`, all ANDed (values already checked and normalized). */
export interface TransactionFilter extends BlockSelector, Windows {
  accounts: string[];
  excludeAccounts: string[];
  hashes: string[];
  lt?: string;
}

/**
 * TON Center's order for a filter set: each later rule replaces the earlier one (ton-index-go
 * buildTransactionsQuery). Every variant is a total order, so offset pages never overlap.
 */
function transactionOrder(f: TransactionFilter, dir: SortOrder): string {
  const byTime = hasTimeWindow(f);
  let order = byTime ? `T.now ${dir}, T.lt ${dir}, T.account asc` : `T.lt ${dir}, T.account asc`;
  if (f.mcSeqno !== undefined) order = `T.lt ${dir}, T.account asc`;
  if (f.accounts.length === 1) order = byTime ? `T.account asc, T.now ${dir}, T.lt ${dir}` : `T.account asc, T.lt ${dir}`;
  if (f.hashes.length > 0) order = `T.hash ${dir}`;
  // As in TON Center: lt ascending whatever the sort, which orders the accounts.
  if (f.lt !== undefined) order = `T.lt, T.account ${dir}`;
  return order;
}

/** Transactions matching `/transactions` filters, in TON Center's order for them; whole rows unless `columns` names fewer. */
export async function filteredTransactions(
  db: Queryable,
  f: TransactionFilter,
  page: Omit<BlockPage, 'seqno'>,
  columns?: readonly TransactionColumn[],
): Promise<TransactionRow[]> {
  const q = filteredStatement(f, page, columns);
  return db.query<TransactionRow>(q.text, q.values);
}

function filteredStatement(f: TransactionFilter, page: Omit<BlockPage, 'seqno'>, columns?: readonly TransactionColumn[]): PageStatement {
  const { values, bind } = boundValues();
  const where: string[] = [];
  if (f.workchain !== undefined) where.push(`T.block_workchain = ${bind(f.workchain)}::int4`);
  if (f.shard !== undefined) where.push(`T.block_shard = ${bind(f.shard)}::int8`);
  if (f.seqno !== undefined) where.push(`T.block_seqno = ${bind(f.seqno)}::int4`);
  if (f.rootHashes.length > 0 || f.fileHashes.length > 0) {
    const block: string[] = [];
    if (f.rootHashes.length > 0) block.push(`B.root_hash = any(${bind(f.rootHashes)}::text[]::tonhash[])`);
    if (f.fileHashes.length > 0) block.push(`B.file_hash = any(${bind(f.fileHashes)}::text[]::tonhash[])`);
    where.push(`(T.block_workchain, T.block_shard, T.block_seqno) in (select B.workchain, B.shard, B.seqno from blocks B where ${block.join(' and ')})`);
  }
  if (f.mcSeqno !== undefined) where.push(`T.mc_block_seqno = ${bind(f.mcSeqno)}::int8`);
  if (f.accounts.length === 1) where.push(`T.account = ${bind(f.accounts[0])}::text`);
  else if (f.accounts.length > 1) where.push(`T.account = any(${bind(f.accounts)}::text[])`);
  if (f.excludeAccounts.length > 0) where.push(`T.account <> all(${bind(f.excludeAccounts)}::text[])`);
  if (f.hashes.length > 0) where.push(`T.hash = any(${bind(f.hashes)}::text[]::tonhash[])`);
  if (f.lt !== undefined) where.push(`T.lt = ${bind(f.lt)}::int8`);
  where.push(...windowConditions(f, bind, { time: 'T.now', lt: 'T.lt' }));
  const order = transactionOrder(f, page.sort === 'asc' ? 'asc' : 'desc');
  const filter = `${where.length > 0 ? ` where ${where.join(' and ')}` : ''} order by ${order} limit ${bind(page.limit)} offset ${bind(page.offset)}`;
  if (f.accounts.length !== 1 || page.offset === 0) return { text: `${selectTransactions(columns)}${filter}`, values, order };
  // Deep in one account's list: the rows skipped are found in the (account, lt) index alone, and only the page's
  // rows are read whole (read whole, each skipped row would be fetched, and thousands of them sorted on disk).
  const keys = `select T.account, T.lt${order.includes('T.now') ? ', T.now' : ''} from transactions T${filter}`;
  return { text: `${selectTransactions(columns)} join (${keys}) K on T.account = K.account and T.lt = K.lt order by ${order}`, values, order };
}

/** A `/transactions` page; NOT_FOUND when `mcSeqno` names a masterchain block that is not indexed. */
export async function transactionsPage(
  db: Queryable,
  f: TransactionFilter,
  page: Omit<BlockPage, 'seqno'>,
  columns?: readonly TransactionColumn[],
): Promise<TransactionRow[]> {
  return (await inIndexedBlock(db, f, async () => ({ rows: await filteredTransactions(db, f, page, columns) }))).rows;
}

/** `transactionsPage`'s whole rows with their account states, in one statement. */
export const transactionsPageWithStates = (db: Queryable, f: TransactionFilter, page: Omit<BlockPage, 'seqno'>): Promise<RowsWithStates> =>
  inIndexedBlock(db, f, () => withStates(db, filteredStatement(f, page), page.limit));

/** `transactionsPage` with its transactions' messages, in one statement. */
export const transactionsPageWithMessages = (
  db: Queryable,
  f: TransactionFilter,
  page: Omit<BlockPage, 'seqno'>,
  columns: readonly TransactionColumn[],
  messageColumns: string,
): Promise<RowsWithMessages> => inIndexedBlock(db, f, () => withMessages(db, filteredStatement(f, page, joinedColumns(columns)), messageColumns));

/** A read of a filter that may name a masterchain block: done where that block is indexed, 404 when it is not. */
async function inIndexedBlock<R extends { rows: TransactionRow[] }>(db: Queryable, f: TransactionFilter, read: () => Promise<R>): Promise<R> {
  if (f.mcSeqno === undefined) return read();
  await db.catchUp?.(f.mcSeqno);
  const result = await read();
  await requireBlockOf(db, f.mcSeqno, result.rows);
  return result;
}

/**
 * Transactions that sent or received a message matching every filter, each once (TON Center's join lists a
 * transaction once per matching message, the copies without messages), lt then account ascending as there. A
 * hash matches the raw or the normalized message hash; an opcode is the inbound message's.
 */
export async function transactionsByMessageFilter(
  db: Queryable,
  f: MessageFilter,
  page: Omit<BlockPage, 'seqno'>,
  columns?: readonly TransactionColumn[],
): Promise<TransactionRow[]> {
  const { values, bind } = boundValues();
  const where = ['M.tx_hash = T.hash', 'M.tx_lt = T.lt', ...messageConditions(f, bind)];
  if (f.opcode !== undefined) where.push(`M.direction = 'in'`);
  const dir = page.sort === 'asc' ? 'asc' : 'desc';
  return db.query<TransactionRow>(
    `${selectTransactions(columns)} where exists (select 1 from messages M where ${where.join(' and ')})
      order by T.lt ${dir}, T.account asc limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
}

/**
 * The transactions linked to `hash` by a message, lt then account ascending: `in` the one that sent its inbound
 * message (its parent), `out` those that received its out-messages (its children), both when absent. NOT_FOUND when there is none, as TON Center answers.
 */
export async function adjacentTransactions(
  db: Queryable,
  hash: string,
  direction: 'in' | 'out' | undefined,
  columns?: readonly TransactionColumn[],
): Promise<TransactionRow[]> {
  const { values, bind } = boundValues();
  const side = direction === undefined ? '' : ` and M1.direction = ${bind(direction)}`;
  const rows = await db.query<TransactionRow>(
    `${selectTransactions(columns)} where T.hash in (
       select M2.tx_hash from messages M1 join messages M2 on M2.msg_hash = M1.msg_hash and M2.direction <> M1.direction
        where M1.tx_hash = ${bind(hash)}::text::tonhash${side})
      order by T.lt asc, T.account asc`,
    values,
  );
  if (rows.length === 0) throw notFound('adjacent transactions not found');
  return rows;
}

/** Where a keyset list of transactions runs: one account's history, or all of them (blocks: `blocksTransactionsKeyset`). */
export type TransactionScope = { account: string } | { all: true };

/** A scope's sort key, newest first: lt alone within one account (unique there), else lt then account. */
export const transactionKey = (scope: TransactionScope | 'blocks'): readonly KeyColumn[] => {
  const lt: KeyColumn = { expr: 'T.lt', type: 'int8', field: 'lt' };
  return typeof scope === 'object' && 'account' in scope ? [lt] : [lt, { expr: 'T.account', type: 'account', field: 'account' }];
};

/**
 * A keyset page of a scope's transactions, newest first: it seeks to its cursor through the index that serves
 * the scope's order (transactions_index_4 for an account, _2 for all), so a deep page reads what the first does.
 */
export async function transactionsKeyset(
  db: Queryable,
  scope: TransactionScope,
  page: KeysetPage,
  columns?: readonly TransactionColumn[],
): Promise<TransactionRow[]> {
  const q = keysetStatement(scope, page, columns);
  return db.query<TransactionRow>(q.text, q.values);
}

/** `transactionsKeyset` with its transactions' messages, in one statement. */
export const transactionsKeysetWithMessages = (
  db: Queryable,
  scope: TransactionScope,
  page: KeysetPage,
  columns: readonly TransactionColumn[],
  messageColumns: string,
): Promise<RowsWithMessages> => withMessages(db, keysetStatement(scope, page, joinedColumns(columns)), messageColumns);

function keysetStatement(scope: TransactionScope, page: KeysetPage, columns?: readonly TransactionColumn[]): PageStatement {
  const { values, bind } = boundValues();
  const where: string[] = [];
  if ('account' in scope) where.push(`T.account = ${bind(scope.account)}::text`);
  const seek = keyset(transactionKey(scope), page, bind);
  where.push(...seek.where);
  return {
    text: `${selectTransactions(columns)}${where.length > 0 ? ` where ${where.join(' and ')}` : ''} order by ${seek.order} limit ${seek.limit}`,
    values,
    order: seek.order,
  };
}

export interface BlockId {
  workchain: number;
  shard: string;
  seqno: number;
}

/**
 * The same keyset page of several blocks' transactions in one statement (a lateral page per block, through
 * transactions_index_1), for the loader behind `Block.transactions`.
 */
export async function blocksTransactionsKeyset(
  db: Queryable,
  blocks: readonly BlockId[],
  page: KeysetPage,
  columns: readonly TransactionColumn[],
): Promise<TransactionRow[][]> {
  const { values, bind } = boundValues();
  const ids = `unnest(${bind(blocks.map((b) => b.workchain))}::int4[], ${bind(blocks.map((b) => b.shard))}::int8[], ${bind(blocks.map((b) => b.seqno))}::int4[])`;
  const key = transactionKey('blocks');
  const seek = keyset(key, page, bind);
  const where = ['T.block_workchain = K.workchain', 'T.block_shard = K.shard', 'T.block_seqno = K.seqno', ...seek.where];
  // The outer order keeps each block's page in its own order (a join promises none).
  const rows = await db.query<TransactionRow & { block_index: string }>(
    `select K.i as block_index, P.* from ${ids} with ordinality K(workchain, shard, seqno, i)
       cross join lateral (${selectTransactions([...columns, ...key.map((c) => c.field as TransactionColumn), 'block_workchain'])} where ${where.join(' and ')} order by ${seek.order} limit ${seek.limit}) P
      order by K.i, ${key.map((c) => `P.${c.field} ${seek.dir}`).join(', ')}`,
    values,
  );
  const lists: TransactionRow[][] = blocks.map(() => []);
  for (const { block_index: i, ...row } of rows) lists[Number(i) - 1].push(row as TransactionRow);
  return lists;
}
