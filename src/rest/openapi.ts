/** OpenAPI 3.1 description of the REST routes, served at /api/v3/openapi.json; responses are checked against it in tests. */
import { API_PREFIX, REST_ROUTES, type RestRoute } from './registry';
import { bounds, isList, type Param, type RouteParams } from '../params/spec';
import { DESCRIPTION_FIELDS, PHASES, type DescrKind, type DescrPhase } from '../transactions/description';

const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };
const numstr = { type: 'string', pattern: '^-?\\d+$' };
const nnumstr = { type: ['string', 'null'], pattern: '^-?\\d+$' };
const nint = { type: ['integer', 'null'] };
const nbool = { type: ['boolean', 'null'] };
const hash = { type: 'string', pattern: '^[A-Za-z0-9+/]{43}=$', description: 'standard base64, padded' };
const nhash = { type: ['string', 'null'], pattern: '^[A-Za-z0-9+/]{43}=$' };
const address = { type: 'string', pattern: '^-?\\d+:[0-9A-F]{64}$', description: 'raw: <workchain>:<64 uppercase hex>' };
const naddress = { type: ['string', 'null'], pattern: '^-?\\d+:[0-9A-F]{64}$' };
const currencies = { type: ['object', 'null'], additionalProperties: numstr };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (name: string) => ({ oneOf: [ref(name), { type: 'null' }] });

/** An object whose every listed property is required (the contract: every spec field is present, null when unknown). */
const object = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

/** TON Center's shape with omitted keys: every key listed, those in `optional` left out when empty, no other key. */
const omitting = (properties: Record<string, unknown>, optional: readonly string[]) => ({
  type: 'object',
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
  additionalProperties: false,
});

const size = object({ cells: nnumstr, bits: nnumstr });

/** A route's answer: the list under its key (of `item`s), the address book and, unless `metadata` is false, the metadata. */
const page = (key: string, item: string, metadata = true) =>
  object({ [key]: { type: 'array', items: ref(item) }, address_book: ref('AddressBook'), ...(metadata ? { metadata: ref('Metadata') } : {}) });

/** An address column as the indexer stores it: raw, or its literal for no address. */
const storedAddress = {
  type: ['string', 'null'],
  pattern: '^(-?\\d+:[0-9A-F]{64}|addr_none|addr_extern)$',
  description: 'raw, or `addr_none` / `addr_extern` as the indexer stores them',
};

/** An NFT item's keys that are always present (the sale keys are left out when it is not on sale). */
const nftItemProperties = {
  address,
  init: nbool,
  index: { ...nstr, description: 'decimal; for a Telemint item nested in a sale, its token name' },
  collection_address: naddress,
  owner_address: { ...naddress, description: 'for an item on sale, the sale or auction contract' },
  content: { type: ['object', 'null'], description: 'as the indexer read it from the item (keys sorted)' },
  last_transaction_lt: nnumstr,
  code_hash: nhash,
  data_hash: nhash,
  collection: nullable('NftCollection'),
  on_sale: { type: 'boolean', description: 'its owner is a GetGems sale or auction contract selling it' },
};

/** A jetton wallet's keys that are always present (`mintless_info` is left out without an unclaimed amount). */
const jettonWalletProperties = {
  address,
  balance: nnumstr,
  owner: naddress,
  jetton: naddress,
  last_transaction_lt: nnumstr,
  code_hash: nhash,
  data_hash: nhash,
};

/** A payload decoded as message bodies are: `@type` first, null when it does not decode. */
const decodedPayload = { type: ['object', 'null'], required: ['@type'], properties: { '@type': str }, additionalProperties: true };

const KIND_SCHEMAS: Record<DescrKind, unknown> = {
  bool: nbool,
  int: nint,
  int8: nint,
  int32: nint,
  count64: nint,
  int64: nnumstr,
  enum: nstr,
  text: nstr,
  hash: nhash,
  currencies,
  msgSize: { oneOf: [size, { type: 'null' }] },
};
const phaseProperties = (phase: DescrPhase) => Object.fromEntries(phase.fields.map((f) => [f.key, KIND_SCHEMAS[f.kind]]));

