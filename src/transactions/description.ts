/**
 * The transaction description (TL-B `TransactionDescr`): how ton-indexer flattens it into `transactions` columns
 * and how TON Center v3 nests it into phases. One declaration serves the row type, the column list, the importer,
 * the wire shape, the emulator codec, the OpenAPI schema and the GraphQL types. Fields are in wire order, which
 * is also the indexer's column order.
 */
import type { ExtraCurrencies, Int64 } from '../data/scalars';

export const DESCR_TYPES = ['ord', 'storage', 'tick_tock', 'split_prepare', 'split_install', 'merge_prepare', 'merge_install'] as const;
export const STATUS_CHANGES = ['unchanged', 'frozen', 'deleted'] as const;
export const SKIP_REASONS = ['no_state', 'bad_state', 'no_gas', 'suspended'] as const;
export const BOUNCE_TYPES = ['negfunds', 'nofunds', 'ok'] as const;

/** A ton-indexer enum: its values (their index is the emulator's code), its GraphQL enum, and its name in errors. */
export interface DescrEnum {
  values: readonly string[];
  graphql: 'TransactionType' | 'StatusChange' | 'ComputeSkipReason' | 'BounceType';
  what: string;
}

const DESCR_TYPE: DescrEnum = { values: DESCR_TYPES, graphql: 'TransactionType', what: 'transaction type' };
const STATUS_CHANGE: DescrEnum = { values: STATUS_CHANGES, graphql: 'StatusChange', what: 'status change' };
const SKIP_REASON: DescrEnum = { values: SKIP_REASONS, graphql: 'ComputeSkipReason', what: 'skip reason' };
const BOUNCE_TYPE: DescrEnum = { values: BOUNCE_TYPES, graphql: 'BounceType', what: 'bounce type' };

/**
 * How a value is stored and shown. int, int8 and int32 are JSON integers (int: the importer's default range);
 * int64 a decimal string; count64 a bigint column shown as a JSON number (toncenter's `vm_steps`); msgSize two
 * bigint columns `<column>_cells` and `<column>_bits` shown as `{cells, bits}`, null when cells is.
 */
export type DescrKind = 'bool' | 'int' | 'int8' | 'int32' | 'int64' | 'count64' | 'enum' | 'hash' | 'text' | 'currencies' | 'msgSize';

/**
 * Where the trace emulator's msgpack keeps a field (ton-trace-emulator Serializer.hpp): its position in the
 * phase's array, or in the body of a tagged phase for the listed tags; 'tag' is the tag itself.
 */
export type Packed = { at: number; tags?: readonly number[] } | 'tag';

export interface DescrField<C extends string = string, K extends DescrKind = DescrKind> {
  /** The wire key inside its phase (or in the description itself). */
  key: string;
  /** The `transactions` column; for msgSize, the prefix of its two columns. */
  column: C;
  kind: K;
  enum?: DescrEnum;
  /** The importer rejects the phase without it. */
  required?: boolean;
  /** Compute phase only: set just when the phase was skipped, or just when it ran. */
  when?: 'skipped' | 'ran';
  packed?: Packed;
  /** What the emulator's decoder fills in for a field its format does not carry, when the phase is present. */
  emulated?: string | boolean | Record<string, never>;
  description: string;
}

export interface DescrPhase<F extends readonly DescrField[] = readonly DescrField[]> {
  /** The wire key of the phase; null for the description's own fields. */
  key: string | null;
  /** Its GraphQL object type, and the description of the field that holds it. */
  graphql: { name: string; description: string; field?: string };
  /** Where the emulator packs the phase in its description array, and whether it is a tagged union. */
  packed?: { at: number; tagged?: boolean };
  fields: F;
}

/** A phase proper: it has a wire key and a field that holds it. */
export type Phase = DescrPhase & { key: string; graphql: { field: string } };

const field = <C extends string, K extends DescrKind>(
  key: string,
  column: C,
  kind: K,
  description: string,
  more: Partial<Omit<DescrField, 'key' | 'column' | 'kind' | 'description'>> = {},
): DescrField<C, K> => ({ key, column, kind, description, ...more });

const at = (i: number, tags?: readonly number[]): Packed => (tags ? { at: i, tags } : { at: i });

