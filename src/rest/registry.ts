/**
 * Every TON Center route this service answers, once: the router (routes.ts), the OpenAPI paths (openapi.ts), the
 * docs page and its error examples, and the `/metrics` route labels are all derived from this list. A route with
 * a GraphQL twin is an operation (operations/*.ts) plus one line here and one field in graphql/types.
 */
import type { RequestContext } from '../context';
import { ACCOUNT_STATES, accountStatesRequest } from '../operations/accountStates';
import { ApiError } from '../errors';
import { ACTIONS, actionsRequest } from '../operations/actions';
import { ADDRESS_INFORMATION, accountAddressRequest, WALLET_INFORMATION } from '../operations/addressInformation';
import { TOP_ACCOUNTS_BY_BALANCE, topAccountsRequest } from '../operations/topAccountsByBalance';
import { WALLET_STATES, walletStatesRequest } from '../operations/walletStates';
import { ADDRESS_BOOK, addressBookRequest, METADATA, metadataRequest } from '../operations/addressBook';
import { BALANCE_CHANGES, balanceChangesRequest } from '../operations/balanceChanges';
import { ADJACENT_TRANSACTIONS, adjacentTransactionsRequest } from '../operations/adjacentTransactions';
import {
  BLOCKS,
  blocksRequest,
  MASTERCHAIN_BLOCK_SHARD_STATE,
  MASTERCHAIN_BLOCK_SHARDS,
  MASTERCHAIN_INFO,
  shardsRequest,
  shardStateRequest,
} from '../operations/blocks';
import { MESSAGES, messagesRequest } from '../operations/messages';
import { NFT_COLLECTIONS, nftCollectionsRequest } from '../operations/nftCollections';
import { NFT_ITEMS, nftItemsRequest } from '../operations/nftItems';
import { NFT_SALES, nftSalesRequest } from '../operations/nftSales';
import { NFT_TRANSFERS, nftTransfersRequest } from '../operations/nftTransfers';
import { PENDING_ACTIONS, pendingActionsRequest } from '../operations/pendingActions';
import { PENDING_TRACES, pendingTracesRequest } from '../operations/pendingTraces';
import { PENDING_TRANSACTIONS, pendingTransactionsRequest } from '../operations/pendingTransactions';
import { TRACES, tracesRequest } from '../operations/traces';
import { TRANSACTIONS, transactionsRequest } from '../operations/transactions';
import { DECODE, decodeRequest, decodeWeight } from '../operations/decode';
import { JETTON_BURNS, jettonBurnsRequest } from '../operations/jettonBurns';
import { JETTON_MASTERS, jettonMastersRequest } from '../operations/jettonMasters';
import { JETTON_TRANSFERS, jettonTransfersRequest } from '../operations/jettonTransfers';
import { JETTON_WALLETS, jettonWalletsRequest } from '../operations/jettonWallets';
import { BLOCK_PAGE } from '../operations/transactionsByMasterchainBlock';
import { TRANSACTIONS_BY_MESSAGE, transactionsByMessageRequest } from '../operations/transactionsByMessage';
import { estimateFeeRequest, MAX_STACK_ENTRIES, runGetMethodRequest, sendMessageRequest } from '../operations/v2Proxy';
import type { RequestSettings } from '../params/requestSettings';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import * as lookups from './addressBook';
import * as accounts from './accounts';
import * as actions from './actions';
import * as blocks from './blocks';
import * as decode from './decode';
import * as jettons from './jettons';
import * as messages from './messages';
import * as nfts from './nfts';
import * as pendingActions from './pendingActions';
import * as pendingTraces from './pendingTraces';
import * as pendingTransactions from './pendingTransactions';
import * as traces from './traces';
import * as transactions from './transactions';
import { DNS_RECORDS, dnsRecordsRequest } from '../operations/dnsRecords';
import { MULTISIG_ORDERS, MULTISIG_WALLETS, multisigOrdersRequest, multisigWalletsRequest } from '../operations/multisig';
import { VESTING, vestingRequest } from '../operations/vesting';
import * as dns from './dns';
import * as multisig from './multisig';
import * as vesting from './vesting';
import * as v2Proxy from './v2Proxy';
import * as balances from './balanceChanges';

