/** dns/records: the DNS items that resolve to a wallet, or that hold a domain. */
import type { RequestContext } from '../context';
import { type DnsSelector, dnsRecords } from '../data/dns';
import { paging } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';

export const DNS_RECORDS = {
  params: {
    wallet: { kind: 'address', description: 'DNS items whose `wallet` record is this address (raw or user-friendly).' },
    domain: {
      kind: 'string',
      maxLength: 255,
      description: 'DNS items holding exactly this domain, case-sensitive (`foo.ton`, `user.t.me`). No index serves it: a scan of `dns_entries`.',
    },
    ...paging('Records', 100),
  },
  exactlyOne: [['wallet', 'domain']],
} as const satisfies RouteParams;

export interface DnsRecordsRequest {
  selector: DnsSelector;
  page: { limit: number; offset: number };
}

export function dnsRecordsRequest(source: ParamSource): DnsRecordsRequest {
  const p = parseParams(DNS_RECORDS, source);
  return { selector: p.wallet !== undefined ? { wallet: p.wallet } : { domain: p.domain! }, page: { limit: p.limit, offset: p.offset } };
}

/** Shortest domain first, then by name, then by item address. */
export const findDnsRecords = (ctx: RequestContext, request: DnsRecordsRequest) => dnsRecords(ctx.db, request.selector, request.page);
