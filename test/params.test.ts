import { buildSchema, getNullableType, isListType, type GraphQLArgument } from 'graphql';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFSET_PAGING } from '../src/graphql/params';
import { BLOCK_PAGE } from '../src/operations/transactionsByMasterchainBlock';
import { PENDING_TRACES } from '../src/operations/pendingTraces';
import { graphqlName, graphqlSource, isList, parseParams, type RouteParams } from '../src/params/spec';
import { OPENAPI } from '../src/rest/openapi';
import { API_PREFIX, REST_ROUTES } from '../src/rest/registry';
import { QueryParams, restParamNames, restSource } from '../src/rest/query';

/**
 * Each registered REST route's GraphQL twin, by the route's name: its root field (by default the name in camel
 * case: `nft/items` is `nftItems`), whether it is a connection (its `first`/`after`/`last`/`before` replace
 * limit, offset and sort: `true`; or the parameters listed, when it keeps `sort` as its order), and the parameters
 * it has no argument for (`omits`). A route whose twin's arguments do not come from its parameters, or that has
 * none, says why (`none`). Every registered route must be here: a new one cannot be forgotten.
 */
type Twin = { field?: string; connection?: true | readonly string[]; omits?: readonly string[] } | { none: string };
const FORWARDED = 'answers only POST and forwards its body to TON_API_V2_URL: no GraphQL twin';
const INFORMATION = "TON Center's account and wallet information (with use_v2): GraphQL's `account` and its `Account` type, with arguments of their own";
const TWINS: Record<string, Twin> = {
  transactionsByMasterchainBlock: {},
  transactions: {},
  transactionsByMessage: {},
  adjacentTransactions: {},
  messages: {},
  blocks: {},
  masterchainInfo: {},
  masterchainBlockShards: {},
  masterchainBlockShardState: {},
  addressBook: {},
  metadata: {},
  traces: { connection: true, omits: ['include_actions'] },
  events: { none: "TON Center's deprecated alias of /traces: GraphQL has `traces`" },
  actions: { connection: true, omits: ['include_accounts', 'include_transactions'] },
  pendingTransactions: {},
  pendingActions: { omits: ['include_transactions'] },
  pendingTraces: {},
  decode: { none: 'GraphQL `decode` takes its lists with arguments of its own (bounded at MAX_DECODE_ITEMS) and types the result' },
  'nft/collections': { connection: true },
  'nft/items': { connection: true },
  'nft/transfers': { connection: true },
  'nft/sales': {},
  accountStates: {},
  walletStates: {},
  addressInformation: { none: INFORMATION },
  account: { none: INFORMATION },
  walletInformation: { none: INFORMATION },
  wallet: { none: INFORMATION },
  topAccountsByBalance: { connection: true },
  'dns/records': { connection: true },
  'multisig/wallets': { connection: true, omits: ['include_orders'] },
  'multisig/orders': { connection: true, omits: ['parse_actions'] },
  vesting: { field: 'vestingContracts', connection: true },
  'jetton/masters': { connection: true },
  'jetton/wallets': { connection: ['limit', 'offset'] },
  'jetton/transfers': { connection: true },
  'jetton/burns': { connection: true },
  balanceChanges: {},
  message: { none: FORWARDED },
  runGetMethod: { none: FORWARDED },
  estimateFee: { none: FORWARDED },
};

/** [REST path, GraphQL root field, parameters, the parameters without an argument, a connection] */
const ROUTES: [string, string, RouteParams, readonly string[], boolean][] = REST_ROUTES.flatMap((r) => {
  const twin = TWINS[r.name];
  if (twin === undefined || 'none' in twin) return [];
  const field = twin.field ?? r.name.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase());
  const replaced = twin.connection === true ? OFFSET_PAGING : (twin.connection ?? []);
  return [[`${API_PREFIX}${r.name}`, field, r.spec, [...replaced, ...(twin.omits ?? [])], twin.connection !== undefined]];
});
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
  it('knows every registered route: its GraphQL twin, or why it has none', () => {
    expect(REST_ROUTES.map((r) => r.name).filter((name) => !(name in TWINS))).toEqual([]);
    expect(Object.keys(TWINS).filter((name) => !REST_ROUTES.some((r) => r.name === name))).toEqual([]);
  });

  it.each(ROUTES)(
    '%s: OpenAPI and the GraphQL arguments show the bounds, defaults and kinds of the description',
    (restPath, field, route, omitted, connection) => {
      const parameters = (OPENAPI.paths as Record<string, { get: { parameters: readonly any[] } }>)[restPath].get.parameters;
      const args = new Map<string, GraphQLArgument>(
        schema
          .getQueryType()!
          .getFields()
          [field].args.map((a) => [a.name, a]),
      );
      const shared = Object.entries(route.params).filter(([name]) => !omitted.includes(name));
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
    },
  );

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
