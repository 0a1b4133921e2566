import type { DetailField, Kind } from './details';

/**
 * What the action types and their `details` keys mean, for the GraphQL schema's descriptions. One text per
 * key, shared by every type whose details carry it; the GraphQL field's description adds the encoding (from
 * the field's kind) and the ton-indexer column (from its path), so nothing here repeats the table in details.ts.
 */
export const ACTION_TYPE_DOCS: Readonly<Record<string, string>> = {
  ton_transfer: 'TON sent from one account to another, with an optional comment.',
  extra_currency_transfer: 'a ton_transfer or call_contract that carries extra currencies (TON Center renames them so).',
  call_contract: 'a message with a body sent to a contract, not recognised as a more specific action.',
  contract_deploy: 'a contract deployed by a message carrying its state init.',
  jetton_transfer: 'jettons moved from one owner to another, through their jetton wallets.',
  jetton_burn: 'jettons burned by their owner.',
  jetton_mint: 'new jettons minted to a receiver.',
  jetton_swap: 'one asset exchanged for another on a DEX, possibly routed through several pools.',
  nft_transfer: 'an NFT item handed to a new owner.',
  nft_purchase: 'an NFT item bought on a marketplace.',
  nft_mint: 'a new NFT item created.',
};

/**
 * Meaning (and unit) of each action `details` key, shared by the types that carry it; `<type>.<key>` where one
 * type's field means something more specific.
 */
export const DETAIL_FIELD_DOCS: Readonly<Record<string, string>> = {
  source: 'Account that sent the message.',
  destination: 'Account the message went to.',
  'contract_deploy.source': 'Account that sent the deploying message.',
  'contract_deploy.destination': 'The deployed contract.',
  value: 'TON attached to the message, in nanotons.',
  value_extra_currencies: 'Extra currencies attached to the message.',
  extra_currencies: 'Extra currencies attached to the message.',
  comment: 'Text comment attached to the transfer (see the encrypted flag for a comment that is not readable text); null when there is none.',
  encrypted: 'True when the comment is encrypted (body opcode 0x2167da4b) rather than plain text.',
  is_encrypted_comment: 'True when the comment is encrypted (opcode 0x2167da4b) rather than plain text.',
  opcode: 'Opcode of the message body: its first 32 bits, unsigned.',
  asset: 'Jetton master contract of the jetton: which jetton it is.',
  sender: 'Owner who sent the jettons (not its jetton wallet).',
  'jetton_swap.sender': 'Account that made the swap.',
  receiver: 'Owner who received the jettons (not its jetton wallet).',
  sender_jetton_wallet: "The sender's jetton wallet for this jetton, which sent the jettons.",
  receiver_jetton_wallet: "The receiver's jetton wallet for this jetton, which received the jettons.",
  'jetton_burn.owner': 'Owner whose jettons were burned (not its jetton wallet).',
  'nft_mint.owner': 'Owner of the new item.',
  owner_jetton_wallet: "The owner's jetton wallet the jettons were burned from.",
  amount: "Jetton amount in the jetton's smallest units (divide by 10^decimals from the jetton's metadata).",
  query_id: 'Query id the sender chose (64-bit), echoed in the replies so they can be matched with the request.',
  response_destination: 'Account that receives the TON left over after the transfer (the excesses message).',
  custom_payload: 'Custom payload of the transfer message, a base64 BOC.',
  forward_payload: 'Payload forwarded to the new owner in the transfer notification, a base64 BOC.',
  forward_amount: 'TON sent on to the new owner with the transfer notification, in nanotons.',
  ton_amount: 'TON attached to the mint, in nanotons.',
  dex: 'Name of the DEX, e.g. stonfi, stonfi_v2, dedust, tonco.',
  asset_in: 'Jetton master of the asset sold; null when it is TON.',
  asset_out: 'Jetton master of the asset bought; null when it is TON.',
  dex_incoming_transfer: 'The transfer of the sold asset from the sender into the DEX.',
  dex_outgoing_transfer: 'The transfer of the bought asset out of the DEX.',
  peer_swaps: 'The hops of a swap routed through several pools, in order; [] when none are recorded.',
  min_out_amount: "Least amount of the bought asset the swap accepts (its slippage bound), in that asset's smallest units; TON Center fills it for tonco swaps.",
  nft_collection: 'Collection of the NFT item; null for an item outside any collection.',
  nft_item: 'The NFT item contract.',
  nft_item_index: 'Index of the item in its collection.',
  old_owner: 'Owner of the item before the transfer.',
  new_owner: 'Owner of the item after the transfer.',
  is_purchase: 'True when the transfer is a sale on a marketplace.',
  price: 'Price paid for the item, in nanotons.',
  marketplace: 'Name of the marketplace the item was sold on.',
  real_old_owner: 'For a purchase, the seller: the owner before the item was put on sale (the old owner is then the sale contract).',
  marketplace_address: 'The marketplace contract the item was sold through.',
  payout_amount: 'TON paid out to the seller, in nanotons.',
  payout_comment: 'Comment of the payout message to the seller.',
  payout_comment_encrypted: 'True when the payout comment is encrypted.',
  payout_comment_encoded: 'True when the payout comment is encoded rather than plain text.',
  royalty_amount: "Royalty paid to the collection's royalty address, in nanotons.",
};

