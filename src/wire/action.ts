import { detailsOf, type DetailField } from '../actions/details';
import type { ActionRow } from '../data/actions';
import { bodyOpcode, decodeBody } from '../encoding/body';
import { opcodeToHex } from '../encoding/numbers';

const ENCRYPTED_COMMENT = 0x2167da4b;

function derived(key: string, forwardPayload: unknown): unknown {
  if (typeof forwardPayload !== 'string') return null;
  if (key === 'comment') return decodeBody(forwardPayload)?.comment ?? null;
  try {
    return bodyOpcode(forwardPayload) === ENCRYPTED_COMMENT;
  } catch {
    return null;
  }
}

function value(field: DetailField, paths: Record<string, unknown>): unknown {
  if (field.kind === 'derived') return derived(field.key, paths['nft_transfer_data.forward_payload']);
  const v = paths[field.path.join('.')] ?? null;
  if (v === null) return field.kind === 'peerSwaps' ? [] : null;
  if (field.kind === 'opcode') return opcodeToHex(Number(v));
  if (field.kind === 'int') return Number(v);
  return v;
}

const hasCurrencies = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).length > 0;

/**
 * An Action in the v3 wire form: `details` shaped per type as toncenter does; a type this service does not
 * shape keeps its raw columns. Transfers that carry extra currencies are typed `extra_currency_transfer`.
 */
export function toWireAction(row: ActionRow) {
  let type = row.type;
  if ((type === 'call_contract' || type === 'ton_transfer') && hasCurrencies(row.paths.value_extra_currencies)) {
    type = 'extra_currency_transfer';
  }
  const fields = detailsOf(type);
  const details: Record<string, unknown> = {};
  for (const field of fields) details[field.key] = value(field, row.paths);
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
    type,
    details,
    trace_external_hash: row.trace_external_hash,
    trace_external_hash_norm: row.trace_external_hash_norm,
    accounts: row.accounts,
    finality: row.finality ?? ('finalized' as const),
  };
}

export type WireAction = ReturnType<typeof toWireAction>;
