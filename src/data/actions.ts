import type { Finality } from '../traces/finality';
import { readsOf, SHAPED_TYPES, type Composite, type Read } from '../actions/details';
import type { Queryable } from '../db/types';
import { hasTimeWindow, windowConditions, type Windows } from './filters';
import { boundValues, keyset, type Bind, type KeyColumn, type KeysetPage } from './sql';
import { requireBlockOf } from './transactions';
import { messageHashMatch } from './messages';

/** An action row with its detail columns read as `paths[<column>[.<field>]]`, decimals as strings. */
export interface ActionRow {
  trace_id: string;
  action_id: string;
  type: string;
  success: boolean | null;
  start_lt: string | null;
  end_lt: string | null;
  start_utime: string | null;
  end_utime: string | null;
  trace_end_lt: string | null;
  trace_end_utime: number | null;
  trace_mc_seqno_end: number | null;
  trace_external_hash: string | null;
  trace_external_hash_norm: string | null;
  tx_hashes: string[] | null;
  accounts: string[];
  /** Types of the actions this one is part of (a swap's transfers name the swap). */
  ancestor_type: string[];
  paths: Record<string, unknown>;
  /** The classifier's, for actions of emulated traces; stored actions are final. */
  finality?: Finality;
}

/** SQL for a stored scalar at `ref`, as JSON takes it: numerics and addresses as text. */
function scalarSql(kind: string, ref: string): string {
  switch (kind) {
    case 'bool':
    case 'int':
    case 'currencies':
      return ref;
    case 'addressList':
    case 'decimalList':
      return `${ref}::text[]`;
    default:
      return `${ref}::text`;
  }
}

const objectSql = (of: Composite, ref: string) =>
  `json_build_object(${of.fields.map((f) => `'${f.key}', ${scalarSql(f.kind, `(${ref}).${f.member}`)}`).join(', ')})`;

function columnRef(path: string): string {
  const [column, member] = path.split('.');
  return member === undefined ? `A.${column}` : `(A.${column}).${member}`;
}

/** The SQL of one value a type's details read. */
function readSql(read: Read): string {
  if (read.kind === 'marketplaceName') {
    const at = read.path.slice('marketplace_name:'.length);
    return `(select MN.name from marketplace_names MN where MN.address = coalesce(${columnRef(at)}, A.asset))`;
  }
  const ref = columnRef(read.path);
  if (read.kind === 'object') return objectSql(read.of!, ref);
  if (read.kind === 'list') return `(select coalesce(json_agg(${objectSql(read.of!, 'p')}), '[]'::json) from unnest(${ref}) as p)`;
  return scalarSql(read.kind, ref);
}

/** json_build_object takes at most 100 arguments: 50 keys and values. */
const MAX_READS = 50;

/** What a type's details read, as one JSON object keyed by path. */
function readsObject(reads: Read[]): string {
  if (reads.length > MAX_READS) throw new Error(`an action type reads ${reads.length} values; one JSON object holds at most ${MAX_READS}`);
  return reads.length === 0 ? `'{}'::json` : `json_build_object(${reads.map((r) => `'${r.path}', ${readSql(r)}`).join(', ')})`;
}

/** One JSON column of the values each action's details read: a type reads only its own columns. */
const PATHS_SQL = (() => {
  const byReads = new Map<string, string[]>();
  for (const type of SHAPED_TYPES) {
    const sql = readsObject(readsOf(type));
    byReads.set(sql, [...(byReads.get(sql) ?? []), type]);
  }
  const branches = [...byReads].map(([sql, types]) => `when A.type in (${types.map((t) => `'${t}'`).join(', ')}) then ${sql}`);
  return `case ${branches.join('\n      ')}\n      else ${readsObject(readsOf(''))} end`;
})();

const COLUMNS = `A.trace_id, A.action_id, A.type, A.success, A.start_lt, A.end_lt, A.start_utime, A.end_utime,
    A.trace_end_lt, A.trace_end_utime, A.trace_mc_seqno_end, A.trace_external_hash, A.trace_external_hash_norm,
    A.tx_hashes::text[] as tx_hashes, coalesce(A.ancestor_type, '{}')::text[] as ancestor_type,
    array(select X.account::text from action_accounts X
           where X.trace_id = A.trace_id and X.action_id = A.action_id order by X.account) as accounts,
    ${PATHS_SQL} as paths`;

const SELECT = `select ${COLUMNS} from actions A`;

const toActionRow = (raw: Record<string, unknown>): ActionRow => raw as unknown as ActionRow;

/** Batch function: the actions of each trace, by start_lt then end_lt (toncenter's /traces order). */
export async function actionsByTraces(db: Queryable, traceIds: readonly string[]): Promise<ActionRow[][]> {
  const rows = await db.query<Record<string, unknown>>(
    `${SELECT} where A.trace_id = any($1::text[]::tonhash[]) order by A.trace_id, A.start_lt, A.end_lt, A.action_id`,
    [traceIds],
  );
  const byTrace = new Map<string, ActionRow[]>(traceIds.map((id) => [id, []]));
  for (const raw of rows) {
    const row = toActionRow(raw);
    byTrace.get(row.trace_id)?.push(row);
  }
  return traceIds.map((id) => byTrace.get(id)!);
}

/** `/actions` filters, all ANDed; unlike ton-index-go, every combination of selectors applies all of them. */
export interface ActionFilter extends Windows {
  account?: string;
  txHashes: string[];
  msgHashes: string[];
  actionIds: string[];
  traceIds: string[];
  mcSeqno?: number;
  /** Only these types (which then need not be supported); none: the supported ones. */
  types: string[];
  excludeTypes: string[];
  /** Expanded supported types (actions/supported.ts). */
  supported: ReadonlySet<string>;
}

