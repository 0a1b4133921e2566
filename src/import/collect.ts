import { friendlyFlags } from '../encoding/address';
import type { Network } from '../config';
import type { AccountStateRow, MessageContentRow, MessageRow, TransactionRow } from '../data/rows';
import { JsonNode } from './jsonNode';
import { emptyMetadataRows, readMetadata } from './mapMetadata';
import { mapAction, type ActionInsertRow } from './mapAction';
import type { TraceRow } from '../data/traces';
import { mapTrace } from './mapTrace';
import { mapTransaction, type MappedTransaction } from './mapTransaction';
import { ASSET_ENVELOPES } from './assets/envelopes';
import { AssetRows } from './assets/rows';

export interface ActionAccountRow {
  action_id: string;
  trace_id: string;
  account: string;
  trace_end_lt: string;
  action_end_lt: string;
  trace_end_utime: number | null;
  action_end_utime: string | null;
}

export interface LatestStateRow {
  account: string;
  hash: string;
  balance: string | null;
  balance_extra_currencies: Record<string, string> | null;
  account_status: string | null;
  timestamp: number | null;
  last_trans_hash: string;
  last_trans_lt: string;
  frozen_hash: string | null;
  data_hash: string | null;
  code_hash: string | null;
}

/** Rows gathered from one document, de-duplicated by primary key. */
export class Collected {
  readonly transactions = new Map<string, TransactionRow>();
  readonly messages = new Map<string, MessageRow>();
  readonly contents = new Map<string, MessageContentRow>();
  readonly states = new Map<string, AccountStateRow>();
  readonly latest = new Map<string, LatestStateRow>();
  readonly traces = new Map<string, TraceRow>();
  readonly actions = new Map<string, ActionInsertRow>();
  readonly actionAccounts = new Map<string, ActionAccountRow>();
  readonly metadata = emptyMetadataRows();
  /** Rows of the asset routes' envelopes (jetton wallets, NFT items, DNS records, …). */
  readonly assets = new AssetRows();
  /** Network read off the address book's user-friendly forms, when it has any. */
  network?: Network;

  addTransaction(m: MappedTransaction): void {
    const t = m.transaction;
    this.transactions.set(`${t.hash}/${t.lt}`, t);
    for (const msg of m.messages) this.messages.set(`${msg.tx_hash}/${msg.tx_lt}/${msg.msg_hash}/${msg.direction}`, msg);
    for (const c of m.contents) if (!this.contents.has(c.hash) || c.body !== null) this.contents.set(c.hash, c);
    for (const s of m.states) this.states.set(s.hash, s);
    const after = m.states.find((s) => s.hash === t.account_state_hash_after);
    const known = this.latest.get(t.account);
    if (after && (!known || BigInt(known.last_trans_lt) < BigInt(t.lt))) {
      this.latest.set(t.account, {
        account: t.account,
        hash: after.hash,
        balance: after.balance,
        balance_extra_currencies: after.balance_extra_currencies,
        account_status: after.account_status,
        timestamp: t.now,
        last_trans_hash: t.hash,
        last_trans_lt: t.lt,
        frozen_hash: after.frozen_hash,
        data_hash: after.data_hash,
        code_hash: after.code_hash,
      });
    }
  }

  addActions(list: JsonNode, traceOfParent?: string): void {
    for (const node of list.list()) {
      const { action, accounts, listed } = mapAction(node, traceOfParent);
      this.actions.set(`${action.trace_id}/${action.action_id}`, action);
      if (accounts.length === 0) continue;
      // Accounts read off the details index the action only where its end lts allow; listed ones must.
      if (!listed && (action.trace_end_lt === null || action.end_lt === null)) continue;
      // action_accounts indexes an action by account under its trace's and its own end lt.
      if (action.trace_end_lt === null) node.get('trace_end_lt').fail('needed to index the action by account');
      if (action.end_lt === null) node.get('end_lt').fail('needed to index the action by account');
      for (const account of accounts) {
        const row: ActionAccountRow = {
          action_id: action.action_id,
          trace_id: action.trace_id,
          account,
          trace_end_lt: action.trace_end_lt as string,
          action_end_lt: action.end_lt as string,
          trace_end_utime: action.trace_end_utime as number | null,
          action_end_utime: action.end_utime === null ? null : String(action.end_utime),
        };
        this.actionAccounts.set(`${account}/${row.trace_end_lt}/${row.trace_id}/${row.action_end_lt}/${row.action_id}`, row);
      }
    }
  }

