import { gunzipSync, gzipSync } from 'node:zlib';
import { decode, encode } from '@msgpack/msgpack';
import { readsOf } from '../actions/details';
import type { ActionRow } from '../data/actions';
import type { ActionInsertRow } from '../import/mapAction';
import { FINALITIES, type Finality } from '../traces/model';

type Dict = Record<string, unknown>;

/** The classifier writes these as msgpack integers; every other number travels as a decimal string. */
const INTEGER_KEYS = new Set(['start_lt', 'end_lt', 'start_utime', 'end_utime', 'opcode', 'finality', 'trace_end_lt', 'trace_end_utime', 'trace_mc_seqno_end']);

const text = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'object' ? v : String(v));

/** Normalizes what msgpack gives (bigints, numbers) to our forms: decimal strings, nested objects as they are. */
function plain(v: unknown): unknown {
  if (typeof v === 'bigint' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

/** Reads the `actions` field of a trace hash: gzip (or plain) msgpack of an array of action dicts. */
export function decodeActions(raw: Buffer): Dict[] {
  const bytes = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
  const list = decode(bytes, { useBigInt64: true });
  if (!Array.isArray(list)) throw new Error('the actions field is not a msgpack array');
  return list as Dict[];
}

/** An emulator action dict as the row the wire shaping reads; trace-level fields come from the trace. */
export function toActionRow(
  d: Dict,
  trace: { trace_id: string | null; end_lt: string | null; end_utime: number | null; mc_seqno_end: number | null; external_hash: string | null },
): ActionRow {
  const paths: Record<string, unknown> = {};
  // the classifier's dict holds the columns of its actions row; lookups the database makes are not in it
  for (const read of readsOf(String(d.type))) {
    if (read.kind === 'marketplaceName') continue;
    const [column, member] = read.path.split('.');
    const top = d[column];
    const value = member === undefined ? top : top && typeof top === 'object' ? (top as Dict)[member] : undefined;
    paths[read.path] = value === undefined ? null : plain(value);
  }
  return {
    trace_id: (d.trace_id as string | null) ?? trace.trace_id ?? '',
    action_id: String(d.action_id),
    type: String(d.type),
    success: (d.success as boolean | null) ?? null,
    start_lt: text(d.start_lt) as string | null,
    end_lt: text(d.end_lt) as string | null,
    start_utime: text(d.start_utime) as string | null,
    end_utime: text(d.end_utime) as string | null,
    trace_end_lt: trace.end_lt,
    trace_end_utime: trace.end_utime,
    trace_mc_seqno_end: trace.mc_seqno_end,
    trace_external_hash: trace.external_hash,
    trace_external_hash_norm: (d.trace_external_hash_norm as string | null) ?? null,
    tx_hashes: ((d.tx_hashes as string[] | undefined) ?? []).map(String),
    accounts: ((d.accounts as string[] | undefined) ?? []).map(String).sort(),
    ancestor_type: ((d.ancestor_type as string[] | undefined) ?? []).map(String),
    paths,
    // As TON Center reads it: a missing value is the zero value, pending.
    finality: FINALITIES[Number(d.finality ?? 0)] ?? 'pending',
  };
}

/** Encodes action rows as the classifier writes them into a trace hash. */
export function encodeActions(actions: { action: ActionInsertRow; accounts: string[] }[], finality: Finality): Buffer {
  const dicts = actions.map(({ action, accounts }) => {
    const d: Dict = { ...action, accounts, finality: FINALITIES.indexOf(finality) };
    for (const key of INTEGER_KEYS) if (d[key] !== null && d[key] !== undefined) d[key] = BigInt(d[key] as string);
    return d;
  });
  return gzipSync(encode(dicts, { useBigInt64: true }));
}
