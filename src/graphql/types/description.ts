import type { WireDescription } from '../../wire/transaction';
import { builder } from '../builder';
import { BounceType, ComputeSkipReason, StatusChange, TransactionType } from './enums';

type Phase<K extends keyof WireDescription> = NonNullable<WireDescription[K]>;
type Size = NonNullable<Phase<'action'>['tot_msg_size']>;

const MsgSize = builder.objectRef<Size>('MsgSize').implement({
  fields: (t) => ({
    bits: t.expose('bits', { type: 'BigInt', nullable: true }),
    cells: t.expose('cells', { type: 'BigInt', nullable: true }),
  }),
});

const StoragePhase = builder.objectRef<Phase<'storage_ph'>>('StoragePhase').implement({
  fields: (t) => ({
    storageFeesCollected: t.expose('storage_fees_collected', { type: 'BigInt', nullable: true }),
    storageFeesDue: t.expose('storage_fees_due', { type: 'BigInt', nullable: true }),
    statusChange: t.expose('status_change', { type: StatusChange, nullable: true }),
  }),
});

const CreditPhase = builder.objectRef<Phase<'credit_ph'>>('CreditPhase').implement({
  fields: (t) => ({
    dueFeesCollected: t.expose('due_fees_collected', { type: 'BigInt', nullable: true }),
    credit: t.expose('credit', { type: 'BigInt', nullable: true }),
    creditExtraCurrencies: t.expose('credit_extra_currencies', { type: 'JSON', nullable: true }),
  }),
});

const ComputePhase = builder.objectRef<Phase<'compute_ph'>>('ComputePhase').implement({
  fields: (t) => ({
    skipped: t.exposeBoolean('skipped', { nullable: true }),
    reason: t.expose('reason', { type: ComputeSkipReason, nullable: true }),
    success: t.exposeBoolean('success', { nullable: true }),
    msgStateUsed: t.exposeBoolean('msg_state_used', { nullable: true }),
    accountActivated: t.exposeBoolean('account_activated', { nullable: true }),
    gasFees: t.expose('gas_fees', { type: 'BigInt', nullable: true }),
    gasUsed: t.expose('gas_used', { type: 'BigInt', nullable: true }),
    gasLimit: t.expose('gas_limit', { type: 'BigInt', nullable: true }),
    gasCredit: t.expose('gas_credit', { type: 'BigInt', nullable: true }),
    mode: t.exposeInt('mode', { nullable: true }),
    exitCode: t.exposeInt('exit_code', { nullable: true }),
    exitArg: t.exposeInt('exit_arg', { nullable: true }),
    vmSteps: t.exposeInt('vm_steps', { nullable: true }),
    vmInitStateHash: t.exposeString('vm_init_state_hash', { nullable: true }),
    vmFinalStateHash: t.exposeString('vm_final_state_hash', { nullable: true }),
  }),
});

const ActionPhase = builder.objectRef<Phase<'action'>>('ActionPhase').implement({
  fields: (t) => ({
    success: t.exposeBoolean('success', { nullable: true }),
    valid: t.exposeBoolean('valid', { nullable: true }),
    noFunds: t.exposeBoolean('no_funds', { nullable: true }),
    statusChange: t.expose('status_change', { type: StatusChange, nullable: true }),
    totalFwdFees: t.expose('total_fwd_fees', { type: 'BigInt', nullable: true }),
    totalActionFees: t.expose('total_action_fees', { type: 'BigInt', nullable: true }),
    resultCode: t.exposeInt('result_code', { nullable: true }),
    resultArg: t.exposeInt('result_arg', { nullable: true }),
    totActions: t.exposeInt('tot_actions', { nullable: true }),
    specActions: t.exposeInt('spec_actions', { nullable: true }),
    skippedActions: t.exposeInt('skipped_actions', { nullable: true }),
    msgsCreated: t.exposeInt('msgs_created', { nullable: true }),
    actionListHash: t.exposeString('action_list_hash', { nullable: true }),
    totMsgSize: t.expose('tot_msg_size', { type: MsgSize, nullable: true }),
  }),
});

const BouncePhase = builder.objectRef<Phase<'bounce'>>('BouncePhase').implement({
  fields: (t) => ({
    type: t.expose('type', { type: BounceType, nullable: true }),
    msgSize: t.expose('msg_size', { type: MsgSize, nullable: true }),
    reqFwdFees: t.expose('req_fwd_fees', { type: 'BigInt', nullable: true }),
    msgFees: t.expose('msg_fees', { type: 'BigInt', nullable: true }),
    fwdFees: t.expose('fwd_fees', { type: 'BigInt', nullable: true }),
  }),
});

const SplitInfo = builder.objectRef<Phase<'split_info'>>('SplitInfo').implement({
  fields: (t) => ({
    curShardPfxLen: t.exposeInt('cur_shard_pfx_len', { nullable: true }),
    accSplitDepth: t.exposeInt('acc_split_depth', { nullable: true }),
    thisAddr: t.exposeString('this_addr', { nullable: true }),
    siblingAddr: t.exposeString('sibling_addr', { nullable: true }),
  }),
});

export const TransactionDescription = builder.objectRef<WireDescription>('TransactionDescription').implement({
  description: 'What happened in each phase of the transaction; a phase that did not run is null.',
  fields: (t) => ({
    type: t.expose('type', { type: TransactionType, nullable: true }),
    aborted: t.exposeBoolean('aborted', { nullable: true }),
    destroyed: t.exposeBoolean('destroyed', { nullable: true }),
    creditFirst: t.exposeBoolean('credit_first', { nullable: true }),
    isTock: t.exposeBoolean('is_tock', { nullable: true }),
    installed: t.exposeBoolean('installed', { nullable: true }),
    storagePh: t.expose('storage_ph', { type: StoragePhase, nullable: true }),
    creditPh: t.expose('credit_ph', { type: CreditPhase, nullable: true }),
    computePh: t.expose('compute_ph', { type: ComputePhase, nullable: true }),
    action: t.expose('action', { type: ActionPhase, nullable: true }),
    bounce: t.expose('bounce', { type: BouncePhase, nullable: true }),
    splitInfo: t.expose('split_info', { type: SplitInfo, nullable: true }),
  }),
});
