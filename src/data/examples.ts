import type { Queryable } from '../db/types';
import { WALLET_CODE_HASHES } from '../encoding/walletData';

/** Values that exist in this database, for examples that run as they are (GraphiQL tabs, docs links). */
export interface Examples {
  /** The latest masterchain block that committed transactions. */
  seqno: number | null;
  /** An account with a trace still pending, and that trace's external message hash. */
  pendingAccount: string | null;
  pendingExtMsgHash: string | null;
  /** A recent complete trace, of several transactions when there is one; its id is its root transaction's hash. */
  traceId: string | null;
  /** A transaction: the root of that trace, else one of the latest block. */
  transactionHash: string | null;
  /** A message of that transaction (its in-message when it has one). */
  messageHash: string | null;
  /** The account of that transaction. */
  account: string | null;
  /** A token contract (jetton wallet or master, NFT item or collection), which has metadata. */
  token: string | null;
  /** Whether the database holds classified actions. */
  hasActions: boolean;
  /** The collection of the latest NFT item indexed, and that item's owner (an account with NFTs). */
  nftCollection: string | null;
  nftOwner: string | null;
  /** The jetton of the latest jetton wallet indexed whose master is indexed too, and that wallet's owner (an account with jettons). */
  jettonMaster: string | null;
  jettonOwner: string | null;
  /** Whether the database holds jetton transfers. */
  hasJettonTransfers: boolean;
  /** An NFT collection (the first by address), and whether NFT items are indexed. */
  anyCollection: string | null;
  hasNftItems: boolean;
  /** A wallet that a domain resolves to (the first by address). */
  dnsWallet: string | null;
  /** An account with DNS records, multisigs or vesting contracts: the newest multisig's first signer, else a DNS wallet, else a vesting owner. */
  contractsAccount: string | null;
  /** The richest account with a latest state (latest_account_states_index_1's first rows): topAccountsByBalance's first. */
  richestAccount: string | null;
  /** The richest account whose latest state is a known wallet's code with its data stored (what walletInformation reads). */
  wallet: string | null;
  /** Whether the database holds jetton burns, and the jetton of the latest one. */
  hasJettonBurns: boolean;
  burnedJetton: string | null;
  /** Whether the database holds NFT transfers, and the item of the latest one. */
  hasNftTransfers: boolean;
  transferredNft: string | null;
  /** The first GetGems sale, GetGems auction and Telemint item by address, those that exist (what nft/sales reads). */
  nftSales: string[];
  /** The newest multisig wallet with signers, and its first signer (an account that is party to a multisig). */
  multisig: string | null;
  multisigSigner: string | null;
  /** The multisig of the newest order. */
  multisigWithOrders: string | null;
  /** The newest vesting contract with an owner, and its owner. */
  vestingContract: string | null;
  vestingOwner: string | null;
  /** The external message of the newest pending trace that has classified actions (what pendingActions shows). */
  pendingActionsExtMsgHash: string | null;
  /** An opcode of the example transaction's messages (what decode names). */
  opcode: number | null;
}

const completeTrace = async (db: Queryable, filter: string) =>
  (
    await db.query<{ trace_id: string }>(`select trace_id from traces where state = 'complete'${filter} order by end_lt desc nulls last, trace_id desc limit 1`)
  )[0]?.trace_id ?? null;

