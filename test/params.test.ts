import { buildSchema, getNullableType, isListType, type GraphQLArgument } from 'graphql';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFSET_PAGING } from '../src/graphql/params';
import { ACCOUNT_STATES } from '../src/operations/accountStates';
import { ADDRESS_BOOK, METADATA } from '../src/operations/addressBook';
import { JETTON_BURNS } from '../src/operations/jettonBurns';
import { JETTON_MASTERS } from '../src/operations/jettonMasters';
import { JETTON_TRANSFERS } from '../src/operations/jettonTransfers';
import { JETTON_WALLETS } from '../src/operations/jettonWallets';
import { NFT_COLLECTIONS } from '../src/operations/nftCollections';
import { NFT_ITEMS } from '../src/operations/nftItems';
import { NFT_SALES } from '../src/operations/nftSales';
import { NFT_TRANSFERS } from '../src/operations/nftTransfers';
import { TOP_ACCOUNTS_BY_BALANCE } from '../src/operations/topAccountsByBalance';
import { WALLET_STATES } from '../src/operations/walletStates';
import { BALANCE_CHANGES } from '../src/operations/balanceChanges';
import { DNS_RECORDS } from '../src/operations/dnsRecords';
import { MULTISIG_ORDERS, MULTISIG_WALLETS } from '../src/operations/multisig';
import { VESTING } from '../src/operations/vesting';
import { ADJACENT_TRANSACTIONS } from '../src/operations/adjacentTransactions';
import { BLOCKS, MASTERCHAIN_BLOCK_SHARD_STATE, MASTERCHAIN_BLOCK_SHARDS } from '../src/operations/blocks';
import { MESSAGES } from '../src/operations/messages';
import { PENDING_TRACES } from '../src/operations/pendingTraces';
import { TRANSACTIONS } from '../src/operations/transactions';
import { BLOCK_PAGE } from '../src/operations/transactionsByMasterchainBlock';
import { TRANSACTIONS_BY_MESSAGE } from '../src/operations/transactionsByMessage';
import { graphqlName, graphqlSource, isList, parseParams, type RouteParams } from '../src/params/spec';
import { OPENAPI } from '../src/rest/openapi';
import { QueryParams, restParamNames, restSource } from '../src/rest/query';

/**
 * [REST path, GraphQL root field, parameters, a connection: its `first`/`after`/`last`/`before` replace limit,
 * offset and sort (true), or the parameters listed (a connection that keeps `sort` as its order)]
 */
