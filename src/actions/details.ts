/**
 * How each action type's `details` object maps onto ton-indexer's `actions` columns, after toncenter's
 * models/actions.go. One declaration serves both directions: the importer stores details into columns and the
 * data layer rebuilds details from them. A path is a column, or a column of a composite type and its field.
 */
export type Kind =
  | 'address'
  | 'decimal'
  | 'text'
  | 'bool'
  | 'int'
  | 'opcode'
  | 'currencies'
  | 'dexTransfer'
  | 'peerSwaps'
  /** Not stored: computed from other fields when served, ignored on import. */
  | 'derived';

export interface DetailField {
  key: string;
  path: readonly string[];
  kind: Kind;
}

const f = (key: string, path: string, kind: Kind): DetailField => ({ key, path: path.split('.'), kind });

const TON_TRANSFER = [
  f('source', 'source', 'address'),
  f('destination', 'destination', 'address'),
  f('value', 'value', 'decimal'),
  f('value_extra_currencies', 'value_extra_currencies', 'currencies'),
  f('comment', 'ton_transfer_data.content', 'text'),
  f('encrypted', 'ton_transfer_data.encrypted', 'bool'),
];

const NFT_TRANSFER = [
  f('nft_collection', 'asset', 'address'),
  f('nft_item', 'asset_secondary', 'address'),
  f('nft_item_index', 'nft_transfer_data.nft_item_index', 'decimal'),
  f('old_owner', 'source', 'address'),
  f('new_owner', 'destination', 'address'),
  f('is_purchase', 'nft_transfer_data.is_purchase', 'bool'),
  f('price', 'nft_transfer_data.price', 'decimal'),
  f('query_id', 'nft_transfer_data.query_id', 'decimal'),
  f('response_destination', 'nft_transfer_data.response_destination', 'address'),
  f('custom_payload', 'nft_transfer_data.custom_payload', 'text'),
  f('forward_payload', 'nft_transfer_data.forward_payload', 'text'),
  f('forward_amount', 'nft_transfer_data.forward_amount', 'decimal'),
  f('comment', 'forward_payload', 'derived'),
  f('is_encrypted_comment', 'forward_payload', 'derived'),
  f('marketplace', 'nft_transfer_data.marketplace', 'text'),
  f('real_old_owner', 'nft_transfer_data.real_prev_owner', 'address'),
  f('marketplace_address', 'nft_transfer_data.marketplace_address', 'address'),
  f('payout_amount', 'nft_transfer_data.payout_amount', 'decimal'),
  f('payout_comment', 'nft_transfer_data.payout_comment', 'text'),
  f('payout_comment_encrypted', 'nft_transfer_data.payout_comment_encrypted', 'bool'),
  f('payout_comment_encoded', 'nft_transfer_data.payout_comment_encoded', 'bool'),
  f('royalty_amount', 'nft_transfer_data.royalty_amount', 'decimal'),
];