/** A few indexed lookups (newest first), cheap on a full ton-indexer database; fallbacks run only when needed. */
export async function findExamples(db: Queryable): Promise<Examples> {
  const [[block], [pending], traceId, [token]] = await Promise.all([
    db.query<{ seqno: number | null }>('select max(mc_block_seqno) as seqno from transactions'),
    db.query<{ account: string; external_hash: string | null }>(
      `select T.account, E.external_hash from traces E join transactions T on T.trace_id = E.trace_id and T.lt = E.start_lt
        where E.state = 'pending' order by E.end_lt desc nulls last, E.trace_id desc, T.account limit 1`,
    ),
    completeTrace(db, ' and nodes_ > 1').then((id) => id ?? completeTrace(db, '')),
    db.query<{ address: string }>(
      `(select address from jetton_masters order by address limit 1) union all (select address from nft_collections order by address limit 1)
       union all (select address from jetton_wallets order by address limit 1) union all (select address from nft_items order by address limit 1) limit 1`,
    ),
  ]);
  const seqno = block?.seqno ?? null;
  const [latest] =
    traceId !== null || seqno === null
      ? []
      : await db.query<{ hash: string }>('select hash from transactions where mc_block_seqno = $1 order by lt desc, account desc limit 1', [seqno]);
  const transactionHash = traceId ?? latest?.hash ?? null;
  const [action] = await db.query<{ one: number }>('select 1 as one from actions limit 1');
  // the latest item of a collection (nft_items_index_3, read backwards)
  const [nft] = await db.query<{ collection_address: string; owner_address: string | null }>(
    'select collection_address, owner_address from nft_items where collection_address is not null order by id desc limit 1',
  );
  // the latest wallet (jetton_wallets_index_3, read backwards) of an indexed master; the first collection (its
  // primary key), any item; each an index's first row: multisig_index_1 backwards, dns_entries_index_3, vesting_index_4 backwards
  const [[jetton], [jettonTransfer], [collection], [nftItem], [multisig], [dns], [vesting], assets] = await Promise.all([
    db.query<{ jetton: string; owner: string | null }>(
      'select J.jetton, J.owner from jetton_wallets J where exists (select 1 from jetton_masters M where M.address = J.jetton) order by J.id desc limit 1',
    ),
    db.query<{ one: number }>('select 1 as one from jetton_transfers limit 1'),
    db.query<{ address: string }>('select address from nft_collections order by address limit 1'),
    db.query<{ one: number }>('select 1 as one from nft_items limit 1'),
    db.query<{ address: string; account: string }>('select address, signers[1] as account from multisig where signers[1] is not null order by id desc limit 1'),
    db.query<{ account: string }>('select dns_wallet as account from dns_entries where dns_wallet is not null order by dns_wallet limit 1'),
    db.query<{ address: string; account: string }>(
      'select address, owner_address as account from vesting_contracts where owner_address is not null order by id desc limit 1',
    ),
    findAssetExamples(db),
  ]);
  const [[message], [transaction], [opcode]] =
    transactionHash === null
      ? [[], [], []]
      : await Promise.all([
          db.query<{ msg_hash: string }>('select msg_hash from messages where tx_hash = $1 order by direction, msg_hash limit 1', [transactionHash]),
          db.query<{ account: string }>('select account from transactions where hash = $1', [transactionHash]),
          db.query<{ opcode: number }>('select opcode from messages where tx_hash = $1 and opcode is not null order by direction, msg_hash limit 1', [
            transactionHash,
          ]),
        ]);
  return {
    seqno,
    pendingAccount: pending?.account ?? null,
    pendingExtMsgHash: pending?.external_hash ?? null,
    traceId,
    transactionHash,
    messageHash: message?.msg_hash ?? null,
    account: transaction?.account ?? null,
    token: token?.address ?? null,
    hasActions: action !== undefined,
    nftCollection: nft?.collection_address ?? null,
    nftOwner: nft?.owner_address ?? null,
    jettonMaster: jetton?.jetton ?? null,
    jettonOwner: jetton?.owner ?? null,
    hasJettonTransfers: jettonTransfer !== undefined,
    anyCollection: collection?.address ?? null,
    hasNftItems: nftItem !== undefined,
    dnsWallet: dns?.account ?? null,
    contractsAccount: (multisig ?? dns ?? vesting)?.account ?? null,
    multisig: multisig?.address ?? null,
    multisigSigner: multisig?.account ?? null,
    vestingContract: vesting?.address ?? null,
    vestingOwner: vesting?.account ?? null,
    ...assets,
    opcode: opcode === undefined ? null : Number(opcode.opcode),
  };
}