  readAddressBook(node: JsonNode): void {
    if (node.isNull()) return;
    for (const [address, entry] of node.entries()) {
      const friendly = entry.get('user_friendly').optStr();
      const flags = friendly === null ? undefined : friendlyFlags(friendly);
      if (friendly !== null && !flags && friendly !== 'addr_none') entry.get('user_friendly').fail('expected a user-friendly address');
      if (flags) this.network = flags.testOnly ? 'testnet' : 'mainnet';
      if (address !== 'addr_none') new JsonNode(address, `${node.path} key`).address();
    }
  }
}

const TRANSACTIONS_SHAPE = 'a v3 response ({transactions}, {traces} or {actions}), a Transaction, an array of traces, or {url, response}';

/** What a document may be, the asset envelopes included. */
const SHAPES = `${TRANSACTIONS_SHAPE}, or an asset response (${Object.keys(ASSET_ENVELOPES)
  .map((k) => `{${k}}`)
  .join(', ')})`;

/** The asset envelope a response object holds: its list key, when it has one. */
const assetEnvelope = (node: JsonNode) => Object.keys(ASSET_ENVELOPES).find((key) => node.has(key));

/** Walks a document of any supported shape and collects its rows; throws ImportError with the JSON path. */
export function collect(value: unknown): Collected {
  const out = new Collected();
  visit(new JsonNode(value), out);
  return out;
}

function visit(node: JsonNode, out: Collected): void {
  if (Array.isArray(node.value)) {
    for (const trace of node.list()) addTrace(trace, out);
    return;
  }
  if (!node.isObject()) node.fail(`expected ${SHAPES}`);
  if (node.has('response') && node.has('url')) return visit(node.get('response'), out);
  if (node.has('address_book')) out.readAddressBook(node.get('address_book'));
  if (node.has('metadata')) readMetadata(node.get('metadata'), out.metadata);
  if (node.has('traces')) {
    for (const trace of node.get('traces').list()) addTrace(trace, out);
  } else if (node.has('transactions')) {
    for (const tx of node.get('transactions').list()) out.addTransaction(mapTransaction(tx));
  } else if (node.has('actions')) {
    out.addActions(node.get('actions'));
  } else if (node.has('hash') && node.has('lt') && node.has('account')) {
    out.addTransaction(mapTransaction(node));
  } else {
    const key = assetEnvelope(node);
    if (key === undefined) node.fail(`expected ${SHAPES}`);
    for (const element of node.get(key).list()) ASSET_ENVELOPES[key]!(element, out.assets);
  }
}

/** The trace objects of a document: a traces response, a bare array of traces, or a {url, response} wrapper. */
export function collectTraceNodes(node: JsonNode): JsonNode[] {
  if (Array.isArray(node.value)) return node.list();
  if (node.has('response') && node.has('url')) return collectTraceNodes(node.get('response'));
  if (node.has('traces')) return node.get('traces').list();
  return node.fail('expected a v3 traces response ({traces}), an array of traces, or {url, response}');
}

function addTrace(node: JsonNode, out: Collected): void {
  const mapped = mapTrace(node);
  out.traces.set(mapped.trace.trace_id, mapped.trace);
  for (const tx of mapped.transactions) out.addTransaction(tx);
  if (node.has('actions') && !node.get('actions').isNull()) out.addActions(node.get('actions'), mapped.trace.trace_id);
}
