import type { Queryable } from '../db/types';
import { oneEach } from './sql';
import type { MessageContentRow } from './rows';

/** Batch function for the message-content-by-hash loader (bodies and init states). */
export async function messageContentsByHashes(db: Queryable, hashes: readonly string[]): Promise<(MessageContentRow | null)[]> {
  const rows = await db.query<MessageContentRow>(`select hash, body from message_contents where hash = any($1::text[]::tonhash[])`, [hashes]);
  return oneEach(hashes, rows, (r) => r.hash);
}
