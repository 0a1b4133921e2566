import type { Examples } from '../data/examples';

export interface ExampleTab {
  query: string;
  variables: string;
}

const tab = (query: string, variables: Record<string, unknown>): ExampleTab => ({ query, variables: JSON.stringify(variables, null, 2) });

/** GraphiQL's opening tabs: each runs as it is, with variables that exist in this database. */
export function exampleTabs(ex: Examples): ExampleTab[] {
  const tabs = [
    tab(
      `# The transactions of a masterchain block and of the shard blocks it commits (here: the latest one indexed),
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
`,
      { seqno: ex.seqno ?? 0 },
    ),
  ];
  if (ex.pendingAccount) {
    tabs.push(
      tab(
        `# Traces still in flight for an account (from the database and the trace emulator), as trees:
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
`,
        { account: ex.pendingAccount },
      ),
    );
  } else {
    tabs.push(
      tab(
        `# No trace is pending right now: a finalized one, as a tree. Each node is a transaction, its children
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
`,
        { id: ex.traceId ?? '' },
      ),
    );
  }
  tabs.push(
    tab(
      `# A trace by its id (the hash of its root transaction): its size, state, and the actions classified from it.
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
`,
      { id: ex.traceId ?? '' },
    ),
    tab(
      `# Navigation: a transaction's out-messages, the transactions that received them, and the trace they are in.
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
`,
      { hash: ex.traceId ?? '' },
    ),
  );
  return tabs;
}
