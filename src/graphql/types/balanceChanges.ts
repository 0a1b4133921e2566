/**
 * Balance changes of a trace or an action (TON Center's `balanceChanges`): the root twin, and
 * `Trace.balanceChanges` batched by a loader (every trace of a request computed in the same few statements).
 */
import { ApiError } from '../../errors';
import { BALANCE_CHANGES, balanceChangesRequest, findBalanceChanges, tracesBalanceChanges } from '../../operations/balanceChanges';
import { graphqlSource } from '../../params/spec';
import { type Changes, netChanges } from '../../traces/balanceChanges';
import { builder } from '../builder';
import { routeArgs } from '../params';
import { accountOf } from '../assets';
import { Account } from './account';
import { Trace } from './trace';

const byAddress = <V>(map: Map<string, V>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

interface Amount {
  address: string;
  nanotons: bigint;
}

interface JettonAmount {
  owner: string;
  jetton: string;
  amount: bigint;
}

const BalanceChange = builder.objectRef<Amount>('BalanceChange').implement({
  description: 'Nanotons an address gained (positive) or lost (negative), or paid in fees.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The address, raw.' }),
    account: t.field({
      type: Account,
      nullable: true,
      description: 'The address as an account; null for one that is not a raw address.',
      resolve: (c) => accountOf(c.address),
    }),
    nanotons: t.field({ type: 'BigInt', description: 'The amount in nanotons, exact (a decimal string).', resolve: (c) => c.nanotons }),
  }),
});

const JettonAmountChange = builder.objectRef<JettonAmount>('JettonAmountChange').implement({
  description: "Jettons of one master an owner gained (positive) or lost (negative), read from the trace's jetton transfer bodies.",
  fields: (t) => ({
    ownerAddress: t.exposeString('owner', {
      description: 'The owner whose balance moved, raw; empty when the sending or receiving jetton wallet is not indexed.',
    }),
    owner: t.field({ type: Account, nullable: true, description: 'The owner as an account; null when not known.', resolve: (c) => accountOf(c.owner) }),
    jettonAddress: t.exposeString('jetton', { description: 'The jetton master, raw; empty when the jetton wallet is not indexed.' }),
    jetton: t.field({
      type: Account,
      nullable: true,
      description: 'The jetton master as an account; null when not known.',
      resolve: (c) => accountOf(c.jetton),
    }),
    amount: t.field({ type: 'BigInt', description: "The amount in the jetton's units, exact (a decimal string).", resolve: (c) => c.amount }),
  }),
});

const amounts = (map: Map<string, bigint>): Amount[] => byAddress(map).map(([address, nanotons]) => ({ address, nanotons }));

const BalanceChanges = builder.objectRef<Changes>('BalanceChanges').implement({
  description:
    "What a trace or an action moved, per address, as TON Center's `balanceChanges` computes it: nanotons net of fees, the fees, and jetton amounts. REST gives maps keyed by address; here they are lists sorted by address (then by jetton master), so every field is typed.",
  fields: (t) => ({
    changes: t.field({
      type: [BalanceChange],
      description: "Per address, the nanotons it received less those it sent and the fees it paid (REST's `changes`), by address.",
      resolve: (c) => amounts(netChanges(c)),
    }),
    fees: t.field({ type: [BalanceChange], description: "Per address, the fees it paid (REST's `fees`), by address.", resolve: (c) => amounts(c.fees) }),
    jettons: t.field({
      type: [JettonAmountChange],
      description: "Per owner and jetton master, the jetton amount that moved (REST's `jettons`), by owner then master.",
      resolve: (c) => byAddress(c.jettons).flatMap(([owner, byMaster]) => byAddress(byMaster).map(([jetton, amount]) => ({ owner, jetton, amount }))),
    }),
  }),
});

builder.objectFields(Trace, (t) => ({
  balanceChanges: t.loadable({
    type: BalanceChanges,
    nullable: true,
    complexity: { field: 5, multiplier: 1 },
    description:
      "What the trace moved, per address (REST's `balanceChanges?trace_id=`); the traces of a request are computed together, in the same few statements. Null for a trace only emulated so far, and for an incomplete one (`isIncomplete`).",
    // a per-request loader (the dataloader plugin's): the traces of one tick in one call, a failing one failing alone
    load: async (ids: string[], ctx) => (await tracesBalanceChanges(ctx, ids)).map((r) => (r instanceof ApiError ? (r.status === 404 ? null : r) : r.trace)),
    resolve: (tr) => (tr.source !== 'database' || tr.incomplete ? null : tr.header.trace_id),
  }),
}));

builder.queryField('balanceChanges', (t) =>
  t.field({
    type: BalanceChanges,
    nullable: true,
    args: routeArgs(t.arg, BALANCE_CHANGES),
    description:
      "What a trace or one of its actions moved, per address (REST's `balanceChanges`: `traceId`, `actionId`, or both to look the action up in that trace). Null for an action TON Center computes none for (a `contract_deploy`, one not finished); NOT_FOUND for a trace or action the database does not hold.",
    resolve: (_root, args, ctx) => findBalanceChanges(ctx, balanceChangesRequest(graphqlSource(args))),
  }),
);
