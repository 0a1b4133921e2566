import { MESSAGE_COLUMNS } from '../data/messages';
import { TRANSACTION_COLUMNS } from '../data/transactions';
import { MASTERCHAIN_SHARD } from '../encoding/numbers';
import { AssetGenerator } from './assets';
import { bodyPool, type Body } from './bodies';
import { CopyBuffer } from './copyText';
import { Random } from './random';

export interface GenerateOptions {
  transactions: number;
  seed: string;
  /** First masterchain seqno. */
  startSeqno: number;
  /** Share of traces left pending. */
  pendingShare: number;
  /** Every this many masterchain blocks, one holds a burst of 1000+ transactions. */
  bigBlockEvery: number;
}

/** Bumped whenever the generated data changes, so saved bench databases are regenerated. */
export const GENERATOR_VERSION = 5;

export const DEFAULT_OPTIONS: GenerateOptions = {
  transactions: 1_000_000,
  seed: 'tonql',
  startSeqno: 40_000_000,
  pendingShare: 0.02,
  bigBlockEvery: 250,
};

const SHARDS = ['4611686018427387904', '-4611686018427387904']; // 0x4000…, 0xC000…: the two halves of workchain 0
const MAX_DEPTH = 10;

interface Account {
  address: string;
  kind: 'wallet' | 'jetton_wallet' | 'contract';
  codeHash: string;
  dataHash: string;
  stateHash: string | null;
  lastLt: string;
  lastHash: string | null;
  balance: bigint;
  now: number;
}

/** The first HUBS accounts take HUB_SHARE of all transactions: 0.5% each, about 5,000 each at 1M. */
const HUBS = 4;
const HUB_SHARE = 0.02;