export const API_PREFIX = '/api/v3/';

export interface Parsed {
  /** The response: `body` serialized, or `payload` when the handler wrote the JSON text itself. */
  run: (ctx: RequestContext, settings: RequestSettings) => Promise<{ body: unknown; immutable: boolean; payload?: string }>;
  /** Identifies the response among immutable ones (same key, same bytes), for the page cache. */
  cacheKey?: (settings: RequestSettings) => string;
  /** How many transactions it may shape at most, for the limiter's memory bound (1 when small). */
  weight?: number;
  /**
   * Its work waits on another server (TON_API_V2_URL), whose client bounds the calls in flight and the bytes
   * read: it takes no limiter turn, which would hold one of the few slots meant for database work.
   */
  forwarded?: boolean;
}

export interface Route {
  /** Its parameters (operations/*.ts): the query string may hold these and the control parameters. */
  spec: RouteParams;
  /** Parses the query (throwing 422s) and returns the call to make; parsing happens before any SQL. */
  parse(source: ParamSource): Parsed;
}

/** Its OpenAPI description: a summary, the 200 body (a schema of openapi.ts) and the error codes beyond the common ones. */
export interface RouteDoc {
  summary: string;
  ok: { description: string; schema: string };
  codes: number[];
  /** Answers 304 to a matching If-None-Match (its pages carry a strong ETag). */
  notModified?: boolean;
}

export interface RestRoute extends Route {
  /** Its path under /api/v3/, also its OpenAPI operationId. */
  name: string;
  doc: RouteDoc;
  /** Query strings it refuses, shown on the docs page with the answer the parser really gives. */
  errors: string[];
  /** Answers POST, its request a JSON body (described by `description` and the OpenAPI schema `schema`). */
  post?: JsonBody;
}

/**
 * A JSON request body: either the route's parameters (`source`; the route answers GET too, same parser and
 * handler), or the whole request of a route that answers only POST (`read`, 422 before anything runs; GET and
 * HEAD get 405, and the route's `spec` has no parameters).
 */
export type JsonBody = { description: string; schema: string } & (
  | { source: (body: Buffer) => ParamSource; read?: never }
  | { read: (body: Buffer) => Parsed; source?: never }
);

/** The methods a route answers: GET and HEAD, with POST when it reads a body, only POST when the body is its whole request. */
export const methodsOf = (route: RestRoute | undefined): readonly ('GET' | 'HEAD' | 'POST')[] =>
  route?.post?.read ? ['POST'] : route?.post ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];

/** How the docs page and the 405 answer name them: `GET`, `GET and POST`, `POST`. */
export const methodsLabel = (route: RestRoute | undefined) =>
  methodsOf(route)
    .filter((m) => m !== 'HEAD')
    .join(' and ');

type Run = Parsed['run'];

/**
 * A route from its parameters, the parser of its request (shared with GraphQL) and its handler; `weight` is how
 * many transactions it may shape (a message or a block counted as one).
 */
function route<R>(
  spec: RouteParams,
  request: (source: ParamSource) => R,
  run: (ctx: RequestContext, request: R, settings: RequestSettings) => ReturnType<Run>,
  weight?: (request: R) => number,
  forwarded?: (request: R) => boolean,
): Route {
  return {
    spec,
    parse: (source) => {
      const parsed = request(source);
      return { run: (ctx, settings) => run(ctx, parsed, settings), weight: weight?.(parsed), forwarded: forwarded?.(parsed) };
    },
  };
}

const rest = (name: string, handler: Route & Pick<RestRoute, 'post'>, doc: RouteDoc, errors: string[] = []): RestRoute => ({ name, ...handler, doc, errors });

const NO_PARAMS: RouteParams = { params: {} };

/**
 * A route answering only POST: `read` checks the JSON body (422 naming the field) and `run` forwards it to
 * TON_API_V2_URL, holding no limiter turn (`forwarded`).
 */
