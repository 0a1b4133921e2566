/**
 * The account routes' envelopes: `accounts` (accountStates) fills `latest_account_states` and, for a state whose
 * contract methods are listed, `contract_methods`; `wallets` (walletStates) is refused with the reason.
 */
import { Cell } from '@ton/core';
import type { JsonNode } from '../jsonNode';
import type { AssetRows } from './rows';

const STATUSES = ['uninit', 'frozen', 'active', 'nonexist'] as const;

/** A base64 BOC as TON Center serves it (quotes around it trimmed, as it trims them). */
function optBoc(node: JsonNode): string | null {
  if (node.isNull()) return null;
  const text = node.str().replace(/^'+|'+$/g, '');
  try {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || Cell.fromBoc(Buffer.from(text, 'base64')).length === 0) throw new Error();
  } catch {
    node.fail('expected a base64 BOC');
  }
  return text;
}

/**
 * One element of `accounts`: the whole latest state, so an element without a key TON Center omits when empty
 * (hashes, BOCs) stores null there: import a response fetched with `include_boc=true` (the default) to keep cells.
 */
export function readAccountState(element: JsonNode, out: AssetRows): void {
  const codeHash = element.get('code_hash').optHash();
  out.add('latest_account_states', {
    account: element.get('address').address(),
    hash: element.get('account_state_hash').hash(),
    balance: element.get('balance').optInt64(),
    balance_extra_currencies: element.get('extra_currencies').optCurrencies(),
    account_status: element.get('status').optOneOf(STATUSES),
    frozen_hash: element.get('frozen_hash').optHash(),
    last_trans_hash: element.get('last_transaction_hash').optHash(),
    last_trans_lt: element.get('last_transaction_lt').optInt64(),
    data_hash: element.get('data_hash').optHash(),
    code_hash: codeHash,
    data_boc: optBoc(element.get('data_boc')),
    code_boc: optBoc(element.get('code_boc')),
  });
  const methods = element.get('contract_methods');
  if (methods.isNull()) return;
  if (codeHash === null) methods.fail('contract methods without a code_hash cannot be stored (contract_methods is keyed by code hash)');
  out.add('contract_methods', { code_hash: codeHash, methods: methods.list().map((m) => m.int(0, 2 ** 32 - 1)) });
}

/**
 * `wallets` cannot be stored: a wallet state lacks the account state hash `latest_account_states` requires and the
 * data cell its wallet fields are read from, so it could only leave a state whose hash, cells and balance disagree.
 */
export function readWalletState(element: JsonNode): void {
  element.fail(
    'a walletStates response cannot be imported: it lacks the account state hash and the data cell the wallet fields are read from; import the accountStates response of the same addresses instead',
  );
}