export const TABLES = {
  blocks: ['workchain', 'shard', 'seqno', 'mc_block_workchain', 'mc_block_shard', 'mc_block_seqno', 'gen_utime', 'start_lt', 'end_lt', 'tx_count'],
  shard_state: ['mc_seqno', 'workchain', 'shard', 'seqno'],
  transactions: TRANSACTION_COLUMNS,
  messages: MESSAGE_COLUMNS,
  message_contents: ['hash', 'body'],
  account_states: ['hash', 'account', 'balance', 'balance_extra_currencies', 'account_status', 'frozen_hash', 'data_hash', 'code_hash'],
  traces: [
    'trace_id',
    'external_hash',
    'external_hash_norm',
    'mc_seqno_start',
    'mc_seqno_end',
    'start_lt',
    'start_utime',
    'end_lt',
    'end_utime',
    'state',
    'pending_edges_',
    'edges_',
    'nodes_',
    'classification_state',
  ],
  actions: [
    'trace_id',
    'action_id',
    'start_lt',
    'end_lt',
    'start_utime',
    'end_utime',
    'source',
    'destination',
    'source_secondary',
    'destination_secondary',
    'asset',
    'value',
    'amount',
    'type',
    'success',
    'tx_hashes',
    'trace_end_lt',
    'trace_end_utime',
    'trace_mc_seqno_end',
    'trace_external_hash',
    'trace_external_hash_norm',
    'ton_transfer_data',
    'jetton_transfer_data',
    'value_extra_currencies',
  ],
  action_accounts: ['action_id', 'trace_id', 'account', 'trace_end_lt', 'action_end_lt', 'trace_end_utime', 'action_end_utime'],
  latest_account_states: [
    'account',
    'hash',
    'balance',
    'balance_extra_currencies',
    'account_status',
    'timestamp',
    'last_trans_hash',
    'last_trans_lt',
    'frozen_hash',
    'data_hash',
    'code_hash',
    'data_boc',
  ],
  contract_methods: ['code_hash', 'methods'],
  jetton_masters: [
    'address',
    'total_supply',
    'mintable',
    'admin_address',
    'jetton_content',
    'jetton_wallet_code_hash',
    'last_transaction_lt',
    'code_hash',
    'data_hash',
  ],
  mintless_jetton_masters: ['address', 'is_indexed', 'custom_payload_api_uri'],
  jetton_wallets: [
    'address',
    'balance',
    'owner',
    'jetton',
    'last_transaction_lt',
    'code_hash',
    'data_hash',
    'mintless_is_claimed',
    'mintless_amount',
    'mintless_start_from',
    'mintless_expire_at',
  ],
  jetton_transfers: [
    'tx_hash',
    'tx_lt',
    'tx_now',
    'tx_aborted',
    'mc_seqno',
    'query_id',
    'amount',
    'source',
    'destination',
    'jetton_wallet_address',
    'jetton_master_address',
    'response_destination',
    'custom_payload',
    'forward_ton_amount',
    'forward_payload',
    'trace_id',
  ],
  jetton_burns: [
    'tx_hash',
    'tx_lt',
    'tx_now',
    'tx_aborted',
    'mc_seqno',
    'query_id',
    'owner',
    'jetton_wallet_address',
    'jetton_master_address',
    'amount',
    'response_destination',
    'custom_payload',
    'trace_id',
  ],
  nft_collections: ['address', 'next_item_index', 'owner_address', 'collection_content', 'last_transaction_lt', 'code_hash', 'data_hash'],
  nft_items: ['address', 'init', 'index', 'collection_address', 'owner_address', 'content', 'last_transaction_lt', 'code_hash', 'data_hash', 'real_owner'],
  nft_transfers: [
    'tx_hash',
    'tx_lt',
    'tx_now',
    'tx_aborted',
    'mc_seqno',
    'query_id',
    'nft_item_address',
    'nft_item_index',
    'nft_collection_address',
    'old_owner',
    'new_owner',
    'response_destination',
    'custom_payload',
    'forward_amount',
    'forward_payload',
    'trace_id',
  ],
  getgems_nft_sales: [
    'address',
    'is_complete',
    'created_at',
    'marketplace_address',
    'nft_address',
    'nft_owner_address',
    'full_price',
    'marketplace_fee_address',
    'marketplace_fee',
    'royalty_address',
    'royalty_amount',
    'last_transaction_lt',
    'code_hash',
    'data_hash',
  ],
  getgems_nft_auctions: [
    'address',
    'end_flag',
    'end_time',
    'mp_addr',
    'nft_addr',
    'nft_owner',
    'last_bid',
    'last_member',
    'min_step',
    'mp_fee_addr',
    'mp_fee_factor',
    'mp_fee_base',
    'royalty_fee_addr',
    'royalty_fee_factor',
    'royalty_fee_base',
    'max_bid',
    'min_bid',
    'created_at',
    'last_bid_at',
    'is_canceled',
    'last_transaction_lt',
    'code_hash',
    'data_hash',
  ],
  dns_entries: [
    'nft_item_address',
    'nft_item_owner',
    'domain',
    'dns_next_resolver',
    'dns_wallet',
    'dns_site_adnl',
    'dns_storage_bag_id',
    'last_transaction_lt',
  ],
  multisig: ['address', 'next_order_seqno', 'threshold', 'signers', 'proposers', 'last_transaction_lt', 'code_hash', 'data_hash'],
  multisig_orders: [
    'address',
    'multisig_address',
    'order_seqno',
    'threshold',
    'sent_for_execution',
    'approvals_mask',
    'approvals_num',
    'expiration_date',
    'order_boc',
    'signers',
    'last_transaction_lt',
    'code_hash',
    'data_hash',
  ],
  vesting_contracts: [
    'address',
    'vesting_start_time',
    'vesting_total_duration',
    'unlock_period',
    'cliff_duration',
    'vesting_total_amount',
    'vesting_sender_address',
    'owner_address',
    'last_transaction_lt',
    'code_hash',
    'data_hash',
  ],
  vesting_whitelist: ['vesting_contract_address', 'wallet_address'],
  address_metadata: ['address', 'type', 'valid', 'name', 'symbol', 'description', 'image', 'extra'],
} as const;

export type TableName = keyof typeof TABLES;

/**
 * Generates realistic ton-indexer data, deterministically from a seed: masterchain blocks committing two shard
 * blocks each, traces of 1 to 250 transactions (depth up to 10) whose messages carry real bodies (comments, jetton
 * transfers), account state chains, actions, address-book and metadata rows, a share of pending traces, and
 * regular blocks of 1000+ transactions. `batches()` yields COPY text per table, in foreign-key order.
 */
