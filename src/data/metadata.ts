import type { Queryable } from '../db/types';

export interface MetadataRow {
  address: string;
  type: string;
  valid: boolean | null;
  name: string | null;
  symbol: string | null;
  description: string | null;
  image: string | null;
  extra: Record<string, unknown> | null;
  nft_index: string | null;
  is_nsfw: boolean | null;
  is_scam: boolean | null;
  /** jetton_wallets only */
  balance: string | null;
  owner: string | null;
  jetton: string | null;
}

/**
 * toncenter's metadata lookup in one statement: jetton wallets among the addresses (and their masters added to
 * the lookup), then NFT items, NFT collections and jetton masters with their indexed metadata and flags; by
 * address, then in that order of kinds (an address and a kind name one row).
 */
export function metadataRows(db: Queryable, addresses: readonly string[]): Promise<MetadataRow[]> {
  return db.query<MetadataRow>(
    `with req as (select distinct unnest($1::varchar[]) as address),
     jw as (select w.address, w.balance::text as balance, w.owner, w.jetton from jetton_wallets w where w.address in (select address from req)),
     lookup as (select address from req union select jetton from jw where jetton is not null),
     tokens as (
       select n.address, 'nft_items' as type, n.index::text as nft_index from nft_items n where n.address in (select address from lookup)
       union all select c.address, 'nft_collections', null from nft_collections c where c.address in (select address from lookup)
       union all select j.address, 'jetton_masters', null from jetton_masters j where j.address in (select address from lookup))
     select * from (
     select jw.address::text as address, 'jetton_wallets' as type, true as valid, null as name, null as symbol, null as description,
            null as image, null::jsonb as extra, null as nft_index, null::boolean as is_nsfw, null::boolean as is_scam,
            jw.balance, jw.owner::text as owner, jw.jetton::text as jetton
       from jw
     union all
     select t.address::text, t.type, m.valid, m.name, m.symbol, m.description, m.image, m.extra, t.nft_index,
            f.is_nsfw, f.is_scam, null, null, null
       from tokens t
       left join address_metadata m on m.address = t.address and m.type = t.type
       left join address_metadata_flags f on f.address = t.address) U
     order by U.address, array_position(array['jetton_wallets', 'nft_items', 'nft_collections', 'jetton_masters'], U.type)`,
    [addresses],
  );
}
