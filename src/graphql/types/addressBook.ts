import type { WireAddressBookEntry } from '../../wire/addressBook';
import { builder } from '../builder';
import { graphqlSource } from '../../params/spec';
import { ADDRESS_BOOK, addressBookRequest } from '../../operations/addressBook';
import { toWireAddressBookEntry } from '../../wire/addressBook';
import { routeArgs } from '../params';

export const AddressBookEntry = builder.objectRef<WireAddressBookEntry & { address: string }>('AddressBookEntry').implement({
  description:
    "How an address is shown to people: its user-friendly form, its .ton domain, its contract interfaces (TON Center v3's `address_book` entry, from ton-indexer's `latest_account_states`, `contract_methods` and `dns_entries`).",
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw form, `<workchain>:<64 uppercase hex>` (the key of the v3 `address_book`).' }),
    userFriendly: t.exposeString('user_friendly', {
      nullable: true,
      description:
        'User-friendly form: 48 base64url characters encoding flags, workchain, address and a CRC16. Bounceable (EQ…, testnet kQ…) for contracts, non-bounceable (UQ…, testnet 0Q…) for wallets and accounts without code; the testnet flag follows `TON_NETWORK`.',
    }),
    domain: t.exposeString('domain', {
      nullable: true,
      description: 'The shortest DNS domain (e.g. `alice.ton`) whose wallet record points to this address and which this address owns; null when none.',
    }),
    interfaces: t.exposeStringList('interfaces', {
      nullable: true,
      description:
        'Contract interfaces as TON Center detects them (its names, such as `wallet_v4r2` or `jetton_wallet`): the one a known code hash names, else every interface whose get-methods the code all has (sorted; null when none matches), [] when the index knows no get-methods of it; null when the latest state has neither a code hash nor get-methods.',
    }),
  }),
});

builder.queryField('addressBook', (t) =>
  t.field({
    type: [AddressBookEntry],
    nullable: { list: false, items: true },
    description:
      "Address-book entries of the addresses given, each once in the order first given (REST's `/api/v3/addressBook`); null for a value that is not an address.",
    args: routeArgs(t.arg, ADDRESS_BOOK),
    resolve: (_root, args, ctx) =>
      Promise.all(
        addressBookRequest(graphqlSource(args)).inputs.map(async ({ raw }) =>
          raw === undefined ? null : { address: raw, ...toWireAddressBookEntry(await ctx.loaders.addressInfo.load(raw), ctx.services.network) },
        ),
      ),
  }),
);
