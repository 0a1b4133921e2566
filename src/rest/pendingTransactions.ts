import type { RequestContext } from '../context';
import { findPendingTransactions, type PendingTransactionsRequest } from '../operations/pendingTransactions';
import { addressBook, addressesOf, completeTraceTransactions } from '../shape/transactions';

/** GET /api/v3/pendingTransactions: `{transactions, address_book}`, the address book always (as on TON Center). */
export async function getPendingTransactions(ctx: RequestContext, request: PendingTransactionsRequest) {
  const found = await findPendingTransactions(ctx, request);
  const transactions = await completeTraceTransactions(ctx, found);
  const body: Record<string, unknown> = { transactions, address_book: await addressBook(ctx, addressesOf(transactions)) };
  if (ctx.warnings.length > 0) body.warnings = [...new Set(ctx.warnings)];
  return { body, immutable: false };
}
