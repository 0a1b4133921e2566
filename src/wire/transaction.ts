import type { AccountStateRow, ExtraCurrencies, TransactionHeaderRow, TransactionRow } from '../data/rows';
import type { DescriptionRow } from '../transactions/description';
import { DESCRIPTION_FIELDS, PHASES, phaseIsPresent, type DescrField, type DescrPhase } from '../transactions/description';
import type { WireMessage } from './message';

export function toWireBlockRef(row: TransactionHeaderRow) {
  return { workchain: row.block_workchain, shard: row.block_shard, seqno: row.block_seqno };
}

/** A phase, or the description itself, as TON Center v3 writes it: every key of the table present. */
export type WirePhase = Record<string, unknown>;

function wireValue(f: DescrField, row: Readonly<Record<string, unknown>>): unknown {
  if (f.kind === 'msgSize') {
    const cells = row[`${f.column}_cells`];
    return cells === null ? null : { cells, bits: row[`${f.column}_bits`] };
  }
  const value = row[f.column];
  return f.kind === 'count64' && value !== null ? Number(value) : value;
}

function toWirePhase(phase: DescrPhase, row: Readonly<Record<string, unknown>>): WirePhase {
  // A skipped compute phase carries only `skipped` and `reason`; one that ran, everything but `reason`.
  const state = row.compute_skipped ? 'skipped' : 'ran';
  return Object.fromEntries(phase.fields.map((f) => [f.key, f.when === undefined || f.when === state ? wireValue(f, row) : null]));
}

/** toncenter's phase rules (a phase is present when its marker column is set), with every spec key present. */
export function toWireDescription(t: DescriptionRow): WirePhase {
  const row = t as unknown as Readonly<Record<string, unknown>>;
  const description = toWirePhase(DESCRIPTION_FIELDS, row);
  for (const phase of PHASES) description[phase.key] = phaseIsPresent(phase, row) ? toWirePhase(phase, row) : null;
  return description;
}

export type WireDescription = WirePhase;

export interface WireAccountState {
  hash: string;
  balance: string | null;
  extra_currencies: ExtraCurrencies | null;
  account_status: string | null;
  frozen_hash: string | null;
  data_hash: string | null;
  code_hash: string | null;
  data_boc: string | null;
  code_boc: string | null;
}

/** A state whose row is missing (the indexer does not store `nonexist` states) keeps only its hash. */
export function toWireAccountState(hash: string | null, row: AccountStateRow | null): WireAccountState | null {
  if (hash === null) return null;
  return {
    hash,
    balance: row?.balance ?? null,
    extra_currencies: row?.balance_extra_currencies ?? null,
    account_status: row?.account_status ?? null,
    frozen_hash: row?.frozen_hash ?? null,
    data_hash: row?.data_hash ?? null,
    code_hash: row?.code_hash ?? null,
    // account_states keeps no BOCs; only latest_account_states does.
    data_boc: null,
    code_boc: null,
  };
}

export interface TransactionParts {
  inMsg: WireMessage | null;
  outMsgs: WireMessage[];
  before: WireAccountState | null;
  after: WireAccountState | null;
}

/** How a transaction is known: database rows are final; the emulator's may be pending or confirmed. */
export interface TransactionFlags {
  emulated: boolean;
  finality: 'pending' | 'confirmed' | 'finalized';
  traceExternalHash: string | null;
}

const FINAL: TransactionFlags = { emulated: false, finality: 'finalized', traceExternalHash: null };

export function toWireTransaction(t: TransactionRow, parts: TransactionParts, flags: TransactionFlags = FINAL) {
  return {
    account: t.account,
    hash: t.hash,
    lt: t.lt,
    now: t.now,
    mc_block_seqno: t.mc_block_seqno,
    trace_id: t.trace_id,
    trace_external_hash: flags.traceExternalHash,
    prev_trans_hash: t.prev_trans_hash,
    prev_trans_lt: t.prev_trans_lt,
    orig_status: t.orig_status,
    end_status: t.end_status,
    total_fees: t.total_fees,
    total_fees_extra_currencies: t.total_fees_extra_currencies,
    description: toWireDescription(t),
    block_ref: toWireBlockRef(t),
    in_msg: parts.inMsg,
    out_msgs: parts.outMsgs,
    account_state_before: parts.before,
    account_state_after: parts.after,
    emulated: flags.emulated,
    finality: flags.finality,
  };
}

export type WireTransaction = ReturnType<typeof toWireTransaction>;