/**
 * The values of the routes that need rows of their own, each the first rows of an index so cheap on a full
 * database: latest_account_states_index_1, jetton_burns_index_8 and nft_transfers_index_9 read backwards, the sale
 * tables' primary keys, multisig_orders_index_1 backwards, and the pending traces (traces_index_1) with an action.
 */
async function findAssetExamples(db: Queryable) {
  const [[richest], [wallet], [burn], [nftTransfer], sales, [order], [pendingWithActions]] = await Promise.all([
    // topAccountsByBalance's first entry (ties by account, largest first, as it orders them)
    db.query<{ account: string }>('select account from latest_account_states where balance is not null order by balance desc, account desc limit 1'),
    // the richest wallets (latest_account_states_index_1 read from its start, until one has a wallet's code and data)
    db.query<{ account: string }>(
      'select account from latest_account_states where balance is not null and code_hash = any($1::text[]) and data_boc is not null order by balance desc limit 1',
      [[...WALLET_CODE_HASHES]],
    ),
    db.query<{ jetton: string | null }>('select jetton_master_address as jetton from jetton_burns order by tx_lt desc limit 1'),
    db.query<{ item: string | null }>('select nft_item_address as item from nft_transfers order by tx_lt desc limit 1'),
    db.query<{ address: string }>(
      `(select address from getgems_nft_sales order by address limit 1) union all (select address from getgems_nft_auctions order by address limit 1)
       union all (select address from telemint_nft_items order by address limit 1)`,
    ),
    db.query<{ multisig: string }>('select multisig_address as multisig from multisig_orders where multisig_address is not null order by id desc limit 1'),
    db.query<{ external_hash: string }>(
      `select E.external_hash from traces E where E.state = 'pending' and E.external_hash is not null
          and exists (select 1 from actions A where A.trace_id = E.trace_id)
        order by E.end_lt desc nulls last, E.trace_id desc limit 1`,
    ),
  ]);
  return {
    richestAccount: richest?.account ?? null,
    wallet: wallet?.account ?? null,
    hasJettonBurns: burn !== undefined,
    burnedJetton: burn?.jetton ?? null,
    hasNftTransfers: nftTransfer !== undefined,
    transferredNft: nftTransfer?.item ?? null,
    nftSales: sales.map((s) => s.address),
    multisigWithOrders: order?.multisig ?? null,
    pendingActionsExtMsgHash: pendingWithActions?.external_hash ?? null,
  };
}

/** Examples without values: what a database without rows (or one that does not answer) gives. */
export const NO_EXAMPLES: Examples = {
  seqno: null,
  pendingAccount: null,
  pendingExtMsgHash: null,
  traceId: null,
  transactionHash: null,
  messageHash: null,
  account: null,
  token: null,
  hasActions: false,
  nftCollection: null,
  nftOwner: null,
  jettonMaster: null,
  jettonOwner: null,
  hasJettonTransfers: false,
  anyCollection: null,
  hasNftItems: false,
  dnsWallet: null,
  contractsAccount: null,
  richestAccount: null,
  wallet: null,
  hasJettonBurns: false,
  burnedJetton: null,
  hasNftTransfers: false,
  transferredNft: null,
  nftSales: [],
  multisig: null,
  multisigSigner: null,
  multisigWithOrders: null,
  vestingContract: null,
  vestingOwner: null,
  pendingActionsExtMsgHash: null,
  opcode: null,
};

/** Examples looked up at most once a minute; a database that does not answer gives examples without values. */
export function cachedExamples(db: Queryable, ttlMs = 60_000): () => Promise<Examples> {
  let cached: { at: number; value: Promise<Examples> } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at > ttlMs) {
      cached = { at: Date.now(), value: findExamples(db).catch(() => ((cached = undefined), NO_EXAMPLES)) };
    }
    return cached.value;
  };
}
