import type { RequestContext } from '../context';
import { type DnsRecordsRequest, findDnsRecords } from '../operations/dnsRecords';
import type { RequestSettings } from '../params/requestSettings';
import { addressBook } from '../shape/transactions';
import { addressesOfRecord, toWireDnsRecord } from '../wire/dns';

/** GET /api/v3/dns/records: `{records, address_book}` (no metadata, as TON Center). */
export async function getDnsRecords(ctx: RequestContext, request: DnsRecordsRequest, settings: RequestSettings) {
  const records = (await findDnsRecords(ctx, request)).map(toWireDnsRecord);
  return {
    body: { records, address_book: settings.noAddressBook ? {} : await addressBook(ctx, records.flatMap(addressesOfRecord)) },
    immutable: false,
  };
}