const ROUTES: [string, string, RouteParams, (boolean | readonly string[])?][] = [
  ['/api/v3/transactionsByMasterchainBlock', 'transactionsByMasterchainBlock', BLOCK_PAGE],
  ['/api/v3/pendingTraces', 'pendingTraces', PENDING_TRACES],
  ['/api/v3/transactions', 'transactions', TRANSACTIONS],
  ['/api/v3/transactionsByMessage', 'transactionsByMessage', TRANSACTIONS_BY_MESSAGE],
  ['/api/v3/adjacentTransactions', 'adjacentTransactions', ADJACENT_TRANSACTIONS],
  ['/api/v3/messages', 'messages', MESSAGES],
  ['/api/v3/blocks', 'blocks', BLOCKS],
  ['/api/v3/masterchainBlockShards', 'masterchainBlockShards', MASTERCHAIN_BLOCK_SHARDS],
  ['/api/v3/masterchainBlockShardState', 'masterchainBlockShardState', MASTERCHAIN_BLOCK_SHARD_STATE],
  ['/api/v3/addressBook', 'addressBook', ADDRESS_BOOK],
  ['/api/v3/metadata', 'metadata', METADATA],
  ['/api/v3/nft/collections', 'nftCollections', NFT_COLLECTIONS, true],
  ['/api/v3/nft/items', 'nftItems', NFT_ITEMS, true],
  ['/api/v3/nft/transfers', 'nftTransfers', NFT_TRANSFERS, true],
  ['/api/v3/nft/sales', 'nftSales', NFT_SALES],
  ['/api/v3/accountStates', 'accountStates', ACCOUNT_STATES],
  ['/api/v3/walletStates', 'walletStates', WALLET_STATES],
  ['/api/v3/topAccountsByBalance', 'topAccountsByBalance', TOP_ACCOUNTS_BY_BALANCE, true],
  ['/api/v3/jetton/masters', 'jettonMasters', JETTON_MASTERS, true],
  ['/api/v3/jetton/wallets', 'jettonWallets', JETTON_WALLETS, ['limit', 'offset']],
  ['/api/v3/jetton/transfers', 'jettonTransfers', JETTON_TRANSFERS, true],
  ['/api/v3/jetton/burns', 'jettonBurns', JETTON_BURNS, true],
  ['/api/v3/dns/records', 'dnsRecords', DNS_RECORDS, true],
  ['/api/v3/multisig/wallets', 'multisigWallets', MULTISIG_WALLETS, [...OFFSET_PAGING, 'include_orders']],
  ['/api/v3/multisig/orders', 'multisigOrders', MULTISIG_ORDERS, [...OFFSET_PAGING, 'parse_actions']],
  ['/api/v3/vesting', 'vestingContracts', VESTING, true],
  ['/api/v3/balanceChanges', 'balanceChanges', BALANCE_CHANGES],
];
const CONNECTION_ARGS = ['first', 'after', 'last', 'before'];
const schema = buildSchema(readFileSync(path.resolve(import.meta.dirname, '..', 'schema.graphql'), 'utf8'));
const rest = (route: RouteParams, query: string) => parseParams(route, restSource(new QueryParams(query, restParamNames(route))));
const graphql = (route: RouteParams, args: Record<string, unknown>) => parseParams(route, graphqlSource(args));
const failure = (parse: () => unknown) => {
  try {
    parse();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected a failure');
};

describe('route parameters, described once', () => {
  it.each(ROUTES)('%s: OpenAPI and the GraphQL arguments show the bounds, defaults and kinds of the description', (restPath, field, route, connection) => {
    const parameters = (OPENAPI.paths as Record<string, { get: { parameters: readonly any[] } }>)[restPath].get.parameters;
    const args = new Map<string, GraphQLArgument>(
      schema
        .getQueryType()!
        .getFields()
        [field].args.map((a) => [a.name, a]),
    );
    const replaced: readonly string[] = connection === true ? OFFSET_PAGING : connection || [];
    const shared = Object.entries(route.params).filter(([name]) => !replaced.includes(name));
    expect([...args.keys()].sort()).toEqual([...shared.map(([name]) => graphqlName(name)), ...(connection ? CONNECTION_ARGS : [])].sort());
    for (const [name, p] of shared) {
      const openapi = parameters.find((q) => q.name === name);
      const arg = args.get(graphqlName(name))!;
      expect(openapi, name).toBeDefined();
      if (p.kind === 'integer') {
        expect(openapi.schema).toMatchObject({ type: 'integer', minimum: p.min, maximum: p.max });
        expect(openapi.schema.default).toBe(p.default);
        expect(arg.defaultValue).toBe(p.default);
        expect(Boolean(openapi.required)).toBe(p.required !== undefined);
      } else if (p.kind === 'enum') {
        expect(openapi.schema.enum).toEqual(Object.keys(p.values));
        expect(openapi.schema.default).toBe(p.default);
        // the printed schema holds GraphQL's names of the values: the same in upper case
        expect(arg.defaultValue).toBe(p.default?.toUpperCase());
        expect(schema.getType(p.graphqlEnum.name)!.toString()).toBe(p.graphqlEnum.name);
      } else {
        const list = isList(p);
        expect(isListType(getNullableType(arg.type)), name).toBe(list);
        expect(openapi.schema.type === 'array', name).toBe(list);
      }
      expect(openapi.description.startsWith(p.description), name).toBe(true);
      expect(arg.description!.startsWith(p.description), name).toBe(true);
    }
  });

  it('parses the same request the same way through both doors, and names the parameter as each door spells it', () => {
    const hash = Buffer.alloc(32, 7).toString('hex');
    expect(rest(BLOCK_PAGE, 'seqno=5&sort=ASC')).toEqual({ seqno: 5, limit: 10, offset: 0, sort: 'asc' });
    expect(graphql(BLOCK_PAGE, { seqno: 5, limit: 10, offset: 0, sort: 'asc' })).toEqual(rest(BLOCK_PAGE, 'seqno=5&sort=ASC'));
    expect(failure(() => rest(BLOCK_PAGE, 'seqno=5&limit=1001'))).toBe('parameter "limit" must be an integer from 1 to 1000, got "1001"');
    expect(failure(() => graphql(BLOCK_PAGE, { seqno: 5, limit: 1001, offset: 0, sort: 'desc' }))).toBe(
      'parameter "limit" must be an integer from 1 to 1000, got "1001"',
    );
    expect(failure(() => rest(BLOCK_PAGE, ''))).toBe(`parameter "seqno" is required: the masterchain block seqno, an integer from 0 to ${2 ** 32 - 1}`);

    const twice = `ext_msg_hash=${hash}&ext_msg_hash=${Buffer.from(hash, 'hex').toString('base64')}`;
    expect(rest(PENDING_TRACES, twice).ext_msg_hash).toEqual([Buffer.from(hash, 'hex').toString('base64')]);
    expect(graphql(PENDING_TRACES, { extMsgHash: [hash], limit: 100 })).toEqual(rest(PENDING_TRACES, `ext_msg_hash=${hash}`));
    expect(failure(() => rest(PENDING_TRACES, 'ext_msg_hash=x'))).toBe(
      'parameter "ext_msg_hash" value 1 must be a hash (64 hex digits, base64 or base64url), got "x"',
    );
    expect(failure(() => graphql(PENDING_TRACES, { extMsgHash: ['x'] }))).toBe(
      'parameter "extMsgHash" value 1 must be a hash (64 hex digits, base64 or base64url), got "x"',
    );
    expect(failure(() => rest(PENDING_TRACES, `account=0:${'1'.repeat(64)}&ext_msg_hash=${hash}`))).toBe(
      'exactly one of "account" and "ext_msg_hash" must be given',
    );
    expect(failure(() => graphql(PENDING_TRACES, {}))).toBe('exactly one of "account" and "extMsgHash" must be given');
    // an enum value is one of its own values, not a name every object has (constructor, toString, …)
    expect(failure(() => rest(BLOCK_PAGE, 'seqno=5&sort=constructor'))).toBe('parameter "sort" must be one of asc, desc, got "constructor"');
  });
});