/** Fields of a DEX transfer inside a jetton_swap (ton-indexer composite `dex_transfer_details`). */
export const DEX_TRANSFER_DOCS: Readonly<Record<string, string>> = {
  asset: 'Jetton master of the asset moved; null when it is TON.',
  source: 'Account the asset left: the sender for the incoming transfer, the DEX for the outgoing one.',
  destination: 'Account that received the asset: the DEX for the incoming transfer, the sender (or its recipient) for the outgoing one.',
  source_jetton_wallet: 'Jetton wallet the jettons left; null for TON.',
  destination_jetton_wallet: 'Jetton wallet that received the jettons; null for TON.',
  amount: "Amount moved, in the asset's smallest units (nanotons for TON).",
};

/** Fields of one hop of a routed swap (ton-indexer composite `peer_swap_details`). */
export const PEER_SWAP_DOCS: Readonly<Record<string, string>> = {
  asset_in: 'Jetton master of the asset this hop takes in; null when it is TON.',
  amount_in: "Amount taken in, in the asset's smallest units (nanotons for TON).",
  asset_out: 'Jetton master of the asset this hop gives out; null when it is TON.',
  amount_out: "Amount given out, in the asset's smallest units (nanotons for TON).",
};

/** How a value of each kind is encoded in the typed GraphQL field. */
const KIND_DOCS: Partial<Record<Kind, string>> = {
  address: 'Raw address, `<workchain>:<64 uppercase hex>`.',
  opcode: 'An unsigned 32-bit integer; REST `details` gives it as "0x%08x".',
  currencies: '`{"<currency id>": "<amount>"}`, amounts as decimal strings.',
};

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The description of a typed details field of an action type: meaning, encoding, then where the value comes from. */
export function detailFieldDescription(type: string, field: DetailField): string | undefined {
  const meaning = DETAIL_FIELD_DOCS[`${type}.${field.key}`] ?? DETAIL_FIELD_DOCS[field.key];
  if (meaning === undefined) return undefined;
  const origin =
    field.kind === 'derived'
      ? `Decoded by this service from \`${camel(field.path.join('_'))}\`.`
      : `From ton-indexer \`actions.${field.path.join('.')}\`; TON Center v3's \`details.${field.key}\`.`;
  return [meaning, KIND_DOCS[field.kind], origin].filter(Boolean).join(' ');
}

/** The description of a field of a details composite (`dex_transfer_details`, `peer_swap_details`). */
export function compositeFieldDescription(docs: Readonly<Record<string, string>>, composite: string, field: string, kind: string): string | undefined {
  const meaning = docs[field];
  if (meaning === undefined) return undefined;
  return [meaning, KIND_DOCS[kind as Kind], `From ton-indexer \`${composite}.${field}\`.`].filter(Boolean).join(' ');
}

/** The description of a typed details object, from the action types that share its shape. */
export function detailsObjectDescription(types: readonly string[]): string {
  const what =
    types.length === 1
      ? `Details of ${types[0]} actions: ${ACTION_TYPE_DOCS[types[0]] ?? ''}`
      : `Details of ${types.join(' and ')} actions. ${types.map((type) => `${type}: ${ACTION_TYPE_DOCS[type] ?? ''}`).join(' ')}`;
  return `${what} Fields are TON Center v3's \`details\` keys in camelCase.`;
}
