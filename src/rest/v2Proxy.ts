/** The POST routes TON Center forwards to a TON HTTP API v2 endpoint, on the wire: the operation's v3 object as it is. */
import type { RequestContext } from '../context';
import { type EstimateFeeRequest, estimateFee, type RunGetMethodRequest, runGetMethod, type SendMessageRequest, sendMessage } from '../operations/v2Proxy';
import type { RequestSettings } from '../params/requestSettings';

export const postMessage = async (ctx: RequestContext, request: SendMessageRequest, settings: RequestSettings) => ({
  body: await sendMessage(ctx, request, settings),
  immutable: false,
});

export const postRunGetMethod = async (ctx: RequestContext, request: RunGetMethodRequest, settings: RequestSettings) => ({
  body: await runGetMethod(ctx, request, settings),
  immutable: false,
});

export const postEstimateFee = async (ctx: RequestContext, request: EstimateFeeRequest, settings: RequestSettings) => ({
  body: await estimateFee(ctx, request, settings),
  immutable: false,
});
