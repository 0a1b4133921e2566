import type { Examples } from '../data/examples';

export interface ExampleTab {
  query: string;
  variables: string;
}

const tab = (query: string, variables: Record<string, unknown>): ExampleTab => ({ query, variables: JSON.stringify(variables, null, 2) });

const BLOCK = `# The transactions of a masterchain block and of the shard blocks it commits (here: the latest one indexed),
# with their messages, decoded comments and the accounts' user-friendly addresses.
query BlockTransactions($seqno: UInt32!) {
  transactionsByMasterchainBlock(seqno: $seqno, limit: 5, sort: ASC) {
    hash
    lt
    now
    account
    accountInfo { userFriendly domain }
    inMsg { source value opcode decodedOpcode messageContent { decoded { comment } } }
    outMsgs { destination value opcode }
    description { aborted computePh { success exitCode gasUsed } }
  }
}
`;

const PENDING_TREE = `# Traces still in flight for an account (from the database and the trace emulator), as trees:
# each node is a transaction, its children the transactions its out-messages caused.
query PendingTraces($account: String!) {
  pendingTraces(account: $account, limit: 3) {
    traceId
    externalHash
    traceInfo { traceState transactions pendingMessages }
    root {
      transaction { hash account finality emulated inMsg { value } }
      children {
        transaction { hash account finality inMsg { value opcode decodedOpcode } }
        children { transactionHash transaction { account finality } }
      }
    }
    actions { type success details }
  }
}
`;

const FINALIZED_TREE = `# No trace is pending right now: a finalized one, as a tree. Each node is a transaction, its children
# the transactions its out-messages caused.
query TraceTree($id: String!) {
  trace(id: $id) {
    traceId
    traceInfo { traceState transactions }
    root {
      transaction { hash account finality inMsg { value } }
      children {
        transaction { hash account inMsg { value opcode decodedOpcode } }
        children { transactionHash transaction { account } }
      }
    }
  }
}
`;

const TRACE = `# A trace by its id (the hash of its root transaction): its size, state, and the actions classified from it.
query Trace($id: String!) {
  trace(id: $id) {
    traceId
    startUtime
    endUtime
    traceInfo { traceState classificationState transactions messages }
    transactionsOrder
    actions {
      type
      success
      accounts
      typedDetails {
        __typename
        ... on TonTransferDetails { source destination value comment }
        ... on JettonTransferDetails { sender receiver amount asset }
        ... on CallContractDetails { source destination value opcode }
      }
    }
  }
}
`;

const NAVIGATE = `# Navigation: a transaction's out-messages, the transactions that received them, and the trace they are in.
query Navigate($hash: String!) {
  transaction(hash: $hash) {
    hash
    account
    outMsgs {
      hash
      destination
      value
      destinationTransaction {
        hash
        account
        description { aborted }
        trace { traceId traceInfo { transactions } }
      }
    }
  }
}
`;

const ACCOUNT = `# An account: its forms, its latest state, and its history as a connection with keyset cursors.
# Page on with \`after: <pageInfo.endCursor>\`: a page deep in the history costs what the first one does.
query Account($address: String!, $after: String) {
  account(address: $address) {
    address
    nonBounceable
    addressBook { userFriendly domain }
    state { balance accountStatus codeHash }
    metadata { tokenInfo { type name symbol } }
    transactions(first: 5, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges {
        node {
          hash
          lt
          now
          inMsg { source value decodedOpcode }
          previous { hash }
          block { workchain shard seqno masterchainBlock { seqno } }
        }
      }
    }
  }
}
`;

const MESSAGES = `# A message by its hash with the transactions at both ends, and the block that holds the sender.
query Message($hash: [String!]) {
  messages(msgHash: $hash) {
    hash
    source
    destination
    value
    decodedOpcode
    messageContent { decoded { comment } }
    transactions { hash account block { seqno genUtime } }
  }
}
`;

const TRACES = `# The traces that ended last, as a connection with keyset cursors (page on with \`after: <endCursor>\`),
# each with its size, its root transaction and its actions.
query Traces($after: String) {
  traces(first: 3, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      node {
        traceId
        endUtime
        traceInfo { traceState transactions messages }
        root { transaction { hash account inMsg { source value decodedOpcode } } }
        actions { type success details }
      }
    }
  }
}
`;