function descriptionSchema() {
  const phases = PHASES.map((p) => [p.key, { oneOf: [object(phaseProperties(p)), { type: 'null' }] }]);
  return object({ ...phaseProperties(DESCRIPTION_FIELDS), ...Object.fromEntries(phases) });
}

/** The bodies of the routes forwarded to a TON HTTP API v2 endpoint, and their answers. */
function v2Schemas() {
  const boc = { type: 'string', description: 'a BOC in base64' };
  const fee = { type: 'integer', minimum: 0 };
  const fees = object({ in_fwd_fee: fee, storage_fee: fee, gas_fee: fee, fwd_fee: fee });
  const stackValue = { type: 'string', description: 'num: a `0x` hex or decimal string, or a JSON integer; cell, slice: a BOC in base64' };
  return {
    V2SendMessageRequest: {
      type: 'object',
      required: ['boc'],
      additionalProperties: false,
      properties: { boc: { ...boc, description: 'the external message, a BOC in base64' } },
    },
    V2SendMessageResult: {
      type: 'object',
      required: ['message_hash'],
      additionalProperties: false,
      properties: { message_hash: str, message_hash_norm: { ...str, description: 'the normalized hash, when the upstream gives it' } },
    },
    V2StackArgument: object({ type: { enum: ['num', 'cell', 'slice'] }, value: { oneOf: [stackValue, { type: 'integer' }] } }),
    V2RunGetMethodRequest: {
      type: 'object',
      required: ['address', 'method'],
      additionalProperties: false,
      properties: {
        address: { ...str, description: 'raw or user-friendly' },
        method: { ...str, description: 'the get-method name, such as `seqno`' },
        stack: { type: ['array', 'null'], items: ref('V2StackArgument'), maxItems: 256 },
      },
    },
    V2StackEntity: object({
      type: { enum: ['num', 'cell', 'slice', 'tuple', 'list'] },
      value: {
        oneOf: [
          { ...str, description: 'num: `0x` hex (`-0x…` when negative); cell, slice: a BOC in base64' },
          { type: 'array', items: ref('V2StackEntity') },
        ],
      },
    }),
    V2RunGetMethodResult: object({ gas_used: { type: 'integer' }, exit_code: { type: 'integer' }, stack: { type: 'array', items: ref('V2StackEntity') } }),
    V2EstimateFeeRequest: {
      type: 'object',
      required: ['address'],
      additionalProperties: false,
      properties: {
        address: { ...str, description: 'raw or user-friendly' },
        body: boc,
        init_code: boc,
        init_data: boc,
        ignore_chksig: { type: 'boolean', description: 'false when absent, as TON Center sends it' },
      },
    },
    V2EstimatedFee: fees,
    V2EstimateFeeResult: object({ source_fees: ref('V2EstimatedFee'), destination_fees: { type: ['array', 'null'], items: ref('V2EstimatedFee') } }),
  };
}

