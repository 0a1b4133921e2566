import type { RequestContext } from '../context';
import { findMessages, type MessagesRequest } from '../operations/messages';
import type { RequestSettings } from '../params/requestSettings';
import { bookAndMetadata } from '../shape/transactions';
import { toWireMessage } from '../wire/message';

/** GET /api/v3/messages: `{messages, address_book, metadata}`, the book and metadata over sources and destinations. */
export async function getMessages(ctx: RequestContext, request: MessagesRequest, settings: RequestSettings) {
  const rows = await findMessages(ctx, request);
  const messages = rows.map((row) => ({
    ...toWireMessage(row, ctx),
    in_msg_tx_hash: row.in_msg_tx_hash,
    out_msg_tx_hash: row.out_msg_tx_hash,
  }));
  const addresses = rows.flatMap((m) => [m.source, m.destination]);
  return { body: { messages, ...(await bookAndMetadata(ctx, addresses, settings)) }, immutable: false };
}
