/** The read of `/balanceChanges` beyond a trace's own rows and the request's loaders: an action's trace. */
import type { Queryable } from '../db/types';

/** The trace an action belongs to, or null when no action has this id. */
export async function traceOfAction(db: Queryable, actionId: string): Promise<string | null> {
  const rows = await db.query<{ trace_id: string }>('select A.trace_id from actions A where A.action_id = $1 order by A.trace_id limit 1', [actionId]);
  return rows[0]?.trace_id ?? null;
}