const schemas = {
  Error: object({ error: str, code: { type: 'integer' } }),
  BlockRef: object({ workchain: nint, shard: nnumstr, seqno: nint }),
  AccountState: object({
    hash,
    balance: nnumstr,
    extra_currencies: currencies,
    account_status: nstr,
    frozen_hash: nhash,
    data_hash: nhash,
    code_hash: nhash,
    data_boc: nstr,
    code_boc: nstr,
  }),
  MessageContent: object({
    hash: nhash,
    body: nstr,
    decoded: {
      type: ['object', 'null'],
      required: ['@type'],
      properties: { '@type': { ...str, description: 'the constructor, e.g. `jetton_notify`, `text_comment`, `empty_cell`' } },
      additionalProperties: true,
      description:
        'the body decoded as TON Center decodes it (its TL-B schemas): `@type` first, then the constructor\'s fields in order; integers as decimal strings, bits as uppercase hex, addresses as `addr_std` objects, inner cells decoded or as base64 BOCs. A top-level text comment keeps the legacy shape `{"@type":"text_comment","comment":…,"type":"text_comment"}`. Null when no schema parses the body, and always for `init_state`.',
    },
  }),
  Message: object({
    hash,
    source: naddress,
    destination: naddress,
    value: nnumstr,
    value_extra_currencies: currencies,
    fwd_fee: nnumstr,
    ihr_fee: nnumstr,
    created_lt: nnumstr,
    created_at: nnumstr,
    opcode: { type: ['integer', 'null'], minimum: 0, maximum: 4294967295 },
    decoded_opcode: { ...nstr, description: "the opcode's name (ton-marker's), null when unknown" },
    ihr_disabled: nbool,
    bounce: nbool,
    bounced: nbool,
    import_fee: nnumstr,
    in_msg_tx_hash: nhash,
    out_msg_tx_hash: nhash,
    message_content: nullable('MessageContent'),
    init_state: nullable('MessageContent'),
    hash_norm: nhash,
  }),
  TransactionDescription: descriptionSchema(),
  Transaction: object({
    account: address,
    hash,
    lt: numstr,
    now: nint,
    mc_block_seqno: nint,
    trace_id: nhash,
    trace_external_hash: nhash,
    prev_trans_hash: nhash,
    prev_trans_lt: nnumstr,
    orig_status: nstr,
    end_status: nstr,
    total_fees: nnumstr,
    total_fees_extra_currencies: currencies,
    description: ref('TransactionDescription'),
    block_ref: ref('BlockRef'),
    in_msg: nullable('Message'),
    out_msgs: { type: 'array', items: ref('Message') },
    account_state_before: nullable('AccountState'),
    account_state_after: nullable('AccountState'),
    emulated: { type: 'boolean' },
    finality: { enum: ['pending', 'confirmed', 'finalized'] },
  }),
  AddressBook: {
    type: 'object',
    additionalProperties: object({ user_friendly: nstr, domain: nstr, interfaces: { type: ['array', 'null'], items: str } }),
  },
  TraceNode: object({
    tx_hash: hash,
    transaction_hash: hash,
    transaction_lt: numstr,
    transaction_now: nint,
    transaction_aborted: nbool,
    in_msg_hash: nhash,
    in_msg: nullable('Message'),
    transaction: ref('Transaction'),
    children: { type: 'array', items: ref('TraceNode') },
  }),
  Action: object({
    trace_id: nhash,
    action_id: hash,
    start_lt: nnumstr,
    end_lt: nnumstr,
    start_utime: nint,
    end_utime: nint,
    trace_end_lt: nnumstr,
    trace_end_utime: nint,
    trace_mc_seqno_end: nint,
    transactions: { type: 'array', items: hash },
    success: nbool,
    type: str,
    details: {
      type: 'object',
      description: 'shaped per action type, as TON Center v3 (opcodes as "0x%08x")',
      properties: { opcode: { type: ['string', 'null'], pattern: '^0x[0-9a-f]{8}$' } },
    },
    trace_external_hash: nhash,
    trace_external_hash_norm: nhash,
    accounts: { type: 'array', items: address },
  }),
  Trace: object({
    trace_id: nhash,
    external_hash: nhash,
    mc_seqno_start: nnumstr,
    mc_seqno_end: nnumstr,
    start_lt: nnumstr,
    start_utime: nint,
    end_lt: nnumstr,
    end_utime: nint,
    trace_info: object({ trace_state: nstr, messages: nint, transactions: nint, pending_messages: nint, classification_state: nstr }),
    is_incomplete: { type: 'boolean' },
    warning: nstr,
    actions: { type: 'array', items: ref('Action') },
    trace: nullable('TraceNode'),
    transactions_order: { type: 'array', items: hash },
    transactions: { type: 'object', additionalProperties: ref('Transaction') },
  }),
  BlockId: object({
    workchain: { type: 'integer' },
    shard: { type: 'string', pattern: '^[0-9A-F]{1,16}$', description: 'unsigned hex, as TON Center writes it' },
    seqno: { type: 'integer' },
  }),
  Block: object({
    workchain: { type: 'integer' },
    shard: { type: 'string', pattern: '^[0-9A-F]{1,16}$', description: 'unsigned hex, as TON Center writes it' },
    seqno: { type: 'integer' },
    root_hash: nhash,
    file_hash: nhash,
    global_id: nint,
    version: nint,
    after_merge: nbool,
    before_split: nbool,
    after_split: nbool,
    want_merge: nbool,
    want_split: nbool,
    key_block: nbool,
    vert_seqno_incr: nbool,
    flags: nint,
    gen_utime: nnumstr,
    start_lt: nnumstr,
    end_lt: nnumstr,
    validator_list_hash_short: nint,
    gen_catchain_seqno: nint,
    min_ref_mc_seqno: nint,
    prev_key_block_seqno: nint,
    vert_seqno: nint,
    master_ref_seqno: nint,
    rand_seed: nhash,
    created_by: nhash,
    tx_count: nint,
    masterchain_block_ref: nullable('BlockId'),
    prev_blocks: { type: 'array', items: ref('BlockId') },
  }),
  BlocksResponse: object({ blocks: { type: 'array', items: ref('Block') } }),
  MasterchainInfo: object({ last: ref('Block'), first: ref('Block') }),
  DecodeRequest: {
    type: 'object',
    properties: { opcodes: { type: ['array', 'null'], items: str, maxItems: 1000 }, bodies: { type: ['array', 'null'], items: str, maxItems: 1000 } },
  },
  DecodeResponse: object({
    opcodes: { type: 'array', items: str },
    bodies: {
      type: 'array',
      items: {
        oneOf: [
          { type: 'object', required: ['@type'], properties: { '@type': str } },
          object({ error: { type: 'string', pattern: '^unknown' } }),
          object({ failed_to_decode_json: str }),
        ],
      },
    },
  }),
  Metadata: { type: 'object', description: 'keyed by raw address: jetton wallets and masters, NFT items and collections only' },
  NftCollection: object({
    address,
    owner_address: naddress,
    last_transaction_lt: nnumstr,
    next_item_index: nnumstr,
    collection_content: { type: ['object', 'null'], description: 'as the indexer read it from the collection (keys sorted)' },
    data_hash: nhash,
    code_hash: nhash,
  }),
  NftItem: {
    ...object(nftItemProperties),
    properties: {
      ...nftItemProperties,
      sale_contract_address: { ...address, description: 'present only on a GetGems fixed-price sale' },
      auction_contract_address: { ...address, description: 'present only on a GetGems auction' },
      real_owner: { ...address, description: 'present only on sale: the seller' },
    },
    additionalProperties: false,
  },
  NftTransfer: object({
    query_id: nnumstr,
    nft_address: naddress,
    nft_collection: { ...storedAddress, description: 'raw, or `addr_none` for an item without a collection (as the indexer stores it)' },
    transaction_hash: hash,
    transaction_lt: numstr,
    transaction_now: { type: 'integer' },
    transaction_aborted: { type: 'boolean' },
    old_owner: storedAddress,
    new_owner: storedAddress,
    response_destination: storedAddress,
    custom_payload: nstr,
    decoded_custom_payload: { ...decodedPayload, description: 'the custom payload decoded as message bodies are (see MessageContent.decoded)' },
    forward_amount: nnumstr,
    forward_payload: nstr,
    decoded_forward_payload: { ...decodedPayload, description: 'the forward payload decoded as message bodies are (see MessageContent.decoded)' },
    trace_id: nhash,
  }),
  NftSale: {
    type: 'object',
    required: ['type', 'address', 'details'],
    properties: {
      type: { enum: ['getgems_sale', 'getgems_auction', 'telemint'] },
      address,
      nft_address: address,
      nft_owner_address: { ...address, description: 'the seller; absent for Telemint' },
      marketplace_address: address,
      created_at: { type: 'integer' },
      last_transaction_lt: numstr,
      code_hash: hash,
      data_hash: hash,
      details: {
        type: 'object',
        description:
          'per type, keys without a value left out. getgems_sale: is_complete, full_price, marketplace_fee_address, marketplace_fee, royalty_address, royalty_amount. getgems_auction: end_flag, end_time, last_bid, last_member, min_step, mp_fee_address, mp_fee_factor, mp_fee_base, royalty_fee_address, royalty_fee_factor, royalty_fee_base, max_bid, min_bid, last_bid_at, is_canceled. telemint: token_name, bidder_address, bid, bid_ts (a string), min_bid, end_time, beneficiary_address, initial_min_bid, max_bid, min_bid_step, min_extend_time, duration (strings), royalty_numerator, royalty_denominator, royalty_destination.',
      },
      nft_item: {
        ...ref('NftItem'),
        description: 'the item sold (never marked on sale here); for Telemint made from the item itself, its token name as the index',
      },
    },
    additionalProperties: false,
  },
  NftCollectionsResponse: page('nft_collections', 'NftCollection'),
  NftItemsResponse: page('nft_items', 'NftItem'),
  NftTransfersResponse: page('nft_transfers', 'NftTransfer'),
  NftSalesResponse: page('nft_sales', 'NftSale'),
  ...v2Schemas(),
  BalanceChanges: {
    ...object({
      changes: {
        type: ['object', 'null'],
        additionalProperties: { type: 'integer' },
        description: 'per address (raw), nanotons received less fees paid; exact integers that may exceed 2^53',
      },
      fees: { type: ['object', 'null'], additionalProperties: { type: 'integer', minimum: 0 }, description: 'per address, the fees it paid in nanotons' },
      jettons: {
        type: ['object', 'null'],
        additionalProperties: { type: 'object', additionalProperties: numstr },
        description:
          'per owner, per jetton master: the amount gained (negative: sent), a decimal string; `""` stands for an owner or master not in jetton_wallets',
      },
    }),
    additionalProperties: false,
  },
  MessagesResponse: page('messages', 'Message'),
  EventsResponse: page('events', 'Trace'),
  ActionsResponse: page('actions', 'Action'),
  TransactionsResponse: page('transactions', 'Transaction', false),
  AccountStateFull: omitting(
    {
      address,
      account_state_hash: hash,
      balance: nnumstr,
      extra_currencies: currencies,
      status: { enum: ['uninit', 'frozen', 'active', 'nonexist', null] },
      frozen_hash: hash,
      last_transaction_hash: nhash,
      last_transaction_lt: nnumstr,
      data_hash: hash,
      code_hash: hash,
      data_boc: { ...str, description: 'base64 BOC; left out with include_boc=false' },
      code_boc: { ...str, description: 'base64 BOC; left out with include_boc=false' },
      contract_methods: { type: ['array', 'null'], items: { type: 'integer' }, description: "the code's get-method ids; null when the indexer parsed none" },
      interfaces: {
        type: ['array', 'null'],
        items: str,
        description: "TON Center's interface names: by code hash, else by get-methods (null when methods match none)",
      },
    },
    ['frozen_hash', 'data_hash', 'code_hash', 'data_boc', 'code_boc'],
  ),
  AccountStatesResponse: page('accounts', 'AccountStateFull'),
  WalletState: omitting(
    {
      address,
      is_wallet: { type: 'boolean' },
      wallet_type: { ...str, description: 'e.g. `wallet v4 r2`; only for wallets' },
      seqno: { type: 'integer', minimum: 0, maximum: 4294967295, description: 'only for wallets whose data cell is readable' },
      wallet_id: { type: 'integer', minimum: 0, maximum: 4294967295, description: 'v3, v4 and v5 only; read unsigned, as TON Center does' },
      balance: numstr,
      extra_currencies: { type: 'object', additionalProperties: numstr, description: 'left out when empty' },
      is_signature_allowed: { type: 'boolean', description: 'v5 only' },
      status: { enum: ['uninit', 'frozen', 'active', 'nonexist'] },
      code_hash: hash,
      last_transaction_hash: nhash,
      last_transaction_lt: nnumstr,
    },
    ['wallet_type', 'seqno', 'wallet_id', 'balance', 'extra_currencies', 'is_signature_allowed', 'status', 'code_hash'],
  ),
  WalletStatesResponse: page('wallets', 'WalletState'),
  AddressInformation: {
    ...object({
      balance: numstr,
      code: nstr,
      data: nstr,
      last_transaction_lt: nnumstr,
      last_transaction_hash: nhash,
      frozen_hash: { type: ['string', 'null'], description: 'always null from the index (TON HTTP API v2 fills it)' },
      status: str,
    }),
    additionalProperties: false,
  },
  WalletInformation: omitting(
    {
      balance: numstr,
      wallet_type: str,
      seqno: { type: 'integer', minimum: 0, maximum: 4294967295 },
      wallet_id: { type: 'integer', minimum: 0, maximum: 4294967295 },
      last_transaction_lt: numstr,
      last_transaction_hash: hash,
      status: str,
    },
    ['wallet_type', 'seqno', 'wallet_id'],
  ),
  TopAccountsByBalance: { type: 'array', items: { ...object({ account: address, balance: numstr }), additionalProperties: false } },
  DNSRecord: object({
    nft_item_address: address,
    nft_item_owner: naddress,
    domain: nstr,
    dns_next_resolver: naddress,
    dns_wallet: naddress,
    dns_site_adnl: { ...nstr, description: 'the ADNL address, base64 as the indexer stores it' },
    dns_storage_bag_id: { ...nstr, description: 'the TON Storage bag id, base64 as the indexer stores it' },
  }),
  DNSRecordsResponse: page('records', 'DNSRecord', false),
  OrderAction: object({
    destination: naddress,
    value: nnumstr,
    body_raw: { ...nstr, description: 'the message body, a base64 BOC' },
    parsed: { type: 'boolean' },
    error: nstr,
    parsed_body: {
      type: ['object', 'null'],
      description: "shaped per parsed_body_type, keys in TON Center's order: query ids are JSON numbers, amounts decimal strings, cells base64 BOCs",
    },
    parsed_body_type: {
      enum: [
        'ton_transfer',
        'jetton_transfer',
        'jetton_burn',
        'jetton_mint',
        'nft_transfer',
        'jetton_top_up',
        'jetton_change_admin',
        'jetton_claim_admin',
        'jetton_change_content',
        'jetton_call_to',
        'jetton_set_status',
        'single_nominator_withdraw',
        'single_nominator_change_validator',
        'vesting_internal_transfer',
        'multisig_update_params',
        'unknown',
      ],
    },
    send_mode: { type: 'integer' },
  }),
  MultisigOrder: object({
    address,
    multisig_address: naddress,
    order_seqno: nnumstr,
    threshold: nint,
    sent_for_execution: nbool,
    approvals_mask: nnumstr,
    approvals_num: nint,
    expiration_date: nint,
    order_boc: nstr,
    signers: { type: ['array', 'null'], items: address },
    last_transaction_lt: nnumstr,
    code_hash: nhash,
    data_hash: nhash,
    actions: { type: ['array', 'null'], items: ref('OrderAction'), description: 'null unless parse_actions (and null when the BOC does not read)' },
  }),
  Multisig: object({
    address,
    next_order_seqno: nnumstr,
    threshold: nint,
    signers: { type: ['array', 'null'], items: address },
    proposers: { type: ['array', 'null'], items: address },
    last_transaction_lt: nnumstr,
    code_hash: nhash,
    data_hash: nhash,
    orders: {
      type: ['array', 'null'],
      items: ref('MultisigOrder'),
      description: "null when orders were asked for and there are none, [] when include_orders=false (TON Center's rule)",
    },
  }),
  MultisigResponse: page('multisigs', 'Multisig', false),
  MultisigOrderResponse: page('orders', 'MultisigOrder', false),
  VestingInfo: object({
    address,
    start_time: nint,
    total_duration: nint,
    unlock_period: nint,
    cliff_duration: nint,
    sender_address: naddress,
    owner_address: naddress,
    total_amount: nnumstr,
    whitelist: { type: 'array', items: address },
  }),
  VestingContractsResponse: page('vesting_contracts', 'VestingInfo', false),
  JettonMaster: object({
    address,
    total_supply: { ...nnumstr, description: 'null only where the indexer stored none (TON Center answers 500 there)' },
    mintable: nbool,
    admin_address: naddress,
    jetton_content: { type: ['object', 'null'], additionalProperties: true, description: 'the metadata the indexer read, keys sorted' },
    jetton_wallet_code_hash: nhash,
    code_hash: nhash,
    data_hash: nhash,
    last_transaction_lt: nnumstr,
  }),
  MintlessInfo: object({
    amount: numstr,
    start_from: nint,
    expire_at: nint,
    custom_payload_api_uri: { type: ['array', 'null'], items: str },
  }),
  JettonWallet: {
    ...object(jettonWalletProperties),
    properties: { ...jettonWalletProperties, mintless_info: { ...ref('MintlessInfo'), description: 'present only for an unclaimed mintless amount' } },
  },
  JettonTransfer: object({
    query_id: nnumstr,
    source: storedAddress,
    destination: storedAddress,
    amount: nnumstr,
    source_wallet: naddress,
    jetton_master: naddress,
    transaction_hash: hash,
    transaction_lt: numstr,
    transaction_now: { type: 'integer' },
    transaction_aborted: { type: 'boolean' },
    response_destination: storedAddress,
    custom_payload: nstr,
    decoded_custom_payload: decodedPayload,
    forward_ton_amount: nnumstr,
    forward_payload: {
      ...nstr,
      description: 'base64 BOC; a payload carried inline in the transfer body (stored as null by the indexer) is read from the body',
    },
    decoded_forward_payload: decodedPayload,
    trace_id: nhash,
  }),
  JettonBurn: object({
    query_id: nnumstr,
    owner: storedAddress,
    jetton_wallet: naddress,
    jetton_master: naddress,
    transaction_hash: hash,
    transaction_lt: numstr,
    transaction_now: { type: 'integer' },
    transaction_aborted: { type: 'boolean' },
    amount: nnumstr,
    response_destination: storedAddress,
    custom_payload: nstr,
    decoded_custom_payload: decodedPayload,
    trace_id: nhash,
  }),
  JettonMastersResponse: page('jetton_masters', 'JettonMaster'),
  JettonWalletsResponse: page('jetton_wallets', 'JettonWallet'),
  JettonTransfersResponse: page('jetton_transfers', 'JettonTransfer'),
  JettonBurnsResponse: page('jetton_burns', 'JettonBurn'),
  TracesResponse: {
    ...page('traces', 'Trace'),
    properties: {
      traces: { type: 'array', items: ref('Trace') },
      address_book: ref('AddressBook'),
      metadata: ref('Metadata'),
      warnings: { type: 'array', items: str, description: 'present when a source (Redis) did not answer' },
    },
  },
};

