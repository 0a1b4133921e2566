import type { WireAddressMetadata, WireTokenInfo } from '../../wire/metadata';
import { builder } from '../builder';

const TokenInfo = builder.objectRef<WireTokenInfo>('TokenInfo').implement({
  description: 'What the indexer knows about a token contract (toncenter metadata).',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'jetton_wallets, jetton_masters, nft_items or nft_collections' }),
    valid: t.boolean({ nullable: true, resolve: (i) => i.valid ?? null }),
    name: t.string({ nullable: true, resolve: (i) => i.name ?? null }),
    symbol: t.string({ nullable: true, resolve: (i) => i.symbol ?? null }),
    description: t.string({ nullable: true, resolve: (i) => i.description ?? null }),
    image: t.string({ nullable: true, resolve: (i) => i.image ?? null }),
    nftIndex: t.field({ type: 'BigInt', nullable: true, resolve: (i) => i.nft_index ?? null }),
    isNsfw: t.boolean({ nullable: true, resolve: (i) => i.is_nsfw ?? null }),
    isScam: t.boolean({ nullable: true, resolve: (i) => i.is_scam ?? null }),
    extra: t.field({ type: 'JSON', nullable: true, resolve: (i) => i.extra ?? null }),
  }),
});

export const AddressMetadata = builder.objectRef<WireAddressMetadata & { address: string }>('AddressMetadata').implement({
  fields: (t) => ({
    address: t.exposeString('address'),
    isIndexed: t.exposeBoolean('is_indexed'),
    tokenInfo: t.field({ type: [TokenInfo], complexity: { field: 1, multiplier: 2 }, resolve: (m) => m.token_info }),
  }),
});
