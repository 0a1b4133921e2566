import type { Queryable } from '../db/types';
import type { MessageRow, MessageWithContent } from './rows';

export const MESSAGE_COLUMNS = [
  'tx_hash', 'tx_lt', 'mc_seqno', 'msg_hash', 'msg_hash_norm', 'direction', 'trace_id', 'source', 'destination',
  'value', 'value_extra_currencies', 'fwd_fee', 'ihr_fee', 'extra_flags', 'created_lt', 'created_at', 'opcode',
  'ihr_disabled', 'bounce', 'bounced', 'import_fee', 'body_hash', 'init_state_hash',
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
      where M.tx_hash = any($1::text[]::tonhash[])`,
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
    `select ${columns.split(', ').map((c) => `M.${c}`).join(', ')} from messages M where M.tx_hash = any($1::text[]::tonhash[])`,
    [txHashes],
  );
  const lists = byTransaction(txHashes, rows);
  const byHash = new Map(txHashes.map((h, i) => [h, lists[i]]));
  return keys.map((k) => byHash.get(k.txHash)!);
}

/** `out_msgs` order: created_lt ascending, messages without one first (stable). */
export function sortOutMessages<M extends Pick<MessageRow, 'created_lt'>>(messages: M[]): M[] {
  return messages.sort((a, b) => {
    if (a.created_lt === null || b.created_lt === null) return a.created_lt === null ? (b.created_lt === null ? 0 : -1) : 1;
    const x = BigInt(a.created_lt);
    const y = BigInt(b.created_lt);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** Batch function: the transaction that sent (direction out) or received (in) each message, by message hash. */
export async function transactionHashesByMessages(db: Queryable, msgHashes: readonly string[], direction: 'in' | 'out'): Promise<(string | null)[]> {
  const rows = await db.query<{ msg_hash: string; tx_hash: string }>(
    `select M.msg_hash, M.tx_hash from messages M where M.msg_hash = any($1::text[]::tonhash[]) and M.direction = $2`,
    [msgHashes, direction],
  );
  const byMessage = new Map(rows.map((r) => [r.msg_hash, r.tx_hash]));
  return msgHashes.map((h) => byMessage.get(h) ?? null);
}