const errors = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((c) => [
      String(c),
      {
        description: {
          400: 'a required parameter is missing (where TON Center answers 400)',
          401: 'API key missing or unknown; on addressInformation and walletInformation, the address is missing (as TON Center answers)',
          404: 'not found',
          405: 'method not allowed',
          409: 'the account is not a wallet',
          413: 'the request body is larger than 1 MiB',
          422: 'a parameter is malformed, missing, repeated or unknown',
          429: 'rate limit exceeded (Retry-After)',
          500: 'an internal error; from a forwarding route, the upstream ok:false answer with no other code',
          501: 'TON_API_V2_URL is not set: there is nowhere to forward the request (the POST routes that forward, use_v2=true)',
          502: 'the TON HTTP API v2 endpoint could not be reached, or answered something that is not a v2 response',
          503: 'the database cannot be reached, or the service is too busy to queue the request (Retry-After)',
          504: 'the statement timeout fired (forwarded requests: TON_API_V2_TIMEOUT_MS passed)',
        }[c],
        content: { 'application/json': { schema: ref('Error') } },
      },
    ]),
  );

const control = [
  { name: 'api_key', in: 'query', schema: str, description: 'or the X-Api-Key header' },
  { name: 'x_timeout', in: 'query', schema: { type: 'integer', minimum: 1 }, description: 'ms; can only lower the statement timeout (or X-Timeout)' },
  { name: 'x_no_address_book', in: 'query', schema: { type: 'boolean' }, description: 'or X-No-Address-Book' },
  { name: 'x_no_metadata', in: 'query', schema: { type: 'boolean' }, description: 'or X-No-Metadata' },
];

