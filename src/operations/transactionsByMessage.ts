/** transactionsByMessage: the transactions that sent or received matching messages. */
import type { RequestContext } from '../context';
import type { MessageFilter } from '../data/messages';
import { transactionsByMessageFilter, type BlockPage } from '../data/transactions';
import { direction, hashes, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const TRANSACTIONS_BY_MESSAGE = {
  params: {
    msg_hash: hashes('Transactions that sent or received these messages; a hash matches the raw or the normalized one'),
    body_hash: { kind: 'hash', description: 'Transactions that sent or received a message with this body hash.' },
    opcode: { kind: 'opcode', description: "Transactions whose inbound message has this opcode (TON Center's rule: it implies direction in)." },
    direction: { ...direction, description: 'Only the receiving (in) or the sending (out) transaction; both when absent.' },
    source: { kind: 'address', description: 'Messages from this address.' },
    destination: { kind: 'address', description: 'Messages to this address.' },
    ...paging('Transactions'),
    sort: { ...SORT, description: 'By logical time, ties broken by account ascending.' },
  },
  atLeastOne: [['msg_hash', 'body_hash', 'opcode']],
} as const satisfies RouteParams;

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

export const findTransactionsByMessage = (ctx: RequestContext, request: TransactionsByMessageRequest) =>
  transactionsByMessageFilter(ctx.db, request.filter, request.page);
