import { builder } from '../builder';
import { BLOCK_PAGE } from '../../operations/transactionsByMasterchainBlock';
import { TRANSACTIONS_BY_MESSAGE } from '../../operations/transactionsByMessage';
import { TRANSFER_DIRECTION } from '../../operations/nftTransfers';

// Values are typed as plain strings so fields can expose the database's text columns directly. Each value is
// the UPPER_CASE name of the lower-case string ton-indexer and TON Center v3 use, with its description.
const lowerCaseValues = (values: Readonly<Record<string, string>>): Record<string, { value: string; description: string }> =>
  Object.fromEntries(Object.entries(values).map(([v, description]) => [v.toUpperCase(), { value: v, description }]));

/** Built from its route parameter (operations/*.ts), where its values are described once for REST too. */
export const SortOrder = builder.enumType(BLOCK_PAGE.params.sort.graphqlEnum.name, {
  description: BLOCK_PAGE.params.sort.graphqlEnum.description,
  values: lowerCaseValues(BLOCK_PAGE.params.sort.values),
});

export const MessageDirection = builder.enumType(TRANSACTIONS_BY_MESSAGE.params.direction.graphqlEnum.name, {
  description: TRANSACTIONS_BY_MESSAGE.params.direction.graphqlEnum.description,
  values: lowerCaseValues(TRANSACTIONS_BY_MESSAGE.params.direction.values),
});

export const TransferDirection = builder.enumType(TRANSFER_DIRECTION.graphqlEnum.name, {
  description: TRANSFER_DIRECTION.graphqlEnum.description,
  values: lowerCaseValues(TRANSFER_DIRECTION.values),
});

export const AccountStatus = builder.enumType('AccountStatus', {
  description: "Status of an account (ton-indexer's `account_status_type`; TON Center v3 gives the lower-case string, e.g. `active`).",
  values: lowerCaseValues({
    uninit: 'The address holds a balance but no code or data yet: the contract is not deployed.',
    frozen: 'Frozen for unpaid storage fees: only the hash of its last state is kept until the debt is paid and the state restored.',
    active: 'Deployed: the account has code and data and runs them on incoming messages.',
    nonexist: 'No account at this address: never created, or deleted.',
  }),
});

export const TransactionType = builder.enumType('TransactionType', {
  description: 'Kind of transaction (TL-B `TransactionDescr` constructor; ton-indexer `transactions.descr`).',
  values: lowerCaseValues({
    ord: 'Ordinary: the account processes one inbound message (internal or external).',
    storage: 'Storage only: collects storage fees, with no inbound message.',
    tick_tock: 'Run by the validators on special masterchain accounts at the start (tick) or end (tock) of a block, with no inbound message.',
    split_prepare: 'First half of moving an account out of a shard that splits in two.',
    split_install: 'Second half of a shard split: installs the account in its new shard.',
    merge_prepare: 'First half of moving an account when two shards merge.',
    merge_install: 'Second half of a shard merge: installs the account in the merged shard.',
  }),
});

export const StatusChange = builder.enumType('StatusChange', {
  description: 'How a storage or action phase changed the account status (ton-indexer `status_change_type`).',
  values: lowerCaseValues({
    unchanged: 'The status stayed as it was.',
    frozen: 'The account was frozen: its unpaid storage fees exceeded the freeze limit.',
    deleted: 'The account was deleted: by a message sent with the destroy flag (mode 32) that emptied its balance, or for storage debt.',
  }),
});

export const BounceType = builder.enumType('BounceType', {
  description: 'Outcome of the bounce phase (TL-B `TrBouncePhase`; ton-indexer `transactions.bounce`).',
  values: lowerCaseValues({
    negfunds: 'No bounced message: the remaining message value was negative (TL-B `tr_phase_bounce_negfunds`).',
    nofunds: 'No bounce: what was left could not pay the forwarding fee of the bounced message (see `reqFwdFees`).',
    ok: 'A bounced message carrying the remaining value was sent back to the sender.',
  }),
});

export const ComputeSkipReason = builder.enumType('ComputeSkipReason', {
  description: 'Why the compute phase did not run TVM (ton-indexer `transactions.skipped_reason`).',
  values: lowerCaseValues({
    no_state: 'The account has no code and the message brought no state init to deploy.',
    bad_state: "The message's state init is invalid or does not hash to the account's address.",
    no_gas: 'The message value could not buy any gas.',
    suspended: 'The account is suspended by the network configuration.',
  }),
});

export const Finality = builder.enumType('Finality', {
  description:
    'How final a transaction is. Transactions read from the ton-indexer database are always FINALIZED; the trace emulator reports the other states for pending traces.',
  values: lowerCaseValues({
    pending: 'Emulated only: predicted by the trace emulator, not yet in any block; may never happen.',
    confirmed: 'In a shard block signed by validators that no masterchain block has committed yet.',
    finalized: 'In a block committed by a masterchain block: it can no longer change.',
  }),
});
