/**
 * TON Center's balance changes of a trace (`/api/v3/balanceChanges`, §3.18 of the reference): who gained or lost
 * how many nanotons, who paid which fees, and whose jetton balances moved, per trace and per action. Two
 * breadth-first passes over the tree of transactions, as ton-index-go walks it; amounts are bigints throughout
 * (a trace can move more than 2^53 nanotons).
 */
import { Address, Cell } from '@ton/core';
import { toRawAddress } from '../encoding/address';

const JETTON_TRANSFER = 0x0f8a7ea5;
const JETTON_INTERNAL_TRANSFER = 0x178d4519;

export interface BalanceMessage {
  hash: string;
  source: string | null;
  destination: string | null;
  /** As stored: a signed 32-bit integer. */
  opcode: number | null;
  value: bigint | null;
  fwdFee: bigint | null;
  /** The body as a base64 BOC, when its content row is there. */
  body: string | null;
}

export interface BalanceTransaction {
  hash: string;
  account: string;
  lt: bigint;
  totalFees: bigint | null;
  in: BalanceMessage | null;
  out: BalanceMessage[];
}

export interface JettonWallet {
  address: string;
  owner: string;
  jetton: string;
}

export interface BalanceAction {
  actionId: string;
  type: string;
  txHashes: readonly string[];
}

/** Nanotons moved by messages, fees paid, and jetton amounts by owner then jetton master (an unknown one is `""`). */
export interface Changes {
  value: Map<string, bigint>;
  fees: Map<string, bigint>;
  jettons: Map<string, Map<string, bigint>>;
}

const empty = (): Changes => ({ value: new Map(), fees: new Map(), jettons: new Map() });

const add = (map: Map<string, bigint>, key: string, amount: bigint) => map.set(key, (map.get(key) ?? 0n) + amount);

function addJetton(changes: Changes, owner: string, master: string, amount: bigint) {
  let byMaster = changes.jettons.get(owner);
  if (!byMaster) changes.jettons.set(owner, (byMaster = new Map()));
  add(byMaster, master, amount);
}

function merge(into: Changes, from: Changes) {
  for (const [key, v] of from.value) add(into.value, key, v);
  for (const [key, v] of from.fees) add(into.fees, key, v);
  for (const [owner, byMaster] of from.jettons) for (const [master, v] of byMaster) addJetton(into, owner, master, v);
}

/** Per address, the value it received less the fees it paid: the `changes` of the wire. */
export function netChanges(changes: Changes): Map<string, bigint> {
  const net = new Map(changes.value);
  for (const [key, fee] of changes.fees) add(net, key, -fee);
  return net;
}

/** A node of the tree: a transaction with its inbound message, or an external out-message as a leaf of its transaction. */
interface Node {
  tx: BalanceTransaction;
  msg: BalanceMessage | null;
  inbound: boolean;
  parent?: Node;
  children: Node[];
  changes?: Changes;
}

const isOp = (msg: BalanceMessage, op: number) => msg.opcode !== null && msg.opcode >>> 0 === op;

/** Newest first (lt descending), hash breaking ties so the order is total. */
const newestFirst = (a: BalanceTransaction, b: BalanceTransaction) => (a.lt === b.lt ? (a.hash < b.hash ? 1 : a.hash > b.hash ? -1 : 0) : a.lt < b.lt ? 1 : -1);

/** The amount and the destination (raw, `""` when it is no standard address) of a jetton `transfer` body; undefined when it does not read. */
export function readJettonTransfer(body: string): { amount: bigint; destination: string } | undefined {
  try {
    const s = Cell.fromBase64(body).beginParse();
    if (s.loadUint(32) !== JETTON_TRANSFER) return undefined;
    s.loadUintBig(64);
    const amount = s.loadCoins();
    const destination = s.loadAddressAny();
    return { amount, destination: destination instanceof Address ? toRawAddress(destination) : '' };
  } catch {
    return undefined;
  }
}

/** The jetton wallet candidates the first pass collects: transfer destinations, both ends of internal transfers. */
function candidatesOf(msg: BalanceMessage, into: Set<string>) {
  if (isOp(msg, JETTON_TRANSFER) && msg.destination !== null) into.add(msg.destination);
  if (isOp(msg, JETTON_INTERNAL_TRANSFER)) {
    if (msg.source !== null) into.add(msg.source);
    if (msg.destination !== null) into.add(msg.destination);
  }
}

/** Breadth-first from `root`, as ton-index-go visits the tree. */
function* breadthFirst(root: Node): Generator<Node> {
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    yield queue[i];
    queue.push(...queue[i].children);
  }
}

export interface TraceBalanceChanges {
  trace: Changes;
  /** By action id; `contract_deploy` actions have none. */
  actions: Map<string, Changes>;
}

