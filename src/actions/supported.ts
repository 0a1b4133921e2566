import type { ActionRow } from '../data/actions';
/**
 * Which actions a client sees, by the action types it says it understands (`supported_action_types`, or the
 * `X-Actions-Version` header): TON Center's rule, for REST, GraphQL and every pending route alike.
 *
 * A name is an action type, or a shortcut for several: the versions (v1 … v4, `latest`) and the groups below, as
 * ton-index-go's action_versioning names them (reference: toncenter-v3.md §5.3). The v1 types are always
 * included; a name that is no shortcut is taken as a type. An action is shown when its type is supported and
 * no action it is part of has a supported type: a client that does not know a newer type sees the actions it is
 * made of instead, and one that knows it sees it alone.
 */

const V1 = [
  'call_contract',
  'contract_deploy',
  'ton_transfer',
  'stake_deposit',
  'stake_withdrawal',
  'stake_withdrawal_request',
  'dex_deposit_liquidity',
  'jetton_transfer',
  'nft_transfer',
  'nft_mint',
  'jetton_burn',
  'jetton_mint',
  'jetton_swap',
  'change_dns',
  'delete_dns',
  'renew_dns',
  'subscribe',
  'dex_withdraw_liquidity',
  'unsubscribe',
  'election_deposit',
  'election_recover',
  'auction_bid',
  'tick_tock',
];

const MULTISIG = ['multisig_create_order', 'multisig_approve', 'multisig_execute'];
const VESTING = ['vesting_send_message', 'vesting_add_whitelist'];
const EVAA = ['evaa_supply', 'evaa_withdraw', 'evaa_liquidate'];
const JVAULT = ['jvault_stake', 'jvault_unstake', 'jvault_claim', 'jvault_unstake_request'];
const COFFEE = [
  'coffee_create_vault',
  'coffee_create_pool_creator',
  'coffee_create_pool',
  'coffee_mev_protect_hold_funds',
  'coffee_staking_claim_rewards',
  'coffee_staking_deposit',
  'coffee_staking_withdraw',
];
const NFT_MARKET = [
  'nft_put_on_sale',
  'nft_put_on_auction',
  'auction_outbid',
  'nft_cancel_sale',
  'nft_purchase',
  'nft_cancel_auction',
  'nft_finish_auction',
  'teleitem_start_auction',
  'teleitem_cancel_auction',
  'nft_update_sale',
];
const DNS_MARKET = ['dns_purchase', 'dns_release'];
const LAYERZERO = ['layerzero_send', 'layerzero_send_tokens', 'layerzero_receive', 'layerzero_commit_packet', 'layerzero_dvn_verify'];
const COCOON = [
  'cocoon_worker_payout',
  'cocoon_proxy_payout',
  'cocoon_proxy_charge',
  'cocoon_client_top_up',
  'cocoon_register_proxy',
  'cocoon_unregister_proxy',
  'cocoon_client_register',
  'cocoon_client_change_secret_hash',
  'cocoon_client_request_refund',
  'cocoon_grant_refund',
  'cocoon_client_increase_stake',
  'cocoon_client_withdraw',
];

/** Each shortcut and what it stands for (types, or other shortcuts). */
export const ACTION_TYPE_SHORTCUTS: Readonly<Record<string, readonly string[]>> = {
  v1: V1,
  v2: ['v1', ...MULTISIG, ...VESTING, ...EVAA, ...JVAULT, 'nft_discovery', 'tonco_deploy_pool', ...COFFEE, 'coffee_mev_protect_failed_swap', 'unknown'],
  v3: ['v2', ...NFT_MARKET, ...DNS_MARKET, ...LAYERZERO],
  v4: ['v3', ...COCOON],
  latest: ['v4'],
  staking: ['stake_deposit', 'stake_withdrawal', 'stake_withdrawal_request'],
  jettons: ['jetton_transfer', 'jetton_burn', 'jetton_mint'],
  nft: ['nft_transfer', 'nft_mint', 'auction_bid'],
  'nft.v3': ['nft', ...NFT_MARKET, ...DNS_MARKET],
  dns: ['change_dns', 'delete_dns', 'renew_dns', ...DNS_MARKET],
  'dns.v2': ['dns', ...DNS_MARKET],
  multisig: MULTISIG,
  vesting: VESTING,
  evaa: EVAA,
  jvault: JVAULT,
  coffee: COFFEE,
  tgbtc: ['tgbtc_dkg_log_fallback', 'tgbtc_new_key', 'tgbtc_new_key_fallback', 'tgbtc_burn', 'tgbtc_burn_fallback', 'tgbtc_mint', 'tgbtc_mint_fallback'],
  layerzero: LAYERZERO,
  cocoon: COCOON,
};

/** Each shortcut expanded once, to the types it stands for. */
const SHORTCUT_TYPES: ReadonlyMap<string, readonly string[]> = (() => {
  const expanded = new Map<string, readonly string[]>();
  const expand = (name: string, seen: ReadonlySet<string>): readonly string[] => {
    if (!Object.hasOwn(ACTION_TYPE_SHORTCUTS, name)) return [name];
    if (seen.has(name)) return [];
    const inner = new Set([...seen, name]);
    return [...new Set(ACTION_TYPE_SHORTCUTS[name].flatMap((part) => expand(part, inner)))];
  };
  for (const name of Object.keys(ACTION_TYPE_SHORTCUTS)) expanded.set(name, expand(name, new Set()));
  return expanded;
})();

/** The types the names stand for: `latest` when none is given, the v1 types always. Each name counts once. */
export function expandActionTypes(names: readonly string[]): ReadonlySet<string> {
  const types = new Set<string>(SHORTCUT_TYPES.get('v1'));
  for (const name of new Set(names.length === 0 ? ['latest'] : names)) {
    const parts = SHORTCUT_TYPES.get(name);
    if (parts) for (const t of parts) types.add(t);
    else types.add(name);
  }
  return types;
}

/** Whether a client that supports `types` sees this action (see above). */
export const isShown = (types: ReadonlySet<string>, action: { type: string; ancestor_type: readonly string[] }): boolean =>
  types.has(action.type) && !action.ancestor_type.some((t) => types.has(t));

/** The types a request supports: the `X-Actions-Version` header's when sent (it replaces the parameter, as on TON Center). */
export const requestedTypes = (header: string | undefined, requested: ReadonlySet<string>): ReadonlySet<string> =>
  header ? expandActionTypes([header]) : requested;

/** The actions a client that supports `types` sees; TON Center's default `latest` when unsaid. */
export const selectActions = (rows: ActionRow[], types: ReadonlySet<string> = LATEST): ActionRow[] => rows.filter((a) => isShown(types, a));

const LATEST = expandActionTypes([]);
