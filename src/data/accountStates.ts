import type { Queryable } from '../db/types';
import { boundValues, keyset, type KeyColumn, type KeysetPage, oneEach } from './sql';
import type { AccountStateRow } from './rows';

/** The columns of `account_states` a transaction's states before and after are written from. */
export const ACCOUNT_STATE_COLUMNS = [
  'hash',
  'account',
  'balance',
  'balance_extra_currencies',
  'account_status',
  'frozen_hash',
  'data_hash',
  'code_hash',
] as const satisfies readonly (keyof AccountStateRow)[];

/** Batch function for the account-state-by-hash loader. */
export async function accountStatesByHashes(db: Queryable, hashes: readonly string[]): Promise<(AccountStateRow | null)[]> {
  const rows = await db.query<AccountStateRow>(`select ${ACCOUNT_STATE_COLUMNS.join(', ')} from account_states where hash = any($1::text[]::tonhash[])`, [
    hashes,
  ]);
  return oneEach(hashes, rows, (r) => r.hash);
}

/** An account's latest state (ton-indexer `latest_account_states`), with its BOCs and its last transaction. */
export interface LatestStateRow extends AccountStateRow {
  account: string;
  timestamp: number | null;
  last_trans_hash: string | null;
  last_trans_lt: string | null;
  data_boc: string | null;
  code_boc: string | null;
}

/** Batch function for the latest-state loader, by account (null: the indexer has no state for it). */
export async function latestStatesByAccounts(db: Queryable, accounts: readonly string[]): Promise<(LatestStateRow | null)[]> {
  const rows = await db.query<LatestStateRow>(
    `select account, hash, balance, balance_extra_currencies, account_status, timestamp, last_trans_hash, last_trans_lt,
            frozen_hash, data_hash, code_hash, data_boc, code_boc
       from latest_account_states where account = any($1::text[])`,
    [accounts],
  );
  return oneEach(accounts, rows, (r) => r.account);
}

/** A latest state with its contract's get-method ids (`contract_methods`, null without a row), as `accountStates` reads it. */
export interface AccountStateFullRow extends Omit<LatestStateRow, 'timestamp'> {
  methods: string[] | null;
}

export interface LatestStatesFilter {
  accounts: readonly string[];
  /** Only states whose code hash is one of these (none: any). */
  codeHashes: readonly string[];
  /** The cells read: both, the data cell only (wallets), none (null). */
  cells: 'both' | 'data' | 'none';
}

/**
 * The latest states of these accounts with their get-method ids, in one statement whatever their number;
 * by account (TON Center has no order here), so equal requests give equal bytes.
 */
export async function latestStatesWithMethods(db: Queryable, filter: LatestStatesFilter): Promise<AccountStateFullRow[]> {
  const { values, bind } = boundValues();
  const where = [`a.account = any(${bind(filter.accounts)}::text[])`];
  if (filter.codeHashes.length > 0) where.push(`a.code_hash = any(${bind(filter.codeHashes)}::text[]::tonhash[])`);
  const read = { data_boc: filter.cells !== 'none', code_boc: filter.cells === 'both' };
  const boc = (column: keyof typeof read) => (read[column] ? `a.${column}` : `null::text as ${column}`);
  return db.query<AccountStateFullRow>(
    `select a.account, a.hash, a.balance, a.balance_extra_currencies, a.account_status, a.frozen_hash, a.last_trans_hash,
            a.last_trans_lt, a.data_hash, a.code_hash, ${boc('data_boc')}, ${boc('code_boc')}, c.methods::text[] as methods
       from latest_account_states a left join contract_methods c on c.code_hash = a.code_hash
      where ${where.join(' and ')}
      order by a.account`,
    values,
  );
}

export interface AccountBalanceRow {
  account: string;
  balance: string;
}

/**
 * Accounts by balance, richest first, ties by account descending (TON Center has no tie-break); a state without a
 * balance is left out (TON Center fails the request on it).
 */
export const accountsByBalance = (db: Queryable, page: { limit: number; offset: number }) =>
  db.query<AccountBalanceRow>(
    `select account, balance from latest_account_states where balance is not null
      order by balance desc, account desc limit $1 offset $2`,
    [page.limit, page.offset],
  );

/** Richest first, ties by account descending, as REST orders them (latest_account_states_index_1). */
export const ACCOUNT_BALANCE_KEY: readonly KeyColumn[] = [
  { expr: 'balance', type: 'int8', field: 'balance' },
  { expr: 'account', type: 'account', field: 'account' },
];

/** A keyset page of the accounts by balance (those without one left out, as REST leaves them). */
export function accountsByBalanceKeyset(db: Queryable, page: KeysetPage): Promise<AccountBalanceRow[]> {
  const { values, bind } = boundValues();
  const seek = keyset(ACCOUNT_BALANCE_KEY, page, bind);
  return db.query<AccountBalanceRow>(
    `select account, balance from latest_account_states where ${['balance is not null', ...seek.where].join(' and ')}
      order by ${seek.order} limit ${seek.limit}`,
    values,
  );
}

/** Batch function of the state-with-methods loader, by account: the data cell and get-methods, no code cell (wallets, interfaces). */
export async function statesWithMethodsByAccounts(db: Queryable, accounts: readonly string[]): Promise<(AccountStateFullRow | null)[]> {
  const rows = await latestStatesWithMethods(db, { accounts, codeHashes: [], cells: 'data' });
  return oneEach(accounts, rows, (r) => r.account);
}
