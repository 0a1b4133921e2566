/** The value kinds of action details, and the composites (objects inside details) TON Center emits. */
export type Scalar =
  | 'address'
  | 'decimal'
  | 'text'
  | 'bool'
  /** A 32-bit integer, a JSON number. */
  | 'int'
  /** A 32-bit integer column TON Center reads into a string. */
  | 'intString'
  /** A 64-bit integer TON Center writes as a JSON number (a decimal string here beyond 2^53, never rounded). */
  | 'int64'
  | 'opcode'
  | 'currencies'
  | 'addressList'
  | 'decimalList';

export type Kind = Scalar | 'object' | 'list';

/** A stored composite (or one a rule builds): its keys in TON Center's order; `member` names the stored field. */
export interface Composite {
  name: string;
  /** The ton-indexer composite type, when the object is one. */
  stored?: string;
  fields: readonly { key: string; kind: Scalar; member: string }[];
}

const composite = (name: string, stored: string | undefined, spec: string): Composite => ({
  name,
  stored,
  fields: spec.split(/\s+/).map((part) => {
    const [key, kind, member] = part.split(':');
    return { key, kind: kind as Scalar, member: member ?? key };
  }),
});

export const DEX_TRANSFER = composite(
  'DexTransfer',
  'dex_transfer_details',
  'asset:address source:address destination:address source_jetton_wallet:address destination_jetton_wallet:address amount:decimal',
);
export const PEER_SWAP = composite('PeerSwap', 'peer_swap_details', 'asset_in:address amount_in:decimal asset_out:address amount_out:decimal');
export const VAULT_EXCESS = composite('VaultExcess', 'liquidity_vault_excess_details', 'asset:address amount:decimal');
export const LAYERZERO_SEND = composite(
  'LayerzeroSendData',
  'layerzero_send_details',
  'send_request_id:int64 msglib_manager:text msglib:text uln:address native_fee:int64 zro_fee:int64 endpoint:address channel:address',
);
export const LAYERZERO_PACKET = composite(
  'LayerzeroPacketData',
  'layerzero_packet_details',
  'src_oapp:text dst_oapp:text src_eid:int dst_eid:int nonce:int64 guid:text message:text',
);
export const DNS_VALUE = composite(
  'DnsRecordValue',
  undefined,
  'sum_type:text dns_smc_address:text dns_adnl_address:text dns_text:text dns_next_resolver_address:text dns_storage_address:text flags:int',
);
export const CLAIMED_REWARD = composite('ClaimedReward', undefined, 'jetton:address amount:decimal');

/** Every composite a details field can hold, for the GraphQL objects and the data layer. */
export const COMPOSITES = [DEX_TRANSFER, PEER_SWAP, VAULT_EXCESS, LAYERZERO_SEND, LAYERZERO_PACKET, DNS_VALUE, CLAIMED_REWARD];

/** A stored value a type's details read: a column or composite field, or a lookup the data layer makes. */
export interface Read {
  path: string;
  kind: Scalar | 'object' | 'list' | 'marketplaceName';
  of?: Composite;
}