export class DataGenerator {
  private readonly random: Random;
  private readonly buffers = Object.fromEntries(Object.entries(TABLES).map(([t, cols]) => [t, new CopyBuffer(t, cols)])) as Record<TableName, CopyBuffer>;
  private readonly accounts: Account[];
  private readonly bodies;
  private readonly assets: AssetGenerator;
  private lt = 100_000_000_000_000n;
  private seqno: number;
  private blockQuota = 0;
  private blockTxs = 0;
  private blockIndex = 0;
  private shardSeqno = [60_000_000, 60_000_000];
  private counter = 0;
  private time = 1_760_000_000;
  generated = 0;

  constructor(private readonly opts: GenerateOptions) {
    this.random = new Random(opts.seed);
    this.seqno = opts.startSeqno - 1;
    this.bodies = bodyPool(this.random);
    const count = Math.max(200, Math.floor(opts.transactions / 8));
    this.assets = new AssetGenerator(opts.seed, opts.transactions, this.buffers);
    this.accounts = Array.from({ length: count }, (_, i) => {
      const roll = this.random.next();
      const kind = roll < 0.55 ? 'wallet' : roll < 0.9 ? 'jetton_wallet' : 'contract';
      const address = `0:${this.random.hex(`account ${i}`)}`;
      return {
        address,
        kind,
        codeHash: kind === 'wallet' ? this.assets.walletCode(address) : this.random.hash(`code ${kind} ${i % 5}`),
        dataHash: this.random.hash(`data ${i}`),
        stateHash: null,
        lastLt: '0',
        lastHash: null,
        balance: BigInt(this.random.int(1, 10 ** 6)) * 1_000_000n,
        now: 0,
      };
    });
    const wallets = this.accounts.filter((a) => a.kind === 'wallet').map((a) => a.address);
    for (const a of this.accounts) if (a.kind === 'jetton_wallet') this.assets.jettonWallet(a.address, wallets);
    this.assets.prepareItems();
  }

  /** Yields `{table, text}` batches of about `batchSize` transactions until the requested count is reached. */
  *batches(batchSize = 20_000): Generator<{ table: TableName; columns: readonly string[]; text: string }[]> {
    for (const b of this.bodies.all) this.buffers.message_contents.add({ hash: b.hash, body: b.boc });
    while (this.generated < this.opts.transactions) {
      this.trace();
      if (this.buffers.transactions.size >= batchSize) yield this.drain();
    }
    this.finish();
    yield this.drain();
  }

  private drain() {
    return (Object.keys(TABLES) as TableName[])
      .map((table) => ({ table, columns: TABLES[table], text: this.buffers[table].drain() }))
      .filter((b) => b.text !== '');
  }

  private nextHash(label: string): string {
    this.counter += 1;
    return this.random.hash(`${label} ${this.counter}`);
  }

  /** Moves to the next masterchain block when the current one is full: a burst block every `bigBlockEvery`. */
  private block(): number {
    if (this.blockTxs >= this.blockQuota) {
      this.seqno += 1;
      this.blockIndex += 1;
      this.blockTxs = 0;
      this.time += 5;
      this.blockQuota = (this.blockIndex - 1) % this.opts.bigBlockEvery === 0 ? this.random.int(1050, 1300) : this.random.int(10, 70);
      this.shardSeqno = this.shardSeqno.map((s) => s + 1);
      this.openBlock();
    }
    this.blockTxs += 1;
    return this.seqno;
  }

  /** Rows for a new masterchain block and the two shard blocks it commits, written before their transactions. */
  private openBlock(): void {
    const mc = {
      workchain: -1,
      shard: MASTERCHAIN_SHARD,
      seqno: this.seqno,
      mc_block_workchain: -1,
      mc_block_shard: MASTERCHAIN_SHARD,
      mc_block_seqno: this.seqno,
      gen_utime: this.time,
    };
    this.buffers.blocks.add(mc);
    this.buffers.shard_state.add({ mc_seqno: this.seqno, workchain: -1, shard: MASTERCHAIN_SHARD, seqno: this.seqno });
    SHARDS.forEach((shard, i) => {
      this.buffers.blocks.add({
        workchain: 0,
        shard,
        seqno: this.shardSeqno[i],
        mc_block_workchain: -1,
        mc_block_shard: MASTERCHAIN_SHARD,
        mc_block_seqno: this.seqno,
        gen_utime: this.time,
      });
      this.buffers.shard_state.add({ mc_seqno: this.seqno, workchain: 0, shard, seqno: this.shardSeqno[i] });
    });
  }

