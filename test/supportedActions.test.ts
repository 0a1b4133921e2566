import { describe, expect, it } from 'vitest';
import { ACTION_TYPE_SHORTCUTS, expandActionTypes, isShown } from '../src/actions/supported';

// The reference's table (toncenter-v3.md §5.3, ton-index-go action_versioning): v1's types, and what each later
// version adds.
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
const sorted = (types: Iterable<string>) => [...types].sort();

describe("supported action types (TON Center's rule)", () => {
  it('expands versions and groups, always adds v1, defaults to latest, takes other names as types', () => {
    expect(sorted(expandActionTypes(['v1']))).toEqual(sorted(V1));
    const v2 = expandActionTypes(['v2']);
    expect(v2.size).toBe(V1.length + 23);
    for (const t of [
      'multisig_execute',
      'vesting_add_whitelist',
      'evaa_liquidate',
      'jvault_claim',
      'nft_discovery',
      'tonco_deploy_pool',
      'coffee_mev_protect_failed_swap',
      'unknown',
    ])
      expect(v2.has(t), t).toBe(true);
    const v3 = expandActionTypes(['v3']);
    expect(v3.size).toBe(v2.size + 17);
    for (const t of ['nft_purchase', 'teleitem_cancel_auction', 'dns_release', 'layerzero_dvn_verify']) expect(v3.has(t), t).toBe(true);
    const latest = expandActionTypes(['latest']);
    expect(sorted(latest)).toEqual(sorted(expandActionTypes(['v4'])));
    expect(latest.size).toBe(v3.size + 12);
    expect(sorted(expandActionTypes([]))).toEqual(sorted(latest));
    expect(latest.has('tgbtc_mint')).toBe(false);
    expect(sorted(expandActionTypes(['tgbtc']))).toEqual(sorted([...V1, ...ACTION_TYPE_SHORTCUTS.tgbtc]));
    expect(sorted(expandActionTypes(['jettons']))).toEqual(sorted(V1));
    expect(sorted(expandActionTypes(['nft.v3']))).toEqual(
      sorted([
        ...V1,
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
        'dns_purchase',
        'dns_release',
      ]),
    );
    expect(sorted(expandActionTypes(['my_own_type']))).toEqual(sorted([...V1, 'my_own_type']));
    // shortcut names themselves are never types
    expect([...latest].some((t) => Object.hasOwn(ACTION_TYPE_SHORTCUTS, t))).toBe(false);
  });

  it('shows an action whose type is supported unless an action it is part of is; an unsupported one gives way to its parts', () => {
    const swap = { type: 'jetton_swap', ancestor_type: [] };
    const transferInSwap = { type: 'jetton_transfer', ancestor_type: ['jetton_swap'] };
    const execute = { type: 'multisig_execute', ancestor_type: [] };
    const transferInExecute = { type: 'ton_transfer', ancestor_type: ['multisig_execute'] };
    const latest = expandActionTypes([]);
    expect([swap, transferInSwap, execute, transferInExecute].map((a) => isShown(latest, a))).toEqual([true, false, true, false]);
    const v1 = expandActionTypes(['v1']);
    expect([swap, transferInSwap, execute, transferInExecute].map((a) => isShown(v1, a))).toEqual([true, false, false, true]);
    // a type outside latest (tgbtc) is hidden by default, shown when asked for
    const mint = { type: 'tgbtc_mint', ancestor_type: [] };
    expect(isShown(latest, mint)).toBe(false);
    expect(isShown(expandActionTypes(['tgbtc']), mint)).toBe(true);
  });
});
