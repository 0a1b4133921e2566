/** actions: actions matching every filter, in TON Center's order. */
import { expandActionTypes } from '../actions/supported';
import type { RequestContext } from '../context';
import { actionsPage, type ActionFilter } from '../data/actions';
import { windowsOf } from '../data/filters';
import { filteredTransactions } from '../data/transactions';
import { badInput } from '../errors';
import { hashes, MAX_SEQNO, paging, SORT, SUPPORTED_ACTION_TYPES, traceEndWindows } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

const actionTypes = (what: string) =>
  ({ kind: 'stringList', max: 100, description: `${what}: action type names (letters, digits, \`_\` and \`.\`).` }) as const;

export const ACTIONS = {
  params: {
    account: { kind: 'address', description: 'Actions involving this account.' },
    tx_hash: hashes('Actions holding these transactions'),
    msg_hash: hashes('Actions holding the transaction that sent or received these messages (raw or normalized hash)'),
    action_id: hashes('Actions with these ids'),
    trace_id: hashes('Actions of these traces'),
    mc_seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      graphqlType: 'UInt32',
      description: 'Actions of traces completed in this masterchain block (404 when it is not indexed).',
    },
    ...traceEndWindows,
    action_type: actionTypes('Only actions of these types (supported or not)'),
    exclude_action_type: actionTypes('No actions of these types'),
    supported_action_types: SUPPORTED_ACTION_TYPES,
    include_accounts: { kind: 'boolean', description: "Accepted for TON Center's clients: every action lists its accounts here." },
    include_transactions: { kind: 'boolean', description: 'Each action with its transactions whole (`transactions_full`), every one of them.' },
    ...paging('Actions'),
    sort: { ...SORT, description: "By the trace's end lt (end time with a time window), then trace, action end and id, in this direction." },
  },
} as const satisfies RouteParams;

export interface ActionsRequest {
  filter: ActionFilter;
  page: { limit: number; offset: number; sort: 'asc' | 'desc' };
  includeTransactions: boolean;
}

const TYPE_NAME = /^[A-Za-z0-9_.]+$/;

/** Shared by REST and GraphQL: the checked parameters as a filter, a page and what to include. */
export function actionsRequest(source: ParamSource): ActionsRequest {
  const p = parseParams(ACTIONS, source);
  for (const key of ['action_type', 'exclude_action_type'] as const) {
    const bad = p[key].find((t) => !TYPE_NAME.test(t));
    if (bad !== undefined) throw badInput(`parameter "${source.name(key)}" contains invalid characters: "${bad.slice(0, 80)}" (letters, digits, _ and . only)`);
  }
  return {
    filter: {
      ...windowsOf(p),
      account: p.account,
      txHashes: p.tx_hash,
      msgHashes: p.msg_hash,
      actionIds: p.action_id,
      traceIds: p.trace_id,
      mcSeqno: p.mc_seqno,
      types: p.action_type,
      excludeTypes: p.exclude_action_type,
      supported: expandActionTypes(p.supported_action_types),
    },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
    includeTransactions: p.include_transactions ?? false,
  };
}

/**
 * The page's action rows for a client that supports `supported`; with `includeTransactions`, the rows of every
 * transaction they name.
 */
export async function findActions(ctx: RequestContext, request: ActionsRequest, supported: ReadonlySet<string>) {
  const rows = await actionsPage(ctx.db, { ...request.filter, supported }, request.page);
  if (!request.includeTransactions) return { rows, transactions: undefined };
  // Every transaction the page names, in one read (TON Center reads at most 100 and drops the rest unsaid).
  const hashes = [...new Set(rows.flatMap((a) => a.tx_hashes ?? []))];
  const none = { rootHashes: [], fileHashes: [], accounts: [], excludeAccounts: [] };
  const transactions = hashes.length === 0 ? [] : await filteredTransactions(ctx.db, { ...none, hashes }, { limit: hashes.length, offset: 0, sort: 'desc' });
  return { rows, transactions };
}
