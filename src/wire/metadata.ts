import type { MetadataRow } from '../data/metadata';

export interface WireTokenInfo {
  valid?: boolean;
  type: string;
  name?: string;
  symbol?: string;
  description?: string;
  image?: string;
  nft_index?: string;
  is_nsfw?: boolean;
  is_scam?: boolean;
  extra?: Record<string, unknown>;
}

export interface WireAddressMetadata {
  is_indexed: boolean;
  token_info: WireTokenInfo[];
}

const sortKeys = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** toncenter's TokenInfo: fields it has no value for are left out, as its JSON does. */
function tokenInfo(row: MetadataRow): { info: WireTokenInfo; indexed: boolean } {
  if (row.type === 'jetton_wallets') {
    return { info: { valid: true, type: row.type, extra: { balance: row.balance, jetton: row.jetton, owner: row.owner } }, indexed: true };
  }
  const withIndex = (info: WireTokenInfo) => (row.nft_index === null ? info : { ...info, nft_index: row.nft_index });
  if (row.valid === null) return { info: withIndex({ type: row.type }), indexed: false };
  if (!row.valid) return { info: withIndex({ valid: false, type: row.type }), indexed: true };
  const info: WireTokenInfo = { valid: true, type: row.type };
  if (row.name !== null) info.name = row.name;
  if (row.symbol !== null) info.symbol = row.symbol;
  if (row.description !== null) info.description = row.description;
  if (row.image !== null) info.image = row.image;
  if (row.nft_index !== null) info.nft_index = row.nft_index;
  info.is_nsfw = row.is_nsfw ?? false;
  info.is_scam = row.is_scam ?? false;
  if (row.extra !== null) info.extra = sortKeys(row.extra);
  return { info, indexed: true };
}

/** Metadata keyed by address (sorted); an address is indexed when all its entries are. */
export function toWireMetadata(rows: MetadataRow[]): Record<string, WireAddressMetadata> {
  const out: Record<string, WireAddressMetadata> = Object.create(null);
  for (const row of [...rows].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0))) {
    const { info, indexed } = tokenInfo(row);
    const entry = (out[row.address] ??= { is_indexed: true, token_info: [] });
    entry.token_info.push(info);
    entry.is_indexed &&= indexed;
  }
  return out;
}
