/** The per-request loaders of DNS, multisig and vesting navigation (part of `createLoaders`): by address, and pages by parent. */
import DataLoader from 'dataloader';
import type { Queryable } from '../db/types';
import { dnsRecordPagesOf, type DnsRecordKeyRow } from './dns';
import { multisigPagesOfMembers, multisigsByAddresses, orderPagesOf, type MultisigKeyRow, type MultisigOrderRow } from './multisig';
import { pagesLoader } from './pagesLoader';
import { vestingPagesOf, whitelistsOf, type VestingRole, type WalletVestingRow } from './vesting';

/** DNS records' loaders. */
export const dnsLoaders = (db: Queryable, options: { maxBatchSize: number }) => ({
  /** The records whose wallet record points at an account, a keyset page per account. */
  recordPages: pagesLoader<null, DnsRecordKeyRow>((_, wallets, page) => dnsRecordPagesOf(db, wallets, page), options),
});

/** Multisig wallets' and orders' loaders. */
export const multisigLoaders = (db: Queryable, options: { maxBatchSize: number }) => ({
  byAddress: new DataLoader((addresses: readonly string[]) => multisigsByAddresses(db, addresses), options),
  /** The multisigs an account is a signer or proposer of, a keyset page per account. */
  memberPages: pagesLoader<null, MultisigKeyRow>((_, members, page) => multisigPagesOfMembers(db, members, page), options),
  /** A multisig's orders, a keyset page per multisig. */
  orderPages: pagesLoader<null, MultisigOrderRow>((_, multisigs, page) => orderPagesOf(db, multisigs, page), options),
});

/** Vesting contracts' loaders. */
export const vestingLoaders = (db: Queryable, options: { maxBatchSize: number }) => ({
  /** The contracts an account has one of the roles in, a keyset page per account and set of roles. */
  pages: pagesLoader<readonly VestingRole[], WalletVestingRow>((roles, wallets, page) => vestingPagesOf(db, roles, wallets, page), options),
  /** A contract's whitelist (capped as REST's). */
  whitelist: new DataLoader((contracts: readonly string[]) => whitelistsOf(db, contracts), options),
});