const ACTIONS = `# Actions, what traces did in terms people use: the latest ones, with the transactions they span.
query Actions($after: String) {
  actions(first: 5, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges { node { type success traceEndUtime accounts details transactionsFull { hash account } } }
  }
}
`;

const NFT_ITEMS = `# The items of an NFT collection by index, as a connection with keyset cursors (page on with
# \`after: <endCursor>\`): each with its owner, its sale when it is on one, its metadata and its last transfers.
query NftItemsByCollection($collection: [String!], $after: String) {
  nftItems(collectionAddress: $collection, first: 5, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      node {
        address
        index
        owner { address addressBook { userFriendly } }
        realOwner { address }
        onSale
        sale { __typename address ... on GetgemsSale { fullPrice } ... on GetgemsAuction { lastBid endTime } }
        metadata { tokenInfo { name image } }
        transfers(first: 2) { edges { node { lt now oldOwnerAddress newOwnerAddress transaction { hash } } } }
      }
    }
  }
}
`;

const NFT_COLLECTIONS = `# NFT collections in the order they were first indexed, as a connection with keyset cursors (page on with
# \`after: <endCursor>\`): each with its owner, its metadata and its first items.
query NftCollections($after: String) {
  nftCollections(first: 5, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      node {
        address
        nextItemIndex
        owner { address addressBook { userFriendly } }
        metadata { tokenInfo { name description image } }
        items(first: 3) { edges { node { address index owner { address } } } }
      }
    }
  }
}
`;

const NFT_TRANSFERS = `# The latest NFT ownership transfers (aborted ones included, as TON Center lists them), newest first, as a
# connection with keyset cursors: the item with its collection, both owners, the forward payload typed.
query NftTransfers($after: String) {
  nftTransfers(first: 5, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      node {
        lt
        now
        aborted
        item { address index metadata { tokenInfo { name } } }
        collection { address metadata { tokenInfo { name } } }
        oldOwner { address addressBook { userFriendly } }
        newOwner { address addressBook { userFriendly } }
        forwardAmount
        forwardPayloadParsed { __typename ... on TextComment { text } }
        transaction { hash }
      }
    }
  }
}
`;

const NFT_SALES = `# Sale contracts by address (REST's nft/sales): a GetGems fixed-price sale, a GetGems auction or a Telemint
# item, each typed, with the item it holds and who sells it.
query NftSales($addresses: [String!]!) {
  nftSales(address: $addresses) {
    __typename
    address
    type
    nftAddress
    item { address index collection { address } }
    ... on GetgemsSale { fullPrice marketplaceFee royaltyAmount isComplete seller { address } marketplace { address } }
    ... on GetgemsAuction { lastBid minBid maxBid endTime isCanceled seller { address } lastMember { address } }
    ... on TelemintSale { bid minBid endTime bidder { address } }
  }
}
`;

const ACCOUNT_NFTS = `# An account as a wallet (type, seqno, wallet id), its contract interfaces, and the NFTs it owns, those it
# has on sale included, with their collections.
query AccountNfts($address: String!) {
  account(address: $address) {
    address
    nonBounceable
    wallet { type seqno walletId status }
    interfaces
    nfts(first: 5, includeOnSale: true) {
      pageInfo { hasNextPage endCursor }
      edges { node { address index onSale collection { address metadata { tokenInfo { name } } } } }
    }
  }
}
`;

const JETTON_HOLDERS = `# A jetton's top holders: its wallets by balance, largest first, as a connection with keyset cursors. Page on
# with \`after: <endCursor>\`: the walk stays exact while balances change (a wallet whose balance does not move
# is returned once), which offset pages cannot promise.
query JettonHolders($jetton: String!, $after: String) {
  jettonMaster(address: $jetton) {
    address
    totalSupply
    mintable
    admin { address }
    metadata { tokenInfo { name symbol extra } }
    wallets(first: 10, after: $after, excludeZeroBalance: true) {
      pageInfo { hasNextPage endCursor }
      edges { node { address balance owner { address addressBook { userFriendly domain } } } }
    }
  }
}
`;

