/** jetton/burns: jetton burns by owner, wallet, jetton and time. */
import type { RequestContext } from '../context';
import { jettonBurnsPage } from '../data/jettons';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import { jettonEventParams, jettonEventsRequest, type JettonEventsRequest } from './jettonTransfers';

export const JETTON_BURNS = {
  params: jettonEventParams('Burns', 'the wallet owners who burned'),
  atMostOne: [['owner_address', 'address']],
} as const satisfies RouteParams;

/** Shared by REST and GraphQL. */
export const jettonBurnsRequest = (source: ParamSource): JettonEventsRequest => jettonEventsRequest(parseParams(JETTON_BURNS, source));

export const findJettonBurns = (ctx: RequestContext, request: JettonEventsRequest) => jettonBurnsPage(ctx.db, request.filter, request.page);