/**
 * The balance changes of a trace, `resolve` giving the jetton wallets among the candidate addresses (one
 * statement). The tree: each transaction's node holds its inbound message; an out-message with a destination
 * leads to the node of the transaction that received it (matched by hash); an external out-message is a leaf of
 * its transaction; the root is the transaction with the smallest lt.
 */
export async function balanceChanges(
  transactions: readonly BalanceTransaction[],
  actions: readonly BalanceAction[],
  resolve: (candidates: string[]) => Promise<JettonWallet[]>,
): Promise<TraceBalanceChanges> {
  const sorted = [...transactions].sort(newestFirst);
  const nodes = new Map<string, Node>();
  const receiverOf = new Map<string, string>();
  for (const tx of sorted) {
    const node: Node = { tx, msg: tx.in, inbound: true, children: [] };
    nodes.set(tx.hash, node);
    if (tx.in) receiverOf.set(tx.in.hash, tx.hash);
    for (const out of tx.out) {
      // newest first: the receiver of an internal out-message is already a node (absent: still in flight)
      const child = out.destination === null ? { tx, msg: out, inbound: false, children: [] } : nodes.get(receiverOf.get(out.hash) ?? '');
      if (!child) continue;
      child.parent = node;
      node.children.push(child);
    }
  }
  const trace = empty();
  const root = sorted.length === 0 ? undefined : nodes.get(sorted[sorted.length - 1].hash);
  if (!root) return { trace, actions: new Map() };

  // First pass: values and fees, and the jetton wallet candidates.
  const candidates = new Set<string>();
  for (const node of breadthFirst(root)) {
    const msg = node.msg;
    if (!msg) continue;
    const changes = (node.changes ??= empty());
    // the sender pays the forwarding fee of the message its transaction emitted
    if (node.parent?.msg) {
      const sent = node.parent.tx.out.find((out) => out.hash === msg.hash);
      if (sent && sent.fwdFee !== null && msg.source !== null) add(changes.fees, msg.source, sent.fwdFee);
    }
    if (node.inbound) {
      const account = msg.destination ?? node.tx.account;
      add(changes.fees, account, node.tx.totalFees ?? 0n);
      if (msg.value !== null) {
        if (msg.source !== null) add(changes.value, msg.source, -msg.value);
        add(changes.value, account, msg.value);
      }
      for (const out of node.tx.out) if (out.fwdFee !== null && out.destination === null) add(changes.fees, account, out.fwdFee);
    }
    candidatesOf(msg, candidates);
  }

  const wallets = candidates.size === 0 ? [] : await resolve([...candidates].sort());
  const masterOf = new Map(wallets.map((w) => [w.address, w.jetton]));
  const byMasterAndOwner = new Map<string, Map<string, JettonWallet>>();
  for (const w of wallets) {
    if (!byMasterAndOwner.has(w.jetton)) byMasterAndOwner.set(w.jetton, new Map());
    byMasterAndOwner.get(w.jetton)!.set(w.owner, w);
  }
  const ownerOf = (master: string, owner: string) => byMasterAndOwner.get(master)?.get(owner)?.owner ?? '';

  // Second pass: jetton amounts from transfer bodies, then every node's changes into the trace's.
  for (const node of breadthFirst(root)) {
    const msg = node.msg;
    if (msg && node.changes && isOp(msg, JETTON_TRANSFER) && msg.body !== null) {
      const transfer = readJettonTransfer(msg.body);
      if (transfer) {
        // the transfer is addressed to the sender's wallet; its jetton names the master
        const master = masterOf.get(msg.destination ?? '') ?? '';
        addJetton(node.changes, ownerOf(master, msg.source ?? ''), master, -transfer.amount);
        addJetton(node.changes, ownerOf(master, transfer.destination), master, transfer.amount);
      }
    }
    if (node.changes) merge(trace, node.changes);
  }

  // Per action: the changes of its transactions' nodes, less its first transaction when a contract sent its inbound message.
  const byHash = new Map(transactions.map((tx) => [tx.hash, tx]));
  const perAction = new Map<string, Changes>();
  for (const action of actions) {
    if (action.type === 'contract_deploy') continue;
    const spanned = action.txHashes.flatMap((h) => byHash.get(h) ?? []).sort(newestFirst);
    const firstSender = spanned.at(-1)?.in?.source;
    if (firstSender !== undefined && firstSender !== null) spanned.pop();
    const changes = empty();
    for (const tx of spanned) {
      const node = nodes.get(tx.hash);
      if (node?.changes) merge(changes, node.changes);
    }
    perAction.set(action.actionId, changes);
  }
  return { trace, actions: perAction };
}
