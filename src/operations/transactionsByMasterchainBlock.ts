/** transactionsByMasterchainBlock: a masterchain block's transactions and those of every shard block it commits. */
import type { RequestContext } from '../context';
import { broughtRows } from '../data/loaders';
import { blockPage, type BlockPage } from '../data/transactions';
import { MAX_SEQNO, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const BLOCK_PAGE = {
  params: {
    seqno: {
      kind: 'integer',
      min: 0,
      max: MAX_SEQNO,
      required: `the masterchain block seqno, an integer from 0 to ${MAX_SEQNO}`,
      graphqlType: 'UInt32',
      description: 'Seqno of the masterchain block (workchain -1): its transactions and those of every shard block it commits.',
    },
    limit: { kind: 'integer', min: 1, max: 1000, default: 10, description: 'Transactions per page.' },
    offset: { kind: 'integer', min: 0, max: 2 ** 31 - 1, default: 0, description: 'Transactions to skip; the order is total, so pages never overlap or skip.' },
    sort: SORT,
  },
} as const satisfies RouteParams;

export const blockPageRequest = (source: ParamSource): BlockPage => parseParams(BLOCK_PAGE, source);

/**
 * The page's rows, and whether they can never change (the block is final); their account states read with them and
 * left in the request's loader, unless most transactions come from the transaction cache (whose JSON has them).
 */
export async function findBlockTransactions(ctx: RequestContext, page: BlockPage) {
  const read = await blockPage(ctx.db, page, ctx.services.masterchainTip, !ctx.services.transactionCache?.mostlyHits);
  return { rows: broughtRows(ctx.loaders, read), finalized: read.finalized };
}
