import { ACTION_DETAILS, COMPOSITES, type DetailField, type Scalar } from '../../actions/details';
import { compositeDescription, compositeFieldDescription, detailFieldDescription, detailsObjectDescription } from '../../actions/docs';
import { opcodeToUnsigned, parseOpcode } from '../../encoding/numbers';
import { DETAILS_TYPE, toWireAction, type WireAction } from '../../wire/action';
import type { RequestContext } from '../../context';
import { actionKey, actionsKeyset, type ActionFilter } from '../../data/actions';
import { graphqlSource } from '../../params/spec';
import { ACTIONS, actionsRequest } from '../../operations/actions';
import { keysetConnection, pageComplexity } from '../connection';
import { OFFSET_PAGING, routeArgs } from '../params';
import type { DefaultConnectionArguments } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { Finality } from './enums';

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (s: string) => camel(s).replace(/^./, (c) => c.toUpperCase());

type Obj = Record<string, unknown>;
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** One GraphQL object per composite a details key can hold (a swap's transfers, a DNS record's value, ...). */
const compositeRefs = new Map(
  COMPOSITES.map((of) => [
    of,
    builder.objectRef<Obj>(of.name).implement({
      description: compositeDescription(of),
      fields: (t) => Object.fromEntries(of.fields.map((f) => [camel(f.key), scalarField(t, compositeFieldDescription(of, f), f.kind, (o) => o[f.key])])),
    }),
  ]),
);

/** A typed field of a scalar kind; the wire value is already in the kind's form (see actions/shape.ts). */
function scalarField(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Obj>, description: string | undefined, kind: Scalar, get: (o: Obj) => unknown) {
  const v = (o: Obj) => (get(o) ?? null) as never;
  switch (kind) {
    case 'decimal':
    case 'int64':
      return t.field({ type: 'BigInt', nullable: true, description, resolve: v });
    case 'opcode':
      // the wire details carry TON Center's "0x%08x"; the typed field is the integer
      return t.field({ type: 'UInt32', nullable: true, description, resolve: (o) => opcodeToUnsigned(parseOpcode(get(o)) ?? null) });
    case 'bool':
      return t.boolean({ nullable: true, description, resolve: v });
    case 'int':
      return t.int({ nullable: true, description, resolve: v });
    case 'intString':
      return t.int({ nullable: true, description, resolve: (o) => (get(o) === null || get(o) === undefined ? null : Number(get(o))) });
    case 'currencies':
      return t.field({ type: 'JSON', nullable: true, description, resolve: v });
    case 'addressList':
      return t.stringList({ nullable: true, description, resolve: v });
    case 'decimalList':
      return t.field({ type: ['BigInt'], nullable: true, description, resolve: v });
    default:
      return t.string({ nullable: true, description, resolve: v });
  }
}

function detailField(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Obj>, type: string, f: DetailField) {
  const description = detailFieldDescription(type, f);
  const get = (o: Obj) => o[f.key] ?? null;
  if (f.kind === 'object') return t.field({ type: compositeRefs.get(f.of!)!, nullable: true, description, resolve: (o) => get(o) as Obj | null });
  if (f.kind === 'list')
    return t.field({ type: [compositeRefs.get(f.of!)!], complexity: { field: 1, multiplier: 3 }, description, resolve: (o) => (get(o) as Obj[] | null) ?? [] });
  return scalarField(t, description, f.kind, get);
}

/** One typed details object per declared shape (types sharing a shape share the object), from the same table the REST wire uses. */
const shapes = new Map<readonly DetailField[], { name: string; types: string[] }>();
for (const [type, fields] of Object.entries(ACTION_DETAILS)) {
  if (fields.length === 0) continue;
  const shape = shapes.get(fields) ?? { name: `${pascal(type)}Details`, types: [] };
  shape.types.push(type);
  shapes.set(fields, shape);
}
const typeName = new Map<string, string>();
const detailRefs = [...shapes].map(([fields, shape]) => {
  for (const type of shape.types) typeName.set(type, shape.name);
  return builder.objectRef<Obj>(shape.name).implement({
    description: detailsObjectDescription(shape.types),
    // types sharing a shape share its fields, so the first type's field descriptions serve them all
    fields: (t) => Object.fromEntries(fields.map((f) => [camel(f.key), detailField(t, shape.types[0], f)])),
  });
});

const ActionDetails = builder.unionType('ActionDetails', {
  description: `Typed details, one object per details shape TON Center gives (every action type it shapes but tick_tock, whose details are empty); \`Action.details\` holds the same as JSON.`,
  types: detailRefs,
  resolveType: (details) => (details as Obj).__typename as string,
});