const ACCOUNT_JETTONS = `# An account's jettons: its jetton wallets by balance, each with its jetton's master and metadata, and the
# last transfer each wallet sent.
query AccountJettons($address: String!) {
  account(address: $address) {
    address
    jettons(first: 10, excludeZeroBalance: true) {
      pageInfo { hasNextPage endCursor }
      edges {
        node {
          address
          balance
          mintlessInfo { amount expireAt }
          jetton { address totalSupply metadata { tokenInfo { name symbol extra } } }
          transfers(first: 1) { edges { node { lt amount destination { address } } } }
        }
      }
    }
  }
}
`;

const JETTON_TRANSFERS = `# The latest jetton transfers, with their forward payloads typed (a comment as TextComment; a payload carried
# inline is read from the transfer's message body, as REST does), the jetton and the transaction.
query JettonTransfers($after: String) {
  jettonTransfers(first: 5, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      node {
        lt
        now
        amount
        source { address }
        destination { address }
        jetton { address metadata { tokenInfo { symbol } } }
        forwardTonAmount
        forwardPayloadInline
        forwardPayloadParsed {
          __typename
          ... on TextComment { text }
        }
        transaction { hash description { aborted } }
      }
    }
  }
}
`;

const JETTON_BURNS = `# The latest jetton burns (aborted ones included, as TON Center lists them), newest first, as a connection with
# keyset cursors: who burned how much of which jetton, and from which wallet.
query JettonBurns($after: String) {
  jettonBurns(first: 5, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      node {
        lt
        now
        aborted
        amount
        owner { address addressBook { userFriendly } }
        jetton { address metadata { tokenInfo { name symbol } } }
        jettonWallet { address balance }
        transaction { hash }
      }
    }
  }
}
`;

const TOP_ACCOUNTS = `# The richest accounts by balance, largest first, as a connection with keyset cursors (page on with
# \`after: <endCursor>\`), each with its state and, for a wallet, its type and seqno.
query TopAccounts($after: String) {
  topAccountsByBalance(first: 10, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      node {
        address
        balance
        account { addressBook { userFriendly domain } state { accountStatus codeHash } wallet { type seqno } }
      }
    }
  }
}
`;

const ACCOUNT_CONTRACTS = `# An account's domains (the DNS records whose wallet record points at it), the multisig wallets it signs or
# proposes for, with their latest orders and what those would do, and the vesting contracts it owns, funded or
# is whitelisted on: each a connection with keyset cursors, each edge saying how the account takes part.
query AccountContracts($address: String!) {
  account(address: $address) {
    address
    domain
    dnsRecords(first: 5) { edges { node { domain owner { address } item { collection { address } } } } }
    multisigs(first: 3) {
      edges {
        roles
        node {
          address
          threshold
          signers { address domain }
          orders(first: 2) {
            edges {
              node {
                orderSeqno
                sentForExecution
                approvals { address }
                actions {
                  __typename
                  ... on OrderSendMessage { destination { address } value body { decoded { type comment } } }
                  ... on OrderUpdateParams { newThreshold newSigners { address } }
                }
              }
            }
          }
        }
      }
    }
    vestings(first: 3) { edges { roles node { address totalAmount startTime owner { address } sender { address } whitelist { address } } } }
  }
}
`;

const BALANCE_CHANGES = `# What a trace moved: per address, the nanotons net of fees, the fees, and the jettons (TON Center's
# balanceChanges, as lists sorted by address), and each action's own changes through the root field.
query TraceBalanceChanges($id: String!) {
  trace(id: $id) {
    traceId
    actions { type actionId }
    balanceChanges {
      changes { address nanotons }
      fees { address nanotons }
      jettons { owner { address } jetton { address } amount }
    }
  }
}
`;

const LIVE_SUBSCRIPTION = `subscription Live($accounts: [String!]!) {
  transactions(accounts: $accounts, minFinality: PENDING) {
    kind
    finality
    traceExternalHashNorm
    cursor
    transactions { hash lt finality emulated inMsg { source value decodedOpcode } outMsgs { destination value } }
  }
}
`;

