import type { RequestContext } from '../context';
import type { JettonWalletChange } from '../data/jettons';
import type { TraceRow } from '../data/traces';
import { databaseTraces } from '../traces/pending';
import { traceKey } from '../traces/model';
import { comparePositions, jettonOrdinal, traceOrdinal, type Position } from './cursor';
import type { JettonEvent, LiveEvent, TraceEvent } from './events';

export const tracePosition = (row: Pick<TraceRow, 'mc_seqno_end' | 'end_lt'> & { trace_id: string | null }): Position => ({
  seqno: Number(row.mc_seqno_end ?? 0),
  ord: traceOrdinal(row.end_lt ?? '0', row.trace_id ?? ''),
});

export const jettonPosition = (row: JettonWalletChange): Position => ({ seqno: row.mc_seqno, ord: jettonOrdinal(row.last_transaction_lt ?? '0', row.address) });

function jettonEvent(row: JettonWalletChange): JettonEvent {
  const { mc_seqno: _, ...wallet } = row;
  return { kind: 'jetton', finality: 'finalized', wallet, at: jettonPosition(row), logged: true };
}

/** The events of the live log for finalized trace headers and changed jetton wallets, read whole, in log order. */
export async function loggedEvents(ctx: RequestContext, traces: TraceRow[], jettons: JettonWalletChange[]): Promise<LiveEvent[]> {
  const events: LiveEvent[] = (await databaseTraces(ctx, traces)).map(
    (trace): TraceEvent => ({ kind: 'trace', key: traceKey(trace), stage: 'finalized', trace, at: tracePosition(trace.header), logged: true }),
  );
  for (const row of jettons) events.push(jettonEvent(row));
  return events.sort((a, b) => comparePositions(a.at!, b.at!));
}
