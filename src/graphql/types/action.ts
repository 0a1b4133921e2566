import { ACTION_DETAILS, DEX_TRANSFER_FIELDS, PEER_SWAP_FIELDS, type DetailField } from '../../actions/details';
import { opcodeToUnsigned, parseOpcode } from '../../encoding/numbers';
import type { WireAction } from '../../wire/action';
import { builder } from '../builder';
import { Finality } from './enums';

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (s: string) => camel(s).replace(/^./, (c) => c.toUpperCase());

type Obj = Record<string, unknown>;
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** A GraphQL object for a composite of the indexer's action details (name, then kind, per field). */
const compositeObject = (name: string, description: string, fields: readonly (readonly [string, string])[]) =>
  builder.objectRef<Obj>(name).implement({
    description,
    fields: (t) =>
      Object.fromEntries(
        fields.map(([field, kind]) => [
          camel(field),
          t.field({ type: kind === 'decimal' ? 'BigInt' : 'String', nullable: true, resolve: (o) => (o[field] ?? null) as string | null }),
        ]),
      ),
  });

const DexTransfer = compositeObject('DexTransfer', 'One jetton transfer into or out of a DEX within a swap.', DEX_TRANSFER_FIELDS);
const PeerSwap = compositeObject('PeerSwap', 'One hop of a routed swap.', PEER_SWAP_FIELDS);

function detailField(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Obj>, f: DetailField) {
  const get = (o: Obj) => o[f.key] ?? null;
  switch (f.kind) {
    case 'decimal':
      return t.field({ type: 'BigInt', nullable: true, resolve: (o) => get(o) as string | null });
    case 'opcode':
      // the wire details carry toncenter's "0x%08x"; the typed field is the integer
      return t.field({ type: 'UInt32', nullable: true, resolve: (o) => opcodeToUnsigned(parseOpcode(get(o)) ?? null) });
    case 'bool':
      return t.boolean({ nullable: true, resolve: (o) => get(o) as boolean | null });
    case 'int':
      return t.int({ nullable: true, resolve: (o) => get(o) as number | null });
    case 'currencies':
      return t.field({ type: 'JSON', nullable: true, resolve: get });
    case 'dexTransfer':
      return t.field({ type: DexTransfer, nullable: true, resolve: (o) => get(o) as Obj | null });
    case 'peerSwaps':
      return t.field({ type: [PeerSwap], complexity: { field: 1, multiplier: 3 }, resolve: (o) => (get(o) as Obj[] | null) ?? [] });
    case 'derived':
      return f.key.startsWith('is_') ? t.boolean({ nullable: true, resolve: (o) => get(o) as boolean | null }) : t.string({ nullable: true, resolve: (o) => get(o) as string | null });
    default:
      return t.string({ nullable: true, resolve: (o) => get(o) as string | null });
  }
}

/** One typed details object per declared shape (types sharing a shape share the object), from the same map the REST wire uses. */
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
    description: `Details of ${shape.types.join(' and ')} actions.`,
    fields: (t) => Object.fromEntries(fields.map((f) => [camel(f.key), detailField(t, f)])),
  });
});

const ActionDetails = builder.unionType('ActionDetails', {
  description: 'Typed details for the main action types; `Action.details` holds every type as JSON.',
  types: detailRefs,
  resolveType: (details) => (details as Obj).__typename as string,
});

export const Action = builder.objectRef<WireAction>('Action').implement({
  description: 'What a trace did, in terms people use (a transfer, a swap, ...), classified from its transactions.',
  fields: (t) => ({
    actionId: t.exposeString('action_id'),
    type: t.exposeString('type'),
    success: t.exposeBoolean('success', { nullable: true }),
    startLt: t.expose('start_lt', { type: 'BigInt', nullable: true }),
    endLt: t.expose('end_lt', { type: 'BigInt', nullable: true }),
    startUtime: t.exposeInt('start_utime', { nullable: true }),
    endUtime: t.exposeInt('end_utime', { nullable: true }),
    traceId: t.exposeString('trace_id', { nullable: true }),
    traceEndLt: t.expose('trace_end_lt', { type: 'BigInt', nullable: true }),
    traceEndUtime: t.exposeInt('trace_end_utime', { nullable: true }),
    traceMcSeqnoEnd: t.exposeInt('trace_mc_seqno_end', { nullable: true }),
    traceExternalHash: t.exposeString('trace_external_hash', { nullable: true }),
    traceExternalHashNorm: t.exposeString('trace_external_hash_norm', { nullable: true }),
    transactions: t.exposeStringList('transactions', { description: 'Hashes of the transactions the action spans.' }),
    accounts: t.exposeStringList('accounts'),
    finality: t.field({ type: Finality, resolve: (a) => a.finality }),
    details: t.field({ type: 'JSON', description: 'Shaped per type as TON Center v3 does.', resolve: (a) => a.details }),
    typedDetails: t.field({
      type: ActionDetails,
      nullable: true,
      description: 'The same details, typed, for the main action types; null for the others.',
      resolve: (a) => {
        const name = typeName.get(a.type);
        return name ? { __typename: name, ...a.details } : null;
      },
    }),
  }),
});
