/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An integer of any size (logical times, fees, balances), serialized as a decimal string so it stays exact. */
  BigInt: { input: string; output: string; }
  /** The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSON: { input: unknown; output: unknown; }
  /** An unsigned 32-bit integer (opcodes, masterchain seqnos), serialized as a JSON number. */
  UInt32: { input: number; output: number; }
};

/** An account state by its hash. Only the hash is known when the indexer did not store the state. */
export type AccountState = {
  __typename?: 'AccountState';
  accountStatus?: Maybe<AccountStatus>;
  balance?: Maybe<Scalars['BigInt']['output']>;
  codeBoc?: Maybe<Scalars['String']['output']>;
  codeHash?: Maybe<Scalars['String']['output']>;
  dataBoc?: Maybe<Scalars['String']['output']>;
  dataHash?: Maybe<Scalars['String']['output']>;
  extraCurrencies?: Maybe<Scalars['JSON']['output']>;
  frozenHash?: Maybe<Scalars['String']['output']>;
  hash: Scalars['String']['output'];
};

export type AccountStatus =
  | 'ACTIVE'
  | 'FROZEN'
  | 'NONEXIST'
  | 'UNINIT';

export type ActionPhase = {
  __typename?: 'ActionPhase';
  actionListHash?: Maybe<Scalars['String']['output']>;
  msgsCreated?: Maybe<Scalars['Int']['output']>;
  noFunds?: Maybe<Scalars['Boolean']['output']>;
  resultArg?: Maybe<Scalars['Int']['output']>;
  resultCode?: Maybe<Scalars['Int']['output']>;
  skippedActions?: Maybe<Scalars['Int']['output']>;
  specActions?: Maybe<Scalars['Int']['output']>;
  statusChange?: Maybe<StatusChange>;
  success?: Maybe<Scalars['Boolean']['output']>;
  totActions?: Maybe<Scalars['Int']['output']>;
  totMsgSize?: Maybe<MsgSize>;
  totalActionFees?: Maybe<Scalars['BigInt']['output']>;
  totalFwdFees?: Maybe<Scalars['BigInt']['output']>;
  valid?: Maybe<Scalars['Boolean']['output']>;
};

/** How an address is shown to people: user-friendly form, domain, detected interfaces. */
export type AddressBookEntry = {
  __typename?: 'AddressBookEntry';
  /** Raw form, <workchain>:<64 uppercase hex>. */
  address: Scalars['String']['output'];
  domain?: Maybe<Scalars['String']['output']>;
  interfaces?: Maybe<Array<Scalars['String']['output']>>;
  userFriendly?: Maybe<Scalars['String']['output']>;
};

/** The shard block a transaction belongs to. */
export type BlockRef = {
  __typename?: 'BlockRef';
  seqno?: Maybe<Scalars['Int']['output']>;
  /** Signed 64-bit shard id; the masterchain shard is -9223372036854775808. */
  shard?: Maybe<Scalars['BigInt']['output']>;
  workchain?: Maybe<Scalars['Int']['output']>;
};

export type BouncePhase = {
  __typename?: 'BouncePhase';
  fwdFees?: Maybe<Scalars['BigInt']['output']>;
  msgFees?: Maybe<Scalars['BigInt']['output']>;
  msgSize?: Maybe<MsgSize>;
  reqFwdFees?: Maybe<Scalars['BigInt']['output']>;
  type?: Maybe<BounceType>;
};

export type BounceType =
  | 'NEGFUNDS'
  | 'NOFUNDS'
  | 'OK';

export type ComputePhase = {
  __typename?: 'ComputePhase';
  accountActivated?: Maybe<Scalars['Boolean']['output']>;
  exitArg?: Maybe<Scalars['Int']['output']>;
  exitCode?: Maybe<Scalars['Int']['output']>;
  gasCredit?: Maybe<Scalars['BigInt']['output']>;
  gasFees?: Maybe<Scalars['BigInt']['output']>;
  gasLimit?: Maybe<Scalars['BigInt']['output']>;
  gasUsed?: Maybe<Scalars['BigInt']['output']>;
  mode?: Maybe<Scalars['Int']['output']>;
  msgStateUsed?: Maybe<Scalars['Boolean']['output']>;
  reason?: Maybe<ComputeSkipReason>;
  skipped?: Maybe<Scalars['Boolean']['output']>;
  success?: Maybe<Scalars['Boolean']['output']>;
  vmFinalStateHash?: Maybe<Scalars['String']['output']>;
  vmInitStateHash?: Maybe<Scalars['String']['output']>;
  vmSteps?: Maybe<Scalars['Int']['output']>;
};

export type ComputeSkipReason =
  | 'BAD_STATE'
  | 'NO_GAS'
  | 'NO_STATE'
  | 'SUSPENDED';

export type CreditPhase = {
  __typename?: 'CreditPhase';
  credit?: Maybe<Scalars['BigInt']['output']>;
  creditExtraCurrencies?: Maybe<Scalars['JSON']['output']>;
  dueFeesCollected?: Maybe<Scalars['BigInt']['output']>;
};

/** A message body decoded: text comments carry `comment`. */
export type DecodedBody = {
  __typename?: 'DecodedBody';
  comment?: Maybe<Scalars['String']['output']>;
  data?: Maybe<Scalars['JSON']['output']>;
  type: Scalars['String']['output'];
};

export type Finality =
  | 'CONFIRMED'
  | 'FINALIZED'
  | 'PENDING';

