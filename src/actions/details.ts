import { DEX_TRANSFER, LAYERZERO_PACKET, LAYERZERO_SEND, PEER_SWAP, VAULT_EXCESS, type Composite, type Kind, type Read, type Scalar } from './composites';
import { RULES, type Rule, type RuleName } from './rules';

export type { Composite, Kind, Read, Scalar } from './composites';
export { COMPOSITES } from './composites';

/**
 * How each action type's `details` object maps onto ton-indexer's `actions` columns, after ton-index-go's
 * models/actions.go and parse/actions.go: keys in TON Center's order, each read from a column, a field of a
 * composite column, or computed by a rule (rules.ts) from such values. One declaration serves every direction:
 * the data layer selects what a type reads, the wire shaper builds `details`, the importer stores details into
 * columns, and the GraphQL schema makes one typed object per shape.
 */
export interface DetailField {
  key: string;
  kind: Kind;
  /** The column, or column and composite field, the value comes from; a rule's fields name what they read first. */
  path: readonly string[];
  /** For `object` and `list`: the composite each value is. */
  of?: Composite;
  /** Computed, not read: the rule and what it reads are in rules.ts. */
  rule?: RuleName;
  /** TON Center's `omitempty`: the key is left out when the value is null. */
  omitEmpty?: boolean;
  /** The key exists only when the stored value at `path` equals `equals` (TON Center's per-variant structs). */
  onlyIf?: { path: string; equals: string };
}

type Options = Pick<DetailField, 'omitEmpty' | 'onlyIf' | 'of'>;

/** `key path kind` (path `column` or `column.field`; a rule's name instead of a path for computed keys). */
const f = (key: string, path: string, kind: Kind, options: Options = {}): DetailField => ({ key, path: path.split('.'), kind, ...options });
const computed = (key: string, name: RuleName, options: Options = {}): DetailField => {
  const rule: Rule = RULES[name];
  return { key, path: (rule.reads[0]?.path ?? key).split('.'), kind: rule.kind, rule: name, of: rule.of, ...options };
};
const opt = { omitEmpty: true };

const TON_TRANSFER = [
  f('source', 'source', 'address'),
  f('destination', 'destination', 'address'),
  f('value', 'value', 'decimal'),
  f('value_extra_currencies', 'value_extra_currencies', 'currencies'),
  f('comment', 'ton_transfer_data.content', 'text'),
  f('encrypted', 'ton_transfer_data.encrypted', 'bool'),
];

const nftTransfer = (purchase: boolean) => [
  f('nft_collection', 'asset', 'address'),
  f('nft_item', 'asset_secondary', 'address'),
  f('nft_item_index', 'nft_transfer_data.nft_item_index', 'decimal'),
  f('old_owner', 'source', 'address', opt),
  f('new_owner', 'destination', 'address'),
  f('is_purchase', 'nft_transfer_data.is_purchase', 'bool'),
  f('price', 'nft_transfer_data.price', 'decimal', opt),
  f('query_id', 'nft_transfer_data.query_id', 'decimal'),
  f('response_destination', 'nft_transfer_data.response_destination', 'address'),
  f('custom_payload', 'nft_transfer_data.custom_payload', 'text'),
  f('forward_payload', 'nft_transfer_data.forward_payload', 'text'),
  f('forward_amount', 'nft_transfer_data.forward_amount', 'decimal'),
  computed('comment', 'forwardComment'),
  computed('is_encrypted_comment', 'forwardEncrypted'),
  computed('marketplace', purchase ? 'marketplace' : 'purchaseMarketplace'),
  f('real_old_owner', 'nft_transfer_data.real_prev_owner', 'address'),
  f('marketplace_address', 'nft_transfer_data.marketplace_address', 'address'),
  f('payout_amount', 'nft_transfer_data.payout_amount', 'decimal'),
  // a purchase pays the seller; a listed transfer names the marketplace's fee address
  purchase ? computed('payout_address', 'seller') : f('payout_address', 'nft_listing_data.marketplace_fee_address', 'address'),
  f('payout_comment', 'nft_transfer_data.payout_comment', 'text'),
  f('payout_comment_encrypted', 'nft_transfer_data.payout_comment_encrypted', 'bool'),
  f('payout_comment_encoded', 'nft_transfer_data.payout_comment_encoded', 'bool'),
  f('royalty_amount', 'nft_transfer_data.royalty_amount', 'decimal'),
  purchase ? computed('royalty_address', 'none') : f('royalty_address', 'nft_listing_data.royalty_address', 'address'),
];

