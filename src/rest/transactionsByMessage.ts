import type { RequestContext } from '../context';
import { transactionsResponse } from '../data/transactionDetails';
import type { MessageFilter } from '../data/messages';
import { transactionsByMessageFilter, type BlockPage } from '../data/transactions';
import { TRANSACTIONS_BY_MESSAGE } from '../params/routes';
import { parseParams, type ParamSource } from '../params/spec';
import type { RequestSettings } from '../params/requestSettings';

export interface TransactionsByMessageRequest {
  filter: MessageFilter;
  page: Omit<BlockPage, 'seqno'>;
}

/** Shared by REST and GraphQL: the checked parameters as a message filter and a page. */
export function transactionsByMessageRequest(source: ParamSource): TransactionsByMessageRequest {
  const p = parseParams(TRANSACTIONS_BY_MESSAGE, source);
  return {
    filter: { msgHashes: p.msg_hash, bodyHash: p.body_hash, opcode: p.opcode, direction: p.direction, source: p.source, destination: p.destination },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

/** GET /api/v3/transactionsByMessage: `{transactions, address_book}`. */
export async function getTransactionsByMessage(ctx: RequestContext, request: TransactionsByMessageRequest, settings: RequestSettings) {
  const rows = await transactionsByMessageFilter(ctx.db, request.filter, request.page);
  return { body: await transactionsResponse(ctx, rows, settings.noAddressBook), immutable: false };
}