export const Action = builder.objectRef<WireAction>('Action').implement({
  description:
    "What a trace did, in terms people use (a transfer, a swap, ...), classified from its transactions by ton-indexer's action classifier (ton-indexer `actions`, or the emulator's classification for pending traces). Actions nest: a swap contains jetton transfers; an action inside another lists the outer types as its ancestors. Which are returned follows TON Center's supported-action-types rule: an action shows when its type is supported and no action it is part of has a supported type (`supportedActionTypes`, default `latest`).",
  fields: (t) => ({
    actionId: t.exposeString('action_id', { description: 'Id of the action within its trace (base64 of 32 bytes, set by the classifier).' }),
    type: t.exposeString('type', {
      description:
        'Action type, a TON Center v3 name (`extra_currency_transfer` for a ton_transfer or call_contract carrying extra currencies). A type TON Center does not shape (`unknown`, ...) carries its raw columns in `details` and no typed details.',
    }),
    success: t.exposeBoolean('success', { nullable: true, description: 'Whether the action succeeded, as the classifier judged it from its transactions.' }),
    startLt: t.expose('start_lt', { type: 'BigInt', nullable: true, description: 'Logical time of the first transaction of the action.' }),
    endLt: t.expose('end_lt', { type: 'BigInt', nullable: true, description: 'Logical time of the last transaction of the action.' }),
    startUtime: t.exposeInt('start_utime', { nullable: true, description: 'Unix time (seconds) of the first transaction of the action.' }),
    endUtime: t.exposeInt('end_utime', { nullable: true, description: 'Unix time (seconds) of the last transaction of the action.' }),
    traceId: t.exposeString('trace_id', { nullable: true, description: 'Id of the trace the action was classified from (the root transaction hash, base64).' }),
    traceEndLt: t.expose('trace_end_lt', { type: 'BigInt', nullable: true, description: "Logical time of the trace's last transaction." }),
    traceEndUtime: t.exposeInt('trace_end_utime', { nullable: true, description: "Unix time (seconds) of the trace's last transaction." }),
    traceMcSeqnoEnd: t.exposeInt('trace_mc_seqno_end', {
      nullable: true,
      description: "Seqno of the masterchain block that committed the trace's last transaction.",
    }),
    traceExternalHash: t.exposeString('trace_external_hash', {
      nullable: true,
      description: 'Hash of the external-in message that started the trace (base64).',
    }),
    traceExternalHashNorm: t.exposeString('trace_external_hash_norm', {
      nullable: true,
      description: 'Normalized hash of that external message (see `Message.hashNorm`).',
    }),
    transactions: t.exposeStringList('transactions', { description: 'Hashes of the transactions the action spans (base64; ton-indexer `actions.tx_hashes`).' }),
    accounts: t.exposeStringList('accounts', { description: 'Raw addresses of the accounts the action involves, sorted (ton-indexer `action_accounts`).' }),
    finality: t.field({
      type: Finality,
      description:
        "How final the action is: FINALIZED for stored actions; for an emulated trace's actions the classifier's value (PENDING while the trace is only emulated, CONFIRMED once its transactions are in shard blocks).",
      resolve: (a) => a.finality,
    }),
    details: t.field({
      type: 'JSON',
      description: 'What the action did, shaped per type as TON Center v3 does (addresses raw, amounts decimal strings, opcodes "0x%08x").',
      resolve: (a) => a.details,
    }),
    typedDetails: t.field({
      type: ActionDetails,
      nullable: true,
      description: 'The same details, typed: one object per shape; null for tick_tock and for types TON Center does not shape.',
      resolve: (a) => {
        const name = typeName.get(a[DETAILS_TYPE]);
        return name ? { __typename: name, ...a.details } : null;
      },
    }),
  }),
});

/** Every action connection: the same edge and page shapes wherever a list of actions can grow without bound. */
export const ActionConnection = builder.connectionObject(
  { type: Action, name: 'ActionConnection', description: 'A page of actions with keyset cursors (Relay connection).' },
  { name: 'ActionEdge', description: 'An action in a page, with its cursor.' },
);

/** An action connection over a filter: newest trace end first, then trace, action end and action id. */
export const actionConnection = (field: string, filter: ActionFilter, args: DefaultConnectionArguments, ctx: RequestContext) =>
  keysetConnection(
    field,
    actionKey(filter.account !== undefined),
    args,
    (a: WireAction) => a,
    async (page) => (await actionsKeyset(ctx.db, filter, page)).map((a) => toWireAction(a, ctx.services.network)),
  );

builder.queryField('actions', (t) =>
  t.field({
    type: ActionConnection,
    args: { ...routeArgs(t.arg, ACTIONS, [...OFFSET_PAGING, 'include_accounts', 'include_transactions']), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Actions matching every filter (REST's `/api/v3/actions` filters, all combinable), newest trace end (lt) first whatever the windows, as a connection with keyset cursors; actions of traces without an end lt yet are not listed. `transactionsFull` and `trace` navigate from each.",
    resolve: (_root, args, ctx) => actionConnection('actions', actionsRequest(graphqlSource(args)).filter, args, ctx),
  }),
);
