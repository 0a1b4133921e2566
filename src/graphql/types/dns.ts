/**
 * TON DNS: the records of .ton and .t.me domains (ton-indexer `dns_entries`), the twin of `dns/records` as a
 * connection with keyset cursors, `Account.dnsRecords` (the records pointing at an account, batched) and
 * `Account.domain`.
 */
import { DNS_RECORD_KEY, dnsRecordsKeyset, type DnsRecordKeyRow } from '../../data/dns';
import { DNS_RECORDS, dnsRecordsRequest } from '../../operations/dnsRecords';
import { graphqlSource } from '../../params/spec';
import { builder } from '../builder';
import { filteredConnection, pageComplexity, parentConnection } from '../connection';
import { OFFSET_PAGING, routeArgs } from '../params';
import { accountOf } from '../assets';
import { Account } from './account';
import { NftItem } from './nft';

const DnsRecord = builder.objectRef<DnsRecordKeyRow>('DnsRecord').implement({
  description:
    "A TON DNS domain's records (ton-indexer `dns_entries`, REST's `dns/records` entry): the domain is an NFT item of a DNS collection (.ton, .t.me usernames and numbers), and its records say where it resolves: a wallet, a next resolver for subdomains, a site's ADNL address, a storage bag.",
  fields: (t) => ({
    domain: t.exposeString('domain', { nullable: true, description: 'The domain (`alice.ton`, `user.t.me`); null when the indexer could not read it.' }),
    itemAddress: t.exposeString('nft_item_address', { description: 'Raw address of the DNS item (the NFT that is the domain).' }),
    item: t.field({
      type: NftItem,
      nullable: true,
      description: 'The DNS item as an NFT (its collection, owner, sale, transfers); null when `nft_items` does not hold it.',
      resolve: (r, _args, ctx) => ctx.loaders.nfts.item.load(r.nft_item_address),
    }),
    itemAccount: t.field({
      type: Account,
      description: 'The DNS item contract as an account (its state, history, …).',
      resolve: (r) => ({ address: r.nft_item_address }),
    }),
    ownerAddress: t.exposeString('nft_item_owner', {
      nullable: true,
      description: "The item's owner, raw; null when it has none (an expired domain, one on auction).",
    }),
    owner: t.field({
      type: Account,
      nullable: true,
      description: "The domain's owner (the item's); null when it has none.",
      resolve: (r) => accountOf(r.nft_item_owner),
    }),
    walletAddress: t.exposeString('dns_wallet', {
      nullable: true,
      description: 'The `wallet` record, raw: the address the domain resolves to; null when not set.',
    }),
    wallet: t.field({
      type: Account,
      nullable: true,
      description: 'The account the `wallet` record points at: where payments to the domain go; null when not set.',
      resolve: (r) => accountOf(r.dns_wallet),
    }),
    nextResolverAddress: t.exposeString('dns_next_resolver', {
      nullable: true,
      description: 'The `dns_next_resolver` record, raw: the contract that resolves subdomains; null when not set.',
    }),
    nextResolver: t.field({
      type: Account,
      nullable: true,
      description: 'The contract that resolves its subdomains (`dns_next_resolver` record); null when not set.',
      resolve: (r) => accountOf(r.dns_next_resolver),
    }),
    siteAdnl: t.exposeString('dns_site_adnl', {
      nullable: true,
      description: 'The `site` record: the ADNL address of a TON Site (as the indexer stores it); null when not set.',
    }),
    storageBagId: t.exposeString('dns_storage_bag_id', {
      nullable: true,
      description: 'The `storage` record: the id of a TON Storage bag (as the indexer stores it); null when not set.',
    }),
  }),
});

const DnsRecordConnection = builder.connectionObject(
  { type: DnsRecord, name: 'DnsRecordConnection', description: 'A page of DNS records with keyset cursors (Relay connection).' },
  { name: 'DnsRecordEdge', description: 'A DNS record in a page, with its cursor.' },
);

builder.objectFields(Account, (t) => ({
  domain: t.string({
    nullable: true,
    description:
      'Its domain as the address book shows it: the shortest (then first by name) whose `wallet` record points at the account and which the account owns (`addressBook.domain`); null when none. For every domain pointing at it, see `dnsRecords`.',
    resolve: async (a, _args, ctx) => (await ctx.loaders.addressInfo.load(a.address))?.domain ?? null,
  }),
  dnsRecords: t.field({
    type: DnsRecordConnection,
    args: t.arg.connectionArgs(),
    complexity: pageComplexity,
    description:
      "The DNS domains whose `wallet` record points at the account, whoever owns them (REST's `dns/records?wallet=`), shortest domain first, then by name, then by item address, as a connection with keyset cursors (dns_entries_index_3); the pages of every account of a request are read in one statement.",
    resolve: (a, args, ctx) => parentConnection('Account.dnsRecords', DNS_RECORD_KEY, args, ctx.loaders.dns.recordPages, a.address, null),
  }),
}));

builder.queryField('dnsRecords', (t) =>
  t.field({
    type: DnsRecordConnection,
    args: { ...routeArgs(t.arg, DNS_RECORDS, OFFSET_PAGING), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "The DNS records of REST's `dns/records`: those whose `wallet` record is an address, or those of exactly one domain (give exactly one of `wallet`, `domain`), in its order (shortest domain first, then by name, then by item address), as a connection with keyset cursors.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('dnsRecords', args, () => {
        const { selector } = dnsRecordsRequest(graphqlSource(args));
        return { key: DNS_RECORD_KEY, fetch: (page) => dnsRecordsKeyset(ctx.db, selector, page) };
      });
    },
  }),
);