/** A message: internal (source and destination set), external in (no source) or external out (no destination). */
export type Message = {
  __typename?: 'Message';
  bounce?: Maybe<Scalars['Boolean']['output']>;
  bounced?: Maybe<Scalars['Boolean']['output']>;
  createdAt?: Maybe<Scalars['BigInt']['output']>;
  createdLt?: Maybe<Scalars['BigInt']['output']>;
  destination?: Maybe<Scalars['String']['output']>;
  extraFlags?: Maybe<Scalars['BigInt']['output']>;
  fwdFee?: Maybe<Scalars['BigInt']['output']>;
  hash: Scalars['String']['output'];
  /** Normalized hash of an external-in message. */
  hashNorm?: Maybe<Scalars['String']['output']>;
  ihrDisabled?: Maybe<Scalars['Boolean']['output']>;
  ihrFee?: Maybe<Scalars['BigInt']['output']>;
  importFee?: Maybe<Scalars['BigInt']['output']>;
  inMsgTxHash?: Maybe<Scalars['String']['output']>;
  initState?: Maybe<MessageContent>;
  messageContent?: Maybe<MessageContent>;
  /** First 32 bits of the body, unsigned; null for shorter bodies. */
  opcode?: Maybe<Scalars['UInt32']['output']>;
  outMsgTxHash?: Maybe<Scalars['String']['output']>;
  source?: Maybe<Scalars['String']['output']>;
  value?: Maybe<Scalars['BigInt']['output']>;
  valueExtraCurrencies?: Maybe<Scalars['JSON']['output']>;
};

/** A message body or init state: a BOC (base64) and its hash. */
export type MessageContent = {
  __typename?: 'MessageContent';
  body?: Maybe<Scalars['String']['output']>;
  decoded?: Maybe<DecodedBody>;
  hash?: Maybe<Scalars['String']['output']>;
};

export type MsgSize = {
  __typename?: 'MsgSize';
  bits?: Maybe<Scalars['BigInt']['output']>;
  cells?: Maybe<Scalars['BigInt']['output']>;
};

export type Query = {
  __typename?: 'Query';
  /** A transaction by its hash (hex, base64 or base64url). */
  transaction?: Maybe<Transaction>;
  /** Transactions of a masterchain block and of every shard block it commits, by (lt, account). */
  transactionsByMasterchainBlock: Array<Transaction>;
};


export type QueryTransactionArgs = {
  hash: Scalars['String']['input'];
};


export type QueryTransactionsByMasterchainBlockArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  seqno: Scalars['UInt32']['input'];
  sort?: InputMaybe<SortOrder>;
};

/** Order by logical time. */
export type SortOrder =
  | 'ASC'
  | 'DESC';

export type SplitInfo = {
  __typename?: 'SplitInfo';
  accSplitDepth?: Maybe<Scalars['Int']['output']>;
  curShardPfxLen?: Maybe<Scalars['Int']['output']>;
  siblingAddr?: Maybe<Scalars['String']['output']>;
  thisAddr?: Maybe<Scalars['String']['output']>;
};

export type StatusChange =
  | 'DELETED'
  | 'FROZEN'
  | 'UNCHANGED';

export type StoragePhase = {
  __typename?: 'StoragePhase';
  statusChange?: Maybe<StatusChange>;
  storageFeesCollected?: Maybe<Scalars['BigInt']['output']>;
  storageFeesDue?: Maybe<Scalars['BigInt']['output']>;
};

/** A transaction of one account, with its messages and the account states around it. */
export type Transaction = {
  __typename?: 'Transaction';
  account: Scalars['String']['output'];
  /** The account's address-book entry. */
  accountInfo: AddressBookEntry;
  accountStateAfter?: Maybe<AccountState>;
  accountStateBefore?: Maybe<AccountState>;
  blockRef: BlockRef;
  description: TransactionDescription;
  emulated: Scalars['Boolean']['output'];
  endStatus?: Maybe<AccountStatus>;
  finality: Finality;
  hash: Scalars['String']['output'];
  inMsg?: Maybe<Message>;
  lt: Scalars['BigInt']['output'];
  mcBlockSeqno?: Maybe<Scalars['Int']['output']>;
  now?: Maybe<Scalars['Int']['output']>;
  origStatus?: Maybe<AccountStatus>;
  /** Ordered by created_lt. */
  outMsgs: Array<Message>;
  prevTransHash?: Maybe<Scalars['String']['output']>;
  prevTransLt?: Maybe<Scalars['BigInt']['output']>;
  totalFees?: Maybe<Scalars['BigInt']['output']>;
  totalFeesExtraCurrencies?: Maybe<Scalars['JSON']['output']>;
  /** Set for pending transactions only. */
  traceExternalHash?: Maybe<Scalars['String']['output']>;
  traceId?: Maybe<Scalars['String']['output']>;
};

/** What happened in each phase of the transaction; a phase that did not run is null. */
export type TransactionDescription = {
  __typename?: 'TransactionDescription';
  aborted?: Maybe<Scalars['Boolean']['output']>;
  action?: Maybe<ActionPhase>;
  bounce?: Maybe<BouncePhase>;
  computePh?: Maybe<ComputePhase>;
  creditFirst?: Maybe<Scalars['Boolean']['output']>;
  creditPh?: Maybe<CreditPhase>;
  destroyed?: Maybe<Scalars['Boolean']['output']>;
  installed?: Maybe<Scalars['Boolean']['output']>;
  isTock?: Maybe<Scalars['Boolean']['output']>;
  splitInfo?: Maybe<SplitInfo>;
  storagePh?: Maybe<StoragePhase>;
  type?: Maybe<TransactionType>;
};