function parameterSchema(p: Param) {
  switch (p.kind) {
    case 'integer':
      return { type: 'integer', minimum: p.min, maximum: p.max, ...(p.default === undefined ? {} : { default: p.default }) };
    case 'enum':
      return { enum: Object.keys(p.values), ...(p.default === undefined ? {} : { default: p.default }) };
    case 'address':
    case 'hash':
      return str;
    case 'boolean':
      return { type: 'boolean' };
    case 'opcode':
      return { type: 'string', description: '0x0f8a7ea5, bare hex (read first: 1000 is 0x1000) or a signed decimal' };
    case 'shard':
      return { type: 'string', description: '16 hex digits (e.g. 8000000000000000, optional 0x) or a signed decimal' };
    case 'lt':
      return { type: 'string', pattern: '^\\d{1,19}$' };
    case 'utime':
      return { type: 'number', minimum: 0, maximum: 4294967295 };
    case 'addressList':
    case 'hashList':
      return { type: 'array', items: str, maxItems: p.max };
    case 'string':
      return { type: 'string', minLength: 1, maxLength: p.maxLength };
    case 'stringList':
      return { type: 'array', items: str, ...(p.max === undefined ? {} : { maxItems: p.max }) };
  }
}

const REST_NOTES: Partial<Record<Param['kind'], string>> = {
  enum: 'any case',
  addressList: 'repeatable',
  hashList: 'repeatable',
  stringList: 'repeatable',
  utime: 'a fraction is dropped',
  boolean: 'also 1, t, T, TRUE, True and 0, f, F, FALSE, False',
};

