import type { IncomingHttpHeaders } from 'node:http';
import { badInput } from '../errors';
import { checkBoolean, checkInteger, type QueryParams } from './query';

export interface RequestSettings {
  /** Statement timeout asked for by the client; it can only lower the service's own. */
  timeoutMs?: number;
  noAddressBook: boolean;
  noMetadata: boolean;
  /** `X-Actions-Version`: replaces `supported_action_types`, as on TON Center. */
  actionsVersion?: string;
}

/** `X-Timeout` / `x_timeout` in milliseconds; it can only lower the service's statement timeout. */
export const parseTimeoutMs = (raw: string | undefined) => (raw === undefined ? undefined : checkInteger('x_timeout', raw, 1, 600_000));

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