export type TransactionType =
  | 'MERGE_INSTALL'
  | 'MERGE_PREPARE'
  | 'ORD'
  | 'SPLIT_INSTALL'
  | 'SPLIT_PREPARE'
  | 'STORAGE'
  | 'TICK_TOCK';

export type AccountStatus =
  | 'ACTIVE'
  | 'FROZEN'
  | 'NONEXIST'
  | 'UNINIT';

export type BounceType =
  | 'NEGFUNDS'
  | 'NOFUNDS'
  | 'OK';

export type ComputeSkipReason =
  | 'BAD_STATE'
  | 'NO_GAS'
  | 'NO_STATE'
  | 'SUSPENDED';

/** Order by logical time. */
export type SortOrder =
  | 'ASC'
  | 'DESC';

export type StatusChange =
  | 'DELETED'
  | 'FROZEN'
  | 'UNCHANGED';

export type TransactionType =
  | 'MERGE_INSTALL'
  | 'MERGE_PREPARE'
  | 'ORD'
  | 'SPLIT_INSTALL'
  | 'SPLIT_PREPARE'
  | 'STORAGE'
  | 'TICK_TOCK';

export type MessageFieldsFragment = { hash: string, hashNorm: string | null, source: string | null, destination: string | null, value: string | null, valueExtraCurrencies: unknown, fwdFee: string | null, ihrFee: string | null, importFee: string | null, createdLt: string | null, createdAt: string | null, opcode: number | null, ihrDisabled: boolean | null, bounce: boolean | null, bounced: boolean | null, inMsgTxHash: string | null, outMsgTxHash: string | null, messageContent: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null, initState: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null };

export type AccountStateFieldsFragment = { hash: string, balance: string | null, extraCurrencies: unknown, accountStatus: AccountStatus | null, frozenHash: string | null, dataHash: string | null, codeHash: string | null, dataBoc: string | null, codeBoc: string | null };

export type TransactionFieldsFragment = { account: string, hash: string, lt: string, now: number | null, mcBlockSeqno: number | null, traceId: string | null, traceExternalHash: string | null, prevTransHash: string | null, prevTransLt: string | null, origStatus: AccountStatus | null, endStatus: AccountStatus | null, totalFees: string | null, totalFeesExtraCurrencies: unknown, emulated: boolean, blockRef: { workchain: number | null, shard: string | null, seqno: number | null }, description: { type: TransactionType | null, aborted: boolean | null, destroyed: boolean | null, creditFirst: boolean | null, isTock: boolean | null, installed: boolean | null, storagePh: { storageFeesCollected: string | null, storageFeesDue: string | null, statusChange: StatusChange | null } | null, creditPh: { dueFeesCollected: string | null, credit: string | null, creditExtraCurrencies: unknown } | null, computePh: { skipped: boolean | null, reason: ComputeSkipReason | null, success: boolean | null, msgStateUsed: boolean | null, accountActivated: boolean | null, gasFees: string | null, gasUsed: string | null, gasLimit: string | null, gasCredit: string | null, mode: number | null, exitCode: number | null, exitArg: number | null, vmSteps: number | null, vmInitStateHash: string | null, vmFinalStateHash: string | null } | null, action: { success: boolean | null, valid: boolean | null, noFunds: boolean | null, statusChange: StatusChange | null, totalFwdFees: string | null, totalActionFees: string | null, resultCode: number | null, resultArg: number | null, totActions: number | null, specActions: number | null, skippedActions: number | null, msgsCreated: number | null, actionListHash: string | null, totMsgSize: { cells: string | null, bits: string | null } | null } | null, bounce: { type: BounceType | null, reqFwdFees: string | null, msgFees: string | null, fwdFees: string | null, msgSize: { cells: string | null, bits: string | null } | null } | null, splitInfo: { curShardPfxLen: number | null, accSplitDepth: number | null, thisAddr: string | null, siblingAddr: string | null } | null }, inMsg: { hash: string, hashNorm: string | null, source: string | null, destination: string | null, value: string | null, valueExtraCurrencies: unknown, fwdFee: string | null, ihrFee: string | null, importFee: string | null, createdLt: string | null, createdAt: string | null, opcode: number | null, ihrDisabled: boolean | null, bounce: boolean | null, bounced: boolean | null, inMsgTxHash: string | null, outMsgTxHash: string | null, messageContent: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null, initState: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null } | null, outMsgs: Array<{ hash: string, hashNorm: string | null, source: string | null, destination: string | null, value: string | null, valueExtraCurrencies: unknown, fwdFee: string | null, ihrFee: string | null, importFee: string | null, createdLt: string | null, createdAt: string | null, opcode: number | null, ihrDisabled: boolean | null, bounce: boolean | null, bounced: boolean | null, inMsgTxHash: string | null, outMsgTxHash: string | null, messageContent: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null, initState: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null }>, accountStateBefore: { hash: string, balance: string | null, extraCurrencies: unknown, accountStatus: AccountStatus | null, frozenHash: string | null, dataHash: string | null, codeHash: string | null, dataBoc: string | null, codeBoc: string | null } | null, accountStateAfter: { hash: string, balance: string | null, extraCurrencies: unknown, accountStatus: AccountStatus | null, frozenHash: string | null, dataHash: string | null, codeHash: string | null, dataBoc: string | null, codeBoc: string | null } | null, accountInfo: { address: string, userFriendly: string | null, domain: string | null, interfaces: Array<string> | null } };

export type BlockTransactionsQueryVariables = Exact<{
  seqno: number;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  sort?: SortOrder | null | undefined;
}>;


