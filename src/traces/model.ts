import type { ActionRow } from '../data/actions';
import type { MessageWithContent, TransactionHeaderRow, TransactionRow } from '../data/rows';
import type { TraceRow } from '../data/traces';
import type { Finality } from './finality';

export { FINALITIES, type Finality } from './finality';

/**
 * A transaction of a trace, read from the database or decoded from the emulator's Redis. GraphQL also holds
 * database transactions read without their description columns (`TraceTransaction<TransactionHeaderRow>`).
 */
export interface TraceTransaction<R extends TransactionHeaderRow = TransactionRow> {
  row: R;
  /** Emulator transactions carry their messages; database ones load them from `messages`. */
  messages?: MessageWithContent[];
  emulated: boolean;
  finality: Finality;
  traceExternalHash: string | null;
}

/** A trace from either source: the `traces` columns, its transactions (lt ascending) and its actions. */
export interface Trace {
  source: 'database' | 'emulator';
  /** `traces` row; an emulated trace whose root is emulated has a null trace_id. */
  header: Omit<TraceRow, 'trace_id'> & { trace_id: string | null };
  transactions: TraceTransaction[];
  actions: ActionRow[];
  /** Too large to serve (more transactions than the service's cap): only the header is returned. */
  incomplete?: boolean;
}

/** The identity two sources share for one trace: its normalized external hash, else its id. */
export const headerKey = (header: Pick<TraceRow, 'external_hash' | 'external_hash_norm'> & { trace_id: string | null }): string =>
  header.external_hash_norm ?? header.external_hash ?? header.trace_id ?? '';

export const traceKey = (trace: Trace): string => headerKey(trace.header);

const byLt = (a: TraceTransaction, b: TraceTransaction) => {
  const x = BigInt(a.row.lt);
  const y = BigInt(b.row.lt);
  return x < y ? -1 : x > y ? 1 : a.row.account < b.row.account ? -1 : a.row.account > b.row.account ? 1 : 0;
};

export const sortByLt = (txs: TraceTransaction[]) => txs.sort(byLt);

/**
 * Whether a trace can never change: read from the database, stored complete, finalized by a masterchain block
 * that has a successor (`tip`, the masterchain tip).
 */
export const isFinalTrace = (trace: Pick<Trace, 'source' | 'header'>, tip: { isFinal(seqno: number | null): boolean } | undefined): boolean =>
  trace.source === 'database' && trace.header.state === 'complete' && trace.header.trace_id !== null && tip?.isFinal(trace.header.mc_seqno_end) === true;
