import type { WireAccountState } from '../../wire/transaction';
import { builder } from '../builder';
import { AccountStatus } from './enums';

export const AccountState = builder.objectRef<WireAccountState>('AccountState').implement({
  description: 'An account state by its hash. Only the hash is known when the indexer did not store the state.',
  fields: (t) => ({
    hash: t.exposeString('hash'),
    balance: t.expose('balance', { type: 'BigInt', nullable: true }),
    extraCurrencies: t.expose('extra_currencies', { type: 'JSON', nullable: true }),
    accountStatus: t.expose('account_status', { type: AccountStatus, nullable: true }),
    frozenHash: t.exposeString('frozen_hash', { nullable: true }),
    dataHash: t.exposeString('data_hash', { nullable: true }),
    codeHash: t.exposeString('code_hash', { nullable: true }),
    dataBoc: t.exposeString('data_boc', { nullable: true }),
    codeBoc: t.exposeString('code_boc', { nullable: true }),
  }),
});