const TOP = {
  key: null,
  graphql: {
    name: 'TransactionDescription',
    description:
      'What happened in each phase of the transaction (TL-B `TransactionDescr`, flattened into ton-indexer `transactions` columns). An ordinary transaction runs storage, credit, compute, action and, if it failed with a bounceable message, bounce phases; a phase that did not run is null.',
  },
  fields: [
    field('type', 'descr', 'enum', 'Kind of transaction (ton-indexer `descr`).', { enum: DESCR_TYPE, required: true, emulated: 'ord' }),
    field(
      'aborted',
      'aborted',
      'bool',
      "True when the transaction did not complete: the compute phase was skipped or failed, or the action phase failed. The account's state changes are rolled back; fees are still paid.",
      { packed: at(5) },
    ),
    field('destroyed', 'destroyed', 'bool', 'True when the account was deleted by this transaction.', { packed: at(7) }),
    field(
      'credit_first',
      'credit_first',
      'bool',
      'True when the credit phase ran before the storage phase, which happens when the inbound message is not bounceable.',
      { packed: at(0) },
    ),
    field('is_tock', 'is_tock', 'bool', 'For a tick-tock transaction, true for tock (end of block), false for tick (start); null for other types.', {
      emulated: false,
    }),
    field(
      'installed',
      'installed',
      'bool',
      'For split_install and merge_install transactions, whether the prepared account was installed; null for other types.',
      { emulated: false },
    ),
  ],
} as const satisfies DescrPhase;

const STORAGE = {
  key: 'storage_ph',
  graphql: {
    name: 'StoragePhase',
    description:
      'The storage phase: the account pays rent for the bits and cells it stores, for the time since its last payment (ton-indexer `transactions.storage_*`; present when `storage_status_change` is set).',
    field: 'The storage phase (TON Center v3 `storage_ph`).',
  },
  packed: { at: 1 },
  fields: [
    field('storage_fees_collected', 'storage_fees_collected', 'int64', 'Storage fees collected from the balance, in nanotons.', { packed: at(0) }),
    field(
      'storage_fees_due',
      'storage_fees_due',
      'int64',
      'Storage fees the balance could not cover, in nanotons: a debt collected from later incoming value (null when none).',
      { packed: at(1) },
    ),
    field('status_change', 'storage_status_change', 'enum', 'Whether unpaid storage froze or deleted the account.', {
      enum: STATUS_CHANGE,
      required: true,
      packed: at(2),
    }),
  ],
} as const satisfies DescrPhase;

const CREDIT = {
  key: 'credit_ph',
  graphql: {
    name: 'CreditPhase',
    description: "The credit phase: the inbound internal message's value is added to the balance (ton-indexer `transactions.credit*`).",
    field: 'The credit phase (`credit_ph`); null when there is no inbound internal message.',
  },
  packed: { at: 2 },
  fields: [
    field(
      'due_fees_collected',
      'credit_due_fees_collected',
      'int64',
      'Storage debt paid out of the incoming value, in nanotons (ton-indexer `credit_due_fees_collected`).',
      { packed: at(0) },
    ),
    field('credit', 'credit', 'int64', 'Value credited to the account, in nanotons.', { packed: at(1) }),
    field(
      'credit_extra_currencies',
      'credit_extra_currencies',
      'currencies',
      'Extra currencies credited: `{"<currency id>": "<amount>"}`, amounts as decimal strings.',
      { emulated: {} },
    ),
  ],
} as const satisfies DescrPhase;

// The emulator packs the compute phase as [0, [reason]] when skipped and [1, [success, …]] when it ran.
const ran = (i: number): Pick<DescrField, 'when' | 'packed'> => ({ when: 'ran', packed: at(i, [1]) });

