import type { WireDescription } from '../../wire/transaction';
import { builder } from '../builder';
import { BounceType, ComputeSkipReason, StatusChange, TransactionType } from './enums';

type Phase<K extends keyof WireDescription> = NonNullable<WireDescription[K]>;
type Size = NonNullable<Phase<'action'>['tot_msg_size']>;

const MsgSize = builder.objectRef<Size>('MsgSize').implement({
  description: 'Size of a set of messages as cells and bits, which forwarding fees are priced by (TL-B `StorageUsed`).',
  fields: (t) => ({
    bits: t.expose('bits', { type: 'BigInt', nullable: true, description: 'Number of data bits in the cells.' }),
    cells: t.expose('cells', { type: 'BigInt', nullable: true, description: 'Number of distinct cells.' }),
  }),
});

const StoragePhase = builder.objectRef<Phase<'storage_ph'>>('StoragePhase').implement({
  description:
    "The storage phase: the account pays rent for the bits and cells it stores, for the time since its last payment (ton-indexer `transactions.storage_*`; present when `storage_status_change` is set).",
  fields: (t) => ({
    storageFeesCollected: t.expose('storage_fees_collected', { type: 'BigInt', nullable: true, description: 'Storage fees collected from the balance, in nanotons.' }),
    storageFeesDue: t.expose('storage_fees_due', {
      type: 'BigInt',
      nullable: true,
      description: 'Storage fees the balance could not cover, in nanotons: a debt collected from later incoming value (null when none).',
    }),
    statusChange: t.expose('status_change', { type: StatusChange, nullable: true, description: 'Whether unpaid storage froze or deleted the account.' }),
  }),
});

const CreditPhase = builder.objectRef<Phase<'credit_ph'>>('CreditPhase').implement({
  description: "The credit phase: the inbound internal message's value is added to the balance (ton-indexer `transactions.credit*`).",
  fields: (t) => ({
    dueFeesCollected: t.expose('due_fees_collected', { type: 'BigInt', nullable: true, description: 'Storage debt paid out of the incoming value, in nanotons (ton-indexer `credit_due_fees_collected`).' }),
    credit: t.expose('credit', { type: 'BigInt', nullable: true, description: 'Value credited to the account, in nanotons.' }),
    creditExtraCurrencies: t.expose('credit_extra_currencies', {
      type: 'JSON',
      nullable: true,
      description: 'Extra currencies credited: `{"<currency id>": "<amount>"}`, amounts as decimal strings.',
    }),
  }),
});

const ComputePhase = builder.objectRef<Phase<'compute_ph'>>('ComputePhase').implement({
  description:
    "The compute phase: TVM runs the account's code on the inbound message (or tick-tock), paying for gas from the balance (ton-indexer `transactions.compute_*`). When skipped, only `skipped` and `reason` are set.",
  fields: (t) => ({
    skipped: t.exposeBoolean('skipped', { nullable: true, description: 'True when TVM did not run; see `reason`.' }),
    reason: t.expose('reason', { type: ComputeSkipReason, nullable: true, description: 'Why the phase was skipped (ton-indexer `skipped_reason`); null when it ran.' }),
    success: t.exposeBoolean('success', { nullable: true, description: 'True when TVM ended with exit code 0 or 1 and committed its new state.' }),
    msgStateUsed: t.exposeBoolean('msg_state_used', { nullable: true, description: "True when the code and data came from the message's state init (the contract was deployed by this message)." }),
    accountActivated: t.exposeBoolean('account_activated', { nullable: true, description: 'True when this phase turned an uninitialized account active.' }),
    gasFees: t.expose('gas_fees', { type: 'BigInt', nullable: true, description: 'Fees paid for the gas used, in nanotons.' }),
    gasUsed: t.expose('gas_used', { type: 'BigInt', nullable: true, description: 'Gas consumed, in gas units.' }),
    gasLimit: t.expose('gas_limit', {
      type: 'BigInt',
      nullable: true,
      description: 'Gas the run could buy with the available value, in gas units; 0 for an external-in message, which starts on `gasCredit`.',
    }),
    gasCredit: t.expose('gas_credit', {
      type: 'BigInt',
      nullable: true,
      description: 'Gas, in units, lent to an external-in message so it can run until the contract accepts it (ACCEPT); not set for internal messages.',
    }),
    mode: t.exposeInt('mode', { nullable: true, description: 'TVM mode byte of the phase (TL-B `mode:int8`), usually 0.' }),
    exitCode: t.exposeInt('exit_code', {
      nullable: true,
      description:
        'TVM exit code: 0 and 1 are success; other codes are errors, raised by TVM itself (2 to 13, e.g. 9 cell underflow; -14 out of gas) or thrown by the contract code.',
    }),
    exitArg: t.exposeInt('exit_arg', { nullable: true, description: 'Argument of the exception that ended the run, when there was one.' }),
    vmSteps: t.exposeInt('vm_steps', { nullable: true, description: 'Number of TVM instructions executed.' }),
    vmInitStateHash: t.exposeString('vm_init_state_hash', { nullable: true, description: 'Hash of the TVM state at the start of the run (base64 of 32 bytes).' }),
    vmFinalStateHash: t.exposeString('vm_final_state_hash', { nullable: true, description: 'Hash of the TVM state at the end of the run (base64 of 32 bytes).' }),
  }),
});

