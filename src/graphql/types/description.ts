import { DESCRIPTION_FIELDS, PHASES, type DescrField, type DescrPhase } from '../../transactions/description';
import type { WirePhase } from '../../wire/transaction';
import { builder } from '../builder';
import { BounceType, ComputeSkipReason, StatusChange, TransactionType } from './enums';

type Size = { cells: string | null; bits: string | null };

const MsgSize = builder.objectRef<Size>('MsgSize').implement({
  description: 'Size of a set of messages as cells and bits, which forwarding fees are priced by (TL-B `StorageUsed`).',
  fields: (t) => ({
    bits: t.expose('bits', { type: 'BigInt', nullable: true, description: 'Number of data bits in the cells.' }),
    cells: t.expose('cells', { type: 'BigInt', nullable: true, description: 'Number of distinct cells.' }),
  }),
});

const ENUMS = { TransactionType, StatusChange, ComputeSkipReason, BounceType };

function typeOf(f: DescrField) {
  switch (f.kind) {
    case 'bool':
      return 'Boolean';
    case 'int':
    case 'int8':
    case 'int32':
    case 'count64':
      return 'Int';
    case 'int64':
      return 'BigInt';
    case 'hash':
    case 'text':
      return 'String';
    case 'currencies':
      return 'JSON';
    case 'enum':
      return ENUMS[f.enum!.graphql];
    case 'msgSize':
      return MsgSize;
  }
}

const camelCase = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

type PhaseRef = ReturnType<ReturnType<typeof builder.objectRef<WirePhase>>['implement']>;

/** A phase's object type: one nullable field per wire key, named in camelCase, then the phases it holds. */
function phaseType(phase: DescrPhase, nested: readonly { key: string; description: string; ref: PhaseRef }[] = []): PhaseRef {
  return builder.objectRef<WirePhase>(phase.graphql.name).implement({
    description: phase.graphql.description,
    fields: (t) => ({
      ...Object.fromEntries(
        phase.fields.map((f) => [
          camelCase(f.key),
          t.field({ type: typeOf(f) as 'String', nullable: true, description: f.description, resolve: (p) => p[f.key] as string | null }),
        ]),
      ),
      ...Object.fromEntries(
        nested.map((n) => [
          camelCase(n.key),
          t.field({ type: n.ref, nullable: true, description: n.description, resolve: (p) => p[n.key] as WirePhase | null }),
        ]),
      ),
    }),
  });
}

export const TransactionDescription = phaseType(
  DESCRIPTION_FIELDS,
  PHASES.map((phase) => ({ key: phase.key, description: phase.graphql.field, ref: phaseType(phase) })),
);
