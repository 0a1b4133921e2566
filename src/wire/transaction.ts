import type { AccountStateRow, ExtraCurrencies, TransactionHeaderRow, TransactionRow } from '../data/rows';
import type { DescriptionRow } from '../transactions/description';
import { columnsOf, DESCRIPTION_FIELDS, PHASES, presenceColumns, type DescrField, type DescrPhase } from '../transactions/description';
import type { WireMessage } from './message';

export function toWireBlockRef(row: TransactionHeaderRow) {
  return { workchain: row.block_workchain, shard: row.block_shard, seqno: row.block_seqno };
}

/** A phase, or the description itself, as TON Center v3 writes it: every key of the table present. */
export type WirePhase = Record<string, unknown>;

/** A field's value as a JavaScript expression over `row` (and `state`, the compute phase's). */
function valueExpression(f: DescrField): string {
  const at = (column: string) => `row[${JSON.stringify(column)}]`;
  let value = at(f.column);
  if (f.kind === 'msgSize') {
    const [cells, bits] = columnsOf(f).map(at);
    value = `(${cells} === null ? null : { cells: ${cells}, bits: ${bits} })`;
  } else if (f.kind === 'count64') value = `(${value} === null ? null : Number(${value}))`;
  // A skipped compute phase carries only `skipped` and `reason`; one that ran, everything but `reason`.
  return f.when === undefined ? value : `(state === ${JSON.stringify(f.when)} ? ${value} : null)`;
}

const members = (phase: DescrPhase) => phase.fields.map((f) => `${JSON.stringify(f.key)}: ${valueExpression(f)}`);

/** toncenter's presence rule (`phaseIsPresent`) as an expression. */
const presentExpression = (phase: DescrPhase) =>
  presenceColumns(phase)
    .map((c) => `row[${JSON.stringify(c)}] !== null`)
    .join(' || ');

/**
 * The description as one object literal, compiled once from the field tables (keys and columns are the tables'
 * constants, quoted): a row's description is built in one step with a fixed shape, which V8 creates and
 * `JSON.stringify` writes about three times faster than an object assembled field by field.
 */
const describe = new Function(
  'row',
  `const state = row.compute_skipped ? 'skipped' : 'ran';
  return { ${[...members(DESCRIPTION_FIELDS), ...PHASES.map((p) => `${JSON.stringify(p.key)}: ${presentExpression(p)} ? { ${members(p).join(', ')} } : null`)].join(', ')} };`,
) as (row: DescriptionRow) => WirePhase;

/** toncenter's phase rules (a phase is present when its marker column is set), with every spec key present. */
export const toWireDescription = (t: DescriptionRow): WirePhase => describe(t);

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