  private traceSize(): number {
    const roll = this.random.next();
    if (roll < 0.6) return this.random.int(1, 3);
    if (roll < 0.93) return this.random.int(4, 20);
    if (roll < 0.998) return this.random.int(21, 100);
    return this.random.int(150, 250);
  }

  private trace(): void {
    const size = Math.min(this.traceSize(), Math.max(1, this.opts.transactions - this.generated));
    const parents: number[] = [-1];
    const depth: number[] = [0];
    for (let i = 1; i < size; i += 1) {
      let p = i - 1 - Math.floor(this.random.next() * Math.min(i, 4));
      if (depth[p] >= MAX_DEPTH - 1) p = 0;
      parents.push(p);
      depth.push(depth[p] + 1);
    }
    const children: number[][] = Array.from({ length: size }, () => []);
    for (let i = 1; i < size; i += 1) children[parents[i]].push(i);

    // A few hubs (exchanges, popular contracts) take a share of every trace, so some histories run thousands deep.
    const members = Array.from({ length: size }, () => this.random.pick(this.random.chance(HUB_SHARE) ? this.accounts.slice(0, HUBS) : this.accounts));
    const inMsgHash = Array.from({ length: size }, () => this.nextHash('msg'));
    const inBody: Body[] = members.map((m, i) => (i === 0 ? this.random.pick(this.bodies.externals) : this.pickBody(m)));
    const createdLt: (bigint | null)[] = Array(size).fill(null);
    const pending = this.random.chance(this.opts.pendingShare);
    const txHashes: string[] = [];
    let edges = 0;
    let startSeqno = 0;
    let endSeqno = 0;
    let firstLt = 0n;
    let lastLt = 0n;

    for (let i = 0; i < size; i += 1) {
      const account = members[i];
      const seqno = this.block();
      if (i === 0) startSeqno = seqno;
      endSeqno = seqno;
      this.lt += 10n;
      const lt = this.lt;
      if (i === 0) firstLt = lt;
      lastLt = lt;
      const hash = this.nextHash('tx');
      txHashes.push(hash);
      const shard = account.address[2] < '8' ? 0 : 1;
      const value = BigInt(this.random.int(1, 5000)) * 1_000_000n;
      const outs = children[i];
      const log = this.random.chance(0.05);
      const aborted = i > 0 && this.random.chance(0.03);
      const gasUsed = this.random.int(300, 30_000);
      const stateAfter = this.nextHash('state');
      const fwd = outs.length > 0 ? BigInt(outs.length) * 266_669n : null;
      account.balance += i === 0 ? 0n : value;
      const row: Record<string, unknown> = {
        account: account.address,
        hash,
        lt: lt.toString(),
        block_workchain: 0,
        block_shard: SHARDS[shard],
        block_seqno: this.shardSeqno[shard],
        mc_block_seqno: seqno,
        trace_id: txHashes[0],
        prev_trans_hash: account.lastHash ?? 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        prev_trans_lt: account.lastLt,
        now: this.time,
        orig_status: 'active',
        end_status: 'active',
        total_fees: String(gasUsed * 400 + 1000),
        total_fees_extra_currencies: {},
        account_state_hash_before: account.stateHash ?? this.random.hash(`genesis ${account.address}`),
        account_state_hash_after: stateAfter,
        descr: 'ord',
        aborted,
        destroyed: false,
        credit_first: i === 0 ? false : !this.random.chance(0.8),
        storage_fees_collected: String(this.random.int(0, 500)),
        storage_status_change: 'unchanged',
        credit: i === 0 ? null : value.toString(),
        credit_extra_currencies: i === 0 ? null : {},
        compute_skipped: false,
        compute_success: !aborted,
        compute_msg_state_used: false,
        compute_account_activated: false,
        compute_gas_fees: String(gasUsed * 400),
        compute_gas_used: String(gasUsed),
        compute_gas_limit: i === 0 ? '0' : String(gasUsed * 20),
        compute_gas_credit: i === 0 ? '10000' : null,
        compute_mode: 0,
        compute_exit_code: aborted ? this.random.pick([9, 33, 37, 65535]) : 0,
        compute_vm_steps: String(this.random.int(20, 600)),
        compute_vm_init_state_hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        compute_vm_final_state_hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        action_success: aborted ? null : true,
        action_valid: aborted ? null : true,
        action_no_funds: aborted ? null : false,
        action_status_change: aborted ? null : 'unchanged',
        action_total_fwd_fees: fwd?.toString() ?? null,
        action_total_action_fees: fwd === null ? null : ((fwd * 3n) / 10n).toString(),
        action_result_code: aborted ? null : 0,
        action_tot_actions: aborted ? null : outs.length + (log ? 1 : 0),
        action_spec_actions: aborted ? null : 0,
        action_skipped_actions: aborted ? null : 0,
        action_msgs_created: aborted ? null : outs.length + (log ? 1 : 0),
        action_action_list_hash: aborted ? null : this.random.hash(`actions ${hash}`),
        action_tot_msg_size_cells: aborted ? null : String(outs.length),
        action_tot_msg_size_bits: aborted ? null : String(outs.length * 700),
      };
      this.buffers.transactions.add(row);
      this.assets.hop({
        account,
        hash,
        lt: lt.toString(),
        now: this.time,
        mcSeqno: seqno,
        aborted,
        traceId: txHashes[0],
        body: inBody[i],
        sender: parents[i] < 0 ? null : members[parents[i]].address,
      });
      this.buffers.account_states.add({
        hash: stateAfter,
        account: account.address,
        balance: account.balance.toString(),
        balance_extra_currencies: {},
        account_status: 'active',
        data_hash: account.dataHash,
        code_hash: account.codeHash,
      });

      // in-message: external for the root, internal from the parent otherwise
      const parent = parents[i];
      const body = inBody[i];
      this.buffers.messages.add(
        parent < 0
          ? {
              tx_hash: hash,
              tx_lt: lt.toString(),
              mc_seqno: seqno,
              msg_hash: inMsgHash[i],
              direction: 'in',
              trace_id: txHashes[0],
              destination: account.address,
              import_fee: '0',
              opcode: body.opcode,
              body_hash: body.hash,
            }
          : {
              tx_hash: hash,
              tx_lt: lt.toString(),
              mc_seqno: seqno,
              msg_hash: inMsgHash[i],
              direction: 'in',
              trace_id: txHashes[0],
              source: members[parent].address,
              destination: account.address,
              value: value.toString(),
              value_extra_currencies: {},
              fwd_fee: '266669',
              ihr_fee: '0',
              extra_flags: '0',
              created_lt: createdLt[i]!.toString(),
              created_at: String(this.time),
              opcode: body.opcode,
              ihr_disabled: true,
              bounce: true,
              bounced: false,
              body_hash: body.hash,
            },
      );
      edges += 1;
      outs.forEach((child, k) => {
        createdLt[child] = lt + 1n + BigInt(k);
        const childBody = inBody[child];
        this.buffers.messages.add({
          tx_hash: hash,
          tx_lt: lt.toString(),
          mc_seqno: seqno,
          msg_hash: inMsgHash[child],
          direction: 'out',
          trace_id: txHashes[0],
          source: account.address,
          destination: members[child].address,
          value: String(BigInt(this.random.int(1, 5000)) * 1_000_000n),
          value_extra_currencies: {},
          fwd_fee: '266669',
          ihr_fee: '0',
          extra_flags: '0',
          created_lt: createdLt[child]!.toString(),
          created_at: String(this.time),
          opcode: childBody.opcode,
          ihr_disabled: true,
          bounce: true,
          bounced: false,
          body_hash: childBody.hash,
        });
      });
      if (log) {
        edges += 1;
        this.buffers.messages.add({
          tx_hash: hash,
          tx_lt: lt.toString(),
          mc_seqno: seqno,
          msg_hash: this.nextHash('log'),
          direction: 'out',
          trace_id: txHashes[0],
          source: account.address,
          created_lt: (lt + 1n + BigInt(outs.length)).toString(),
          created_at: String(this.time),
          body_hash: this.bodies.empty.hash,
        });
      }
      account.lastHash = hash;
      account.lastLt = lt.toString();
      account.stateHash = stateAfter;
      account.now = this.time;
    }
    this.generated += size;

    const traceId = txHashes[0];
    this.buffers.traces.add({
      trace_id: traceId,
      external_hash: inMsgHash[0],
      external_hash_norm: inMsgHash[0],
      mc_seqno_start: startSeqno,
      mc_seqno_end: endSeqno,
      start_lt: firstLt.toString(),
      start_utime: this.time,
      end_lt: lastLt.toString(),
      end_utime: this.time,
      state: pending ? 'pending' : 'complete',
      pending_edges_: pending ? 1 : 0,
      edges_: edges,
      nodes_: size,
      classification_state: 'ok',
    });
    if (size > 1) this.action(traceId, txHashes, members, inBody, firstLt, lastLt, endSeqno, inMsgHash[0]);
  }

