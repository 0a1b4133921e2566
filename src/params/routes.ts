/** The parameters of each route, described once for REST, GraphQL and OpenAPI (see spec.ts). */
import type { RouteParams } from './spec';

export const MAX_SEQNO = 2 ** 32 - 1;
export const MAX_EXT_MSG_HASHES = 100;

/** Distinct names a client can mean are fewer (about 80 types and 20 shortcuts). */
export const MAX_SUPPORTED_ACTION_TYPES = 100;

export const SUPPORTED_ACTION_TYPES = {
  kind: 'stringList',
  max: MAX_SUPPORTED_ACTION_TYPES,
  description:
    "Action types the client understands, or TON Center's shortcuts for them (v1 … v4, latest; groups such as jettons, nft, dns); the v1 types are always included, default latest. An action shows when its type is supported and no action it is part of has a supported type: an unsupported action is replaced by the actions it is made of.",
} as const;

export const BLOCK_PAGE = {
  params: {
    seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      required: `the masterchain block seqno, an integer from 0 to ${MAX_SEQNO}`,
      graphqlType: 'UInt32',
      description: 'Seqno of the masterchain block (workchain -1): its transactions and those of every shard block it commits.',
    },
    limit: { kind: 'integer', min: 1, max: 1000, default: 10, description: 'Transactions per page.' },
    offset: { kind: 'integer', min: 0, max: 2 ** 31 - 1, default: 0, description: 'Transactions to skip; the order is total, so pages never overlap or skip.' },
    sort: {
      kind: 'enum',
      values: { asc: 'Oldest first: lowest logical time first.', desc: 'Newest first: highest logical time first.' },
      default: 'desc',
      graphqlEnum: { name: 'SortOrder', description: 'Order of a page by logical time (`lt`), ties broken by account in the same direction.' },
      description: 'By logical time, ties broken by account in the same direction.',
    },
  },
} as const satisfies RouteParams;

export const PENDING_TRACES = {
  params: {
    account: {
      kind: 'address',
      description:
        'Traces with a transaction of this account: an address, raw (`<workchain>:<hex>`, any case) or user-friendly (base64 or base64url, any flags).',
    },
    ext_msg_hash: {
      kind: 'hashList',
      max: MAX_EXT_MSG_HASHES,
      description: 'The traces these external messages started: their hashes, raw or normalized (64 hex digits, base64 or base64url).',
    },
    limit: { kind: 'integer', min: 1, max: 1000, default: 100, description: 'Traces to return, newest (highest end lt) first.' },
    supported_action_types: SUPPORTED_ACTION_TYPES,
  },
  exactlyOne: [['account', 'ext_msg_hash']],
} as const satisfies RouteParams;

/** `limit` and `offset` of an offset-paged route. */
const paging = (items: string, defaultLimit = 10) =>
  ({
    limit: { kind: 'integer', min: 1, max: 1000, default: defaultLimit, description: `${items} per page.` },
    offset: { kind: 'integer', min: 0, max: 2 ** 31 - 1, default: 0, description: `${items} to skip.` },
  }) as const;

const hashes = (what: string) => ({ kind: 'hashList', max: 1000, description: `${what}: 64 hex digits (optionally \`0x\`), base64 or base64url.` }) as const;
const addresses = (what: string) =>
  ({
    kind: 'addressList',
    max: 1000,
    description: `${what}: raw (\`<workchain>:<hex>\`, any case) or user-friendly (base64 or base64url, any flags).`,
  }) as const;

export const TRANSACTIONS = {
  params: {
    workchain: { kind: 'integer', min: -128, max: 127, description: "Workchain of the transactions' block." },
    shard: { kind: 'shard', description: "Shard of the transactions' block (TON Center reads it as hex first)." },
    seqno: { kind: 'integer', min: 0, max: 2 ** 31 - 1, description: "Seqno of the transactions' (shard) block." },
    root_hash: hashes("Root hash of the transactions' block"),
    file_hash: hashes("File hash of the transactions' block"),
    mc_seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      graphqlType: 'UInt32',
      description: 'Masterchain block that committed them (404 when it is not indexed).',
    },
    account: addresses('Transactions of these accounts'),
    exclude_account: addresses('Transactions not of these accounts'),
    hash: hashes('Transactions with these hashes'),
    lt: { kind: 'lt', description: 'Logical time of the transaction.' },
    start_utime: { kind: 'utime', description: 'At or after this unix time; switches the order to time, then lt.' },
    end_utime: { kind: 'utime', description: 'At or before this unix time; switches the order to time, then lt.' },
    start_lt: { kind: 'lt', description: 'At or after this logical time.' },
    end_lt: { kind: 'lt', description: 'At or before this logical time.' },
    ...paging('Transactions'),
    sort: { ...BLOCK_PAGE.params.sort, description: "Direction of TON Center's order for the filters given (README: /transactions)." },
  },
} as const satisfies RouteParams;

const direction = {
  kind: 'enum',
  values: { in: 'The transaction that received the message.', out: 'The transaction that sent the message.' },
  graphqlEnum: { name: 'MessageDirection', description: "A message's side in a transaction: received (in) or sent (out)." },
} as const;