const ActionPhase = builder.objectRef<Phase<'action'>>('ActionPhase').implement({
  description:
    'The action phase: the actions the compute phase queued (send a message, reserve funds, set code, change a library) are performed, all or nothing unless sent with the ignore-errors flag (ton-indexer `transactions.action_*`). It runs only after a successful compute phase.',
  fields: (t) => ({
    success: t.exposeBoolean('success', { nullable: true, description: 'True when every action was performed.' }),
    valid: t.exposeBoolean('valid', { nullable: true, description: 'True when the action list could be parsed.' }),
    noFunds: t.exposeBoolean('no_funds', { nullable: true, description: 'True when the phase failed because the balance could not pay for an action (a message value or its fees).' }),
    statusChange: t.expose('status_change', { type: StatusChange, nullable: true, description: 'Whether the actions deleted the account (a message sent with the destroy flag).' }),
    totalFwdFees: t.expose('total_fwd_fees', { type: 'BigInt', nullable: true, description: 'Forwarding fees of all the messages sent, in nanotons.' }),
    totalActionFees: t.expose('total_action_fees', {
      type: 'BigInt',
      nullable: true,
      description: 'Fees collected in this phase, in nanotons: mostly the share of the messages\' forwarding fees taken at once.',
    }),
    resultCode: t.exposeInt('result_code', {
      nullable: true,
      description: 'Result of the phase: 0 on success, else the error of the failing action (e.g. 37 not enough TON to send a message, 33 too many actions).',
    }),
    resultArg: t.exposeInt('result_arg', { nullable: true, description: 'When the phase failed, usually the index of the failing action in the action list.' }),
    totActions: t.exposeInt('tot_actions', { nullable: true, description: 'Number of actions in the action list.' }),
    specActions: t.exposeInt('spec_actions', { nullable: true, description: 'Number of actions other than sending messages (reserve, set code, change library) that were performed.' }),
    skippedActions: t.exposeInt('skipped_actions', { nullable: true, description: 'Number of messages that failed and were skipped because they were sent with the ignore-errors flag (mode +2).' }),
    msgsCreated: t.exposeInt('msgs_created', { nullable: true, description: 'Number of outbound messages created.' }),
    actionListHash: t.exposeString('action_list_hash', { nullable: true, description: 'Hash of the action list (base64 of 32 bytes).' }),
    totMsgSize: t.expose('tot_msg_size', { type: MsgSize, nullable: true, description: 'Total size of the messages created.' }),
  }),
});

