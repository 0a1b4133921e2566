/**
 * What the asset types (NFTs, jettons) share: addresses as accounts, token metadata, typed payloads, lookups by
 * address, and an event's transaction and trace (transfers, burns) with its lists under transactions and traces.
 */
import type { ObjectRef } from '@pothos/core';
import type DataLoader from 'dataloader';
import type { RequestContext } from '../context';
import { parseAddress } from '../encoding/address';
import type { RouteParams } from '../params/spec';
import { payloadKey } from '../wire/payload';
import { builder } from './builder';
import { Trace, traceById } from './types/trace';
import { Transaction } from './types/transaction';

/** An address column as an account: only a raw address is one (the indexer also writes `addr_none`, `addr_extern…`). */
export const accountOf = (address: string | null | undefined) => (address && parseAddress(address) === address ? { address } : null);

/** What a loader by address holds at an address column (a master, an item, …): null when the column is no raw address. */
export const loadAt = <R>(loader: DataLoader<string, R>, address: string | null) => {
  const account = accountOf(address);
  return account ? loader.load(account.address) : null;
};

/** A payload BOC as the typed body union, decoded once per process (the REST routes' `decoded_*_payload`, typed). */
export const parsedPayload = (boc: string | null, ctx: RequestContext) => (boc ? ctx.services.decoder.parsed(payloadKey(boc), boc) : null);

/** One address, raw or user-friendly, as the lookups by address take it. */
export const addressRoute = (what: string) =>
  ({
    params: {
      address: {
        kind: 'address',
        required: `the address of the ${what}`,
        description: `The ${what}'s address: raw (\`<workchain>:<hex>\`, any case) or user-friendly (base64 or base64url, any flags).`,
      },
    },
  }) as const satisfies RouteParams;

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The columns every asset event table has: the transaction that processed the event, and its trace. */
interface EventRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  tx_aborted: boolean;
  trace_id: string | null;
}

/**
 * The fields of an event (`transactionHash`, `transaction`, `lt`, `now`, `aborted`, `traceId`, `trace`): `tx`
 * names the transaction that processed it (`sender's wallet transaction`), `event` the event (`transfer`), and
 * `aborted` what an aborted transaction means for it (`no jettons moved`).
 */
export const eventFields = <R extends EventRow>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, R>, d: { tx: string; event: string; aborted: string }) => ({
  transactionHash: t.string({ description: `Hash of the ${d.tx} that processed the ${d.event} (base64).`, resolve: (x) => x.tx_hash }),
  transaction: t.field({
    type: Transaction,
    nullable: true,
    description: `The ${d.tx} that processed the ${d.event}; null when it is not in the database.`,
    resolve: (x) => x.tx_hash,
  }),
  lt: t.field({ type: 'BigInt', description: 'Logical time of that transaction.', resolve: (x) => x.tx_lt }),
  now: t.int({ description: 'Unix time (seconds) of that transaction.', resolve: (x) => x.tx_now }),
  aborted: t.boolean({ description: `Whether the transaction was aborted: then ${d.aborted}.`, resolve: (x) => x.tx_aborted }),
  traceId: t.string({ nullable: true, description: `Id of the trace the ${d.event} is part of (base64).`, resolve: (x) => x.trace_id }),
  trace: t.field({
    type: Trace,
    nullable: true,
    description: `The trace the ${d.event} is part of; null when it is not in the database.`,
    resolve: (x, _args, ctx) => traceById(x.trace_id, ctx),
  }),
});

/**
 * `Transaction.<name>` and `Trace.<name>`: the events of one kind a stored transaction processed (at most one) and
 * those of a stored trace, each list read through its loader (one statement per tick); none for emulated ones.
 */
export function eventLists<R>(
  name: string,
  type: ObjectRef<Types, R>,
  d: { transaction: string; trace: string },
  loaders: (ctx: RequestContext) => { transfersByTransaction: DataLoader<string, R[]>; transfersByTrace: DataLoader<string, R[]> },
) {
  builder.objectFields(Transaction, (t) => ({
    [name]: t.field({
      type: [type],
      extensions: { columns: ['hash'] },
      complexity: { field: 1, multiplier: 1 },
      description: d.transaction,
      resolve: (tx, _args, ctx) => (tx.emulated ? [] : loaders(ctx).transfersByTransaction.load(tx.row.hash)),
    }),
  }));
  builder.objectFields(Trace, (t) => ({
    [name]: t.field({
      type: [type],
      complexity: { field: 1, multiplier: 5 },
      description: d.trace,
      resolve: (tr, _args, ctx) => (tr.source !== 'database' || tr.header.trace_id === null ? [] : loaders(ctx).transfersByTrace.load(tr.header.trace_id)),
    }),
  }));
}
