/** The reads of `/balanceChanges` beyond a trace's own rows: an action's trace, and the jetton wallets among the trace's addresses. */
import type { Queryable } from '../db/types';

/** A `jetton_wallets` row's identity: whose wallet of which jetton. */
export interface JettonWalletOwner {
  address: string;
  owner: string | null;
  jetton: string | null;
}

/** The jetton wallets among these addresses, in one statement (by address, for a stable order). */
export function jettonWalletOwners(db: Queryable, addresses: readonly string[]): Promise<JettonWalletOwner[]> {
  return db.query<JettonWalletOwner>('select W.address, W.owner, W.jetton from jetton_wallets W where W.address = any($1::text[]) order by W.address', [
    addresses,
  ]);
}

/** The trace an action belongs to, or null when no action has this id. */
export async function traceOfAction(db: Queryable, actionId: string): Promise<string | null> {
  const rows = await db.query<{ trace_id: string }>('select A.trace_id from actions A where A.action_id = $1 order by A.trace_id limit 1', [actionId]);
  return rows[0]?.trace_id ?? null;
}
