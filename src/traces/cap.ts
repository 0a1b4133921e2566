import type { RequestContext } from '../context';

export const maxTraceTransactions = (ctx: RequestContext): number => ctx.services.maxTraceTransactions;
