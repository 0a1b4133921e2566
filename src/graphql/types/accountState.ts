import type { WireAccountState } from '../../wire/transaction';
import { builder } from '../builder';
import { AccountStatus } from './enums';

export const AccountState = builder.objectRef<WireAccountState>('AccountState').implement({
  description:
    "An account's state before or after a transaction, by its hash (ton-indexer `account_states`). Only the hash is known when the indexer did not store the state (it skips nonexistent ones) and for emulated transactions; every other field is then null.",
  fields: (t) => ({
    hash: t.exposeString('hash', { description: 'Hash of the account state (base64 of 32 bytes).' }),
    balance: t.expose('balance', { type: 'BigInt', nullable: true, description: 'Balance in nanotons (1 TON = 10^9 nanotons).' }),
    extraCurrencies: t.expose('extra_currencies', {
      type: 'JSON',
      nullable: true,
      description: 'Extra-currency balances: `{"<currency id>": "<amount>"}`, amounts as decimal strings (ton-indexer `balance_extra_currencies`).',
    }),
    accountStatus: t.expose('account_status', { type: AccountStatus, nullable: true, description: 'Status of the account in this state.' }),
    frozenHash: t.exposeString('frozen_hash', {
      nullable: true,
      description: 'For a frozen account, the hash of the state it had when frozen (base64); restoring it needs that exact state.',
    }),
    dataHash: t.exposeString('data_hash', { nullable: true, description: "Hash of the contract's persistent data cell (base64 of 32 bytes)." }),
    codeHash: t.exposeString('code_hash', {
      nullable: true,
      description: "Hash of the contract's code cell (base64 of 32 bytes); identifies the contract kind (a wallet version, a jetton wallet, ...).",
    }),
    dataBoc: t.exposeString('data_boc', {
      nullable: true,
      description: "The data cell as a base64 BOC. Always null here: ton-indexer's `account_states` keeps no BOCs (only `latest_account_states` does).",
    }),
    codeBoc: t.exposeString('code_boc', {
      nullable: true,
      description: "The code cell as a base64 BOC. Always null here: ton-indexer's `account_states` keeps no BOCs (only `latest_account_states` does).",
    }),
  }),
});
