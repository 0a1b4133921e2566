import { JsonNode } from './jsonNode';

const TOKEN_TYPES = ['jetton_wallets', 'jetton_masters', 'nft_items', 'nft_collections'] as const;

export interface MetadataRows {
  jettonWallets: Map<string, { address: string; balance: string | null; owner: string | null; jetton: string | null }>;
  tokens: Map<string, { table: string; row: Record<string, unknown> }>;
  addressMetadata: Map<string, Record<string, unknown>>;
  flags: Map<string, { address: string; is_nsfw: boolean; is_scam: boolean }>;
}

export const emptyMetadataRows = (): MetadataRows => ({
  jettonWallets: new Map(),
  tokens: new Map(),
  addressMetadata: new Map(),
  flags: new Map(),
});

/**
 * Reads a v3 `metadata` map (address → {is_indexed, token_info}) into the tables toncenter builds it from:
 * jetton wallets, the token tables, address_metadata and its flags.
 */
export function readMetadata(node: JsonNode, out: MetadataRows): void {
  if (node.isNull()) return;
  for (const [key, entry] of node.entries()) {
    const address = new JsonNode(key, `${node.path} key`).address();
    for (const info of entry.get('token_info').list()) {
      const type = info.get('type').oneOf(TOKEN_TYPES);
      if (type === 'jetton_wallets') {
        const extra = info.get('extra');
        out.jettonWallets.set(address, {
          address,
          balance: extra.get('balance').optDecimal(),
          owner: extra.get('owner').optAddress(),
          jetton: extra.get('jetton').optAddress(),
        });
        continue;
      }
      const row: Record<string, unknown> = { address };
      if (type === 'nft_items') row.index = info.get('nft_index').optDecimal();
      out.tokens.set(`${type}/${address}`, { table: type, row });
      // Before `valid` existed, TON Center listed the fields of fetched metadata under an indexed address.
      const fetchedBeforeValid =
        !info.has('valid') && entry.get('is_indexed').optBool() === true && ['name', 'symbol', 'description', 'image', 'extra'].some((k) => info.has(k));
      if (info.has('valid') || fetchedBeforeValid) {
        const extra = info.get('extra');
        if (!extra.isNull() && !extra.isObject()) extra.fail('expected an object');
        out.addressMetadata.set(`${address}/${type}`, {
          address,
          type,
          valid: fetchedBeforeValid || info.get('valid').bool(),
          name: info.get('name').optStr(),
          symbol: info.get('symbol').optStr(),
          description: info.get('description').optStr(),
          image: info.get('image').optStr(),
          extra: extra.isNull() ? null : extra.value,
        });
      }
      if (info.has('is_nsfw') || info.has('is_scam')) {
        out.flags.set(address, { address, is_nsfw: info.get('is_nsfw').optBool() ?? false, is_scam: info.get('is_scam').optBool() ?? false });
      }
    }
  }
}