const COMPUTE = {
  key: 'compute_ph',
  graphql: {
    name: 'ComputePhase',
    description:
      "The compute phase: TVM runs the account's code on the inbound message (or tick-tock), paying for gas from the balance (ton-indexer `transactions.compute_*`). When skipped, only `skipped` and `reason` are set.",
    field: 'The compute phase (`compute_ph`).',
  },
  packed: { at: 3, tagged: true },
  fields: [
    field('skipped', 'compute_skipped', 'bool', 'True when TVM did not run; see `reason`.', { required: true, packed: 'tag' }),
    field('reason', 'skipped_reason', 'enum', 'Why the phase was skipped (ton-indexer `skipped_reason`); null when it ran.', {
      enum: SKIP_REASON,
      when: 'skipped',
      packed: at(0, [0]),
    }),
    field('success', 'compute_success', 'bool', 'True when TVM ended with exit code 0 or 1 and committed its new state.', ran(0)),
    field(
      'msg_state_used',
      'compute_msg_state_used',
      'bool',
      "True when the code and data came from the message's state init (the contract was deployed by this message).",
      ran(1),
    ),
    field('account_activated', 'compute_account_activated', 'bool', 'True when this phase turned an uninitialized account active.', ran(2)),
    field('gas_fees', 'compute_gas_fees', 'int64', 'Fees paid for the gas used, in nanotons.', ran(3)),
    field('gas_used', 'compute_gas_used', 'int64', 'Gas consumed, in gas units.', ran(4)),
    field(
      'gas_limit',
      'compute_gas_limit',
      'int64',
      'Gas the run could buy with the available value, in gas units; 0 for an external-in message, which starts on `gasCredit`.',
      ran(5),
    ),
    field(
      'gas_credit',
      'compute_gas_credit',
      'int64',
      'Gas, in units, lent to an external-in message so it can run until the contract accepts it (ACCEPT); not set for internal messages.',
      ran(6),
    ),
    field('mode', 'compute_mode', 'int8', 'TVM mode byte of the phase (TL-B `mode:int8`), usually 0.', ran(7)),
    field(
      'exit_code',
      'compute_exit_code',
      'int32',
      'TVM exit code: 0 and 1 are success; other codes are errors, raised by TVM itself (2 to 13, e.g. 9 cell underflow; -14 out of gas) or thrown by the contract code.',
      ran(8),
    ),
    field('exit_arg', 'compute_exit_arg', 'int32', 'Argument of the exception that ended the run, when there was one.', ran(9)),
    field('vm_steps', 'compute_vm_steps', 'count64', 'Number of TVM instructions executed.', ran(10)),
    field('vm_init_state_hash', 'compute_vm_init_state_hash', 'hash', 'Hash of the TVM state at the start of the run (base64 of 32 bytes).', ran(11)),
    field('vm_final_state_hash', 'compute_vm_final_state_hash', 'hash', 'Hash of the TVM state at the end of the run (base64 of 32 bytes).', ran(12)),
  ],
} as const satisfies DescrPhase;

const ACTION = {
  key: 'action',
  graphql: {
    name: 'ActionPhase',
    description:
      'The action phase: the actions the compute phase queued (send a message, reserve funds, set code, change a library) are performed, all or nothing unless sent with the ignore-errors flag (ton-indexer `transactions.action_*`). It runs only after a successful compute phase.',
    field: 'The action phase; null when the compute phase did not succeed.',
  },
  packed: { at: 4 },
  fields: [
    field('success', 'action_success', 'bool', 'True when every action was performed.', { required: true, packed: at(0) }),
    field('valid', 'action_valid', 'bool', 'True when the action list could be parsed.', { packed: at(1) }),
    field('no_funds', 'action_no_funds', 'bool', 'True when the phase failed because the balance could not pay for an action (a message value or its fees).', {
      packed: at(2),
    }),
    field('status_change', 'action_status_change', 'enum', 'Whether the actions deleted the account (a message sent with the destroy flag).', {
      enum: STATUS_CHANGE,
      packed: at(3),
    }),
    field('total_fwd_fees', 'action_total_fwd_fees', 'int64', 'Forwarding fees of all the messages sent, in nanotons.', { packed: at(4) }),
    field(
      'total_action_fees',
      'action_total_action_fees',
      'int64',
      "Fees collected in this phase, in nanotons: mostly the share of the messages' forwarding fees taken at once.",
      { packed: at(5) },
    ),
    field(
      'result_code',
      'action_result_code',
      'int32',
      'Result of the phase: 0 on success, else the error of the failing action (e.g. 37 not enough TON to send a message, 33 too many actions).',
      { packed: at(6) },
    ),
    field('result_arg', 'action_result_arg', 'int32', 'When the phase failed, usually the index of the failing action in the action list.', { packed: at(7) }),
    field('tot_actions', 'action_tot_actions', 'int', 'Number of actions in the action list.', { packed: at(8) }),
    field(
      'spec_actions',
      'action_spec_actions',
      'int',
      'Number of actions other than sending messages (reserve, set code, change library) that were performed.',
      { packed: at(9) },
    ),
    field(
      'skipped_actions',
      'action_skipped_actions',
      'int',
      'Number of messages that failed and were skipped because they were sent with the ignore-errors flag (mode +2).',
      { packed: at(10) },
    ),
    field('msgs_created', 'action_msgs_created', 'int', 'Number of outbound messages created.', { packed: at(11) }),
    field('action_list_hash', 'action_action_list_hash', 'hash', 'Hash of the action list (base64 of 32 bytes).', { packed: at(12) }),
    field('tot_msg_size', 'action_tot_msg_size', 'msgSize', 'Total size of the messages created.', { packed: at(13) }),
  ],
} as const satisfies DescrPhase;

