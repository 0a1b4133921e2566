import type { Network } from '../config';
import { forwardPayloadComment } from '../encoding/forwardPayload';
import type { JsonNode } from '../import/jsonNode';
import { CLAIMED_REWARD, DNS_VALUE, type Composite, type Kind, type Read, type Scalar } from './composites';
import { EVAA_TON_ASSET_ID, evaaJettonMaster } from './evaa';

export interface RuleContext {
  network: Network;
}

/** Parses an imported value of a kind (the importer's own parser, so rules do not depend on its internals). */
export type ParseValue = (node: JsonNode, kind: Scalar) => unknown;

/** A details key TON Center computes rather than reads, with what it reads and, where it can be, how to store it. */
export interface Rule {
  kind: Kind;
  of?: Composite;
  reads: readonly Read[];
  value(get: (path: string) => unknown, ctx: RuleContext): unknown;
  /** Writes an imported value back to the columns it came from (`set(path, value)`); absent when it cannot be. */
  store?(node: JsonNode, set: (path: string, value: unknown) => void, parse: ParseValue, details: JsonNode): void;
}

const read = (path: string, kind: Read['kind']): Read => ({ path, kind });
/** The name `marketplace_names` gives the marketplace at an address path, or else to the item's collection. */
const marketplaceAt = (path: string) => read(`marketplace_name:${path}`, 'marketplaceName');
const MARKETPLACE = marketplaceAt('nft_transfer_data.marketplace_address');
const FORWARD_PAYLOAD = read('nft_transfer_data.forward_payload', 'text');
const PROVIDER = read('staking_data.provider', 'text');
const DNS_SCHEMA = read('change_dns_record_data.value_schema', 'text');
const DNS_VALUE_TEXT = read('change_dns_record_data.value', 'text');
const DNS_FLAGS = read('change_dns_record_data.flags', 'int');

/** TON Center renames a staking provider (`preprocessStakingProvider`). */
const PROVIDER_ALIASES: Readonly<Record<string, string>> = { tonstakers: 'liquid_staking' };
const provider = (get: (path: string) => unknown) => {
  const raw = get(PROVIDER.path);
  return typeof raw === 'string' ? (PROVIDER_ALIASES[raw] ?? raw) : null;
};

/** Which slot of the DNS value object each stored schema fills; a text record lands in the storage slot, as in TON Center. */
const DNS_SLOTS: Readonly<Record<string, string>> = {
  DNSSmcAddress: 'dns_smc_address',
  DNSAdnlAddress: 'dns_adnl_address',
  DNSNextResolver: 'dns_next_resolver_address',
  DNSStorageAddress: 'dns_storage_address',
  DNSText: 'dns_storage_address',
};

const nothing = (kind: Kind): Rule => ({ kind, reads: [], value: () => null });