  /** An inbound body: jetton wallets mostly receive transfers (the jetton_transfers rows), others comments and empties. */
  private pickBody(account: Account): Body {
    const roll = this.random.next();
    if (account.kind === 'jetton_wallet') return roll < 0.85 ? this.random.pick(this.bodies.jettons) : this.bodies.empty;
    return roll < 0.4 ? this.random.pick(this.bodies.comments) : roll < 0.7 ? this.random.pick(this.bodies.jettons) : this.bodies.empty;
  }

  /** One action per trace, on its first hop: a jetton transfer when the body is one, a TON transfer otherwise. */
  private action(traceId: string, txs: string[], members: Account[], bodies: Body[], start: bigint, end: bigint, mcEnd: number, external: string) {
    const actionId = this.random.hash(`action ${traceId}`);
    const jetton = bodies[1].kind === 'jetton';
    const source = members[0].address;
    const destination = members[1].address;
    this.buffers.actions.add({
      trace_id: traceId,
      action_id: actionId,
      start_lt: start.toString(),
      end_lt: end.toString(),
      start_utime: this.time,
      end_utime: this.time,
      source,
      destination,
      source_secondary: jetton ? destination : null,
      destination_secondary: jetton ? `0:${this.random.hex(`rw ${traceId}`)}` : null,
      asset: jetton ? this.assets.masters[members[1].address.charCodeAt(2) % this.assets.masters.length] : null,
      value: jetton ? null : '1000000000',
      amount: jetton ? '1000000000000' : null,
      type: jetton ? 'jetton_transfer' : 'ton_transfer',
      success: true,
      tx_hashes: `{${txs.slice(0, 2).join(',')}}`,
      trace_end_lt: end.toString(),
      trace_end_utime: this.time,
      trace_mc_seqno_end: mcEnd,
      trace_external_hash: external,
      trace_external_hash_norm: external,
      ton_transfer_data: jetton ? null : `(${bodies[1].kind === 'comment' ? `"${bodies[1].comment!.replace(/"/g, '""')}"` : ''},f)`,
      jetton_transfer_data: jetton ? `(${source},1,${this.random.int(1, 10 ** 9)},,,,f)` : null,
      value_extra_currencies: {},
    });
    for (const account of new Set([source, destination])) {
      this.buffers.action_accounts.add({
        action_id: actionId,
        trace_id: traceId,
        account,
        trace_end_lt: end.toString(),
        action_end_lt: end.toString(),
        trace_end_utime: this.time,
        action_end_utime: this.time,
      });
    }
  }

  /** Latest states (wallets with their data cells), then the asset tables. */
  private finish(): void {
    for (const a of this.accounts) {
      if (a.stateHash === null) continue;
      const data = this.assets.walletData(a.address);
      this.buffers.latest_account_states.add({
        account: a.address,
        hash: a.stateHash,
        balance: a.balance.toString(),
        balance_extra_currencies: {},
        account_status: 'active',
        timestamp: a.now,
        last_trans_hash: a.lastHash,
        last_trans_lt: a.lastLt,
        data_hash: data?.hash ?? a.dataHash,
        code_hash: a.codeHash,
        data_boc: data?.boc ?? null,
      });
    }
    const touched = this.accounts.filter((a) => a.stateHash !== null);
    this.assets.finish(
      touched.filter((a) => a.kind === 'wallet'),
      touched.filter((a) => a.kind !== 'wallet'),
    );
  }
}