function forwardedPost<R>(
  read: (body: Buffer) => R,
  run: (ctx: RequestContext, request: R, settings: RequestSettings) => ReturnType<Run>,
  body: { description: string; schema: string },
): Route & Pick<RestRoute, 'post'> {
  return {
    spec: NO_PARAMS,
    parse: () => {
      throw new ApiError(405, 'this route takes its request as a JSON body: use POST', 'BAD_USER_INPUT');
    },
    post: {
      ...body,
      read: (bytes) => {
        const request = read(bytes);
        return { run: (ctx, settings) => run(ctx, request, settings), forwarded: true };
      },
    },
  };
}

const page = 'the page ([] when nothing matches)';
const ANY = `0:${'1'.repeat(64)}`;
const HASH = '1'.repeat(64);

export const REST_ROUTES: readonly RestRoute[] = [
  rest(
    'transactionsByMasterchainBlock',
    {
      spec: BLOCK_PAGE,
      parse: (source) => {
        const page = parseParams(BLOCK_PAGE, source);
        return {
          run: (ctx, settings) => transactions.getTransactionsByMasterchainBlock(ctx, page, settings),
          cacheKey: (settings) => `block/${page.seqno}/${page.limit}/${page.offset}/${page.sort}/${settings.noAddressBook}`,
          weight: page.limit,
        };
      },
    },
    {
      summary: 'Transactions of a masterchain block and of every shard block it commits',
      ok: {
        description:
          'the page; pages of finalized blocks carry a strong ETag and are cacheable (for the address-book bound, or for a year with x_no_address_book)',
        schema: 'TransactionsResponse',
      },
      codes: [404],
      notModified: true,
    },
    ['seqno=abc', 'seqno=1&limt=5', 'seqno=1&limit=5000'],
  ),
  rest(
    'transactions',
    route(TRANSACTIONS, transactionsRequest, transactions.getTransactions, (r) => r.page.limit),
    {
      summary: "Transactions matching every filter given (none: the newest of the database), in TON Center's order for those filters",
      ok: { description: page, schema: 'TransactionsResponse' },
      codes: [404],
    },
    [`account=${ANY}&start_lt=tomorrow`, 'sort=newest'],
  ),
  rest(
    'transactionsByMessage',
    route(TRANSACTIONS_BY_MESSAGE, transactionsByMessageRequest, transactions.getTransactionsByMessage, (r) => r.page.limit),
    {
      summary: 'The transactions that sent or received matching messages, each once, by lt',
      ok: { description: page, schema: 'TransactionsResponse' },
      codes: [],
    },
    ['direction=in', 'opcode=jetton&direction=in'],
  ),
  // A transaction's neighbours: its parent and at most 255 children.
  rest(
    'adjacentTransactions',
    route(ADJACENT_TRANSACTIONS, adjacentTransactionsRequest, transactions.getAdjacentTransactions, () => 256),
    {
      summary: "A transaction's parent (the sender of its inbound message) and children (the receivers of its out-messages), by lt",
      ok: { description: 'the transactions (404 when there is none, as TON Center answers)', schema: 'TransactionsResponse' },
      codes: [404],
    },
    ['direction=in'],
  ),
  rest(
    'messages',
    route(MESSAGES, messagesRequest, messages.getMessages, (r) => r.page.limit),
    {
      summary: 'Messages matching every filter, each once with the transactions at both ends',
      ok: { description: page, schema: 'MessagesResponse' },
      codes: [],
    },
    ['exclude_externals=true&only_externals=true'],
  ),
  rest(
    'blocks',
    route(BLOCKS, blocksRequest, blocks.getBlocks, (r) => r.page.limit),
    {
      summary: 'Blocks matching every filter',
      ok: { description: page, schema: 'BlocksResponse' },
      codes: [],
    },
  ),
  rest(
    'masterchainInfo',
    route(MASTERCHAIN_INFO, () => undefined, blocks.getMasterchainInfo),
    {
      summary: 'The newest and the oldest indexed masterchain blocks',
      ok: { description: '{last, first}', schema: 'MasterchainInfo' },
      codes: [404],
    },
  ),
  rest(
    'masterchainBlockShards',
    route(MASTERCHAIN_BLOCK_SHARDS, shardsRequest, blocks.getMasterchainBlockShards, (r) => r.limit),
    {
      summary: 'A masterchain block and the shard blocks it first committed',
      ok: { description: 'the blocks, the masterchain block first (404 when there is none)', schema: 'BlocksResponse' },
      codes: [404],
    },
    ['seqno=-1'],
  ),
  rest('masterchainBlockShardState', route(MASTERCHAIN_BLOCK_SHARD_STATE, shardStateRequest, blocks.getMasterchainBlockShardState), {
    summary: 'A masterchain block and the top block of each shard at it',
    ok: { description: 'the blocks (404 when there is none)', schema: 'BlocksResponse' },
    codes: [404],
  }),
  rest(
    'addressBook',
    route(ADDRESS_BOOK, addressBookRequest, lookups.getAddressBook, (r) => r.inputs.length),
    {
      summary: 'Address-book entries, keyed by each address as given',
      ok: { description: 'the map (an input that is not an address gets nulls)', schema: 'AddressBook' },
      codes: [],
    },
    [''],
  ),
  rest('metadata', route(METADATA, metadataRequest, lookups.getMetadata), {
    summary: 'Token metadata, keyed by raw address',
    ok: { description: 'the map ({} when no address is a token)', schema: 'Metadata' },
    codes: [],
  }),
  rest(
    'traces',
    route(TRACES, tracesRequest, traces.getTraces, (r) => r.page.limit),
    {
      summary: 'Traces matching every filter, newest end first, each with its tree, transactions and (when asked) actions',
      ok: { description: page, schema: 'TracesResponse' },
      codes: [404],
    },
    [`account=${ANY}&tx_hash=${HASH}`],
  ),
  rest(
    'events',
    route(TRACES, tracesRequest, traces.getEvents, (r) => r.page.limit),
    {
      summary: "TON Center's deprecated alias of /traces: the same traces, their actions always included, under `events`",
      ok: { description: 'the page, as `{events, address_book, metadata}`', schema: 'EventsResponse' },
      codes: [404],
    },
  ),
  rest(
    'actions',
    route(ACTIONS, actionsRequest, actions.getActions, (r) => r.page.limit),
    {
      summary: "Actions matching every filter, in TON Center's order, with the address book and metadata of their addresses",
      ok: { description: page, schema: 'ActionsResponse' },
      codes: [404],
    },
  ),
  rest(
    'pendingTransactions',
    route(PENDING_TRANSACTIONS, pendingTransactionsRequest, pendingTransactions.getPendingTransactions, (r) => r.account.length * 100),
    {
      summary: "The accounts' transactions in traces still in flight, from the database and the trace emulator, newest first",
      ok: { description: 'the transactions, with the address book always (404 when no trace of the accounts is in flight)', schema: 'TransactionsResponse' },
      codes: [404],
    },
  ),
  rest(
    'pendingActions',
    route(PENDING_ACTIONS, pendingActionsRequest, pendingActions.getPendingActions, () => 100),
    {
      summary:
        'The actions of traces still in flight, from the database and the trace emulator: by account those involving it, by external message all of its trace',
      ok: { description: 'the actions ([] when none)', schema: 'ActionsResponse' },
      codes: [],
    },
  ),
  rest(
    'pendingTraces',
    route(PENDING_TRACES, pendingTracesRequest, pendingTraces.getPendingTraces, (r) => r.query.limit),
    {
      summary: 'Traces still in flight, from the database and the trace emulator, newest first',
      ok: { description: 'matching traces ([] when none)', schema: 'TracesResponse' },
      codes: [],
    },
    ['account=EQ-not-an-address', ''],
  ),
  {
    ...rest(
      'decode',
      route(DECODE, decodeRequest, decode.getDecode, decodeWeight),
      {
        summary:
          'Opcodes named and message bodies decoded as TON Center decodes them (its 944 TL-B constructors); GET with repeated parameters, or POST a JSON body {opcodes, bodies} for long lists',
        ok: {
          description:
            'both lists in request order: each opcode\'s constructor name or "unknown"; each body its decoded object (keys sorted at every level, comments as {"@type":"text_comment","text":…}), {"error":"unknown: …"} or {"failed_to_decode_json":…}',
          schema: 'DecodeResponse',
        },
        codes: [],
      },
      ['opcodes=0x7362d09c&opcodes=jetton', 'opcodes=0X10'],
    ),
    post: { source: decode.decodeBodySource, description: 'at most 1000 opcodes and 1000 bodies', schema: 'DecodeRequest' },
  },
  // nfts
  rest(
    'nft/collections',
    route(NFT_COLLECTIONS, nftCollectionsRequest, nfts.getNftCollections),
    {
      summary: 'NFT collections by address and owner, in the order they were first indexed',
      ok: { description: page, schema: 'NftCollectionsResponse' },
      codes: [],
    },
    ['collection_address=EQ-not-an-address', 'limit=1001'],
  ),
  rest(
    'nft/items',
    route(NFT_ITEMS, nftItemsRequest, nfts.getNftItems),
    {
      summary:
        "NFT items by address, owner, collection and index, each with its collection and sale state (on a GetGems sale or auction: the contract and the seller), in TON Center's order for those filters",
      ok: { description: page, schema: 'NftItemsResponse' },
      codes: [],
    },
    [`collection_address=${ANY}&index=1,2`, 'index=7', `collection_address=${ANY}&collection_address=0:${'2'.repeat(64)}`],
  ),
  rest(
    'nft/transfers',
    route(NFT_TRANSFERS, nftTransfersRequest, nfts.getNftTransfers),
    {
      summary: 'NFT ownership transfers by owner, item and collection (aborted ones included), by logical time',
      ok: { description: page, schema: 'NftTransfersResponse' },
      codes: [],
    },
    ['address=nobody', `owner_address=${ANY}&direction=sideways`],
  ),
  rest(
    'nft/sales',
    route(NFT_SALES, nftSalesRequest, nfts.getNftSales),
    {
      summary: 'GetGems fixed-price sales, GetGems auctions and Telemint items by address: sales first, then auctions, then Telemint items',
      ok: { description: 'every match ([] when none)', schema: 'NftSalesResponse' },
      codes: [],
    },
    ['', 'address=x'],
  ),
  // accounts
  rest(
    'accountStates',
    route(ACCOUNT_STATES, accountStatesRequest, accounts.getAccountStates, (r) => r.accounts.length),
    {
      summary: "The latest states of up to 1000 accounts, with their contract's get-method ids and interfaces, by account",
      ok: { description: 'the states of the accounts the index knows ([] when none)', schema: 'AccountStatesResponse' },
      codes: [],
    },
    ['', 'address=nope', `address=${ANY}&include_boc=maybe`],
  ),
  rest(
    'walletStates',
    route(WALLET_STATES, walletStatesRequest, accounts.getWalletStates, (r) => r.accounts.length),
    {
      summary: 'The latest states of up to 1000 accounts read as wallets (type, seqno, wallet id) where their code is a known wallet',
      ok: { description: 'the states of the accounts the index knows ([] when none)', schema: 'WalletStatesResponse' },
      codes: [],
    },
    ['', `address=${ANY}&include_boc=false`],
  ),
  ...(['addressInformation', 'account'] as const).map((name) =>
    rest(
      name,
      // use_v2=true waits on TON_API_V2_URL, not on the database: it holds no limiter turn
      route(ADDRESS_INFORMATION, accountAddressRequest, accounts.getAddressInformation, undefined, (r) => r.useV2),
      {
        summary: `${name === 'account' ? 'Alias of /addressInformation: ' : ''}an account's balance, code, data, last transaction and status (TON HTTP API v2's shape, from the index)`,
        ok: { description: 'the account (an `uninit` stub with a zero balance when the index has no state of it)', schema: 'AddressInformation' },
        codes: [401, 501],
      },
      ['', 'address=nope', `address=${ANY}&use_v2=maybe`],
    ),
  ),
  ...(['walletInformation', 'wallet'] as const).map((name) =>
    rest(
      name,
      route(WALLET_INFORMATION, accountAddressRequest, accounts.getWalletInformation, undefined, (r) => r.useV2),
      {
        summary: `${name === 'wallet' ? 'Alias of /walletInformation: ' : ''}a wallet's balance, type, seqno, wallet id, last transaction and status (TON HTTP API v2's shape, from the index)`,
        ok: { description: 'the wallet (an `uninit` stub when the index has no state of the account)', schema: 'WalletInformation' },
        codes: [401, 409, 501],
      },
      ['', 'address=nope'],
    ),
  ),
  rest(
    'topAccountsByBalance',
    route(TOP_ACCOUNTS_BY_BALANCE, topAccountsRequest, accounts.getTopAccountsByBalance),
    {
      summary: 'Accounts by balance, richest first, ties by account descending',
      ok: { description: 'a bare array of {account, balance} ([] past the end)', schema: 'TopAccountsByBalance' },
      codes: [],
    },
    ['limit=5000', 'sort=desc'],
  ),
  // dns
  rest(
    'dns/records',
    route(DNS_RECORDS, dnsRecordsRequest, dns.getDnsRecords),
    {
      summary: 'DNS items resolving to a wallet, or holding a domain: shortest domain first, then by name and item address',
      ok: { description: 'the page as `{records, address_book}` (no metadata)', schema: 'DNSRecordsResponse' },
      codes: [],
    },
    ['', `wallet=${ANY}&domain=foo.ton`, 'domain=', 'wallet=foo.ton', 'domain=foo.ton&limit=5000'],
  ),
  // multisig
  rest(
    'multisig/wallets',
    route(MULTISIG_WALLETS, multisigWalletsRequest, multisig.getMultisigs, (r) => r.page.limit),
    {
      summary: 'Multisig v2 contracts by address or by a signer or proposer, by id, each with its newest orders (actions unparsed)',
      ok: { description: 'the page as `{multisigs, address_book}` (no metadata)', schema: 'MultisigResponse' },
      codes: [],
    },
    ['', `address=${ANY}&sort=newest`, `wallet_address=${ANY}&include_orders=yes`],
  ),
  rest(
    'multisig/orders',
    route(MULTISIG_ORDERS, multisigOrdersRequest, multisig.getMultisigOrders, (r) => r.page.limit),
    {
      summary: 'Multisig v2 orders by address or multisig, by id, with their actions read from the order BOC on request',
      ok: { description: 'the page as `{orders, address_book}` (no metadata)', schema: 'MultisigOrderResponse' },
      codes: [],
    },
    ['', `multisig_address=${ANY}&limit=1001`, `address=${ANY}&parse_actions=maybe`],
  ),
  // vesting
  rest(
    'vesting',
    route(VESTING, vestingRequest, vesting.getVesting, (r) => r.page.limit),
    {
      summary: 'Vesting contracts by address, or by a wallet that owns or funded them (or, with check_whitelist, is whitelisted), by id',
      ok: { description: 'the page as `{vesting_contracts, address_book}` (no metadata)', schema: 'VestingContractsResponse' },
      codes: [],
    },
    ['', `contract_address=${ANY}&wallet_address=${ANY}`, `wallet_address=${ANY}&check_whitelist=2`],
  ),
  // jettons
  rest(
    'jetton/masters',
    route(JETTON_MASTERS, jettonMastersRequest, jettons.getJettonMasters, (r) => r.page.limit),
    {
      summary: 'Jetton masters by address or admin (none: all of them), by id (by address when addresses are given)',
      ok: { description: page, schema: 'JettonMastersResponse' },
      codes: [],
    },
    ['address=EQ-not-an-address', 'limit=1001', 'sort=desc'],
  ),
  rest(
    'jetton/wallets',
    route(JETTON_WALLETS, jettonWalletsRequest, jettons.getJettonWallets, (r) => r.page.limit),
    {
      summary:
        "Jetton wallets by address, owner and jetton, in TON Center's order for those filters (by balance with sort), every order ended by the wallet id",
      ok: { description: page, schema: 'JettonWalletsResponse' },
      codes: [],
    },
    [`jetton_address=${ANY}&jetton_address=${ANY.replace('0:1', '0:2')}`, 'sort=balance', 'exclude_zero_balance=maybe'],
  ),
  rest(
    'jetton/transfers',
    route(JETTON_TRANSFERS, jettonTransfersRequest, jettons.getJettonTransfers, (r) => r.page.limit),
    {
      summary:
        'Jetton transfers (aborted ones left out) by owner, wallet, jetton and time, newest first, with their payloads decoded; an inline forward payload is read from the transfer body',
      ok: { description: page, schema: 'JettonTransfersResponse' },
      codes: [],
    },
    ['address=EQ-not-an-address', `owner_address=${ANY}&direction=sideways`, 'direction=in', `owner_address=${ANY}&address=${ANY}`],
  ),
  rest(
    'jetton/burns',
    route(JETTON_BURNS, jettonBurnsRequest, jettons.getJettonBurns, (r) => r.page.limit),
    {
      summary: 'Jetton burns (aborted ones included, as TON Center lists them) by owner, wallet, jetton and time, newest first',
      ok: { description: page, schema: 'JettonBurnsResponse' },
      codes: [],
    },
    ['address=EQ-not-an-address', 'start_lt=-1'],
  ),
  // balance changes
  rest(
    'balanceChanges',
    route(BALANCE_CHANGES, balanceChangesRequest, balances.getBalanceChanges),
    {
      summary:
        'Nanotons gained or lost (changes: value received less fees paid), fees paid and jetton amounts moved, per address, over a trace or one of its actions, as TON Center sums them',
      ok: {
        description:
          'the bare object {changes, fees, jettons}, keys sorted; nanotons as JSON integers (exact, may exceed 2^53), jetton amounts as decimal strings; all three null for an action TON Center computes none for (contract_deploy)',
        schema: 'BalanceChanges',
      },
      codes: [400, 404],
    },
    ['', 'trace_id=not-a-hash'],
  ),
  // v2 proxy: forwarded to TON_API_V2_URL (501 without it); an upstream ok:false keeps its code and error
  rest(
    'message',
    forwardedPost(sendMessageRequest, v2Proxy.postMessage, { description: '{"boc": the external message as a base64 BOC}', schema: 'V2SendMessageRequest' }),
    {
      summary: "Sends an external message through the TON HTTP API v2 endpoint's sendBocReturnHash",
      ok: { description: 'its hash, and its normalized hash when the endpoint gives it', schema: 'V2SendMessageResult' },
      codes: [413, 500, 501, 502],
    },
  ),
  rest(
    'runGetMethod',
    forwardedPost(runGetMethodRequest, v2Proxy.postRunGetMethod, {
      description: `{"address", "method", "stack": at most ${MAX_STACK_ENTRIES} entries {"type": "num"|"cell"|"slice", "value"}}`,
      schema: 'V2RunGetMethodRequest',
    }),
    {
      summary: "Runs a get-method through the TON HTTP API v2 endpoint's runGetMethod",
      ok: {
        description:
          '{gas_used, exit_code, stack}: numbers as 0x hex, cells and slices as base64 BOCs, tuples and lists nested (a non-zero exit code is still 200)',
        schema: 'V2RunGetMethodResult',
      },
      codes: [413, 500, 501, 502],
    },
  ),
  rest(
    'estimateFee',
    forwardedPost(estimateFeeRequest, v2Proxy.postEstimateFee, {
      description: '{address, body, init_code, init_data (base64 BOCs, "" when absent), ignore_chksig (false when absent)}',
      schema: 'V2EstimateFeeRequest',
    }),
    {
      summary: "Estimates a message's fees through the TON HTTP API v2 endpoint's estimateFee",
      ok: { description: '{source_fees, destination_fees}, each fee in nanotons', schema: 'V2EstimateFeeResult' },
      codes: [413, 500, 501, 502],
    },
  ),
];

/** The documents served beside the routes. */
export const OPENAPI_PATH = `${API_PREFIX}openapi.json`;
export const DOCS_PATH = `${API_PREFIX}docs`;

/** The paths that answer POST (they read a request body). */
export const REST_POST_PATHS: ReadonlySet<string> = new Set(REST_ROUTES.filter((r) => r.post).map((r) => `${API_PREFIX}${r.name}`));

/** Every path under /api/v3/ this service answers (the `/metrics` route labels). */
export const REST_PATHS: readonly string[] = [...REST_ROUTES.map((r) => `${API_PREFIX}${r.name}`), OPENAPI_PATH, DOCS_PATH];