export const RULES = {
  forwardComment: { kind: 'text', reads: [FORWARD_PAYLOAD], value: (get) => forwardPayloadComment(get(FORWARD_PAYLOAD.path) as string | null).comment },
  forwardEncrypted: { kind: 'bool', reads: [FORWARD_PAYLOAD], value: (get) => forwardPayloadComment(get(FORWARD_PAYLOAD.path) as string | null).encrypted },
  marketplace: { kind: 'text', reads: [MARKETPLACE], value: (get) => get(MARKETPLACE.path) ?? null },
  listingMarketplace: { kind: 'text', reads: [marketplaceAt('destination_secondary')], value: (get) => get('marketplace_name:destination_secondary') ?? null },
  /** An nft_transfer names its marketplace only when it was a purchase. */
  purchaseMarketplace: {
    kind: 'text',
    reads: [MARKETPLACE, read('nft_transfer_data.is_purchase', 'bool')],
    value: (get) => (get('nft_transfer_data.is_purchase') === true ? (get(MARKETPLACE.path) ?? null) : null),
  },
  seller: { kind: 'address', reads: [read('nft_transfer_data.real_prev_owner', 'address')], value: (get) => get('nft_transfer_data.real_prev_owner') ?? null },
  /** A key TON Center declares and never fills. */
  none: nothing('address'),
  unknownFlag: nothing('bool'),
  pool: { kind: 'address', reads: [read('destination', 'address')], value: (get) => get('destination') ?? null },
  stakingProvider: {
    kind: 'text',
    reads: [PROVIDER],
    value: provider,
    store: (node, set, parse) => set(PROVIDER.path, parse(node, 'text')),
  },
  /**
   * Liquid staking burns its tokens for the withdrawal request's amount. (TON Center's current code compares the
   * provider after renaming it, so it never fills this; the older code and the classifier mean the amount.)
   */
  liquidStakingBurnt: {
    kind: 'decimal',
    reads: [read('amount', 'decimal'), PROVIDER],
    value: (get) => (provider(get) === 'liquid_staking' ? (get('amount') ?? null) : null),
    store: (node, set, parse) => node.isNull() || set('amount', parse(node, 'decimal')),
  },
  dnsValue: {
    kind: 'object',
    of: DNS_VALUE,
    reads: [DNS_SCHEMA, DNS_VALUE_TEXT, DNS_FLAGS],
    value: (get) => {
      const schema = get(DNS_SCHEMA.path);
      const slot = typeof schema === 'string' ? DNS_SLOTS[schema] : undefined;
      const out: Record<string, unknown> = Object.fromEntries(DNS_VALUE.fields.map((f) => [f.key, null]));
      out.sum_type = schema ?? null;
      if (slot) out[slot] = get(DNS_VALUE_TEXT.path) ?? null;
      out.flags = get(DNS_FLAGS.path) ?? null;
      return out;
    },
    store: (node, set, parse) => {
      if (node.isNull()) return;
      set(DNS_SCHEMA.path, parse(node.get('sum_type'), 'text'));
      const filled = DNS_VALUE.fields.find((f) => f.kind === 'text' && f.key !== 'sum_type' && !node.get(f.key).isNull());
      set(DNS_VALUE_TEXT.path, filled ? parse(node.get(filled.key), 'text') : null);
      set(DNS_FLAGS.path, parse(node.get('flags'), 'int'));
    },
  },
  evaaAsset: {
    kind: 'address',
    reads: [read('evaa_liquidate_data.asset_id', 'text')],
    value: (get, ctx) => {
      const id = get('evaa_liquidate_data.asset_id');
      return typeof id === 'string' ? (evaaJettonMaster(id, ctx.network) ?? null) : null;
    },
  },
  /** Whether EVAA's asset id is TON or a jetton TON Center knows; never null. */
  evaaKnownAsset: {
    kind: 'bool',
    reads: [read('evaa_liquidate_data.asset_id', 'text')],
    value: (get, ctx) => {
      const id = get('evaa_liquidate_data.asset_id');
      return typeof id === 'string' && (id === EVAA_TON_ASSET_ID || evaaJettonMaster(id, ctx.network) !== undefined);
    },
  },
  /** The two stored arrays side by side; TON Center gives [] when their lengths differ. */
  claimedRewards: {
    kind: 'list',
    of: CLAIMED_REWARD,
    reads: [read('jvault_claim_data.claimed_jettons', 'addressList'), read('jvault_claim_data.claimed_amounts', 'decimalList')],
    value: (get) => {
      const jettons = (get('jvault_claim_data.claimed_jettons') as string[] | null) ?? [];
      const amounts = (get('jvault_claim_data.claimed_amounts') as string[] | null) ?? [];
      return jettons.length === amounts.length ? jettons.map((jetton, i) => ({ jetton, amount: String(amounts[i]) })) : [];
    },
    store: (node, set, parse) => {
      if (node.isNull()) return;
      const rewards = node.list();
      set(
        'jvault_claim_data.claimed_jettons',
        rewards.map((r) => parse(r.get('jetton'), 'address')),
      );
      set(
        'jvault_claim_data.claimed_amounts',
        rewards.map((r) => parse(r.get('amount'), 'decimal')),
      );
    },
  },
  /** DeDust deposits liquidity through a deposit contract; the other DEXes into the pool itself. */
  depositDestination: {
    kind: 'address',
    reads: [read('destination_secondary', 'address'), read('dex_deposit_liquidity_data.dex', 'text'), read('destination', 'address')],
    value: (get) => (get('dex_deposit_liquidity_data.dex') === 'dedust' ? get('destination_secondary') : get('destination')) ?? null,
    store: (node, set, parse, details) => {
      if (details.has('dex') && details.get('dex').value === 'dedust') set('destination_secondary', parse(node, 'address'));
    },
  },
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;