export type BlockTransactionsQuery = { transactionsByMasterchainBlock: Array<{ account: string, hash: string, lt: string, now: number | null, mcBlockSeqno: number | null, traceId: string | null, traceExternalHash: string | null, prevTransHash: string | null, prevTransLt: string | null, origStatus: AccountStatus | null, endStatus: AccountStatus | null, totalFees: string | null, totalFeesExtraCurrencies: unknown, emulated: boolean, blockRef: { workchain: number | null, shard: string | null, seqno: number | null }, description: { type: TransactionType | null, aborted: boolean | null, destroyed: boolean | null, creditFirst: boolean | null, isTock: boolean | null, installed: boolean | null, storagePh: { storageFeesCollected: string | null, storageFeesDue: string | null, statusChange: StatusChange | null } | null, creditPh: { dueFeesCollected: string | null, credit: string | null, creditExtraCurrencies: unknown } | null, computePh: { skipped: boolean | null, reason: ComputeSkipReason | null, success: boolean | null, msgStateUsed: boolean | null, accountActivated: boolean | null, gasFees: string | null, gasUsed: string | null, gasLimit: string | null, gasCredit: string | null, mode: number | null, exitCode: number | null, exitArg: number | null, vmSteps: number | null, vmInitStateHash: string | null, vmFinalStateHash: string | null } | null, action: { success: boolean | null, valid: boolean | null, noFunds: boolean | null, statusChange: StatusChange | null, totalFwdFees: string | null, totalActionFees: string | null, resultCode: number | null, resultArg: number | null, totActions: number | null, specActions: number | null, skippedActions: number | null, msgsCreated: number | null, actionListHash: string | null, totMsgSize: { cells: string | null, bits: string | null } | null } | null, bounce: { type: BounceType | null, reqFwdFees: string | null, msgFees: string | null, fwdFees: string | null, msgSize: { cells: string | null, bits: string | null } | null } | null, splitInfo: { curShardPfxLen: number | null, accSplitDepth: number | null, thisAddr: string | null, siblingAddr: string | null } | null }, inMsg: { hash: string, hashNorm: string | null, source: string | null, destination: string | null, value: string | null, valueExtraCurrencies: unknown, fwdFee: string | null, ihrFee: string | null, importFee: string | null, createdLt: string | null, createdAt: string | null, opcode: number | null, ihrDisabled: boolean | null, bounce: boolean | null, bounced: boolean | null, inMsgTxHash: string | null, outMsgTxHash: string | null, messageContent: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null, initState: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null } | null, outMsgs: Array<{ hash: string, hashNorm: string | null, source: string | null, destination: string | null, value: string | null, valueExtraCurrencies: unknown, fwdFee: string | null, ihrFee: string | null, importFee: string | null, createdLt: string | null, createdAt: string | null, opcode: number | null, ihrDisabled: boolean | null, bounce: boolean | null, bounced: boolean | null, inMsgTxHash: string | null, outMsgTxHash: string | null, messageContent: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null, initState: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null }>, accountStateBefore: { hash: string, balance: string | null, extraCurrencies: unknown, accountStatus: AccountStatus | null, frozenHash: string | null, dataHash: string | null, codeHash: string | null, dataBoc: string | null, codeBoc: string | null } | null, accountStateAfter: { hash: string, balance: string | null, extraCurrencies: unknown, accountStatus: AccountStatus | null, frozenHash: string | null, dataHash: string | null, codeHash: string | null, dataBoc: string | null, codeBoc: string | null } | null, accountInfo: { address: string, userFriendly: string | null, domain: string | null, interfaces: Array<string> | null } }> };

export type BlockTransactionHashesQueryVariables = Exact<{
  seqno: number;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  sort?: SortOrder | null | undefined;
}>;


export type BlockTransactionHashesQuery = { transactionsByMasterchainBlock: Array<{ hash: string, lt: string, account: string }> };

export type TransactionByHashQueryVariables = Exact<{
  hash: string;
}>;


export type TransactionByHashQuery = { transaction: { account: string, hash: string, lt: string, now: number | null, mcBlockSeqno: number | null, traceId: string | null, traceExternalHash: string | null, prevTransHash: string | null, prevTransLt: string | null, origStatus: AccountStatus | null, endStatus: AccountStatus | null, totalFees: string | null, totalFeesExtraCurrencies: unknown, emulated: boolean, blockRef: { workchain: number | null, shard: string | null, seqno: number | null }, description: { type: TransactionType | null, aborted: boolean | null, destroyed: boolean | null, creditFirst: boolean | null, isTock: boolean | null, installed: boolean | null, storagePh: { storageFeesCollected: string | null, storageFeesDue: string | null, statusChange: StatusChange | null } | null, creditPh: { dueFeesCollected: string | null, credit: string | null, creditExtraCurrencies: unknown } | null, computePh: { skipped: boolean | null, reason: ComputeSkipReason | null, success: boolean | null, msgStateUsed: boolean | null, accountActivated: boolean | null, gasFees: string | null, gasUsed: string | null, gasLimit: string | null, gasCredit: string | null, mode: number | null, exitCode: number | null, exitArg: number | null, vmSteps: number | null, vmInitStateHash: string | null, vmFinalStateHash: string | null } | null, action: { success: boolean | null, valid: boolean | null, noFunds: boolean | null, statusChange: StatusChange | null, totalFwdFees: string | null, totalActionFees: string | null, resultCode: number | null, resultArg: number | null, totActions: number | null, specActions: number | null, skippedActions: number | null, msgsCreated: number | null, actionListHash: string | null, totMsgSize: { cells: string | null, bits: string | null } | null } | null, bounce: { type: BounceType | null, reqFwdFees: string | null, msgFees: string | null, fwdFees: string | null, msgSize: { cells: string | null, bits: string | null } | null } | null, splitInfo: { curShardPfxLen: number | null, accSplitDepth: number | null, thisAddr: string | null, siblingAddr: string | null } | null }, inMsg: { hash: string, hashNorm: string | null, source: string | null, destination: string | null, value: string | null, valueExtraCurrencies: unknown, fwdFee: string | null, ihrFee: string | null, importFee: string | null, createdLt: string | null, createdAt: string | null, opcode: number | null, ihrDisabled: boolean | null, bounce: boolean | null, bounced: boolean | null, inMsgTxHash: string | null, outMsgTxHash: string | null, messageContent: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null, initState: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null } | null, outMsgs: Array<{ hash: string, hashNorm: string | null, source: string | null, destination: string | null, value: string | null, valueExtraCurrencies: unknown, fwdFee: string | null, ihrFee: string | null, importFee: string | null, createdLt: string | null, createdAt: string | null, opcode: number | null, ihrDisabled: boolean | null, bounce: boolean | null, bounced: boolean | null, inMsgTxHash: string | null, outMsgTxHash: string | null, messageContent: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null, initState: { hash: string | null, body: string | null, decoded: { type: string, comment: string | null, data: unknown } | null } | null }>, accountStateBefore: { hash: string, balance: string | null, extraCurrencies: unknown, accountStatus: AccountStatus | null, frozenHash: string | null, dataHash: string | null, codeHash: string | null, dataBoc: string | null, codeBoc: string | null } | null, accountStateAfter: { hash: string, balance: string | null, extraCurrencies: unknown, accountStatus: AccountStatus | null, frozenHash: string | null, dataHash: string | null, codeHash: string | null, dataBoc: string | null, codeBoc: string | null } | null, accountInfo: { address: string, userFriendly: string | null, domain: string | null, interfaces: Array<string> | null } } | null };

