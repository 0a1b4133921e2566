/**
 * Names of well-known opcodes, as toncenter's `decoded_opcode` gives them: ton-marker's TL-B constructor names
 * (toncenter/ton-indexer, ton-index-worker/ton-marker/src/schemes/schemes.tlb; the first `InternalMsgBodyN` type
 * holding the tag wins). ton-marker knows several hundred; this table holds the common ones, the rest are null.
 */
const NAMES: ReadonlyMap<number, string> = new Map([
  // known.xml
  [0x00000000, 'text_comment'],
  [0x2167da4b, 'encrypted_text_comment'],
  [0xffffffff, 'bounce'],
  [0xd53276db, 'excess'],
  [0xd372158c, 'top_up'],
  [0x4e73744b, 'elector_new_stake'],
  [0xf374484c, 'elector_new_stake_confirmation'],
  [0x47657424, 'elector_recover_stake_request'],
  [0xf96f7324, 'elector_recover_stake_response'],
  // jettons.xml
  [0x0f8a7ea5, 'jetton_transfer'],
  [0x178d4519, 'jetton_internal_transfer'],
  [0x7362d09c, 'jetton_notify'],
  [0x595f07bc, 'jetton_burn'],
  [0x7bdd97de, 'jetton_burn_notification'],
  [0x642b7d07, 'jetton_mint'],
  [0x00000015, 'minter_jetton_mint'],
  [0x6501f354, 'jetton_change_admin'],
  // nfts.xml
  [0x5fcc3d14, 'nft_transfer'],
  [0x05138d91, 'nft_ownership_assigned'],
  [0x2fcb26a2, 'get_static_data'],
  [0x8b771735, 'report_static_data'],
  [0x693d3950, 'get_royalty_params'],
  [0xa8cb00ad, 'report_royalty_params'],
  [0x04ded148, 'prove_ownership'],
  [0x0524c7ae, 'ownership_proof'],
  [0x1f04537a, 'sbt_destroy'],
  [0x6f89f5e3, 'sbt_revoke'],
  // wallets
  [0x73696e74, 'w5_internal_signed_request'],
  [0x7369676e, 'w5_external_signed_request'],
  [0x6578746e, 'w5_extension_action_request'],
  [0xae42e5a4, 'highload_v3_internal_request'],
  // DEXes
  [0x25938561, 'stonfi_swap'],
  [0xf93bb43f, 'stonfi_payment_request'],
  [0x01f3835d, 'pton_ton_transfer'],
  [0x6664de2a, 'stonfi_swap_v2'],
  [0x657b54f5, 'stonfi_pay_to_v2'],
  [0xea06185d, 'dedust_swap'],
  [0x474f86cf, 'dedust_payout'],
  [0xd55e4686, 'dedust_deposit_liquidity'],
]);

/** The name of an opcode (stored signed or unsigned), or null when it is unknown or absent. */
export const opcodeName = (opcode: number | null): string | null => (opcode === null ? null : (NAMES.get(opcode >>> 0) ?? null));
