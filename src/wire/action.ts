import type { Network } from '../config';
import { EXTRA_CURRENCY_TRANSFER } from '../actions/details';
import { shapeDetails } from '../actions/shape';
import type { ActionRow } from '../data/actions';

/** The stored type whose details shape an action has (TON Center may show it under another type name). */
export const DETAILS_TYPE = Symbol('detailsType');

const hasCurrencies = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).length > 0;

/**
 * An Action in the v3 wire form: `details` shaped per type as TON Center does; a type it does not shape keeps
 * its raw columns. Transfers and calls that carry extra currencies are typed `extra_currency_transfer`.
 */
export function toWireAction(row: ActionRow, network: Network) {
  const get = (path: string) => row.paths[path] ?? null;
  const shown =
    (row.type === 'call_contract' || row.type === 'ton_transfer') && hasCurrencies(get('value_extra_currencies')) ? EXTRA_CURRENCY_TRANSFER : row.type;
  return {
    trace_id: row.trace_id,
    action_id: row.action_id,
    start_lt: row.start_lt,
    end_lt: row.end_lt,
    start_utime: row.start_utime === null ? null : Number(row.start_utime),
    end_utime: row.end_utime === null ? null : Number(row.end_utime),
    trace_end_lt: row.trace_end_lt,
    trace_end_utime: row.trace_end_utime,
    trace_mc_seqno_end: row.trace_mc_seqno_end,
    transactions: row.tx_hashes ?? [],
    success: row.success,
    type: shown,
    details: shapeDetails(row.type, get, { network }),
    trace_external_hash: row.trace_external_hash,
    trace_external_hash_norm: row.trace_external_hash_norm,
    accounts: row.accounts,
    finality: row.finality ?? ('finalized' as const),
    // a symbol key: GraphQL picks the typed details by it, JSON.stringify leaves it out
    [DETAILS_TYPE]: row.type,
  };
}

export type WireAction = ReturnType<typeof toWireAction>;