const LIVE = `# Live: an account's transactions as they are emulated (PENDING), confirmed and finalized. With REDIS_URL they
# come from TON Center's trace emulator (to try it without one, play the demo traces into that Redis:
# \`npm run cli -- replay\`); traces the indexer finalizes arrive as the database sees new masterchain blocks.
# Each event's cursor resumes the stream after it, here or on another instance: add after: "<cursor>".
${LIVE_SUBSCRIPTION}`;

const LIVE_DEMO = `# Live: transactions as they are emulated (PENDING), confirmed and finalized. There is no trace emulator here
# (no REDIS_URL), so this service plays its demo traces itself (LIVE_DEMO): mainnet traces of 2025 (swaps,
# liquidity, transfers), with their own hashes and times, replayed in a loop as the emulator would announce them,
# a stage every 2 s, every fifth given up (INVALIDATED). Run it: events arrive within seconds. Every played trace
# touches one of these three accounts; with REDIS_URL the events are the emulator's, for any account.
${LIVE_SUBSCRIPTION}`;

// __typename answers on any database, even with introspection disabled.
const NO_DATA = `# This database holds no transactions yet, so there is nothing to show here. Once ton-indexer (or
# \`npm run cli -- import <file>\`) has written some, reload this page: its tabs then hold a masterchain block,
# a trace tree, a navigation query, an account's history and a message, each with values from the data.
# Meanwhile the documentation explorer describes every type and field. This query only checks that the
# service answers:
query NoDataYet {
  __typename
}
`;

/** The Live tab: following the accounts the service's own demo plays, else the example account. */
const live = (ex: Examples, demoAccounts: readonly string[] | undefined) =>
  demoAccounts?.length ? tab(LIVE_DEMO, { accounts: demoAccounts }) : ex.account && tab(LIVE, { accounts: [ex.account] });

/**
 * GraphiQL's opening tabs: each runs as it is, with variables that exist in this database. A tab without such a
 * value is left out rather than sent to fail; a database without any gets one tab that says so.
 */
export function exampleTabs(ex: Examples, opts: { live?: boolean; demoAccounts?: readonly string[] } = {}): ExampleTab[] {
  const tabs = [
    ex.seqno !== null && tab(BLOCK, { seqno: ex.seqno }),
    ex.pendingAccount ? tab(PENDING_TREE, { account: ex.pendingAccount }) : ex.traceId && tab(FINALIZED_TREE, { id: ex.traceId }),
    ex.traceId && tab(TRACE, { id: ex.traceId }),
    ex.transactionHash && tab(NAVIGATE, { hash: ex.transactionHash }),
    ex.account && tab(ACCOUNT, { address: ex.account }),
    ex.messageHash && tab(MESSAGES, { hash: [ex.messageHash] }),
    ex.traceId && tab(TRACES, { after: null }),
    ex.hasActions && tab(ACTIONS, { after: null }),
    ex.anyCollection && tab(NFT_COLLECTIONS, { after: null }),
    ex.nftCollection && tab(NFT_ITEMS, { collection: [ex.nftCollection], after: null }),
    ex.nftOwner && tab(ACCOUNT_NFTS, { address: ex.nftOwner }),
    ex.hasNftTransfers && tab(NFT_TRANSFERS, { after: null }),
    ex.nftSales.length > 0 && tab(NFT_SALES, { addresses: ex.nftSales }),
    ex.jettonMaster && tab(JETTON_HOLDERS, { jetton: ex.jettonMaster, after: null }),
    ex.jettonOwner && tab(ACCOUNT_JETTONS, { address: ex.jettonOwner }),
    ex.hasJettonTransfers && tab(JETTON_TRANSFERS, { after: null }),
    ex.hasJettonBurns && tab(JETTON_BURNS, { after: null }),
    ex.richestAccount && tab(TOP_ACCOUNTS, { after: null }),
    ex.contractsAccount && tab(ACCOUNT_CONTRACTS, { address: ex.contractsAccount }),
    ex.traceId && tab(BALANCE_CHANGES, { id: ex.traceId }),
    opts.live && live(ex, opts.demoAccounts),
  ].filter((t): t is ExampleTab => !!t);
  return tabs.length > 0 ? tabs : [tab(NO_DATA, {})];
}
