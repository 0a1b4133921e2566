/** Parameter pieces several operations share (operations/*.ts describe each route with them). */

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

/** Order by logical time, as a block page takes it; other routes reuse it with their own description. */
export const SORT = {
  kind: 'enum',
  values: { asc: 'Oldest first: lowest logical time first.', desc: 'Newest first: highest logical time first.' },
  default: 'desc',
  graphqlEnum: { name: 'SortOrder', description: 'Order of a page by logical time (`lt`), ties broken by account in the same direction.' },
  description: 'By logical time, ties broken by account in the same direction.',
} as const;

/** `limit` and `offset` of an offset-paged route. */
export const paging = (items: string, defaultLimit = 10) =>
  ({
    limit: { kind: 'integer', min: 1, max: 1000, default: defaultLimit, description: `${items} per page.` },
    offset: { kind: 'integer', min: 0, max: 2 ** 31 - 1, default: 0, description: `${items} to skip.` },
  }) as const;

export const hashes = (what: string) =>
  ({ kind: 'hashList', max: 1000, description: `${what}: 64 hex digits (optionally \`0x\`), base64 or base64url.` }) as const;
export const addresses = (what: string) =>
  ({
    kind: 'addressList',
    max: 1000,
    description: `${what}: raw (\`<workchain>:<hex>\`, any case) or user-friendly (base64 or base64url, any flags).`,
  }) as const;

export const direction = {
  kind: 'enum',
  values: { in: 'The transaction that received the message.', out: 'The transaction that sent the message.' },
  graphqlEnum: { name: 'MessageDirection', description: "A message's side in a transaction: received (in) or sent (out)." },
} as const;

export const nullableAddress = (what: string) =>
  ({
    kind: 'address',
    acceptsNull: true,
    description: `${what}: raw or user-friendly; the literal \`null\` selects messages without one (${what === 'Source' ? 'external-in' : 'external-out'}).`,
  }) as const;

export const masterchainSeqno = (what: string) =>
  ({
    kind: 'integer',
    min: 0,
    max: MAX_SEQNO,
    required: `the masterchain block seqno, an integer from 0 to ${MAX_SEQNO}`,
    graphqlType: 'UInt32',
    description: what,
  }) as const;

export const lookedUp = (what: string) =>
  ({
    kind: 'stringList',
    max: 1024,
    required: 'at least one address',
    description: `Addresses to look up (${what}): raw or user-friendly; a value that is not an address is ${what === 'keyed by the string given' ? 'answered with nulls' : 'left out'}.`,
  }) as const;

/** Windows on a trace's end, as `/traces` and `/actions` take them (a time bound orders by time). */
export const traceEndWindows = {
  start_utime: { kind: 'utime', description: 'The trace ended at or after this unix time; switches the order to time.' },
  end_utime: { kind: 'utime', description: 'The trace ended at or before this unix time; switches the order to time.' },
  start_lt: { kind: 'lt', description: 'The trace ended at or after this logical time.' },
  end_lt: { kind: 'lt', description: 'The trace ended at or before this logical time.' },
} as const;

/** How many in-flight traces the pending routes read per account or request (TON Center reads them all). */
export const PENDING_TRACE_BOUND = 100;

/** External message hashes naming traces in flight (`pendingTraces`, `pendingActions`). */
export const EXT_MSG_HASHES = {
  kind: 'hashList',
  max: MAX_EXT_MSG_HASHES,
  description: 'The traces these external messages started: their hashes, raw or normalized (64 hex digits, base64 or base64url).',
} as const;
