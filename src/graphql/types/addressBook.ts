import type { WireAddressBookEntry } from '../../wire/addressBook';
import { builder } from '../builder';

export const AddressBookEntry = builder.objectRef<WireAddressBookEntry & { address: string }>('AddressBookEntry').implement({
  description: 'How an address is shown to people: user-friendly form, domain, detected interfaces.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw form, <workchain>:<64 uppercase hex>.' }),
    userFriendly: t.exposeString('user_friendly', { nullable: true }),
    domain: t.exposeString('domain', { nullable: true }),
    interfaces: t.exposeStringList('interfaces', { nullable: true }),
  }),
});
