import type { WireAddressMetadata, WireTokenInfo } from '../../wire/metadata';
import { builder } from '../builder';
import { graphqlSource } from '../../params/spec';
import { findMetadata, METADATA, metadataRequest } from '../../operations/addressBook';
import { toWireMetadata } from '../../wire/metadata';
import { routeArgs } from '../params';
import type { RequestContext } from '../../context';

const TokenInfo = builder.objectRef<WireTokenInfo>('TokenInfo').implement({
  description:
    "What the indexer knows about a token contract in one role (TON Center v3's `token_info`, from ton-indexer's `jetton_wallets`, `jetton_masters`, `nft_items`, `nft_collections`, `address_metadata` and `address_metadata_flags`).",
  fields: (t) => ({
    type: t.exposeString('type', { description: "The role, named after the indexer's table: jetton_wallets, jetton_masters, nft_items or nft_collections." }),
    valid: t.boolean({
      nullable: true,
      description:
        'Whether the off-chain metadata was fetched and parsed (false: fetched and found invalid; null: not fetched yet). Always true for jetton wallets.',
      resolve: (i) => i.valid ?? null,
    }),
    name: t.string({ nullable: true, description: 'Name from the token metadata (`address_metadata.name`).', resolve: (i) => i.name ?? null }),
    symbol: t.string({ nullable: true, description: 'Ticker of a jetton (e.g. USDT) from its metadata.', resolve: (i) => i.symbol ?? null }),
    description: t.string({ nullable: true, description: 'Description from the token metadata.', resolve: (i) => i.description ?? null }),
    image: t.string({ nullable: true, description: 'Image URL from the token metadata.', resolve: (i) => i.image ?? null }),
    nftIndex: t.field({
      type: 'BigInt',
      nullable: true,
      description: "An NFT item's index in its collection (`nft_items.index`).",
      resolve: (i) => i.nft_index ?? null,
    }),
    isNsfw: t.boolean({
      nullable: true,
      description: 'Flagged as not safe for work (`address_metadata_flags.is_nsfw`); null for jetton wallets and when the metadata is missing or invalid.',
      resolve: (i) => i.is_nsfw ?? null,
    }),
    isScam: t.boolean({
      nullable: true,
      description: 'Flagged as a scam (`address_metadata_flags.is_scam`); null for jetton wallets and when the metadata is missing or invalid.',
      resolve: (i) => i.is_scam ?? null,
    }),
    extra: t.field({
      type: 'JSON',
      nullable: true,
      description:
        "Other metadata fields (e.g. `decimals` of a jetton, image variants). For a jetton wallet: `{balance, jetton, owner}`, its jetton balance (decimal string in the jetton's smallest units), jetton master and owner.",
      resolve: (i) => i.extra ?? null,
    }),
  }),
});

export const AddressMetadata = builder.objectRef<WireAddressMetadata & { address: string }>('AddressMetadata').implement({
  description: "Token metadata of an address that is a jetton wallet, jetton master, NFT item or NFT collection (TON Center v3's `metadata` map entry).",
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address, `<workchain>:<64 uppercase hex>`.' }),
    isIndexed: t.exposeBoolean('is_indexed', { description: 'True when the metadata of every entry in `tokenInfo` has been fetched.' }),
    tokenInfo: t.field({
      type: [TokenInfo],
      complexity: { field: 1, multiplier: 2 },
      description: 'One entry per role the address has.',
      resolve: (m) => m.token_info,
    }),
  }),
});

builder.queryField('metadata', (t) =>
  t.field({
    type: [AddressMetadata],
    description:
      "Token metadata of those of the addresses given that are tokens, by raw address (REST's `/api/v3/metadata`); values that are not addresses are left out.",
    args: routeArgs(t.arg, METADATA),
    resolve: async (_root, args, ctx) =>
      Object.entries(toWireMetadata(await findMetadata(ctx, metadataRequest(graphqlSource(args))))).map(([address, entry]) => ({ address, ...entry })),
  }),
);

/** The token metadata of an address (`metadata[address]`), null when it has none. */
export const metadataOf = async (address: string, ctx: RequestContext) => {
  const entry = toWireMetadata(await ctx.loaders.metadata.load(address))[address];
  return entry ? { address, ...entry } : null;
};