const NFT_PUT_ON_AUCTION = [
  f('nft_collection', 'asset', 'address'),
  f('nft_item', 'asset_secondary', 'address'),
  f('nft_item_index', 'nft_listing_data.nft_item_index', 'decimal'),
  f('owner', 'source', 'address'),
  f('listing_address', 'source_secondary', 'address'),
  f('auction_address', 'destination', 'address'),
  f('marketplace_address', 'destination_secondary', 'address'),
  f('marketplace_fee_factor', 'nft_listing_data.mp_fee_factor', 'decimal'),
  f('marketplace_fee_base', 'nft_listing_data.mp_fee_base', 'decimal'),
  f('royalty_fee_base', 'nft_listing_data.royalty_fee_base', 'decimal'),
  f('max_bid', 'nft_listing_data.max_bid', 'decimal'),
  f('min_bid', 'nft_listing_data.min_bid', 'decimal'),
  f('marketplace_fee_address', 'nft_listing_data.marketplace_fee_address', 'address'),
  f('royalty_address', 'nft_listing_data.royalty_address', 'address'),
  computed('marketplace', 'listingMarketplace'),
];

const NFT_CANCEL_AUCTION = [
  f('owner', 'source', 'address'),
  f('nft_item', 'asset_secondary', 'address'),
  f('nft_collection', 'asset', 'address'),
  f('auction_address', 'destination', 'address'),
  f('marketplace_address', 'nft_transfer_data.marketplace_address', 'address'),
  computed('marketplace', 'marketplace'),
];

const ELECTION = [f('stake_holder', 'source', 'address'), f('amount', 'amount', 'decimal', opt)];

const subscription = (amount: Options) => [
  f('subscriber', 'source', 'address'),
  f('beneficiary', 'destination', 'address', opt),
  f('subscription', 'destination_secondary', 'address'),
  f('amount', 'amount', 'decimal', amount),
];

const JVAULT_UNSTAKE = [
  f('source', 'source', 'address'),
  f('stake_wallet', 'source_secondary', 'address'),
  f('pool', 'destination', 'address'),
  f('amount', 'amount', 'decimal'),
  // TON Center reports the exit code the classifier keeps in the opcode column, as a plain number
  f('exit_code', 'opcode', 'int64'),
  f('asset', 'asset', 'address'),
  f('staking_asset', 'asset2', 'address'),
];

// tgbtc keeps its bitcoin transaction id and public keys in address columns (schema 1.2.10 has no `extra`)
const TGBTC_MINT = [
  f('source', 'source', 'address'),
  f('destination', 'destination', 'address'),
  f('amount', 'amount', 'decimal'),
  f('asset', 'asset', 'address'),
  f('bitcoin_tx_id', 'asset_secondary', 'text'),
  f('destination_wallet', 'destination_secondary', 'address'),
];
const TGBTC_BURN = [
  f('source', 'source', 'address'),
  f('source_wallet', 'source_secondary', 'address'),
  f('destination', 'destination', 'address'),
  f('amount', 'amount', 'decimal'),
  f('asset', 'asset', 'address'),
];
const TGBTC_NEW_KEY = [
  f('source', 'source', 'address'),
  f('pubkey', 'source_secondary', 'text'),
  f('coordinator', 'destination', 'address'),
  f('pegout', 'destination_secondary', 'address'),
  f('amount', 'amount', 'decimal'),
  f('asset', 'asset', 'address'),
];

const COFFEE_STAKING = [
  f('source', 'source', 'address'),
  f('source_jetton_wallet', 'source_secondary', 'address'),
  f('pool', 'destination', 'address'),
  f('pool_jetton_wallet', 'destination_secondary', 'address'),
  f('asset', 'asset', 'address'),
  f('amount', 'amount', 'decimal'),
];

const LZ_SEND = f('layerzero_send_data', 'layerzero_send_data', 'object', { of: LAYERZERO_SEND });
const LZ_PACKET = f('layerzero_packet_data', 'layerzero_packet_data', 'object', { of: LAYERZERO_PACKET });

const SRC = f('source', 'source', 'address');
const DST = f('destination', 'destination', 'address');
const AMOUNT = f('amount', 'amount', 'decimal');
/** A cocoon action: its composite's fields first (`name:kind`, query_id always), then the plain columns named. */
const cocoon = (type: string, fields: string, columns: readonly DetailField[]) => [
  f('query_id', `cocoon_${type}_data.query_id`, 'decimal'),
  ...(fields ? fields.split(' ') : []).map((part) => {
    const [key, kind] = part.split(':');
    return f(key, `cocoon_${type}_data.${key}`, kind as Scalar);
  }),
  ...columns,
];

