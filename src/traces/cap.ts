import type { RequestContext } from '../context';

export const DEFAULT_MAX_TRACE_TRANSACTIONS = 4000;

export const maxTraceTransactions = (ctx: RequestContext): number => ctx.services.maxTraceTransactions ?? DEFAULT_MAX_TRACE_TRANSACTIONS;