/** A route's parameters (operations/*.ts) as OpenAPI query parameters. */
const routeParameters = (route: RouteParams) =>
  Object.entries(route.params).map(([name, p]) => {
    const notes = [bounds(p), REST_NOTES[p.kind]].filter(Boolean).join('; ');
    const selector = route.exactlyOne?.find((group) => group.includes(name));
    const one = selector ? ` Exactly one of ${selector.join(', ')}.` : '';
    return {
      name,
      in: 'query',
      ...(p.required !== undefined ? { required: true } : {}),
      schema: parameterSchema(p),
      ...(isList(p) ? { style: 'form', explode: true } : {}),
      description: `${p.description}${notes ? ` (${notes})` : ''}${one}`,
    };
  });

/** A GET route: its parameters from its description, its 200 body, and the errors it can answer. */
function route(operationId: string, summary: string, params: RouteParams, ok: { description: string; schema: string }, codes: number[]) {
  return {
    get: {
      operationId,
      summary,
      parameters: [...routeParameters(params), ...control],
      responses: {
        '200': { description: ok.description, content: { 'application/json': { schema: ref(ok.schema) } } },
        ...errors(...[401, 405, 422, 429, 503, 504, ...codes].sort((a, b) => a - b)),
      },
    },
  };
}

type Operation = Omit<ReturnType<typeof route>['get'], 'responses'> & { responses: Record<string, { description: string; content?: unknown }> };
interface RequestBody {
  required: boolean;
  description: string;
  content: { 'application/json': { schema: { $ref: string } } };
}
/** GET, POST or both; a POST's JSON body in `requestBody`. */
export interface PathItem {
  get?: Operation;
  post?: Operation & { requestBody: RequestBody };
}