export const TRANSACTIONS_BY_MESSAGE = {
  params: {
    msg_hash: hashes('Transactions that sent or received these messages; a hash matches the raw or the normalized one'),
    body_hash: { kind: 'hash', description: 'Transactions that sent or received a message with this body hash.' },
    opcode: { kind: 'opcode', description: "Transactions whose inbound message has this opcode (TON Center's rule: it implies direction in)." },
    direction: { ...direction, description: 'Only the receiving (in) or the sending (out) transaction; both when absent.' },
    source: { kind: 'address', description: 'Messages from this address.' },
    destination: { kind: 'address', description: 'Messages to this address.' },
    ...paging('Transactions'),
    sort: { ...BLOCK_PAGE.params.sort, description: 'By logical time, ties broken by account ascending.' },
  },
  atLeastOne: [['msg_hash', 'body_hash', 'opcode']],
} as const satisfies RouteParams;

export const ADJACENT_TRANSACTIONS = {
  params: {
    hash: {
      kind: 'hash',
      required: 'the hash of the transaction whose neighbours to list',
      description: 'The transaction whose neighbours to list: 64 hex digits (optionally `0x`), base64 or base64url.',
    },
    direction: {
      ...direction,
      description:
        'in: the transaction that sent its inbound message (its parent); out: those that received its out-messages (its children); both when absent.',
    },
  },
} as const satisfies RouteParams;

const nullableAddress = (what: string) =>
  ({
    kind: 'address',
    acceptsNull: true,
    description: `${what}: raw or user-friendly; the literal \`null\` selects messages without one (${what === 'Source' ? 'external-in' : 'external-out'}).`,
  }) as const;

export const MESSAGES = {
  params: {
    msg_hash: hashes('Messages with these hashes, raw or normalized'),
    hash: hashes('The same as `msg_hash` (TON Center reads it when `msg_hash` is absent); values of both are combined'),
    body_hash: { kind: 'hash', description: 'Messages with this body hash.' },
    source: nullableAddress('Source'),
    destination: nullableAddress('Destination'),
    opcode: { kind: 'opcode', description: 'Messages whose body starts with this opcode.' },
    direction: { ...direction, description: 'Only messages received (in) or sent (out) by an indexed transaction.' },
    start_utime: { kind: 'utime', description: 'Created at or after this unix time; switches the order to creation time.' },
    end_utime: { kind: 'utime', description: 'Created at or before this unix time; switches the order to creation time.' },
    start_lt: { kind: 'lt', description: 'Created at or after this logical time (leaves out external-in messages, which have none).' },
    end_lt: { kind: 'lt', description: 'Created at or before this logical time.' },
    exclude_externals: { kind: 'boolean', description: 'Leave out external-in messages (those without a creation time).' },
    only_externals: { kind: 'boolean', description: 'Only external-in messages.' },
    ...paging('Messages'),
    sort: {
      ...BLOCK_PAGE.params.sort,
      description: 'By creation lt (creation time with a time window), ties broken by hash; descending lists external-in messages first, as TON Center does.',
    },
  },
} as const satisfies RouteParams;

const masterchainSeqno = (what: string) =>
  ({
    kind: 'integer',
    min: 0,
    max: MAX_SEQNO,
    required: `the masterchain block seqno, an integer from 0 to ${MAX_SEQNO}`,
    graphqlType: 'UInt32',
    description: what,
  }) as const;

export const BLOCKS = {
  params: {
    workchain: { kind: 'integer', min: -128, max: 127, description: 'Workchain of the blocks.' },
    shard: { kind: 'shard', description: 'Shard of the blocks (TON Center reads it as hex first).' },
    seqno: { kind: 'integer', min: 0, max: 2 ** 31 - 1, description: 'Seqno of the blocks within their shard chain.' },
    root_hash: hashes('Blocks with these root hashes'),
    file_hash: hashes('Blocks with these file hashes'),
    mc_seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      graphqlType: 'UInt32',
      description: 'Blocks first committed by this masterchain block (and the masterchain block itself).',
    },
    start_utime: { kind: 'utime', description: 'Generated at or after this unix time.' },
    end_utime: { kind: 'utime', description: 'Generated at or before this unix time.' },
    start_lt: { kind: 'lt', description: 'Blocks whose start lt is at least this.' },
    end_lt: { kind: 'lt', description: "Blocks whose start lt is at most this (TON Center compares the block's start lt with both bounds)." },
    ...paging('Blocks'),
    sort: {
      kind: 'enum',
      values: BLOCK_PAGE.params.sort.values,
      graphqlEnum: BLOCK_PAGE.params.sort.graphqlEnum,
      description:
        'By generation time, ties by workchain, shard and seqno; absent: the order the indexer wrote them in (oldest first), as TON Center returns them.',
    },
  },
} as const satisfies RouteParams;

export const MASTERCHAIN_INFO = { params: {} } as const satisfies RouteParams;