/** The FROM and WHERE of an action filter: with an account, its `action_accounts` rows (AA) drive the read. */
function actionSource(f: ActionFilter, bind: Bind): { from: string; where: string[] } {
  const byAccount = f.account !== undefined;
  const K = byAccount ? 'AA' : 'A';
  const where = ['A.end_lt is not null'];
  if (byAccount) where.push(`AA.account = ${bind(f.account)}::text`);
  where.push(...windowConditions(f, bind, { time: `${K}.trace_end_utime`, lt: `${K}.trace_end_lt` }));
  if (f.txHashes.length > 0) {
    const hashes = bind(f.txHashes);
    where.push(
      `A.trace_id in (select T.trace_id from transactions T where T.hash = any(${hashes}::text[]::tonhash[])) and A.tx_hashes && ${hashes}::text[]::tonhash[]`,
    );
  }
  if (f.msgHashes.length > 0) {
    // the actions that hold the transaction that sent or received the message
    const found = `select M.trace_id, M.tx_hash from messages M where ${messageHashMatch(bind(f.msgHashes))}`;
    where.push(
      `A.trace_id in (select trace_id from (${found}) F) and exists (select 1 from (${found}) F where F.trace_id = A.trace_id and F.tx_hash = any(A.tx_hashes))`,
    );
  }
  if (f.actionIds.length > 0) where.push(`A.action_id = any(${bind(f.actionIds)}::text[]::tonhash[])`);
  if (f.traceIds.length > 0) where.push(`A.trace_id = any(${bind(f.traceIds)}::text[]::tonhash[])`);
  if (f.mcSeqno !== undefined) where.push(`A.trace_mc_seqno_end = ${bind(f.mcSeqno)}::int8`);
  const supported = bind([...f.supported]);
  if (f.types.length > 0) where.push(`A.type = any(${bind(f.types)}::text[])`);
  else where.push(`A.type = any(${supported}::text[])`);
  if (f.excludeTypes.length > 0) where.push(`not (A.type = any(${bind(f.excludeTypes)}::text[]))`);
  where.push(`not (coalesce(A.ancestor_type, '{}') && ${supported}::varchar[])`);
  const from = byAccount ? 'action_accounts AA join actions A on A.trace_id = AA.trace_id and A.action_id = AA.action_id' : 'actions A';
  return { from, where };
}

/** The sort key of actions: the trace's end, the trace, the action's end, the action (the account's index order). */
export const actionKey = (byAccount: boolean, byTime = false): readonly KeyColumn[] => {
  const [unit, K] = [byTime ? 'utime' : 'lt', byAccount ? 'AA' : 'A'];
  return [
    { expr: `${K}.trace_end_${unit}`, type: 'int8', field: `trace_end_${unit}` },
    { expr: `${K}.trace_id`, type: 'tonhash', field: 'trace_id' },
    // action_accounts holds the action's end under its own name
    { expr: `${K}.${byAccount ? 'action_' : ''}end_${unit}`, type: 'int8', field: `end_${unit}` },
    { expr: `${K}.action_id`, type: 'tonhash', field: 'action_id' },
  ];
};

const rowsOf = async (db: Queryable, f: ActionFilter, raws: Record<string, unknown>[]) => {
  const rows = raws.map(toActionRow);
  return f.mcSeqno === undefined ? rows : requireBlockOf(db, f.mcSeqno, rows);
};

/**
 * A `/actions` page in TON Center's order: by the trace's end lt (end time with a time window), the trace, the
 * action's end, the action id, all in the requested direction. With an account, the account's index rows
 * (`action_accounts`, whose key is that order) drive the page; without one, `actions` does. The windows bound the
 * trace's end. NOT_FOUND when `mcSeqno` names a masterchain block that is not indexed.
 */
export async function actionsPage(db: Queryable, f: ActionFilter, page: { limit: number; offset: number; sort: 'asc' | 'desc' }): Promise<ActionRow[]> {
  if (f.mcSeqno !== undefined) await db.catchUp?.(f.mcSeqno);
  const { values, bind } = boundValues();
  const { from, where } = actionSource(f, bind);
  const dir = page.sort === 'asc' ? 'asc' : 'desc';
  const order = actionKey(f.account !== undefined, hasTimeWindow(f)).map((c) => `${c.expr} ${dir}`);
  const raws = await db.query<Record<string, unknown>>(
    `select ${COLUMNS} from ${from} where ${where.join(' and ')} order by ${order.join(', ')} limit ${bind(page.limit)} offset ${bind(page.offset)}`,
    values,
  );
  return rowsOf(db, f, raws);
}

/** A keyset page of the actions matching a filter, newest trace end (lt) first; actions of unfinished traces left out. */
export async function actionsKeyset(db: Queryable, f: ActionFilter, page: KeysetPage): Promise<ActionRow[]> {
  if (f.mcSeqno !== undefined) await db.catchUp?.(f.mcSeqno);
  const { values, bind } = boundValues();
  const { from, where } = actionSource(f, bind);
  const key = actionKey(f.account !== undefined);
  const seek = keyset(key, page, bind);
  const raws = await db.query<Record<string, unknown>>(
    `select ${COLUMNS} from ${from} where ${[...where, `${key[0].expr} is not null`, ...seek.where].join(' and ')} order by ${seek.order} limit ${seek.limit}`,
    values,
  );
  return rowsOf(db, f, raws);
}
