/**
 * Contract interfaces as TON Center names them (ton-index-go's interface detection, schema 1.2.10): each with the
 * code hashes that identify it outright and the get-methods that all must be present. Used by `accountStates`
 * (`interfaces`) and by the address book of every route.
 */
import { crc16 } from '@ton/core';

/** Name, code hashes (base64), required get-method names. `dedust_liquidity_deposit ` ends in a space in TON Center. */
type InterfaceRow = readonly [name: string, codeHashes: readonly string[], methods: readonly string[]];

export const INTERFACES: readonly InterfaceRow[] = [
  ['airdrop_interlocker_v1', ['rNK47E23QUOW+lNphlPswEpBbuNknY9bILQfF2rYM/A='], ['get_contract_data']],
  ['airdrop_interlocker_v2', ['D/RKlvwkgRESNtjZkg/W4pthCCFePsW6dh6tlgKtraQ='], ['get_distribution_info', 'get_unlocks_info', 'get_available_claim_amount']],
  ['bidask_pool', [], ['get_pool_info', 'get_current_bin', 'get_sqrt_p', 'get_active_range']],
  ['bidask_range', [], ['get_pool_addr', 'get_lp_multitoken_wallet']],
  ['bidask_lp_multitoken', [], ['get_bins_number', 'get_nft_data']],
  ['bidask_internal_liquidity_vault', [], ['get_liquidity_data']],
  ['cron', [], ['get_cron_info']],
  ['daolama_vault', [], ['get_pool_data']],
  ['dedust_factory', [], ['get_vault_address', 'get_pool_address', 'get_liquidity_deposit_address']],
  ['dedust_liquidity_deposit ', [], ['get_balances', 'get_target_balances']],
  ['dedust_pool', [], ['get_reserves', 'get_assets', 'get_jetton_data', 'is_stable', 'get_trade_fee', 'estimate_swap_out']],
  ['dedust_vault', [], ['get_asset']],
  ['dns', [], ['dnsresolve']],
  ['gram_miner', ['zK5v+2A8fT53mrWewmf/wi3B6+CvmDmQIomnqD5MAPE='], ['get_pow_params']],
  ['jetton_master', [], ['get_jetton_data', 'get_wallet_address']],
  ['jetton_wallet', [], ['get_wallet_data']],
  ['jetton_wallet_v1', ['vrBoPr64kn/p/I7AoYvH3ReJlomCWhIeq0bFo6hg0M4='], []],
  ['jetton_wallet_v2', ['jSjqQht36AX+pSrPM1KWSZ8Drsjp/SHdtfJWSqZcSN4='], []],
  ['jetton_wallet_governed', ['iUaPAseOVwgC45l5yFFvw43wfqdqSDV+BTbyuns+43s='], []],
  ['tonstake_pool', [], ['get_pool_full_data']],
  ['validator_controller', [], ['get_validator_controller_data']],
  ['locker', [], ['get_locker_data', 'get_bill_address']],
  ['locker_bill', [], ['get_locker_bill_data']],
  ['lockup_vesting', [], ['get_lockup_data']],
  ['lockup_universal', [], ['get_balances']],
  ['megatonfi_router', [], ['get_mining_data', 'get_lp_data']],
  ['megatonfi_exchange', [], ['get_lp_swap_data', 'get_lp_mining_data']],
  ['moon_pool', ['KAgWUlMoah5P5j76ubo1SBE3qsCxoPntzLj2RC3eRsQ='], ['get_jetton_data', 'get_reserves', 'get_assets', 'get_wallet_address']],
  ['moon_booster', ['zoTDgsi2rA0FISu6o00F5U4eMOLMkony2cnWRyahEqg='], ['get_status', 'get_pool']],
  ['moon_order_factory', ['0Ec31vZ4EDqeRIwiEJkZ0PnL4F7xsag8XnuIZoOlRwQ='], ['get_id', 'get_pipe']],
  [
    'moon_order',
    ['iMONKVhrXXSLrbx7Tb/iOcJcuFypxFhqROBVB6bt9qY=', '7gcUCzzP4mHtKFgPYKFr2kxLnG19p64F9bfH4rHf4iY='],
    ['get_status', 'get_order_amount', 'get_fill_out', 'get_vesting_data'],
  ],
  ['multisig_v2', ['09FNqaYn8Ow1MzQYKXYq+SuVQLIb8DZl+sCcK0bqu6w='], ['get_multisig_data', 'get_order_address']],
  ['multisig_order_v2', ['oB4Ff71CiEArmJjXjWe9TpAlTJPFhmh5vC0dEoZUNrw='], ['get_order_data']],
  ['nft_sale', [], ['get_sale_data']],
  ['nft_auction_v1', [], ['get_sale_data']],
  ['nft_offer_getgems_v1', ['bl1mf6bvqBh8bQKe/UAVYBIy/S42wpHbw0be2rbcgCQ='], []],
  ['nft_sale_getgems_v4', ['a5WmQYucnSNZBF0edVm41UmuDlBvJMqrWPowyPsf64Y='], ['get_fix_price_data_v4']],
  [
    'nft_sale_getgems_v3',
    ['JCIfpXHlQuBVx3vt/b9SfHr0YM/cfzRMRQeHtM+h600=', '3rU7bFdlwebNI4v0e8XoO6WWvcwEsLhM1Qqx5HSgjzE=', 'MgUN+sRPZIZrzIbyzZ4TBf6dyts5WcACI3z7CQLUQyM='],
    [],
  ],
  ['nft_sale_getgems_v2', ['gnj0xSM95vvtyWmvUZNEp6m//FRIVtuphqlcC8+Fcck='], []],
  ['nft_auction_getgems_v3', ['G9nFo5v/t6DzQViLXdkrgTqEK/Ze8UEJOCIAzq+Pct8=', 'ZmiHL6eXBUQ//UdSPo6eqfdquZ+aC1nSfej4GhwnudQ='], []],
  ['nft_auction_getgems_v4', ['zlp4U06qps7tja/UhtB262CpsNbb+1Nnb2YmScBomVY='], ['get_auction_data_v4']],
  ['nft_collection', [], ['get_nft_content', 'get_collection_data', 'get_nft_address_by_index']],
  ['nft_item', [], ['get_nft_data']],
  ['nft_item_simple', ['TJEjgoaC+m9DeXq0FzK8qJDK4Bdm4GdBACUFFuC/jUI='], []],
  ['editable', [], ['get_editor']],
  ['sbt', [], ['get_authority_address']],
  ['payment_channel', [], ['get_channel_data']],
  [
    'pyth_price_oracle',
    [],
    [
      'get_update_fee',
      'get_single_update_fee',
      'get_governance_data_source_index',
      'get_governance_data_source',
      'get_last_executed_governance_sequence',
      'get_is_valid_data_source',
      'get_price_unsafe',
      'get_price_no_older_than',
      'get_ema_price_unsafe',
      'get_ema_price_no_older_than',
      'get_chain_id',
      'get_current_guardian_set_index',
      'get_guardian_set',
      'get_governance_chain_id',
      'get_governance_contract',
      'governance_action_is_consumed',
    ],
  ],
  ['stonfi_pool', [], ['get_pool_data', 'get_expected_outputs', 'get_expected_tokens', 'get_expected_liquidity', 'get_lp_account_address']],
  ['stonfi_pool_v2', [], ['get_pool_data', 'get_pool_type', 'get_lp_account_address', 'get_jetton_data', 'get_wallet_address']],
  ['stonfi_router_v2', [], ['get_vault_address', 'get_pool_address', 'get_router_data', 'get_router_version']],
  ['stonfi_router', [], ['get_router_data', 'get_pool_address']],
  ['stonfi_lp_account_v2', [], ['get_lp_account_data']],
  ['stonfi_vault_v2', [], ['get_vault_data']],
  ['omniston_referral', ['7cxi8XUil/vaJAjAnKQgs6+VKBAuM7ngoOvjhVPBj+w=', 'bNo1HDwO42iHOl6hD1O5pHpVqs3I3rP9EDwvloyVJSc='], []],
  ['storage_provider', [], ['get_wallet_params', 'get_storage_params', 'seqno', 'get_public_key', 'get_storage_contract_address']],
  ['storage_contract', [], ['get_storage_contract_data', 'get_torrent_hash', 'is_active', 'get_next_proof_info']],
  [
    'storm_vamm',
    [],
    ['get_amm_name', 'get_amm_status', 'get_amm_contract_data', 'get_exchange_settings', 'get_spot_price', 'get_terminal_amm_price', 'get_vamm_type'],
  ],
  ['storm_referral', [], ['get_nft_data', 'get_referral_data']],
  ['storm_referral_collection', [], ['get_referral_vaults_whitelist']],
  ['storm_executor', [], ['get_nft_data', 'get_executor_balances']],
  ['storm_executor_collection', [], ['get_amm_name']],
  [
    'storm_vault',
    [],
    [
      'get_executor_collection_address',
      'get_referral_collection_address',
      'get_vault_contract_data',
      'get_lp_minter_address',
      'get_vault_whitelisted_addresses',
      'get_vault_data',
      'get_vault_type',
    ],
  ],
  ['storm_position_manager', [], ['get_position_manager_contract_data']],
  ['subscription_v1', [], ['get_subscription_data']],
  ['subscription_v2', ['XUG7cGLs/yqv7/IFppEtfFyyIwjbHRLCCH3IzAORwy4='], ['get_subscription_info', 'get_payment_info', 'get_cron_info']],
  ['coffee_mev_protector', ['WPvC26JoTTi4C/zj3Fqf/OAK+bRkx7TcIc9X46rhHxw='], []],
  ['coffee_cross_dex', ['/qnGoe9eqyxcqU1r7x4zmUxXhqvrUmR2DhUNozv7Nnc='], []],
  ['coffee_staking_master', [], ['get_stored_data', 'get_collection_data', 'get_nft_address_by_index', 'get_nft_content']],
  ['coffee_staking_vault', [], ['get_stored_data', 'get_master_address']],
  ['coffee_staking_item', [], ['get_stored_data', 'get_nft_data']],
  [
    'coffee_factory',
    [],
    [
      'get_vault_address',
      'get_pool_address',
      'get_pool_address_no_settings',
      'get_pool_creator_address',
      'get_pool_creator_address_no_settings',
      'get_liquidity_depository_address',
      'get_liquidity_depository_address_no_settings',
      'get_admin_address',
      'get_code',
    ],
  ],
  ['coffee_vault', [], ['get_asset', 'is_active']],
  ['coffee_vault_native', [], []],
  ['coffee_vault_jetton', [], []],
  ['coffee_vault_extra', [], []],
  [
    'coffee_pool',
    [],
    [
      'get_jetton_data',
      'get_wallet_address',
      'get_pool_data',
      'estimate_swap_amount',
      'estimate_liquidity_withdraw_amount',
      'estimate_liquidity_deposit_amount',
    ],
  ],
  ['jetton_wallet_coffee_lp', ['18OPqZSoKCZXIJ+T68Xf6Qil8G0uQfDAhekXvE9UorM='], []],
  ['teleitem', [], ['get_telemint_auction_state', 'get_telemint_auction_config', 'get_telemint_token_name']],
  [
    'tonco_pool',
    ['vJR9FjRsL9yEW3pEY4L1nIassHXiox2/qVbNDJ5UZ44='],
    ['get_collection_data', 'getIsActive', 'getPoolStateAndConfiguration', 'getChildContracts', 'getAllTickInfos'],
  ],
  ['tonco_router', ['m5iR6qfbe+zGzN2hvZqNJdw98oF9V+SyfsAD2vgaRDk='], ['getRouterState', 'getPoolAddress', 'getChildContracts']],
  [
    'tonkeeper_2fa',
    ['xe8Z3yKu6LcHvXoYEXTkAKQiUiPFrkDYMg9d3XB9NKE='],
    ['get_wallet_addr', 'get_root_pubkey', 'get_seed_pubkey', 'get_delegation_state', 'get_estimated_attached_value'],
  ],
  ['tv_pool', [], ['get_pool_data', 'get_nominator_data', 'list_nominators', 'list_votes']],
  ['wallet_v1r1', ['oM/CxIruFqJx8s/AtzgtgXVs7LEBfQd/qqs7tgL2how='], []],
  ['wallet_v1r2', ['1JAvzJ+tdGmPqONTIgpo2g3PcuMryy657gQhfBfTBiw='], ['seqno']],
  ['wallet_v1r3', ['WHzHie/xyE9G7DeX5F/ICaFP9a4k8eDHpqmcydyQYf8='], ['seqno', 'get_public_key']],
  ['wallet_v2r1', ['XJpeaMEI4YchoHxC+ZVr+zmtd+xtYktgxXbsiO7mUyk='], ['seqno']],
  ['wallet_v2r2', ['/pUw0yQ4Uwg+8u8LTCkIwKv2+hwx6iQ6rKpb+MfXU/E='], ['seqno', 'get_public_key']],
  ['wallet_v3r1', ['thBBpYp5gLlG6PueGY48kE0keZ/6NldOpCUcQaVm9YE='], ['seqno']],
  ['wallet_v3r2', ['hNr6RJ+Ypph3ibojI1gHK8D3bcRSQAKl0JGLmnXS1Zk='], ['get_public_key', 'seqno']],
  ['wallet_v4r1', ['ZN1UgFUixb6KnbWc6gEFzPDQh4bKeb64y3nogKjXMi0='], ['get_plugin_list', 'is_plugin_installed', 'get_public_key', 'seqno', 'get_subwallet_id']],
  ['wallet_v4r2', ['/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA='], ['get_plugin_list', 'is_plugin_installed', 'get_public_key', 'seqno', 'get_subwallet_id']],
  ['wallet_v5_beta', ['89fKU0k97trCizgZhqhJQDy6w9LFhHea8IEGWvCsS5M=', '5M87L0xtamHqDytUR9JmeFsmrzY32y3u5rzRqoJvNBI='], ['seqno']],
  ['wallet_v5r1', ['IINLe3KxEhR+Gy+0V7hOdNGjDwT3N9T2KmaOlVLSty8='], ['seqno', 'get_public_key', 'get_subwallet_id', 'get_extensions', 'is_signature_allowed']],
  ['wallet_highload_v1r1', ['2M27t58sXKpnesRQdwvgNRviHhJQSG3oXMUqoz3RZIQ='], []],
  ['wallet_highload_v1r2', ['Dc7tISadZgE+lbGfu1xVpvAa2tQIN7qo5SHN46AqpGw='], []],
  ['wallet_highload_v2', ['lJTRzI7fEvBWcaGpugmSEJbrUIEeGSTsZcPGKfu4CBI='], ['get_public_key']],
  ['wallet_highload_v2r1', ['jOtFs81LXMYOquHBO5wJI5Jnf+U2sumy2AG2Lv+TH+E='], []],
  ['wallet_highload_v2r2', ['ID3U81ittJmTEpqpJcrDmRa2ig5PeNJujywraer6Vnk='], []],
  ['wallet_highload_v3r1', ['EayteVWEQJDyg78ji8FEmHH3g+fMCXlAjT9IWUg+hSU='], ['get_public_key', 'get_subwallet_id', 'get_timeout']],
  ['wallet_preprocessed_v2', ['Reu86bXSNYhstr/hw62TtwjeBYJEiSNlye4N/kOct7U='], []],
  ['wallet_vesting', ['tItTGr7DtxRjgpH3137W3J9qJynvyiBHcTc3TUrotZA='], ['seqno', 'get_public_key', 'get_vesting_data']],
  ['whales_pool', [], ['get_staking_status', 'get_pool_status', 'get_member', 'get_members_raw', 'get_params']],
  ['x1000_wallet_v1', ['Q9RHFtMmqDLO1WprYKAstnYw4E9Xhf6J+HhKEQzzYVE='], []],
  ['x1000_affiliate_account', ['RFb60SpDTEiYsFrGW6td6A2zPydcYCB0bejhEaXNpOY='], ['get_affiliate_account_data']],
  ['x1000_affiliate_program', ['yLuWL5k+Jp+RQ1u+dsG7rdb6Tq0+msgcoJdeGCDL7ws='], ['get_affiliate_account_address']],
];

