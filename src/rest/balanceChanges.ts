/** `/api/v3/balanceChanges`: the bare `{changes, fees, jettons}` object, written as text (exact nanotons). */
import type { RequestContext } from '../context';
import { type BalanceChangesRequest, findBalanceChanges } from '../operations/balanceChanges';
import { balanceChangesJson } from '../wire/balanceChanges';

export async function getBalanceChanges(ctx: RequestContext, request: BalanceChangesRequest) {
  return { body: undefined, payload: balanceChangesJson(await findBalanceChanges(ctx, request)), immutable: false };
}