export const MessageFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Message"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"hashNorm"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"destination"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"valueExtraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"fwdFee"}},{"kind":"Field","name":{"kind":"Name","value":"ihrFee"}},{"kind":"Field","name":{"kind":"Name","value":"importFee"}},{"kind":"Field","name":{"kind":"Name","value":"createdLt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"opcode"}},{"kind":"Field","name":{"kind":"Name","value":"ihrDisabled"}},{"kind":"Field","name":{"kind":"Name","value":"bounce"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}},{"kind":"Field","name":{"kind":"Name","value":"inMsgTxHash"}},{"kind":"Field","name":{"kind":"Name","value":"outMsgTxHash"}},{"kind":"Field","name":{"kind":"Name","value":"messageContent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"decoded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"initState"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"decoded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]}}]} as unknown as DocumentNode<MessageFieldsFragment, unknown>;
export const AccountStateFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccountStateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccountState"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"extraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"accountStatus"}},{"kind":"Field","name":{"kind":"Name","value":"frozenHash"}},{"kind":"Field","name":{"kind":"Name","value":"dataHash"}},{"kind":"Field","name":{"kind":"Name","value":"codeHash"}},{"kind":"Field","name":{"kind":"Name","value":"dataBoc"}},{"kind":"Field","name":{"kind":"Name","value":"codeBoc"}}]}}]} as unknown as DocumentNode<AccountStateFieldsFragment, unknown>;
export const TransactionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TransactionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"lt"}},{"kind":"Field","name":{"kind":"Name","value":"now"}},{"kind":"Field","name":{"kind":"Name","value":"mcBlockSeqno"}},{"kind":"Field","name":{"kind":"Name","value":"traceId"}},{"kind":"Field","name":{"kind":"Name","value":"traceExternalHash"}},{"kind":"Field","name":{"kind":"Name","value":"prevTransHash"}},{"kind":"Field","name":{"kind":"Name","value":"prevTransLt"}},{"kind":"Field","name":{"kind":"Name","value":"origStatus"}},{"kind":"Field","name":{"kind":"Name","value":"endStatus"}},{"kind":"Field","name":{"kind":"Name","value":"totalFees"}},{"kind":"Field","name":{"kind":"Name","value":"totalFeesExtraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"emulated"}},{"kind":"Field","name":{"kind":"Name","value":"blockRef"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"workchain"}},{"kind":"Field","name":{"kind":"Name","value":"shard"}},{"kind":"Field","name":{"kind":"Name","value":"seqno"}}]}},{"kind":"Field","name":{"kind":"Name","value":"description"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"aborted"}},{"kind":"Field","name":{"kind":"Name","value":"destroyed"}},{"kind":"Field","name":{"kind":"Name","value":"creditFirst"}},{"kind":"Field","name":{"kind":"Name","value":"isTock"}},{"kind":"Field","name":{"kind":"Name","value":"installed"}},{"kind":"Field","name":{"kind":"Name","value":"storagePh"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"storageFeesCollected"}},{"kind":"Field","name":{"kind":"Name","value":"storageFeesDue"}},{"kind":"Field","name":{"kind":"Name","value":"statusChange"}}]}},{"kind":"Field","name":{"kind":"Name","value":"creditPh"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dueFeesCollected"}},{"kind":"Field","name":{"kind":"Name","value":"credit"}},{"kind":"Field","name":{"kind":"Name","value":"creditExtraCurrencies"}}]}},{"kind":"Field","name":{"kind":"Name","value":"computePh"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"msgStateUsed"}},{"kind":"Field","name":{"kind":"Name","value":"accountActivated"}},{"kind":"Field","name":{"kind":"Name","value":"gasFees"}},{"kind":"Field","name":{"kind":"Name","value":"gasUsed"}},{"kind":"Field","name":{"kind":"Name","value":"gasLimit"}},{"kind":"Field","name":{"kind":"Name","value":"gasCredit"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}},{"kind":"Field","name":{"kind":"Name","value":"exitArg"}},{"kind":"Field","name":{"kind":"Name","value":"vmSteps"}},{"kind":"Field","name":{"kind":"Name","value":"vmInitStateHash"}},{"kind":"Field","name":{"kind":"Name","value":"vmFinalStateHash"}}]}},{"kind":"Field","name":{"kind":"Name","value":"action"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"noFunds"}},{"kind":"Field","name":{"kind":"Name","value":"statusChange"}},{"kind":"Field","name":{"kind":"Name","value":"totalFwdFees"}},{"kind":"Field","name":{"kind":"Name","value":"totalActionFees"}},{"kind":"Field","name":{"kind":"Name","value":"resultCode"}},{"kind":"Field","name":{"kind":"Name","value":"resultArg"}},{"kind":"Field","name":{"kind":"Name","value":"totActions"}},{"kind":"Field","name":{"kind":"Name","value":"specActions"}},{"kind":"Field","name":{"kind":"Name","value":"skippedActions"}},{"kind":"Field","name":{"kind":"Name","value":"msgsCreated"}},{"kind":"Field","name":{"kind":"Name","value":"actionListHash"}},{"kind":"Field","name":{"kind":"Name","value":"totMsgSize"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cells"}},{"kind":"Field","name":{"kind":"Name","value":"bits"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"bounce"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"msgSize"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cells"}},{"kind":"Field","name":{"kind":"Name","value":"bits"}}]}},{"kind":"Field","name":{"kind":"Name","value":"reqFwdFees"}},{"kind":"Field","name":{"kind":"Name","value":"msgFees"}},{"kind":"Field","name":{"kind":"Name","value":"fwdFees"}}]}},{"kind":"Field","name":{"kind":"Name","value":"splitInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"curShardPfxLen"}},{"kind":"Field","name":{"kind":"Name","value":"accSplitDepth"}},{"kind":"Field","name":{"kind":"Name","value":"thisAddr"}},{"kind":"Field","name":{"kind":"Name","value":"siblingAddr"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"inMsg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"outMsgs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountStateBefore"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccountStateFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountStateAfter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccountStateFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"userFriendly"}},{"kind":"Field","name":{"kind":"Name","value":"domain"}},{"kind":"Field","name":{"kind":"Name","value":"interfaces"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Message"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"hashNorm"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"destination"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"valueExtraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"fwdFee"}},{"kind":"Field","name":{"kind":"Name","value":"ihrFee"}},{"kind":"Field","name":{"kind":"Name","value":"importFee"}},{"kind":"Field","name":{"kind":"Name","value":"createdLt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"opcode"}},{"kind":"Field","name":{"kind":"Name","value":"ihrDisabled"}},{"kind":"Field","name":{"kind":"Name","value":"bounce"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}},{"kind":"Field","name":{"kind":"Name","value":"inMsgTxHash"}},{"kind":"Field","name":{"kind":"Name","value":"outMsgTxHash"}},{"kind":"Field","name":{"kind":"Name","value":"messageContent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"decoded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"initState"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"decoded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccountStateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccountState"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"extraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"accountStatus"}},{"kind":"Field","name":{"kind":"Name","value":"frozenHash"}},{"kind":"Field","name":{"kind":"Name","value":"dataHash"}},{"kind":"Field","name":{"kind":"Name","value":"codeHash"}},{"kind":"Field","name":{"kind":"Name","value":"dataBoc"}},{"kind":"Field","name":{"kind":"Name","value":"codeBoc"}}]}}]} as unknown as DocumentNode<TransactionFieldsFragment, unknown>;
export const BlockTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BlockTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"seqno"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UInt32"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactionsByMasterchainBlock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"seqno"},"value":{"kind":"Variable","name":{"kind":"Name","value":"seqno"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TransactionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Message"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"hashNorm"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"destination"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"valueExtraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"fwdFee"}},{"kind":"Field","name":{"kind":"Name","value":"ihrFee"}},{"kind":"Field","name":{"kind":"Name","value":"importFee"}},{"kind":"Field","name":{"kind":"Name","value":"createdLt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"opcode"}},{"kind":"Field","name":{"kind":"Name","value":"ihrDisabled"}},{"kind":"Field","name":{"kind":"Name","value":"bounce"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}},{"kind":"Field","name":{"kind":"Name","value":"inMsgTxHash"}},{"kind":"Field","name":{"kind":"Name","value":"outMsgTxHash"}},{"kind":"Field","name":{"kind":"Name","value":"messageContent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"decoded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"initState"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"decoded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccountStateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccountState"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"extraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"accountStatus"}},{"kind":"Field","name":{"kind":"Name","value":"frozenHash"}},{"kind":"Field","name":{"kind":"Name","value":"dataHash"}},{"kind":"Field","name":{"kind":"Name","value":"codeHash"}},{"kind":"Field","name":{"kind":"Name","value":"dataBoc"}},{"kind":"Field","name":{"kind":"Name","value":"codeBoc"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TransactionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"lt"}},{"kind":"Field","name":{"kind":"Name","value":"now"}},{"kind":"Field","name":{"kind":"Name","value":"mcBlockSeqno"}},{"kind":"Field","name":{"kind":"Name","value":"traceId"}},{"kind":"Field","name":{"kind":"Name","value":"traceExternalHash"}},{"kind":"Field","name":{"kind":"Name","value":"prevTransHash"}},{"kind":"Field","name":{"kind":"Name","value":"prevTransLt"}},{"kind":"Field","name":{"kind":"Name","value":"origStatus"}},{"kind":"Field","name":{"kind":"Name","value":"endStatus"}},{"kind":"Field","name":{"kind":"Name","value":"totalFees"}},{"kind":"Field","name":{"kind":"Name","value":"totalFeesExtraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"emulated"}},{"kind":"Field","name":{"kind":"Name","value":"blockRef"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"workchain"}},{"kind":"Field","name":{"kind":"Name","value":"shard"}},{"kind":"Field","name":{"kind":"Name","value":"seqno"}}]}},{"kind":"Field","name":{"kind":"Name","value":"description"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"aborted"}},{"kind":"Field","name":{"kind":"Name","value":"destroyed"}},{"kind":"Field","name":{"kind":"Name","value":"creditFirst"}},{"kind":"Field","name":{"kind":"Name","value":"isTock"}},{"kind":"Field","name":{"kind":"Name","value":"installed"}},{"kind":"Field","name":{"kind":"Name","value":"storagePh"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"storageFeesCollected"}},{"kind":"Field","name":{"kind":"Name","value":"storageFeesDue"}},{"kind":"Field","name":{"kind":"Name","value":"statusChange"}}]}},{"kind":"Field","name":{"kind":"Name","value":"creditPh"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dueFeesCollected"}},{"kind":"Field","name":{"kind":"Name","value":"credit"}},{"kind":"Field","name":{"kind":"Name","value":"creditExtraCurrencies"}}]}},{"kind":"Field","name":{"kind":"Name","value":"computePh"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"msgStateUsed"}},{"kind":"Field","name":{"kind":"Name","value":"accountActivated"}},{"kind":"Field","name":{"kind":"Name","value":"gasFees"}},{"kind":"Field","name":{"kind":"Name","value":"gasUsed"}},{"kind":"Field","name":{"kind":"Name","value":"gasLimit"}},{"kind":"Field","name":{"kind":"Name","value":"gasCredit"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}},{"kind":"Field","name":{"kind":"Name","value":"exitArg"}},{"kind":"Field","name":{"kind":"Name","value":"vmSteps"}},{"kind":"Field","name":{"kind":"Name","value":"vmInitStateHash"}},{"kind":"Field","name":{"kind":"Name","value":"vmFinalStateHash"}}]}},{"kind":"Field","name":{"kind":"Name","value":"action"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"noFunds"}},{"kind":"Field","name":{"kind":"Name","value":"statusChange"}},{"kind":"Field","name":{"kind":"Name","value":"totalFwdFees"}},{"kind":"Field","name":{"kind":"Name","value":"totalActionFees"}},{"kind":"Field","name":{"kind":"Name","value":"resultCode"}},{"kind":"Field","name":{"kind":"Name","value":"resultArg"}},{"kind":"Field","name":{"kind":"Name","value":"totActions"}},{"kind":"Field","name":{"kind":"Name","value":"specActions"}},{"kind":"Field","name":{"kind":"Name","value":"skippedActions"}},{"kind":"Field","name":{"kind":"Name","value":"msgsCreated"}},{"kind":"Field","name":{"kind":"Name","value":"actionListHash"}},{"kind":"Field","name":{"kind":"Name","value":"totMsgSize"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cells"}},{"kind":"Field","name":{"kind":"Name","value":"bits"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"bounce"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"msgSize"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cells"}},{"kind":"Field","name":{"kind":"Name","value":"bits"}}]}},{"kind":"Field","name":{"kind":"Name","value":"reqFwdFees"}},{"kind":"Field","name":{"kind":"Name","value":"msgFees"}},{"kind":"Field","name":{"kind":"Name","value":"fwdFees"}}]}},{"kind":"Field","name":{"kind":"Name","value":"splitInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"curShardPfxLen"}},{"kind":"Field","name":{"kind":"Name","value":"accSplitDepth"}},{"kind":"Field","name":{"kind":"Name","value":"thisAddr"}},{"kind":"Field","name":{"kind":"Name","value":"siblingAddr"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"inMsg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"outMsgs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountStateBefore"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccountStateFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountStateAfter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccountStateFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"userFriendly"}},{"kind":"Field","name":{"kind":"Name","value":"domain"}},{"kind":"Field","name":{"kind":"Name","value":"interfaces"}}]}}]}}]} as unknown as DocumentNode<BlockTransactionsQuery, BlockTransactionsQueryVariables>;
export const BlockTransactionHashesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BlockTransactionHashes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"seqno"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UInt32"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SortOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactionsByMasterchainBlock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"seqno"},"value":{"kind":"Variable","name":{"kind":"Name","value":"seqno"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"lt"}},{"kind":"Field","name":{"kind":"Name","value":"account"}}]}}]}}]} as unknown as DocumentNode<BlockTransactionHashesQuery, BlockTransactionHashesQueryVariables>;
export const TransactionByHashDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TransactionByHash"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"hash"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transaction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"hash"},"value":{"kind":"Variable","name":{"kind":"Name","value":"hash"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TransactionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Message"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"hashNorm"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"destination"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"valueExtraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"fwdFee"}},{"kind":"Field","name":{"kind":"Name","value":"ihrFee"}},{"kind":"Field","name":{"kind":"Name","value":"importFee"}},{"kind":"Field","name":{"kind":"Name","value":"createdLt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"opcode"}},{"kind":"Field","name":{"kind":"Name","value":"ihrDisabled"}},{"kind":"Field","name":{"kind":"Name","value":"bounce"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}},{"kind":"Field","name":{"kind":"Name","value":"inMsgTxHash"}},{"kind":"Field","name":{"kind":"Name","value":"outMsgTxHash"}},{"kind":"Field","name":{"kind":"Name","value":"messageContent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"decoded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"initState"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"decoded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"comment"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccountStateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccountState"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"extraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"accountStatus"}},{"kind":"Field","name":{"kind":"Name","value":"frozenHash"}},{"kind":"Field","name":{"kind":"Name","value":"dataHash"}},{"kind":"Field","name":{"kind":"Name","value":"codeHash"}},{"kind":"Field","name":{"kind":"Name","value":"dataBoc"}},{"kind":"Field","name":{"kind":"Name","value":"codeBoc"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TransactionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"lt"}},{"kind":"Field","name":{"kind":"Name","value":"now"}},{"kind":"Field","name":{"kind":"Name","value":"mcBlockSeqno"}},{"kind":"Field","name":{"kind":"Name","value":"traceId"}},{"kind":"Field","name":{"kind":"Name","value":"traceExternalHash"}},{"kind":"Field","name":{"kind":"Name","value":"prevTransHash"}},{"kind":"Field","name":{"kind":"Name","value":"prevTransLt"}},{"kind":"Field","name":{"kind":"Name","value":"origStatus"}},{"kind":"Field","name":{"kind":"Name","value":"endStatus"}},{"kind":"Field","name":{"kind":"Name","value":"totalFees"}},{"kind":"Field","name":{"kind":"Name","value":"totalFeesExtraCurrencies"}},{"kind":"Field","name":{"kind":"Name","value":"emulated"}},{"kind":"Field","name":{"kind":"Name","value":"blockRef"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"workchain"}},{"kind":"Field","name":{"kind":"Name","value":"shard"}},{"kind":"Field","name":{"kind":"Name","value":"seqno"}}]}},{"kind":"Field","name":{"kind":"Name","value":"description"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"aborted"}},{"kind":"Field","name":{"kind":"Name","value":"destroyed"}},{"kind":"Field","name":{"kind":"Name","value":"creditFirst"}},{"kind":"Field","name":{"kind":"Name","value":"isTock"}},{"kind":"Field","name":{"kind":"Name","value":"installed"}},{"kind":"Field","name":{"kind":"Name","value":"storagePh"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"storageFeesCollected"}},{"kind":"Field","name":{"kind":"Name","value":"storageFeesDue"}},{"kind":"Field","name":{"kind":"Name","value":"statusChange"}}]}},{"kind":"Field","name":{"kind":"Name","value":"creditPh"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dueFeesCollected"}},{"kind":"Field","name":{"kind":"Name","value":"credit"}},{"kind":"Field","name":{"kind":"Name","value":"creditExtraCurrencies"}}]}},{"kind":"Field","name":{"kind":"Name","value":"computePh"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"msgStateUsed"}},{"kind":"Field","name":{"kind":"Name","value":"accountActivated"}},{"kind":"Field","name":{"kind":"Name","value":"gasFees"}},{"kind":"Field","name":{"kind":"Name","value":"gasUsed"}},{"kind":"Field","name":{"kind":"Name","value":"gasLimit"}},{"kind":"Field","name":{"kind":"Name","value":"gasCredit"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}},{"kind":"Field","name":{"kind":"Name","value":"exitArg"}},{"kind":"Field","name":{"kind":"Name","value":"vmSteps"}},{"kind":"Field","name":{"kind":"Name","value":"vmInitStateHash"}},{"kind":"Field","name":{"kind":"Name","value":"vmFinalStateHash"}}]}},{"kind":"Field","name":{"kind":"Name","value":"action"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"noFunds"}},{"kind":"Field","name":{"kind":"Name","value":"statusChange"}},{"kind":"Field","name":{"kind":"Name","value":"totalFwdFees"}},{"kind":"Field","name":{"kind":"Name","value":"totalActionFees"}},{"kind":"Field","name":{"kind":"Name","value":"resultCode"}},{"kind":"Field","name":{"kind":"Name","value":"resultArg"}},{"kind":"Field","name":{"kind":"Name","value":"totActions"}},{"kind":"Field","name":{"kind":"Name","value":"specActions"}},{"kind":"Field","name":{"kind":"Name","value":"skippedActions"}},{"kind":"Field","name":{"kind":"Name","value":"msgsCreated"}},{"kind":"Field","name":{"kind":"Name","value":"actionListHash"}},{"kind":"Field","name":{"kind":"Name","value":"totMsgSize"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cells"}},{"kind":"Field","name":{"kind":"Name","value":"bits"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"bounce"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"msgSize"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cells"}},{"kind":"Field","name":{"kind":"Name","value":"bits"}}]}},{"kind":"Field","name":{"kind":"Name","value":"reqFwdFees"}},{"kind":"Field","name":{"kind":"Name","value":"msgFees"}},{"kind":"Field","name":{"kind":"Name","value":"fwdFees"}}]}},{"kind":"Field","name":{"kind":"Name","value":"splitInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"curShardPfxLen"}},{"kind":"Field","name":{"kind":"Name","value":"accSplitDepth"}},{"kind":"Field","name":{"kind":"Name","value":"thisAddr"}},{"kind":"Field","name":{"kind":"Name","value":"siblingAddr"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"inMsg"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"outMsgs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountStateBefore"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccountStateFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountStateAfter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccountStateFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accountInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"userFriendly"}},{"kind":"Field","name":{"kind":"Name","value":"domain"}},{"kind":"Field","name":{"kind":"Name","value":"interfaces"}}]}}]}}]} as unknown as DocumentNode<TransactionByHashQuery, TransactionByHashQueryVariables>;