export const MASTERCHAIN_BLOCK_SHARDS = {
  params: {
    seqno: masterchainSeqno('Masterchain block seqno: the block and the shard blocks it first committed.'),
    ...paging('Blocks', 100),
  },
} as const satisfies RouteParams;

export const MASTERCHAIN_BLOCK_SHARD_STATE = {
  params: { seqno: masterchainSeqno('Masterchain block seqno: the block and the top block of each shard at it.') },
} as const satisfies RouteParams;

const lookedUp = (what: string) =>
  ({
    kind: 'stringList',
    max: 1024,
    required: 'at least one address',
    description: `Addresses to look up (${what}): raw or user-friendly; a value that is not an address is ${what === 'keyed by the string given' ? 'answered with nulls' : 'left out'}.`,
  }) as const;

export const ADDRESS_BOOK = { params: { address: lookedUp('keyed by the string given') } } as const satisfies RouteParams;

export const METADATA = { params: { address: lookedUp('keyed by raw address') } } as const satisfies RouteParams;

export const ACCOUNT = {
  params: {
    address: {
      kind: 'address',
      required: 'the address of the account',
      description: 'The address: raw (`<workchain>:<hex>`, any case) or user-friendly (base64 or base64url, any flags).',
    },
  },
} as const satisfies RouteParams;

/** Windows on a trace's end, as `/traces` and `/actions` take them (a time bound orders by time). */
const traceEndWindows = {
  start_utime: { kind: 'utime', description: 'The trace ended at or after this unix time; switches the order to time.' },
  end_utime: { kind: 'utime', description: 'The trace ended at or before this unix time; switches the order to time.' },
  start_lt: { kind: 'lt', description: 'The trace ended at or after this logical time.' },
  end_lt: { kind: 'lt', description: 'The trace ended at or before this logical time.' },
} as const;

export const TRACES = {
  params: {
    account: { kind: 'address', description: 'Traces with a transaction of this account.' },
    trace_id: hashes('Traces with these ids (the hash of the root transaction)'),
    tx_hash: hashes('The traces holding these transactions'),
    msg_hash: hashes('The traces holding these messages; a hash matches the raw or the normalized one (an external message found by its normalized hash)'),
    mc_seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      graphqlType: 'UInt32',
      description: 'Traces completed in this masterchain block (404 when it is not indexed).',
    },
    ...traceEndWindows,
    include_actions: { kind: 'boolean', description: "Include each trace's actions (TON Center's default: not)." },
    supported_action_types: SUPPORTED_ACTION_TYPES,
    ...paging('Traces'),
    sort: { ...BLOCK_PAGE.params.sort, description: 'By end lt (end time with a time window), ties by trace id, both in this direction.' },
  },
  atMostOne: [['account', 'trace_id', 'tx_hash', 'msg_hash']],
} as const satisfies RouteParams;

const actionTypes = (what: string) =>
  ({ kind: 'stringList', max: 100, description: `${what}: action type names (letters, digits, \`_\` and \`.\`).` }) as const;

export const ACTIONS = {
  params: {
    account: { kind: 'address', description: 'Actions involving this account.' },
    tx_hash: hashes('Actions holding these transactions'),
    msg_hash: hashes('Actions holding the transaction that sent or received these messages (raw or normalized hash)'),
    action_id: hashes('Actions with these ids'),
    trace_id: hashes('Actions of these traces'),
    mc_seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      graphqlType: 'UInt32',
      description: 'Actions of traces completed in this masterchain block (404 when it is not indexed).',
    },
    ...traceEndWindows,
    action_type: actionTypes('Only actions of these types (supported or not)'),
    exclude_action_type: actionTypes('No actions of these types'),
    supported_action_types: SUPPORTED_ACTION_TYPES,
    include_accounts: { kind: 'boolean', description: "Accepted for TON Center's clients: every action lists its accounts here." },
    include_transactions: { kind: 'boolean', description: 'Each action with its transactions whole (`transactions_full`), every one of them.' },
    ...paging('Actions'),
    sort: { ...BLOCK_PAGE.params.sort, description: "By the trace's end lt (end time with a time window), then trace, action end and id, in this direction." },
  },
} as const satisfies RouteParams;

/** How many in-flight traces the pending routes read per account or request (TON Center reads them all). */
export const PENDING_TRACE_BOUND = 100;

export const PENDING_TRANSACTIONS = {
  params: {
    account: { ...addresses('Transactions of these accounts in traces still in flight'), max: 10, required: 'at least one account address' },
    trace_id: hashes('Only transactions of these traces'),
  },
} as const satisfies RouteParams;

export const PENDING_ACTIONS = {
  params: {
    account: { kind: 'address', description: 'Actions involving this account in traces still in flight (it wins over `ext_msg_hash`, as on TON Center).' },
    ext_msg_hash: PENDING_TRACES.params.ext_msg_hash,
    supported_action_types: SUPPORTED_ACTION_TYPES,
    include_transactions: { kind: 'boolean', description: 'Each action with its transactions whole (`transactions_full`), emulated ones included.' },
  },
  atLeastOne: [['account', 'ext_msg_hash']],
} as const satisfies RouteParams;
