import type { Finality } from '../traces/model';
import { DEX_TRANSFER_FIELDS, PEER_SWAP_FIELDS, storedPaths, type DetailField } from '../actions/details';
import type { Queryable } from '../db/types';

/** An action row with its detail columns read as `paths[<column>[.<field>]]`, decimals as strings. */
export interface ActionRow {
  trace_id: string;
  action_id: string;
  type: string;
  success: boolean | null;
  start_lt: string | null;
  end_lt: string | null;
  start_utime: string | null;
  end_utime: string | null;
  trace_end_lt: string | null;
  trace_end_utime: number | null;
  trace_mc_seqno_end: number | null;
  trace_external_hash: string | null;
  trace_external_hash_norm: string | null;
  tx_hashes: string[] | null;
  accounts: string[];
  /** Types of the actions this one is part of (a swap's transfers name the swap). */
  ancestor_type: string[];
  paths: Record<string, unknown>;
  /** The classifier's, for actions of emulated traces; stored actions are final. */
  finality?: Finality;
}

const DECIMAL_KINDS = new Set(['decimal', 'opcode']);

function expression(field: DetailField): string {
  const [column, member] = field.path;
  const ref = member === undefined ? `A.${column}` : `(A.${column}).${member}`;
  switch (field.kind) {
    case 'dexTransfer': {
      const parts = DEX_TRANSFER_FIELDS.map(([name, kind]) => `'${name}', (${ref}).${name}${kind === 'decimal' ? '::text' : ''}`);
      return `case when ${ref} is null then null else json_build_object(${parts.join(', ')}) end`;
    }
    case 'peerSwaps': {
      const parts = PEER_SWAP_FIELDS.map(([name, kind]) => `'${name}', p.${name}${kind === 'decimal' ? '::text' : ''}`);
      return `(select coalesce(json_agg(json_build_object(${parts.join(', ')})), '[]'::json) from unnest(${ref}) as p)`;
    }
    default:
      return DECIMAL_KINDS.has(field.kind) ? `${ref}::text` : ref;
  }
}

const PATHS = storedPaths();

const SELECT = `select A.trace_id, A.action_id, A.type, A.success, A.start_lt, A.end_lt, A.start_utime, A.end_utime,
    A.trace_end_lt, A.trace_end_utime, A.trace_mc_seqno_end, A.trace_external_hash, A.trace_external_hash_norm,
    A.tx_hashes::text[] as tx_hashes, coalesce(A.ancestor_type, '{}')::text[] as ancestor_type,
    array(select AA.account::text from action_accounts AA
           where AA.trace_id = A.trace_id and AA.action_id = A.action_id order by AA.account) as accounts,
    ${PATHS.map((p, i) => `${expression(p)} as p${i}`).join(',\n    ')}
  from actions A`;

function toActionRow(raw: Record<string, unknown>): ActionRow {
  const paths: Record<string, unknown> = {};
  PATHS.forEach((p, i) => {
    paths[p.path.join('.')] = raw[`p${i}`];
    delete raw[`p${i}`];
  });
  return { ...(raw as Omit<ActionRow, 'paths'>), paths };
}

/** Batch function: the actions of each trace, by start_lt then end_lt (toncenter's /traces order). */
export async function actionsByTraces(db: Queryable, traceIds: readonly string[]): Promise<ActionRow[][]> {
  const rows = await db.query<Record<string, unknown>>(
    `${SELECT} where A.trace_id = any($1::text[]::tonhash[]) order by A.trace_id, A.start_lt, A.end_lt, A.action_id`,
    [traceIds],
  );
  const byTrace = new Map<string, ActionRow[]>(traceIds.map((id) => [id, []]));
  for (const raw of rows) {
    const row = toActionRow(raw);
    byTrace.get(row.trace_id)?.push(row);
  }
  return traceIds.map((id) => byTrace.get(id)!);
}
