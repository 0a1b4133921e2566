/** The per-request loaders of jetton navigation (part of `createLoaders`): by address, by transaction and trace, and pages by parent. */
import DataLoader from 'dataloader';
import type { Queryable } from '../db/types';
import {
  inMessageBodies,
  jettonBurnPagesOf,
  jettonMastersByAddresses,
  jettonTransferPagesOf,
  jettonTransfersByTraces,
  jettonTransfersByTransactions,
  jettonWalletPagesOf,
  jettonWalletsByAddresses,
  type JettonBurnRow,
  type JettonEventParent,
  type JettonTransferRow,
  type JettonWalletKeyRow,
  type JettonWalletParent,
} from './jettons';
import { pagesLoader } from './pagesLoader';

export function createJettonLoaders(db: Queryable, options: { maxBatchSize: number }) {
  return {
    master: new DataLoader((addresses: readonly string[]) => jettonMastersByAddresses(db, addresses), options),
    wallet: new DataLoader((addresses: readonly string[]) => jettonWalletsByAddresses(db, addresses), options),
    walletPages: pagesLoader<JettonWalletParent, JettonWalletKeyRow>((parent, parents, page) => jettonWalletPagesOf(db, parent, parents, page), options),
    transferPages: pagesLoader<JettonEventParent, JettonTransferRow>((of, parents, page) => jettonTransferPagesOf(db, of, parents, page), options),
    burnPages: pagesLoader<JettonEventParent, JettonBurnRow>((of, parents, page) => jettonBurnPagesOf(db, of, parents, page), options),
    transfersByTransaction: new DataLoader((hashes: readonly string[]) => jettonTransfersByTransactions(db, hashes), options),
    transfersByTrace: new DataLoader((ids: readonly string[]) => jettonTransfersByTraces(db, ids), options),
    /** The inbound message body of a transaction, by its hash, where an inline forward payload is read from; null when not stored. */
    inMessageBody: new DataLoader(async (hashes: readonly string[]) => {
      const bodies = await inMessageBodies(db, hashes);
      return hashes.map((h) => bodies.get(h) ?? null);
    }, options),
  };
}