const BouncePhase = builder.objectRef<Phase<'bounce'>>('BouncePhase').implement({
  description:
    'The bounce phase: after a failed compute or action phase, a bounceable inbound message returns its remaining value to the sender in a bounced message (ton-indexer `transactions.bounce*`).',
  fields: (t) => ({
    type: t.expose('type', { type: BounceType, nullable: true, description: 'Whether a bounced message was sent, and if not why.' }),
    msgSize: t.expose('msg_size', { type: MsgSize, nullable: true, description: 'Size of the bounced message (set for NOFUNDS and OK).' }),
    reqFwdFees: t.expose('req_fwd_fees', { type: 'BigInt', nullable: true, description: 'Forwarding fees the bounced message would have needed, in nanotons (NOFUNDS).' }),
    msgFees: t.expose('msg_fees', { type: 'BigInt', nullable: true, description: 'Fees collected at once for the bounced message, in nanotons (OK).' }),
    fwdFees: t.expose('fwd_fees', { type: 'BigInt', nullable: true, description: 'Forwarding fees the bounced message carries, in nanotons (OK).' }),
  }),
});

const SplitInfo = builder.objectRef<Phase<'split_info'>>('SplitInfo').implement({
  description: 'Where an account stands in a shard split or merge (split_prepare, split_install, merge_prepare, merge_install transactions; ton-indexer `transactions.split_info_*`).',
  fields: (t) => ({
    curShardPfxLen: t.exposeInt('cur_shard_pfx_len', { nullable: true, description: 'Length in bits of the current shard prefix.' }),
    accSplitDepth: t.exposeInt('acc_split_depth', { nullable: true, description: "The account's split depth (0 for ordinary accounts)." }),
    thisAddr: t.exposeString('this_addr', { nullable: true, description: 'The `this_addr` of TL-B `SplitMergeInfo`: the 256-bit account address this step concerns, as the indexer stores it.' }),
    siblingAddr: t.exposeString('sibling_addr', { nullable: true, description: 'The `sibling_addr` of TL-B `SplitMergeInfo`, as the indexer stores it.' }),
  }),
});

export const TransactionDescription = builder.objectRef<WireDescription>('TransactionDescription').implement({
  description:
    'What happened in each phase of the transaction (TL-B `TransactionDescr`, flattened into ton-indexer `transactions` columns). An ordinary transaction runs storage, credit, compute, action and, if it failed with a bounceable message, bounce phases; a phase that did not run is null.',
  fields: (t) => ({
    type: t.expose('type', { type: TransactionType, nullable: true, description: 'Kind of transaction (ton-indexer `descr`).' }),
    aborted: t.exposeBoolean('aborted', {
      nullable: true,
      description:
        "True when the transaction did not complete: the compute phase was skipped or failed, or the action phase failed. The account's state changes are rolled back; fees are still paid.",
    }),
    destroyed: t.exposeBoolean('destroyed', { nullable: true, description: 'True when the account was deleted by this transaction.' }),
    creditFirst: t.exposeBoolean('credit_first', {
      nullable: true,
      description: 'True when the credit phase ran before the storage phase, which happens when the inbound message is not bounceable.',
    }),
    isTock: t.exposeBoolean('is_tock', { nullable: true, description: 'For a tick-tock transaction, true for tock (end of block), false for tick (start); null for other types.' }),
    installed: t.exposeBoolean('installed', { nullable: true, description: 'For split_install and merge_install transactions, whether the prepared account was installed; null for other types.' }),
    storagePh: t.expose('storage_ph', { type: StoragePhase, nullable: true, description: 'The storage phase (TON Center v3 `storage_ph`).' }),
    creditPh: t.expose('credit_ph', { type: CreditPhase, nullable: true, description: 'The credit phase (`credit_ph`); null when there is no inbound internal message.' }),
    computePh: t.expose('compute_ph', { type: ComputePhase, nullable: true, description: 'The compute phase (`compute_ph`).' }),
    action: t.expose('action', { type: ActionPhase, nullable: true, description: 'The action phase; null when the compute phase did not succeed.' }),
    bounce: t.expose('bounce', { type: BouncePhase, nullable: true, description: 'The bounce phase; null unless a bounceable message failed.' }),
    splitInfo: t.expose('split_info', { type: SplitInfo, nullable: true, description: 'Shard split or merge details; null for other transaction types.' }),
  }),
});