// The emulator's bounce phase is tagged by bounce type: negfunds [0, [nil]], nofunds [1, [size, req_fwd_fees]],
// ok [2, [size, msg_fees, fwd_fees]].
const BOUNCE = {
  key: 'bounce',
  graphql: {
    name: 'BouncePhase',
    description:
      'The bounce phase: after a failed compute or action phase, a bounceable inbound message returns its remaining value to the sender in a bounced message (ton-indexer `transactions.bounce*`).',
    field: 'The bounce phase; null unless a bounceable message failed.',
  },
  packed: { at: 6, tagged: true },
  fields: [
    field('type', 'bounce', 'enum', 'Whether a bounced message was sent, and if not why.', { enum: BOUNCE_TYPE, required: true, packed: 'tag' }),
    field('msg_size', 'bounce_msg_size', 'msgSize', 'Size of the bounced message (set for NOFUNDS and OK).', { packed: at(0, [1, 2]) }),
    field('req_fwd_fees', 'bounce_req_fwd_fees', 'int64', 'Forwarding fees the bounced message would have needed, in nanotons (NOFUNDS).', {
      packed: at(1, [1]),
    }),
    field('msg_fees', 'bounce_msg_fees', 'int64', 'Fees collected at once for the bounced message, in nanotons (OK).', { packed: at(1, [2]) }),
    field('fwd_fees', 'bounce_fwd_fees', 'int64', 'Forwarding fees the bounced message carries, in nanotons (OK).', { packed: at(2, [2]) }),
  ],
} as const satisfies DescrPhase;

const SPLIT_INFO = {
  key: 'split_info',
  graphql: {
    name: 'SplitInfo',
    description:
      'Where an account stands in a shard split or merge (split_prepare, split_install, merge_prepare, merge_install transactions; ton-indexer `transactions.split_info_*`).',
    field: 'Shard split or merge details; null for other transaction types.',
  },
  fields: [
    field('cur_shard_pfx_len', 'split_info_cur_shard_pfx_len', 'int', 'Length in bits of the current shard prefix.', { required: true }),
    field('acc_split_depth', 'split_info_acc_split_depth', 'int', "The account's split depth (0 for ordinary accounts)."),
    field(
      'this_addr',
      'split_info_this_addr',
      'text',
      'The `this_addr` of TL-B `SplitMergeInfo`: the 256-bit account address this step concerns, as the indexer stores it.',
    ),
    field('sibling_addr', 'split_info_sibling_addr', 'text', 'The `sibling_addr` of TL-B `SplitMergeInfo`, as the indexer stores it.'),
  ],
} as const satisfies DescrPhase;

const ALL = [TOP, STORAGE, CREDIT, COMPUTE, ACTION, BOUNCE, SPLIT_INFO] as const;

/** The description's own fields (its GraphQL type is TransactionDescription). */
export const DESCRIPTION_FIELDS: DescrPhase = TOP;
/** The phases, in wire order. */
export const PHASES: readonly Phase[] = [STORAGE, CREDIT, COMPUTE, ACTION, BOUNCE, SPLIT_INFO];
/** Both: every field of the description, in wire order. */
export const DESCRIPTION: readonly DescrPhase[] = ALL;

type Field = (typeof ALL)[number]['fields'][number];
type ColumnsOf<F> = F extends DescrField<infer C, 'msgSize'> ? `${C}_cells` | `${C}_bits` : F extends DescrField<infer C> ? C : never;
type ValueOf<K extends DescrKind> = K extends 'bool'
  ? boolean
  : K extends 'int' | 'int8' | 'int32'
    ? number
    : K extends 'currencies'
      ? ExtraCurrencies
      : K extends 'int64' | 'count64' | 'msgSize'
        ? Int64
        : string;

/** The description columns of a `transactions` row. */
export type DescriptionRow = { [F in Field as ColumnsOf<F>]: ValueOf<F['kind']> | null };
export type DescriptionColumn = keyof DescriptionRow;

/** The columns a field is stored in: one, or a msgSize's cells and bits. */
export const columnsOf = (f: DescrField): string[] => (f.kind === 'msgSize' ? [`${f.column}_cells`, `${f.column}_bits`] : [f.column]);

/** Every description column, in the indexer's order. */
export const DESCRIPTION_COLUMNS = DESCRIPTION.flatMap((p) => p.fields.flatMap((f: DescrField) => columnsOf(f))) as DescriptionColumn[];

/**
 * Whether a phase took place: its first required field is set or, when it has none (credit), any of `fields`
 * (every field on the wire; the ones the emulator packs, for the emulator).
 */
export function phaseIsPresent(phase: DescrPhase, row: Readonly<Record<string, unknown>>, fields: readonly DescrField[] = phase.fields): boolean {
  return presenceColumns(phase, fields).some((c) => row[c] !== null);
}

/** The columns `phaseIsPresent` reads: the phase took place when any of them is set. */
export function presenceColumns(phase: DescrPhase, fields: readonly DescrField[] = phase.fields): string[] {
  const marker = phase.fields.find((f) => f.required);
  return marker ? [marker.column] : fields.flatMap(columnsOf);
}
