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

/** A transaction as the in-message body loader takes it: `<hash>/<lt>`. */
export const transactionKeyOf = (row: { tx_hash: string; tx_lt: string }) => `${row.tx_hash}/${row.tx_lt}`;

export function createJettonLoaders(db: Queryable, options: { maxBatchSize: number }) {
  return {
    master: new DataLoader((addresses: readonly string[]) => jettonMastersByAddresses(db, addresses), options),
    wallet: new DataLoader((addresses: readonly string[]) => jettonWalletsByAddresses(db, addresses), options),
    walletPages: pagesLoader<JettonWalletParent, JettonWalletKeyRow>((parent, parents, page) => jettonWalletPagesOf(db, parent, parents, page), options),
    transferPages: pagesLoader<JettonEventParent, JettonTransferRow>((of, parents, page) => jettonTransferPagesOf(db, of, parents, page), options),
    burnPages: pagesLoader<JettonEventParent, JettonBurnRow>((of, parents, page) => jettonBurnPagesOf(db, of, parents, page), options),
    transfersByTransaction: new DataLoader((hashes: readonly string[]) => jettonTransfersByTransactions(db, hashes), options),
    transfersByTrace: new DataLoader((ids: readonly string[]) => jettonTransfersByTraces(db, ids), options),
    /** The inbound message body of a transaction (`transactionKeyOf`), where an inline forward payload is read from; null when not stored. */
    inMessageBody: new DataLoader(async (keys: readonly string[]) => {
      const bodies = await inMessageBodies(
        db,
        keys.map((k) => {
          const [hash, lt] = k.split('/');
          return { hash, lt };
        }),
      );
      return keys.map((k) => bodies.get(k) ?? null);
    }, options),
  };
}
