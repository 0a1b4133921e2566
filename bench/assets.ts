// The asset routes' scenarios of `npm run bench`: a hub jetton's holders by balance (first page and deep: REST offset
// against the floor, GraphQL's cursor against REST's offset, GraphQL's first page against PostGraphile), jetton
// transfers by owner, NFT items of the hub collection, walletStates of 1000 addresses.
import { print } from 'graphql';
import type pg from 'pg';
import { encodeCursor } from '../src/graphql/connection';
import { BenchJettonHoldersDocument } from '../test/generated/graphql';
import { graphql, type Request } from './harness';

export interface AssetValues {
  /** The jetton with the most wallets, and how many it has. */
  hubJetton: string;
  holders: number;
  /** The owners receiving the most transfers, and typical senders (3 to 50 transfers sent). */
  busyOwners: string[];
  owners: string[];
  /** The collection with the most items. */
  hubCollection: string;
  /** 1000 accounts with a latest state (wallets among them). */
  accounts: string[];
  /** Where the deep holder page starts, and the GraphQL cursor of the holder just before it. */
  deep: number;
  deepCursor: string;
}

export async function assetValues(q: pg.Client): Promise<AssetValues | undefined> {
  const [hub] = (await q.query<{ jetton: string; n: number }>('select jetton, count(*)::int as n from jetton_wallets group by 1 order by 2 desc limit 1')).rows;
  const [collection] = (
    await q.query<{ collection_address: string }>(
      'select collection_address from nft_items where collection_address is not null group by 1 order by count(*) desc limit 1',
    )
  ).rows;
  if (!hub || !collection) return undefined;
  const busy = (await q.query<{ destination: string }>('select destination from jetton_transfers group by 1 order by count(*) desc, 1 limit 8')).rows;
  const typical = (await q.query<{ source: string }>('select source from jetton_transfers group by 1 having count(*) between 3 and 50 order by 1 limit 50'))
    .rows;
  const accounts = (await q.query<{ account: string }>('select account from latest_account_states order by account limit 1000')).rows;
  const deep = Math.max(0, Math.floor((hub.n - 100) / 1000) * 1000);
  const [before] = (
    await q.query<{ balance: string; id: string }>(
      'select balance::text as balance, id::text as id from jetton_wallets where jetton = $1 order by balance desc, id desc offset $2 limit 1',
      [hub.jetton, Math.max(0, deep - 1)],
    )
  ).rows;
  return {
    deep,
    deepCursor: encodeCursor('JettonMaster.wallets', [before.balance, before.id]),
    hubJetton: hub.jetton,
    holders: hub.n,
    busyOwners: busy.map((r) => r.destination),
    owners: typical.map((r) => r.source),
    hubCollection: collection.collection_address,
    accounts: accounts.map((r) => r.account),
  };
}

/**
 * A scenario: its name, its requests, and what it is compared with: the floor answering the same requests
 * (`floor`), or another scenario (`versus`). A `peer` scenario runs on PostGraphile, for the scenarios it `serves`.
 */
export interface AssetScenario {
  name: string;
  floor?: boolean;
  peer?: boolean;
  serves?: string[];
  versus?: string;
  requests: Request[];
}

/** PostGraphile's query for the holder page: the same wallets, in the same order (its name for `id` is rowId), the same columns. */
const PEER_HOLDERS = `query ($jetton: Tonaddr!) { allJettonWallets(condition: { jetton: $jetton }, orderBy: [BALANCE_DESC, ROW_ID_DESC], first: 100) {
  pageInfo { hasNextPage endCursor } nodes { address balance owner jetton lastTransactionLt codeHash dataHash } } }`;

export function assetScenarios(v: AssetValues): AssetScenario[] {
  const holders = (offset: number) => ({ path: `/api/v3/jetton/wallets?jetton_address=${v.hubJetton}&sort=desc&limit=100&offset=${offset}` });
  const restDeep = `REST jetton holders by balance, limit 100, offset ${v.deep}`;
  const gqlFirst = 'GraphQL jetton holders (JettonMaster.wallets), first 100, first page';
  const peerFirst = 'PostGraphile 5: jetton holders by balance, first 100, first page';
  const gqlHolders = (after?: string) => graphql(print(BenchJettonHoldersDocument), { jetton: v.hubJetton, after });
  return [
    { name: 'REST jetton holders by balance, limit 100, first page', floor: true, requests: [holders(0)] },
    // a hub of fewer than 1,100 holders (--quick) has no deep page
    ...(v.deep === 0
      ? []
      : [
          { name: restDeep, floor: true, requests: [holders(v.deep)] },
          { name: `GraphQL jetton holders (JettonMaster.wallets), first 100, ${v.deep} deep (cursor)`, versus: restDeep, requests: [gqlHolders(v.deepCursor)] },
        ]),
    { name: peerFirst, peer: true, serves: [gqlFirst], requests: [graphql(PEER_HOLDERS, { jetton: v.hubJetton })] },
    { name: gqlFirst, versus: peerFirst, requests: [gqlHolders()] },
    {
      name: 'REST jetton transfers of a busy owner, limit 10',
      requests: v.busyOwners.map((o) => ({ path: `/api/v3/jetton/transfers?owner_address=${o}&limit=10` })),
    },
    {
      name: 'REST jetton transfers of an owner, limit 10',
      requests: v.owners.map((o) => ({ path: `/api/v3/jetton/transfers?owner_address=${o}&limit=10` })),
    },
    {
      name: 'REST NFT items of the hub collection, limit 100',
      requests: [0, 10, 50].map((page) => ({ path: `/api/v3/nft/items?collection_address=${v.hubCollection}&limit=100&offset=${page * 100}` })),
    },
    { name: 'REST walletStates, 1000 addresses', requests: [{ path: `/api/v3/walletStates?${v.accounts.map((a) => `address=${a}`).join('&')}` }] },
  ];
}
