import type { Queryable } from '../db/types';

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
  const [[jetton], [jettonTransfer], [collection], [nftItem], [multisig], [dns], [vesting]] = await Promise.all([
    db.query<{ jetton: string; owner: string | null }>(
      'select J.jetton, J.owner from jetton_wallets J where exists (select 1 from jetton_masters M where M.address = J.jetton) order by J.id desc limit 1',
    ),
    db.query<{ one: number }>('select 1 as one from jetton_transfers limit 1'),
    db.query<{ address: string }>('select address from nft_collections order by address limit 1'),
    db.query<{ one: number }>('select 1 as one from nft_items limit 1'),
    db.query<{ account: string }>('select signers[1] as account from multisig where signers[1] is not null order by id desc limit 1'),
    db.query<{ account: string }>('select dns_wallet as account from dns_entries where dns_wallet is not null order by dns_wallet limit 1'),
    db.query<{ account: string }>('select owner_address as account from vesting_contracts where owner_address is not null order by id desc limit 1'),
  ]);
  const [[message], [transaction]] =
    transactionHash === null
      ? [[], []]
      : await Promise.all([
          db.query<{ msg_hash: string }>('select msg_hash from messages where tx_hash = $1 order by direction, msg_hash limit 1', [transactionHash]),
          db.query<{ account: string }>('select account from transactions where hash = $1', [transactionHash]),
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
  };
}

const NONE: Examples = {
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
};

/** Examples looked up at most once a minute; a database that does not answer gives examples without values. */
export function cachedExamples(db: Queryable, ttlMs = 60_000): () => Promise<Examples> {
  let cached: { at: number; value: Promise<Examples> } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at > ttlMs) {
      cached = { at: Date.now(), value: findExamples(db).catch(() => ((cached = undefined), NONE)) };
    }
    return cached.value;
  };
}