export const ACTION_DETAILS: Readonly<Record<string, readonly DetailField[]>> = {
  ton_transfer: TON_TRANSFER,
  call_contract: [
    f('opcode', 'opcode', 'opcode', opt),
    f('source', 'source', 'address', opt),
    f('destination', 'destination', 'address', opt),
    f('value', 'value', 'decimal', opt),
    f('extra_currencies', 'value_extra_currencies', 'currencies'),
  ],
  contract_deploy: [
    f('opcode', 'opcode', 'opcode', opt),
    f('source', 'source', 'address', opt),
    f('destination', 'destination', 'address', opt),
    f('value', 'value', 'decimal', opt),
  ],
  auction_bid: [
    f('amount', 'value', 'decimal'),
    f('bidder', 'source', 'address'),
    f('auction', 'destination', 'address'),
    f('nft_item', 'asset_secondary', 'address'),
    f('nft_collection', 'asset', 'address'),
    f('nft_item_index', 'nft_transfer_data.nft_item_index', 'decimal'),
  ],
  change_dns: [
    f('key', 'change_dns_record_data.key', 'text'),
    computed('value', 'dnsValue'),
    f('source', 'source', 'address'),
    f('asset', 'destination', 'address'),
    f('nft_collection', 'asset', 'address'),
  ],
  delete_dns: [
    f('hash', 'change_dns_record_data.key', 'text'),
    f('source', 'source', 'address'),
    f('asset', 'destination', 'address'),
    f('nft_collection', 'asset', 'address'),
  ],
  renew_dns: [f('source', 'source', 'address'), f('asset', 'destination', 'address'), f('nft_collection', 'asset', 'address')],
  election_deposit: ELECTION,
  election_recover: ELECTION,
  jetton_burn: [
    f('owner', 'source', 'address'),
    f('owner_jetton_wallet', 'source_secondary', 'address'),
    f('asset', 'asset', 'address'),
    f('amount', 'amount', 'decimal'),
  ],
  jetton_swap: [
    f('dex', 'jetton_swap_data.dex', 'text'),
    f('sender', 'source', 'address'),
    f('asset_in', 'asset', 'address'),
    f('asset_out', 'asset2', 'address'),
    f('dex_incoming_transfer', 'jetton_swap_data.dex_incoming_transfer', 'object', { of: DEX_TRANSFER }),
    f('dex_outgoing_transfer', 'jetton_swap_data.dex_outgoing_transfer', 'object', { of: DEX_TRANSFER }),
    f('peer_swaps', 'jetton_swap_data.peer_swaps', 'list', { of: PEER_SWAP }),
    f('min_out_amount', 'jetton_swap_data.min_out_amount', 'decimal', { onlyIf: { path: 'jetton_swap_data.dex', equals: 'tonco' } }),
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
  jetton_mint: [
    f('asset', 'asset', 'address'),
    f('receiver', 'destination', 'address'),
    f('receiver_jetton_wallet', 'destination_secondary', 'address'),
    f('amount', 'amount', 'decimal'),
    f('ton_amount', 'value', 'decimal'),
  ],
  nft_mint: [
    f('owner', 'source', 'address', opt),
    f('nft_item', 'asset_secondary', 'address'),
    f('nft_collection', 'asset', 'address'),
    f('nft_item_index', 'nft_mint_data.nft_item_index', 'decimal'),
  ],
  nft_transfer: nftTransfer(false),
  nft_purchase: nftTransfer(true),
  dns_purchase: [
    f('nft_collection', 'asset', 'address'),
    f('nft_item', 'asset_secondary', 'address'),
    f('nft_item_index', 'nft_transfer_data.nft_item_index', 'decimal'),
    f('new_owner', 'destination', 'address'),
    f('price', 'nft_transfer_data.price', 'decimal'),
    f('query_id', 'nft_transfer_data.query_id', 'decimal'),
    f('payout_amount', 'nft_transfer_data.payout_amount', 'decimal'),
  ],
  nft_put_on_sale: [
    f('nft_collection', 'asset', 'address'),
    f('nft_item', 'asset_secondary', 'address'),
    f('nft_item_index', 'nft_listing_data.nft_item_index', 'decimal'),
    f('owner', 'source', 'address'),
    f('listing_address', 'source_secondary', 'address'),
    f('sale_address', 'destination', 'address'),
    f('marketplace_address', 'destination_secondary', 'address'),
    f('full_price', 'nft_listing_data.full_price', 'decimal'),
    f('marketplace_fee', 'nft_listing_data.marketplace_fee', 'decimal'),
    f('royalty_amount', 'nft_listing_data.royalty_amount', 'decimal'),
    f('marketplace_fee_address', 'nft_listing_data.marketplace_fee_address', 'address'),
    f('royalty_address', 'nft_listing_data.royalty_address', 'address'),
    computed('marketplace', 'marketplace'),
  ],
  nft_put_on_auction: NFT_PUT_ON_AUCTION,
  teleitem_start_auction: NFT_PUT_ON_AUCTION,
  tick_tock: [],
  stake_deposit: [
    computed('provider', 'stakingProvider'),
    f('stake_holder', 'source', 'address'),
    f('pool', 'destination', 'address'),
    f('amount', 'amount', 'decimal'),
    f('tokens_minted', 'staking_data.tokens_minted', 'decimal'),
    f('asset', 'asset', 'address'),
    f('source_asset', 'asset2', 'address', { onlyIf: { path: 'staking_data.provider', equals: 'ethena' } }),
  ],
  stake_withdrawal: [
    computed('provider', 'stakingProvider'),
    f('stake_holder', 'source', 'address'),
    f('pool', 'destination', 'address'),
    f('amount', 'amount', 'decimal'),
    f('payout_nft', 'staking_data.ts_nft', 'address'),
    f('tokens_burnt', 'staking_data.tokens_burnt', 'decimal'),
    f('asset', 'asset', 'address'),
  ],
  stake_withdrawal_request: [
    computed('provider', 'stakingProvider'),
    f('stake_holder', 'source', 'address'),
    f('pool', 'destination', 'address'),
    f('payout_nft', 'staking_data.ts_nft', 'address'),
    f('asset', 'asset', 'address'),
    computed('tokens_burnt', 'liquidStakingBurnt'),
    f('tokens_minted', 'staking_data.tokens_minted', 'decimal', { onlyIf: { path: 'staking_data.provider', equals: 'ethena' } }),
  ],
  subscribe: subscription({}),
  unsubscribe: subscription(opt),
  multisig_create_order: [
    f('query_id', 'multisig_create_order_data.query_id', 'decimal'),
    f('order_seqno', 'multisig_create_order_data.order_seqno', 'decimal'),
    f('is_created_by_signer', 'multisig_create_order_data.is_created_by_signer', 'bool'),
    f('is_signed_by_creator', 'multisig_create_order_data.is_signed_by_creator', 'bool'),
    f('creator_index', 'multisig_create_order_data.creator_index', 'int64'),
    f('expiration_date', 'multisig_create_order_data.expiration_date', 'int64'),
    f('order_boc', 'multisig_create_order_data.order_boc', 'text'),
    f('source', 'source', 'address'),
    f('destination', 'destination', 'address'),
    f('destination_order', 'destination_secondary', 'address'),
  ],
  multisig_approve: [
    f('signer_index', 'multisig_approve_data.signer_index', 'int64'),
    f('exit_code', 'multisig_approve_data.exit_code', 'int64'),
    f('source', 'source', 'address'),
    f('destination', 'destination', 'address'),
  ],
  multisig_execute: [
    f('query_id', 'multisig_execute_data.query_id', 'decimal'),
    f('order_seqno', 'multisig_execute_data.order_seqno', 'decimal'),
    f('expiration_date', 'multisig_execute_data.expiration_date', 'int64'),
    f('approvals_num', 'multisig_execute_data.approvals_num', 'int64'),
    f('signers_hash', 'multisig_execute_data.signers_hash', 'text'),
    f('order_boc', 'multisig_execute_data.order_boc', 'text'),
    f('source', 'source', 'address'),
    f('destination', 'destination', 'address'),
  ],
  vesting_send_message: [
    f('query_id', 'vesting_send_message_data.query_id', 'decimal'),
    f('message_boc', 'vesting_send_message_data.message_boc', 'text'),
    f('source', 'source', 'address'),
    f('vesting', 'destination', 'address'),
    f('destination', 'destination_secondary', 'address'),
    f('amount', 'amount', 'decimal'),
  ],
  vesting_add_whitelist: [
    f('query_id', 'vesting_add_whitelist_data.query_id', 'decimal'),
    f('accounts_added', 'vesting_add_whitelist_data.accounts_added', 'addressList'),
    f('source', 'source', 'address'),
    f('vesting', 'destination', 'address'),
  ],
  evaa_supply: [
    f('sender_jetton_wallet', 'evaa_supply_data.sender_jetton_wallet', 'address'),
    f('recipient_jetton_wallet', 'evaa_supply_data.recipient_jetton_wallet', 'address'),
    f('master_jetton_wallet', 'evaa_supply_data.master_jetton_wallet', 'address'),
    f('master', 'evaa_supply_data.master', 'address'),
    f('asset_id', 'evaa_supply_data.asset_id', 'text'),
    f('is_ton', 'evaa_supply_data.is_ton', 'bool'),
    f('source', 'source', 'address'),
    f('source_wallet', 'source_secondary', 'address'),
    f('recipient', 'destination', 'address'),
    f('recipient_contract', 'destination_secondary', 'address'),
    f('asset', 'asset', 'address'),
    f('amount', 'amount', 'decimal'),
  ],
  evaa_withdraw: [
    f('recipient_jetton_wallet', 'evaa_withdraw_data.recipient_jetton_wallet', 'address'),
    f('master_jetton_wallet', 'evaa_withdraw_data.master_jetton_wallet', 'address'),
    f('master', 'evaa_withdraw_data.master', 'address'),
    f('fail_reason', 'evaa_withdraw_data.fail_reason', 'text'),
    f('asset_id', 'evaa_withdraw_data.asset_id', 'text'),
    f('source', 'source', 'address'),
    f('recipient', 'destination', 'address'),
    f('owner_contract', 'destination_secondary', 'address'),
    f('asset', 'asset', 'address'),
    f('amount', 'amount', 'decimal'),
  ],
  evaa_liquidate: [
    f('fail_reason', 'evaa_liquidate_data.fail_reason', 'text'),
    f('debt_amount', 'evaa_liquidate_data.debt_amount', 'decimal'),
    f('source', 'source', 'address'),
    f('borrower', 'destination', 'address'),
    f('borrower_contract', 'destination_secondary', 'address'),
    f('collateral', 'asset', 'address'),
    f('asset_id', 'evaa_liquidate_data.asset_id', 'text'),
    computed('asset', 'evaaAsset'),
    computed('is_known_asset', 'evaaKnownAsset'),
    f('amount', 'amount', 'decimal'),
  ],
  jvault_claim: [
    computed('claimed_rewards', 'claimedRewards'),
    f('source', 'source', 'address'),
    f('stake_wallet', 'source_secondary', 'address'),
    f('pool', 'destination', 'address'),
  ],
  jvault_stake: [
    f('period', 'jvault_stake_data.period', 'int64'),
    f('minted_stake_jettons', 'jvault_stake_data.minted_stake_jettons', 'decimal'),
    f('stake_wallet', 'jvault_stake_data.stake_wallet', 'address'),
    f('source', 'source', 'address'),
    f('source_jetton_wallet', 'source_secondary', 'address'),
    f('asset', 'asset', 'address'),
    f('pool', 'destination', 'address'),
    f('amount', 'amount', 'decimal'),
  ],
  jvault_unstake: JVAULT_UNSTAKE,
  jvault_unstake_request: JVAULT_UNSTAKE,
  nft_discovery: [
    f('source', 'source', 'address'),
    f('nft_item', 'asset_secondary', 'address'),
    f('nft_collection', 'asset', 'address'),
    f('nft_item_index', 'nft_transfer_data.nft_item_index', 'decimal'),
  ],
  tgbtc_mint: TGBTC_MINT,
  tgbtc_mint_fallback: TGBTC_MINT,
  tgbtc_burn: TGBTC_BURN,
  tgbtc_burn_fallback: TGBTC_BURN,
  tgbtc_new_key: TGBTC_NEW_KEY,
  tgbtc_new_key_fallback: TGBTC_NEW_KEY,
  tgbtc_dkg_log_fallback: [f('coordinator', 'source', 'address'), f('pubkey', 'asset', 'text'), f('timestamp', 'value', 'decimal')],
  tonco_deploy_pool: [
    f('source', 'source', 'address'),
    f('pool', 'destination_secondary', 'address'),
    f('router', 'destination', 'address'),
    f('router_jetton_wallet_1', 'tonco_deploy_pool_data.jetton0_router_wallet', 'address'),
    f('router_jetton_wallet_2', 'tonco_deploy_pool_data.jetton1_router_wallet', 'address'),
    f('jetton_minter_1', 'tonco_deploy_pool_data.jetton0_minter', 'address'),
    f('jetton_minter_2', 'tonco_deploy_pool_data.jetton1_minter', 'address'),
    f('tick_spacing', 'tonco_deploy_pool_data.tick_spacing', 'intString'),
    f('initial_price_x96', 'tonco_deploy_pool_data.initial_price_x96', 'decimal'),
    f('protocol_fee', 'tonco_deploy_pool_data.protocol_fee', 'intString'),
    f('lp_fee_base', 'tonco_deploy_pool_data.lp_fee_base', 'intString'),
    f('lp_fee_current', 'tonco_deploy_pool_data.lp_fee_current', 'intString'),
    f('pool_active', 'tonco_deploy_pool_data.pool_active', 'bool'),
  ],
  dex_deposit_liquidity: [
    f('dex', 'dex_deposit_liquidity_data.dex', 'text'),
    f('amount_1', 'dex_deposit_liquidity_data.amount1', 'decimal'),
    f('amount_2', 'dex_deposit_liquidity_data.amount2', 'decimal'),
    f('asset_1', 'dex_deposit_liquidity_data.asset1', 'address'),
    f('asset_2', 'dex_deposit_liquidity_data.asset2', 'address'),
    f('user_jetton_wallet_1', 'dex_deposit_liquidity_data.user_jetton_wallet_1', 'address'),
    f('user_jetton_wallet_2', 'dex_deposit_liquidity_data.user_jetton_wallet_2', 'address'),
    f('source', 'source', 'address'),
    f('pool', 'destination', 'address'),
    computed('destination_liquidity', 'depositDestination'),
    f('lp_tokens_minted', 'dex_deposit_liquidity_data.lp_tokens_minted', 'decimal'),
    f('target_asset_1', 'dex_deposit_liquidity_data.target_asset_1', 'address'),
    f('target_asset_2', 'dex_deposit_liquidity_data.target_asset_2', 'address'),
    f('target_amount_1', 'dex_deposit_liquidity_data.target_amount_1', 'decimal'),
    f('target_amount_2', 'dex_deposit_liquidity_data.target_amount_2', 'decimal'),
    f('vault_excesses', 'dex_deposit_liquidity_data.vault_excesses', 'list', { of: VAULT_EXCESS }),
    f('tick_lower', 'dex_deposit_liquidity_data.tick_lower', 'decimal'),
    f('tick_upper', 'dex_deposit_liquidity_data.tick_upper', 'decimal'),
    f('nft_index', 'dex_deposit_liquidity_data.nft_index', 'decimal'),
    f('nft_address', 'dex_deposit_liquidity_data.nft_address', 'address'),
  ],
  dex_withdraw_liquidity: [
    f('dex', 'dex_withdraw_liquidity_data.dex', 'text'),
    f('amount_1', 'dex_withdraw_liquidity_data.amount1', 'decimal'),
    f('amount_2', 'dex_withdraw_liquidity_data.amount2', 'decimal'),
    f('asset_1', 'dex_withdraw_liquidity_data.asset1_out', 'address'),
    f('asset_2', 'dex_withdraw_liquidity_data.asset2_out', 'address'),
    f('user_jetton_wallet_1', 'dex_withdraw_liquidity_data.user_jetton_wallet_1', 'address'),
    f('user_jetton_wallet_2', 'dex_withdraw_liquidity_data.user_jetton_wallet_2', 'address'),
    f('lp_tokens_burnt', 'dex_withdraw_liquidity_data.lp_tokens_burnt', 'decimal'),
    computed('is_refund', 'unknownFlag'),
    f('source', 'source', 'address'),
    f('pool', 'destination', 'address'),
    computed('destination_liquidity', 'pool'),
    f('burnt_nft_index', 'dex_withdraw_liquidity_data.burned_nft_index', 'decimal'),
    f('burnt_nft_address', 'dex_withdraw_liquidity_data.burned_nft_address', 'address'),
    f('tick_lower', 'dex_withdraw_liquidity_data.tick_lower', 'decimal'),
    f('tick_upper', 'dex_withdraw_liquidity_data.tick_upper', 'decimal'),
  ],
  coffee_create_pool: [
    f('source', 'source', 'address'),
    f('source_jetton_wallet', 'source_secondary', 'address'),
    f('initiator_1', 'coffee_create_pool_data.initiator_1', 'address'),
    f('initiator_2', 'coffee_create_pool_data.initiator_2', 'address'),
    f('pool', 'destination', 'address'),
    f('pool_creator_contract', 'coffee_create_pool_data.pool_creator_contract', 'address'),
    f('provided_asset', 'coffee_create_pool_data.provided_asset', 'address'),
    f('amount', 'amount', 'decimal'),
    f('asset_1', 'asset', 'address'),
    f('asset_2', 'asset2', 'address'),
    f('amount_1', 'coffee_create_pool_data.amount_1', 'decimal'),
    f('amount_2', 'coffee_create_pool_data.amount_2', 'decimal'),
    f('lp_tokens_minted', 'coffee_create_pool_data.lp_tokens_minted', 'decimal'),
  ],
  coffee_create_pool_creator: [
    f('source', 'source', 'address'),
    f('source_jetton_wallet', 'source_secondary', 'address'),
    f('deposit_recipient', 'destination', 'address'),
    f('pool_creator_contract', 'destination_secondary', 'address'),
    f('provided_asset', 'coffee_create_pool_data.provided_asset', 'address'),
    f('asset_1', 'asset', 'address'),
    f('asset_2', 'asset2', 'address'),
    f('amount', 'amount', 'decimal'),
  ],
  coffee_staking_deposit: [
    ...COFFEE_STAKING,
    f('minted_item_address', 'coffee_staking_deposit_data.minted_item_address', 'address'),
    f('minted_item_index', 'coffee_staking_deposit_data.minted_item_index', 'decimal'),
  ],
  coffee_staking_withdraw: [
    ...COFFEE_STAKING,
    f('nft_address', 'coffee_staking_withdraw_data.nft_address', 'address'),
    f('nft_index', 'coffee_staking_withdraw_data.nft_index', 'decimal'),
    f('points', 'coffee_staking_withdraw_data.points', 'decimal'),
  ],
  coffee_staking_claim_rewards: [
    f('pool', 'source', 'address'),
    f('pool_jetton_wallet', 'source_secondary', 'address'),
    f('recipient', 'destination', 'address'),
    f('recipient_jetton_wallet', 'destination_secondary', 'address'),
    f('asset', 'asset', 'address'),
    f('amount', 'amount', 'decimal'),
  ],
  coffee_mev_protect_hold_funds: [
    f('source', 'source', 'address'),
    f('source_jetton_wallet', 'source_secondary', 'address'),
    f('mev_contract', 'destination', 'address'),
    f('mev_contract_jetton_wallet', 'destination_secondary', 'address'),
    f('asset', 'asset', 'address'),
    f('amount', 'amount', 'decimal'),
  ],
  coffee_create_vault: [f('source', 'source', 'address'), f('vault', 'destination', 'address'), f('asset', 'asset', 'address'), f('value', 'value', 'decimal')],
  auction_outbid: [
    f('auction_address', 'source', 'address'),
    f('bidder', 'destination', 'address'),
    f('new_bidder', 'source_secondary', 'address'),
    f('nft_item', 'asset_secondary', 'address'),
    f('nft_collection', 'asset', 'address'),
    f('amount', 'amount', 'decimal'),
    f('comment', 'ton_transfer_data.content', 'text', opt),
    computed('marketplace', 'marketplace', opt),
  ],
  nft_cancel_sale: [
    f('owner', 'source', 'address'),
    f('nft_item', 'asset_secondary', 'address'),
    f('nft_collection', 'asset', 'address'),
    f('sale_address', 'destination', 'address'),
    f('marketplace_address', 'nft_transfer_data.marketplace_address', 'address'),
    computed('marketplace', 'marketplace'),
  ],
  nft_cancel_auction: NFT_CANCEL_AUCTION,
  teleitem_cancel_auction: NFT_CANCEL_AUCTION,
  nft_finish_auction: NFT_CANCEL_AUCTION,
  dns_release: [
    f('query_id', 'nft_transfer_data.query_id', 'decimal'),
    f('source', 'source', 'address'),
    f('nft_item', 'destination', 'address'),
    f('nft_collection', 'asset', 'address'),
    f('nft_item_index', 'nft_transfer_data.nft_item_index', 'decimal'),
    f('value', 'value', 'decimal'),
  ],
  nft_update_sale: [
    f('source', 'source', 'address'),
    f('sale_contract', 'destination', 'address'),
    f('nft_address', 'asset_secondary', 'address'),
    f('marketplace_address', 'nft_transfer_data.marketplace_address', 'address'),
    computed('marketplace', 'marketplace'),
    f('full_price', 'nft_listing_data.full_price', 'decimal'),
    f('marketplace_fee', 'nft_listing_data.marketplace_fee', 'decimal'),
    f('royalty_amount', 'nft_listing_data.royalty_amount', 'decimal'),
  ],
  layerzero_send: [f('initiator', 'source', 'address'), LZ_SEND, LZ_PACKET],
  layerzero_send_tokens: [
    f('sender', 'source', 'address'),
    f('sender_wallet', 'source_secondary', 'address'),
    f('oapp', 'destination', 'address'),
    f('oapp_wallet', 'destination_secondary', 'address'),
    f('asset', 'asset', 'address'),
    f('amount', 'amount', 'decimal'),
    LZ_SEND,
    LZ_PACKET,
  ],
  layerzero_receive: [f('sender', 'source', 'address'), f('oapp', 'destination', 'address'), f('channel', 'destination_secondary', 'address'), LZ_PACKET],
  layerzero_commit_packet: [
    f('sender', 'source', 'address'),
    f('endpoint', 'source_secondary', 'address'),
    f('uln', 'destination', 'address'),
    f('uln_connection', 'destination_secondary', 'address'),
    f('channel', 'asset', 'address'),
    f('msglib_connection', 'asset_secondary', 'address'),
    LZ_PACKET,
  ],
  layerzero_dvn_verify: [
    f('initiator', 'source', 'address'),
    f('nonce', 'layerzero_dvn_verify_data.nonce', 'int64'),
    f('status', 'layerzero_dvn_verify_data.status', 'text'),
    f('dvn', 'layerzero_dvn_verify_data.dvn', 'address'),
    f('proxy', 'layerzero_dvn_verify_data.proxy', 'address'),
    f('uln', 'layerzero_dvn_verify_data.uln', 'address'),
    f('uln_connection', 'layerzero_dvn_verify_data.uln_connection', 'address'),
  ],
  cocoon_worker_payout: [
    f('payout_type', 'cocoon_worker_payout_data.payout_type', 'text'),
    f('query_id', 'cocoon_worker_payout_data.query_id', 'decimal'),
    f('new_tokens', 'cocoon_worker_payout_data.new_tokens', 'decimal'),
    f('worker_state', 'cocoon_worker_payout_data.worker_state', 'int'),
    f('worker_tokens', 'cocoon_worker_payout_data.worker_tokens', 'decimal'),
    SRC,
    DST,
    AMOUNT,
  ],
  cocoon_proxy_payout: cocoon('proxy_payout', '', [SRC, DST]),
  cocoon_proxy_charge: cocoon('proxy_charge', 'new_tokens_used:decimal expected_address:text', [SRC, DST]),
  cocoon_client_top_up: cocoon('client_top_up', '', [SRC, DST, AMOUNT]),
  cocoon_register_proxy: cocoon('register_proxy', '', [DST]),
  cocoon_unregister_proxy: cocoon('unregister_proxy', 'seqno:int', [DST]),
  cocoon_client_register: cocoon('client_register', 'nonce:decimal', [SRC, DST]),
  cocoon_client_change_secret_hash: cocoon('client_change_secret_hash', 'new_secret_hash:text', [SRC, DST]),
  cocoon_client_request_refund: cocoon('client_request_refund', 'via_wallet:bool', [SRC, DST]),
  cocoon_grant_refund: cocoon('grant_refund', 'new_tokens_used:decimal expected_address:text', [SRC, DST, AMOUNT]),
  cocoon_client_increase_stake: cocoon('client_increase_stake', 'new_stake:decimal', [SRC, DST, AMOUNT]),
  cocoon_client_withdraw: cocoon('client_withdraw', 'withdraw_amount:decimal', [SRC, DST, AMOUNT]),
};

/** What an action of a type TON Center does not shape shows here: its generic columns, raw. */
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

/** TON Center shows a ton_transfer or call_contract that carries extra currencies under this type, shaped as the stored one. */
export const EXTRA_CURRENCY_TRANSFER = 'extra_currency_transfer';

export const detailsOf = (type: string): readonly DetailField[] => ACTION_DETAILS[type] ?? RAW_DETAILS;

/** Everything the details of `type` read, each path once. */
export function readsOf(type: string): Read[] {
  const out = new Map<string, Read>();
  for (const field of detailsOf(type)) {
    const reads: Read[] = field.rule ? [...(RULES[field.rule] as Rule).reads] : [{ path: field.path.join('.'), kind: field.kind, of: field.of }];
    if (field.onlyIf) reads.push({ path: field.onlyIf.path, kind: 'text' });
    for (const read of reads) if (!out.has(read.path)) out.set(read.path, read);
  }
  return [...out.values()];
}

/** Every type with its own details shape, and the raw shape's reads for the rest. */
export const SHAPED_TYPES = Object.keys(ACTION_DETAILS);
