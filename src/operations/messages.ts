/** messages: messages matching every filter, each once with the transactions at both ends. */
import type { RequestContext } from '../context';
import { windowsOf } from '../data/filters';
import { messagesPage, type MessagesFilter } from '../data/messages';
import { badInput } from '../errors';
import { direction, hashes, nullableAddress, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const MESSAGES = {
  params: {
    msg_hash: hashes('Messages with these hashes, raw or normalized'),
    hash: hashes('The same as `msg_hash` (TON Center reads it when `msg_hash` is absent); values of both are combined'),
    body_hash: { kind: 'hash', description: 'Messages with this body hash.' },
    source: nullableAddress('Source'),
    destination: nullableAddress('Destination'),
    opcode: { kind: 'opcode', description: 'Messages whose body starts with this opcode.' },
    direction: { ...direction, description: 'Only messages received (in) or sent (out) by an indexed transaction.' },
    start_utime: { kind: 'utime', description: 'Created at or after this unix time; switches the order to creation time.' },
    end_utime: { kind: 'utime', description: 'Created at or before this unix time; switches the order to creation time.' },
    start_lt: { kind: 'lt', description: 'Created at or after this logical time (leaves out external-in messages, which have none).' },
    end_lt: { kind: 'lt', description: 'Created at or before this logical time.' },
    exclude_externals: { kind: 'boolean', description: 'Leave out external-in messages (those without a creation time).' },
    only_externals: { kind: 'boolean', description: 'Only external-in messages.' },
    ...paging('Messages'),
    sort: {
      ...SORT,
      description: 'By creation lt (creation time with a time window), ties broken by hash; descending lists external-in messages first, as TON Center does.',
    },
  },
} as const satisfies RouteParams;

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

export const findMessages = (ctx: RequestContext, request: MessagesRequest) => messagesPage(ctx.db, request.filter, request.page);
