import type { IncomingHttpHeaders } from 'node:http';
import { badInput } from '../errors';
import { checkBoolean } from '../params/checks';
import { parseTimeoutMs, type RequestSettings } from '../params/requestSettings';
import type { QueryParams } from './query';

const single = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  if (Array.isArray(value)) throw badInput(`header "${name}" must be given once`);
  return value?.trim() || undefined;
};

/** toncenter's control settings: a header wins over its query alias. */
export function readRequestSettings(query: QueryParams, headers: IncomingHttpHeaders): RequestSettings {
  const pick = (header: string, param: string) => single(headers, header) ?? query.single(param);
  const timeout = pick('x-timeout', 'x_timeout');
  const noBook = pick('x-no-address-book', 'x_no_address_book');
  const noMeta = pick('x-no-metadata', 'x_no_metadata');
  return {
    timeoutMs: parseTimeoutMs(timeout),
    noAddressBook: noBook === undefined ? false : checkBoolean('x_no_address_book', noBook),
    noMetadata: noMeta === undefined ? false : checkBoolean('x_no_metadata', noMeta),
    actionsVersion: single(headers, 'x-actions-version'),
  };
}
