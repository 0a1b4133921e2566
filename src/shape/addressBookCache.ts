import type { MetadataRow } from '../data/metadata';
import type { WireAddressBookEntry } from '../wire/addressBook';
import { TipBoundCache } from './tipBoundCache';

/** An address-book entry, and its member of the `address_book` object written once (`"<address>":{…}`, UTF-8). */
export interface BookEntry {
  entry: WireAddressBookEntry;
  json: Buffer;
}

/** The address book's entries and the metadata rows of each address (its own, and its jetton master's for a jetton wallet). */
export interface AddressBookCaches {
  book: TipBoundCache<BookEntry>;
  metadata: TipBoundCache<MetadataRow[]>;
}

/**
 * Both caches, `maxBytes` shared half and half, an entry kept at most `maxAgeMs` (ADDRESS_BOOK_MAX_AGE_MS; 0, as
 * there: nothing kept).
 */
export function addressBookCaches(maxBytes: number, maxAgeMs: number): AddressBookCaches {
  const half = maxAgeMs > 0 ? Math.floor(maxBytes / 2) : 0;
  return {
    // the entry's strings and their JSON, about twice the JSON's length
    book: new TipBoundCache<BookEntry>(half, (e) => 2 * e.json.length, maxAgeMs),
    metadata: new TipBoundCache<MetadataRow[]>(half, (rows) => (rows.length === 0 ? 0 : JSON.stringify(rows).length * 2), maxAgeMs),
  };
}
