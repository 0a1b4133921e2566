import type { RequestContext } from '../context';
import { messagesPage, type MessagesFilter } from '../data/messages';
import { bookAndMetadata } from '../data/transactionDetails';
import { badInput } from '../errors';
import { MESSAGES } from '../params/routes';
import { parseParams, type ParamSource } from '../params/spec';
import { toWireMessage } from '../wire/message';
import type { RequestSettings } from '../params/requestSettings';
import { windowsOf } from '../data/filters';

export interface MessagesRequest {
  filter: MessagesFilter;
  page: { limit: number; offset: number; sort: 'asc' | 'desc' };
}

/** Shared by REST and GraphQL: the checked parameters as a filter and a page. */
export function messagesRequest(source: ParamSource): MessagesRequest {
  const p = parseParams(MESSAGES, source);
  if (p.exclude_externals && p.only_externals)
    throw badInput(`"${source.name('exclude_externals')}" and "${source.name('only_externals')}" exclude each other`);
  const msgHashes = [...new Set([...p.msg_hash, ...p.hash])];
  const max = MESSAGES.params.msg_hash.max;
  if (msgHashes.length > max)
    throw badInput(`"${source.name('msg_hash')}" and "${source.name('hash')}" take at most ${max} hashes together, got ${msgHashes.length}`);
  return {
    filter: {
      msgHashes,
      bodyHash: p.body_hash,
      source: p.source,
      destination: p.destination,
      opcode: p.opcode,
      direction: p.direction,
      ...windowsOf(p),
      excludeExternals: p.exclude_externals,
      onlyExternals: p.only_externals,
    },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

/** GET /api/v3/messages: `{messages, address_book, metadata}`, the book and metadata over sources and destinations. */
export async function getMessages(ctx: RequestContext, request: MessagesRequest, settings: RequestSettings) {
  const rows = await messagesPage(ctx.db, request.filter, request.page);
  const messages = rows.map((row) => ({ ...toWireMessage(row), in_msg_tx_hash: row.in_msg_tx_hash, out_msg_tx_hash: row.out_msg_tx_hash }));
  const addresses = rows.flatMap((m) => [m.source, m.destination]).filter((a): a is string => a !== null);
  return { body: { messages, ...(await bookAndMetadata(ctx, addresses, settings)) }, immutable: false };
}
