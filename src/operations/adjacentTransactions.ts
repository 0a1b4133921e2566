/** adjacentTransactions: a transaction's parent and children. */
import type { RequestContext } from '../context';
import { adjacentTransactions } from '../data/transactions';
import { direction } from '../params/common';
import { parseParams, type ParamSource, type ParsedParams, type RouteParams } from '../params/spec';

export const ADJACENT_TRANSACTIONS = {
  params: {
    hash: {
      kind: 'hash',
      required: 'the hash of the transaction whose neighbours to list',
      description: 'The transaction whose neighbours to list: 64 hex digits (optionally `0x`), base64 or base64url.',
    },
    direction: {
      ...direction,
      description:
        'in: the transaction that sent its inbound message (its parent); out: those that received its out-messages (its children); both when absent.',
    },
  },
} as const satisfies RouteParams;

export type AdjacentTransactionsRequest = ParsedParams<typeof ADJACENT_TRANSACTIONS>;

export const adjacentTransactionsRequest = (source: ParamSource): AdjacentTransactionsRequest => parseParams(ADJACENT_TRANSACTIONS, source);

/** The neighbours' rows; 404 when there are none. */
export const findAdjacentTransactions = (ctx: RequestContext, request: AdjacentTransactionsRequest) =>
  adjacentTransactions(ctx.db, request.hash, request.direction);
