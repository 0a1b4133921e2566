/**
 * The asset routes' response envelopes `cli import` reads: the key holding the list (as TON Center names it) and
 * the reader of one element. One entry per envelope; each family's readers live in a file of their own here.
 */
import type { JsonNode } from '../jsonNode';
import { readNftCollection, readNftItem, readNftSale, readNftTransfer } from './nfts';
import { readAccountState, readWalletState } from './accounts';
import { readDnsRecord } from './dns';
import { readMultisig, readMultisigOrder } from './multisig';
import { readJettonBurn, readJettonMaster, readJettonTransfer, readJettonWallet } from './jettons';
import type { AssetRows } from './rows';
import { readVesting } from './vesting';

export type ElementReader = (element: JsonNode, out: AssetRows) => void;

export const ASSET_ENVELOPES: Readonly<Record<string, ElementReader>> = {
  // nfts
  nft_collections: readNftCollection,
  nft_items: (element, out) => readNftItem(element, out),
  nft_transfers: readNftTransfer,
  nft_sales: readNftSale,
  // accounts
  accounts: readAccountState,
  wallets: readWalletState,
  // dns
  records: readDnsRecord,
  // multisig
  multisigs: readMultisig,
  orders: readMultisigOrder,
  // vesting
  vesting_contracts: readVesting,
  // jettons
  jetton_masters: readJettonMaster,
  jetton_wallets: readJettonWallet,
  jetton_transfers: readJettonTransfer,
  jetton_burns: readJettonBurn,
};