export const ACTION_DETAILS: Readonly<Record<string, readonly DetailField[]>> = {
  ton_transfer: TON_TRANSFER,
  extra_currency_transfer: TON_TRANSFER,
  call_contract: [
    f('opcode', 'opcode', 'opcode'),
    f('source', 'source', 'address'),
    f('destination', 'destination', 'address'),
    f('value', 'value', 'decimal'),
    f('extra_currencies', 'value_extra_currencies', 'currencies'),
  ],
  contract_deploy: [
    f('opcode', 'opcode', 'opcode'),
    f('source', 'source', 'address'),
    f('destination', 'destination', 'address'),
    f('value', 'value', 'decimal'),
  ],
  jetton_transfer: [
    f('asset', 'asset', 'address'),
    f('sender', 'source', 'address'),
    f('receiver', 'destination', 'address'),
    f('sender_jetton_wallet', 'source_secondary', 'address'),
    f('receiver_jetton_wallet', 'destination_secondary', 'address'),
    f('amount', 'amount', 'decimal'),
    f('comment', 'jetton_transfer_data.comment', 'text'),
    f('is_encrypted_comment', 'jetton_transfer_data.is_encrypted_comment', 'bool'),
    f('query_id', 'jetton_transfer_data.query_id', 'decimal'),
    f('response_destination', 'jetton_transfer_data.response_destination', 'address'),
    f('custom_payload', 'jetton_transfer_data.custom_payload', 'text'),
    f('forward_payload', 'jetton_transfer_data.forward_payload', 'text'),
    f('forward_amount', 'jetton_transfer_data.forward_amount', 'decimal'),
  ],
  jetton_burn: [
    f('owner', 'source', 'address'),
    f('owner_jetton_wallet', 'source_secondary', 'address'),
    f('asset', 'asset', 'address'),
    f('amount', 'amount', 'decimal'),
  ],
  jetton_mint: [
    f('asset', 'asset', 'address'),
    f('receiver', 'destination', 'address'),
    f('receiver_jetton_wallet', 'destination_secondary', 'address'),
    f('amount', 'amount', 'decimal'),
    f('ton_amount', 'value', 'decimal'),
  ],
  jetton_swap: [
    f('dex', 'jetton_swap_data.dex', 'text'),
    f('sender', 'source', 'address'),
    f('asset_in', 'asset', 'address'),
    f('asset_out', 'asset2', 'address'),
    f('dex_incoming_transfer', 'jetton_swap_data.dex_incoming_transfer', 'dexTransfer'),
    f('dex_outgoing_transfer', 'jetton_swap_data.dex_outgoing_transfer', 'dexTransfer'),
    f('peer_swaps', 'jetton_swap_data.peer_swaps', 'peerSwaps'),
    f('min_out_amount', 'jetton_swap_data.min_out_amount', 'decimal'),
  ],
  nft_transfer: NFT_TRANSFER,
  nft_purchase: NFT_TRANSFER,
  nft_mint: [
    f('owner', 'source', 'address'),
    f('nft_item', 'asset_secondary', 'address'),
    f('nft_collection', 'asset', 'address'),
    f('nft_item_index', 'nft_mint_data.nft_item_index', 'decimal'),
  ],
  tick_tock: [],
};

/** What an action of a type this service does not shape shows: its raw generic columns. */
export const RAW_DETAILS: readonly DetailField[] = [
  f('source', 'source', 'address'),
  f('source_secondary', 'source_secondary', 'address'),
  f('destination', 'destination', 'address'),
  f('destination_secondary', 'destination_secondary', 'address'),
  f('asset', 'asset', 'address'),
  f('asset_secondary', 'asset_secondary', 'address'),
  f('asset2', 'asset2', 'address'),
  f('asset2_secondary', 'asset2_secondary', 'address'),
  f('opcode', 'opcode', 'opcode'),
  f('value', 'value', 'decimal'),
  f('amount', 'amount', 'decimal'),
];

export const detailsOf = (type: string): readonly DetailField[] => ACTION_DETAILS[type] ?? RAW_DETAILS;

/** Fields of the `dex_transfer_details` composite, in toncenter's JSON order. */
export const DEX_TRANSFER_FIELDS = [
  ['asset', 'address'],
  ['source', 'address'],
  ['destination', 'address'],
  ['source_jetton_wallet', 'address'],
  ['destination_jetton_wallet', 'address'],
  ['amount', 'decimal'],
] as const;

export const PEER_SWAP_FIELDS = [
  ['asset_in', 'address'],
  ['amount_in', 'decimal'],
  ['asset_out', 'address'],
  ['amount_out', 'decimal'],
] as const;

/** Every distinct stored path any type reads, for the data layer's select list. */
export function storedPaths(): DetailField[] {
  const seen = new Map<string, DetailField>();
  for (const field of [...Object.values(ACTION_DETAILS).flat(), ...RAW_DETAILS]) {
    if (field.kind !== 'derived') seen.set(field.path.join('.'), field);
  }
  return [...seen.values()];
}