/** A get-method's id as the TVM dispatches it: CRC16-XMODEM of its name with bit 16 set. */
export const methodId = (name: string): number => (crc16(Buffer.from(name)).readUInt16BE(0) & 0xffff) | 0x10000;

const BY_CODE_HASH = new Map<string, string>();
for (const [name, hashes] of INTERFACES) for (const hash of hashes) if (!BY_CODE_HASH.has(hash)) BY_CODE_HASH.set(hash, name);

const BY_METHODS = INTERFACES.filter(([, , methods]) => methods.length > 0).map(([name, , methods]) => ({ name, ids: methods.map(methodId) }));

/**
 * TON Center's rule: a known code hash gives exactly its interface; otherwise no method ids give [], and method
 * ids give every interface whose get-methods are all present, names sorted, or null when none matches.
 */
export function detectInterfaces(codeHash: string | null, methodIds: readonly number[] | null): string[] | null {
  const known = codeHash === null ? undefined : BY_CODE_HASH.get(codeHash);
  if (known !== undefined) return [known];
  if (methodIds === null || methodIds.length === 0) return [];
  const present = new Set(methodIds);
  const found = BY_METHODS.filter(({ ids }) => ids.every((id) => present.has(id))).map(({ name }) => name);
  return found.length === 0 ? null : found.sort();
}

/** `contract_methods.methods` (bigint[], read as text) as numbers, each once in stored order; null without a row. */
export const methodIds = (methods: readonly string[] | null): number[] | null => (methods === null ? null : [...new Set(methods.map(Number))]);
