import { expandActionTypes, requestedTypes } from '../actions/supported';
import type { RequestContext } from '../context';
import { actionsPage, type ActionFilter } from '../data/actions';
import { windowsOf } from '../data/filters';
import { addressesOfAction } from '../data/traceDetails';
import { bookAndMetadata, completeTransactions, withTransactionsFull } from '../data/transactionDetails';
import { filteredTransactions } from '../data/transactions';
import { badInput } from '../errors';
import { ACTIONS } from '../params/routes';
import { parseParams, type ParamSource } from '../params/spec';
import { toWireAction } from '../wire/action';
import type { RequestSettings } from '../params/requestSettings';

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
 * GET /api/v3/actions: `{actions, address_book, metadata}` over the actions' addresses; with
 * `include_transactions`, each action's transactions whole in `transactions_full` (all of them).
 */
export async function getActions(ctx: RequestContext, request: ActionsRequest, settings: RequestSettings) {
  const filter = { ...request.filter, supported: requestedTypes(settings.actionsVersion, request.filter.supported) };
  const rows = await actionsPage(ctx.db, filter, request.page);
  const plain = rows.map((a) => toWireAction(a, ctx.services.network));
  let actions: typeof plain = plain;
  if (request.includeTransactions) {
    // Every transaction the page names, in one read (TON Center reads at most 100 and drops the rest unsaid).
    const hashes = [...new Set(plain.flatMap((a) => a.transactions))];
    const none = { rootHashes: [], fileHashes: [], accounts: [], excludeAccounts: [] };
    const found = hashes.length === 0 ? [] : await filteredTransactions(ctx.db, { ...none, hashes }, { limit: hashes.length, offset: 0, sort: 'desc' });
    actions = withTransactionsFull(
      plain,
      await completeTransactions(
        ctx,
        found.map((row) => ({ row })),
      ),
    );
  }
  return { body: { actions, ...(await bookAndMetadata(ctx, plain.flatMap(addressesOfAction), settings)) }, immutable: false };
}