/** A registry route's OpenAPI path item. */
function pathOf({ name, spec, doc, post }: RestRoute): PathItem {
  const path = route(name, doc.summary, spec, doc.ok, doc.codes);
  if (post) {
    const body = { required: true, description: post.description, content: { 'application/json': { schema: ref(post.schema) } } };
    // a POST-only route: its one operation takes the route's name
    if (post.read) return { post: { ...path.get, parameters: control, requestBody: body } };
    return { ...path, post: { ...path.get, operationId: `${name}Post`, parameters: control, requestBody: body } };
  }
  if (!doc.notModified) return path;
  return { get: { ...path.get, responses: { ...path.get.responses, '304': { description: 'If-None-Match matched' } } } };
}

export const OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'tonql: TON Center v3 compatible REST',
    version: '0.1.0',
    description: 'Unknown parameters are rejected with 422; see the README for the wire rules.',
  },
  paths: Object.fromEntries(REST_ROUTES.map((r) => [`${API_PREFIX}${r.name}`, pathOf(r)])),
  components: {
    schemas,
    securitySchemes: { APIKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, APIKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' } },
  },
} as const;

/**
 * A path's operation as people read it: its GET (or, for a route answering only POST, its POST), the methods
 * it answers (`GET`, `GET and POST`, `POST`) and what its JSON request body holds, when it takes one.
 */
export function operationOf(item: PathItem) {
  const operation = item.get ?? item.post!;
  const methods = item.get && item.post ? 'GET and POST' : item.get ? 'GET' : 'POST';
  return { operation, methods, body: item.post?.requestBody };
}
