import { Address, beginCell, Dictionary, type Cell } from '@ton/core';
import type { CopyBuffer } from './copyText';
import { Random } from './random';

/** Wallet code hashes with the data layout each keeps (ton-indexer's table), weighted as on mainnet today. */
const WALLETS = [
  { codeHash: 'hNr6RJ+Ypph3ibojI1gHK8D3bcRSQAKl0JGLmnXS1Zk=', layout: 'v3', weight: 0.25 },
  { codeHash: '/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA=', layout: 'v4', weight: 0.45 },
  { codeHash: 'IINLe3KxEhR+Gy+0V7hOdNGjDwT3N9T2KmaOlVLSty8=', layout: 'v5', weight: 0.25 },
  { codeHash: 'oM/CxIruFqJx8s/AtzgtgXVs7LEBfQd/qqs7tgL2how=', layout: 'v1', weight: 0.05 },
] as const;

/** Get-method ids (CRC16-XMODEM of the name | 0x10000) of the interfaces generated contracts answer to. */
const METHODS = {
  jettonWallet: [97026], // get_wallet_data
  dedustPool: [65971, 96780, 103723, 106029, 118188, 70754], // get_reserves, get_trade_fee, is_stable, get_jetton_data, get_assets, estimate_swap_out
  nftItem: [102351], // get_nft_data
};

/** What an account of the transaction generator is, as far as the asset tables care. */
interface AssetAccount {
  address: string;
  kind: 'wallet' | 'jetton_wallet' | 'contract';
  codeHash: string;
}

/** A transaction of a trace hop, with the body of its inbound message. */
interface Hop {
  account: AssetAccount;
  hash: string;
  lt: string;
  now: number;
  mcSeqno: number;
  aborted: boolean;
  traceId: string;
  body: { kind: string; jetton?: { queryId: string; amount: string; destination: string; response: string } };
  /** The account that sent the inbound message (null for an external). */
  sender: string | null;
}

/**
 * The asset tables (jettons, NFTs, DNS, multisig, vesting, wallet data) for the transaction generator's accounts,
 * from a random stream of their own so the transactions stay as the seed made them. Hubs for the benches: the first
 * jetton holds ~80% of jetton wallets plus one extra holder per 10 transactions (100,000 at 1M), about one in five
 * transactions is one of its transfers; the first collection has one item per 100 transactions (10,000 at 1M).
 * Counted once at 1M transactions, seed `tonql`: 134,820 holders and 211,967 transfers of the hub jetton.
 */
export class AssetGenerator {
  private readonly random: Random;
  readonly masters: string[];
  private readonly collections: string[];
  private readonly hubItems: string[] = [];
  private walletLayouts = new Map<string, (typeof WALLETS)[number]>();
  private walletSeqno = new Map<string, number>();
  private readonly jettonOf = new Map<string, { jetton: string; owner: string }>();

  constructor(
    seed: string,
    private readonly scale: number,
    private readonly buffers: Record<string, CopyBuffer>,
  ) {
    this.random = new Random(`${seed}/assets`);
    this.masters = Array.from({ length: 8 }, (_, i) => `0:${this.random.hex(`master ${i}`)}`);
    this.collections = Array.from({ length: 21 }, (_, i) => `0:${this.random.hex(`collection ${i}`)}`);
  }

  /** The wallet code an account of kind `wallet` runs (weighted), kept for its data cell. */
  walletCode(account: string): string {
    const roll = this.random.next();
    let sum = 0;
    const layout = WALLETS.find((w) => (sum += w.weight) > roll) ?? WALLETS[0];
    this.walletLayouts.set(account, layout);
    return layout.codeHash;
  }

  /** The jetton and owner of a jetton wallet: the hub jetton for most, owners among the wallets given. */
  jettonWallet(account: string, owners: readonly string[]): { jetton: string; owner: string } {
    const jetton = this.random.chance(0.8) ? this.masters[0] : this.random.pick(this.masters.slice(1));
    const known = { jetton, owner: this.random.pick(owners) };
    this.jettonOf.set(account, known);
    return known;
  }

  /** The event rows a transaction makes: a jetton transfer or burn on a jetton wallet, an NFT transfer on an item. */
  hop(h: Hop): void {
    const wallet = this.jettonOf.get(h.account.address);
    if (h.sender === null && this.walletLayouts.has(h.account.address)) {
      this.walletSeqno.set(h.account.address, (this.walletSeqno.get(h.account.address) ?? 0) + 1);
    }
    const event = { tx_hash: h.hash, tx_lt: h.lt, tx_now: h.now, tx_aborted: h.aborted, mc_seqno: h.mcSeqno, trace_id: h.traceId };
    if (wallet && h.body.jetton) {
      const j = h.body.jetton;
      this.buffers.jetton_transfers.add({
        ...event,
        query_id: j.queryId,
        amount: j.amount,
        source: wallet.owner,
        destination: j.destination,
        jetton_wallet_address: h.account.address,
        jetton_master_address: wallet.jetton,
        response_destination: j.response,
        custom_payload: null,
        forward_ton_amount: '1',
        forward_payload: null,
      });
    } else if (wallet && h.body.kind === 'empty' && this.random.chance(0.2)) {
      this.buffers.jetton_burns.add({
        ...event,
        query_id: String(this.random.int(0, 2 ** 31)),
        owner: wallet.owner,
        jetton_wallet_address: h.account.address,
        jetton_master_address: wallet.jetton,
        amount: String(BigInt(this.random.int(1, 10 ** 6)) * 1000n),
        response_destination: wallet.owner,
        custom_payload: null,
      });
    } else if (h.account.kind === 'contract' && h.sender !== null && this.hubItems.length > 0 && this.random.chance(0.1)) {
      this.buffers.nft_transfers.add({
        ...event,
        query_id: String(this.random.int(0, 2 ** 31)),
        nft_item_address: this.random.pick(this.hubItems),
        nft_item_index: null,
        nft_collection_address: this.collections[0],
        old_owner: h.sender,
        new_owner: `0:${this.random.hex(`nft buyer ${h.hash}`)}`,
        response_destination: h.sender,
        custom_payload: null,
        forward_amount: '1',
        forward_payload: null,
      });
    }
  }

  /** Items of the hub collection, known before the transactions so transfers can name them. */
  prepareItems(): void {
    const count = Math.max(20, Math.floor(this.scale / 100));
    for (let i = 0; i < count; i += 1) this.hubItems.push(`0:${this.random.hex(`hub item ${i}`)}`);
  }

  /** The state tables, once every transaction is made: `wallets` are the wallet accounts with their last lt. */
  finish(wallets: { address: string; lastLt: string }[], contracts: AssetAccount[]): void {
    const owners = wallets.map((w) => w.address);
    this.jettons(owners);
    this.nfts(owners);
    this.dns(owners);
    this.multisigs(owners);
    this.vestings(owners);
    const codes = new Map(contracts.map((a) => [a.codeHash, a.kind]));
    for (const [codeHash, kind] of codes) {
      const methods = kind === 'jetton_wallet' ? METHODS.jettonWallet : codeHash.charCodeAt(0) % 2 === 0 ? METHODS.dedustPool : METHODS.nftItem;
      this.buffers.contract_methods.add({ code_hash: codeHash, methods: `{${methods.join(',')}}` });
    }
  }

  /** The data cell a wallet keeps (seqno as its externals counted), as a BOC without CRC, and its hash. */
  walletData(account: string): { boc: string; hash: string } | null {
    const layout = this.walletLayouts.get(account);
    if (!layout) return null;
    const seqno = this.walletSeqno.get(account) ?? 0;
    const key = Buffer.from(this.random.hex(`key ${account}`), 'hex');
    const b = beginCell();
    if (layout.layout === 'v5') b.storeBit(true).storeUint(seqno, 32).storeInt(-2147483409, 32).storeBuffer(key).storeBit(false);
    else if (layout.layout === 'v1') b.storeUint(seqno, 32).storeBuffer(key);
    else {
      b.storeUint(seqno, 32).storeUint(698983191, 32).storeBuffer(key);
      if (layout.layout === 'v4') b.storeBit(false);
    }
    const cell = b.endCell();
    return { boc: cell.toBoc({ idx: false, crc32: false }).toString('base64'), hash: cell.hash().toString('base64') };
  }

  private balance(): string {
    const roll = this.random.next();
    if (roll < 0.1) return '0';
    // equal balances are common (airdrops, round amounts): the pages must still be stable
    if (roll < 0.4) return this.random.pick(['1000000000', '5000000000', '10000000000', '100000000000']);
    return String(BigInt(this.random.int(1, 2 ** 30)) * BigInt(this.random.int(1, 1000)));
  }

  private jettons(owners: string[]): void {
    this.masters.forEach((master, i) => {
      this.buffers.jetton_masters.add({
        address: master,
        total_supply: '1000000000000000000',
        mintable: i % 3 !== 2,
        admin_address: i % 4 === 3 ? null : this.random.pick(owners),
        jetton_content: { name: `Token ${master.slice(2, 6)}`, symbol: master.slice(2, 6), decimals: '9', uri: `https://example.org/jetton/${i}.json` },
        jetton_wallet_code_hash: this.random.hash(`code jetton_wallet ${i % 5}`),
        last_transaction_lt: String(100_000_000_000_000 + i),
        code_hash: this.random.hash(`code master ${i % 2}`),
        data_hash: this.random.hash(`data master ${i}`),
      });
      this.buffers.address_metadata.add({
        address: master,
        type: 'jetton_masters',
        valid: true,
        name: `Token ${master.slice(2, 6)}`,
        symbol: master.slice(2, 6),
        description: 'generated',
        image: null,
        extra: { decimals: '9' },
      });
    });
    this.buffers.mintless_jetton_masters.add({ address: this.masters[1], is_indexed: true, custom_payload_api_uri: '{https://example.org/mintless}' });
    for (const [address, { jetton, owner }] of this.jettonOf) this.wallet(address, jetton, owner);
    const extra = Math.floor(this.scale / 10);
    for (let i = 0; i < extra; i += 1) this.wallet(`0:${this.random.hex(`holder ${i}`)}`, this.masters[0], `0:${this.random.hex(`holder owner ${i}`)}`);
  }

  private wallet(address: string, jetton: string, owner: string): void {
    const mintless = jetton === this.masters[1] && this.random.chance(0.3);
    this.buffers.jetton_wallets.add({
      address,
      balance: this.balance(),
      owner,
      jetton,
      last_transaction_lt: String(100_000_000_000_000 + this.random.int(0, 10 ** 9)),
      code_hash: this.random.hash(`code jetton_wallet ${address.charCodeAt(2) % 5}`),
      data_hash: this.random.hash(`data ${address}`),
      mintless_is_claimed: mintless ? this.random.chance(0.5) : null,
      mintless_amount: mintless ? String(this.random.int(1, 10 ** 6) * 1000) : null,
      mintless_start_from: mintless ? 1_760_000_000 : null,
      mintless_expire_at: mintless ? 1_790_000_000 : null,
    });
  }

  private nfts(owners: string[]): void {
    this.collections.forEach((collection, i) => {
      const items = i === 0 ? this.hubItems : Array.from({ length: this.random.int(5, 50) }, (_, k) => `0:${this.random.hex(`item ${i} ${k}`)}`);
      this.buffers.nft_collections.add({
        address: collection,
        next_item_index: String(items.length),
        owner_address: i % 5 === 4 ? null : this.random.pick(owners),
        collection_content: { name: `Collection ${i}`, uri: `https://example.org/collection/${i}.json` },
        last_transaction_lt: String(100_000_000_000_000 + i),
        code_hash: this.random.hash('code collection'),
        data_hash: this.random.hash(`data collection ${i}`),
      });
      items.forEach((item, index) => this.item(item, i === 20 ? null : collection, index, owners));
    });
  }

  private item(address: string, collection: string | null, index: number, owners: string[]): void {
    const owner = this.random.chance(0.05) ? owners[0] : this.random.pick(owners);
    const roll = this.random.next();
    const market = roll < 0.03 ? 'sale' : roll < 0.04 ? 'auction' : null;
    const contract = market === null ? owner : `0:${this.random.hex(`${market} ${address}`)}`;
    const lt = String(100_000_000_000_000 + this.random.int(0, 10 ** 9));
    this.buffers.nft_items.add({
      address,
      init: true,
      index: String(index),
      collection_address: collection,
      owner_address: contract,
      content: { uri: `https://example.org/item/${index}.json` },
      last_transaction_lt: lt,
      code_hash: this.random.hash('code item'),
      data_hash: this.random.hash(`data ${address}`),
      real_owner: owner,
    });
    const common = {
      address: contract,
      last_transaction_lt: lt,
      code_hash: this.random.hash(`code ${market}`),
      data_hash: this.random.hash(`data ${contract}`),
    };
    const marketplace = `0:${this.random.hex('getgems marketplace')}`;
    if (market === 'sale') {
      this.buffers.getgems_nft_sales.add({
        ...common,
        is_complete: false,
        created_at: 1_760_000_000,
        marketplace_address: marketplace,
        nft_address: address,
        nft_owner_address: owner,
        full_price: String(this.random.int(1, 1000) * 10 ** 9),
        marketplace_fee_address: marketplace,
        marketplace_fee: '50000000',
        royalty_address: collection,
        royalty_amount: '25000000',
      });
    } else if (market === 'auction') {
      this.buffers.getgems_nft_auctions.add({
        ...common,
        end_flag: false,
        end_time: 1_790_000_000,
        mp_addr: marketplace,
        nft_addr: address,
        nft_owner: owner,
        last_bid: '0',
        last_member: null,
        min_step: 5,
        mp_fee_addr: marketplace,
        mp_fee_factor: 5,
        mp_fee_base: 100,
        royalty_fee_addr: collection,
        royalty_fee_factor: 5,
        royalty_fee_base: 100,
        max_bid: '0',
        min_bid: '1000000000',
        created_at: 1_760_000_000,
        last_bid_at: 0,
        is_canceled: false,
      });
    }
  }

  private dns(owners: string[]): void {
    const count = Math.max(20, Math.floor(this.scale / 500));
    for (let i = 0; i < count; i += 1) {
      const owner = this.random.pick(owners);
      this.buffers.dns_entries.add({
        nft_item_address: `0:${this.random.hex(`dns item ${i}`)}`,
        nft_item_owner: owner,
        domain: `${i % 3 === 0 ? 'w' : 'wallet-'}${i}.ton`,
        dns_next_resolver: null,
        dns_wallet: this.random.chance(0.6) ? owner : this.random.pick(owners),
        dns_site_adnl: this.random.chance(0.1) ? this.random.hash(`adnl ${i}`) : null,
        dns_storage_bag_id: null,
        last_transaction_lt: String(100_000_000_000_000 + i),
      });
    }
  }

  private multisigs(owners: string[]): void {
    const count = Math.max(5, Math.floor(this.scale / 5000));
    for (let i = 0; i < count; i += 1) {
      const address = `0:${this.random.hex(`multisig ${i}`)}`;
      const signers = [...new Set(Array.from({ length: this.random.int(2, 5) }, () => this.random.pick(owners)))];
      const orders = this.random.int(0, 12);
      this.buffers.multisig.add({
        address,
        next_order_seqno: String(orders),
        threshold: Math.min(2, signers.length),
        signers: `{${signers.join(',')}}`,
        proposers: `{${this.random.pick(owners)}}`,
        last_transaction_lt: String(100_000_000_000_000 + i),
        code_hash: '09FNqaYn8Ow1MzQYKXYq+SuVQLIb8DZl+sCcK0bqu6w=',
        data_hash: this.random.hash(`data ${address}`),
      });
      for (let seqno = 0; seqno < orders; seqno += 1) {
        this.buffers.multisig_orders.add({
          address: `0:${this.random.hex(`order ${i} ${seqno}`)}`,
          multisig_address: address,
          order_seqno: String(seqno),
          threshold: Math.min(2, signers.length),
          sent_for_execution: seqno < orders - 1,
          approvals_mask: seqno < orders - 1 ? '3' : '1',
          approvals_num: seqno < orders - 1 ? 2 : 1,
          expiration_date: 1_790_000_000,
          order_boc: orderBoc(this.random.pick(owners), BigInt(this.random.int(1, 100)) * 10n ** 9n),
          signers: `{${signers.join(',')}}`,
          last_transaction_lt: String(100_000_000_000_000 + i * 100 + seqno),
          code_hash: 'oB4Ff71CiEArmJjXjWe9TpAlTJPFhmh5vC0dEoZUNrw=',
          data_hash: this.random.hash(`data order ${i} ${seqno}`),
        });
      }
    }
  }

  private vestings(owners: string[]): void {
    const count = Math.max(5, Math.floor(this.scale / 10_000));
    for (let i = 0; i < count; i += 1) {
      const address = `0:${this.random.hex(`vesting ${i}`)}`;
      this.buffers.vesting_contracts.add({
        address,
        vesting_start_time: 1_750_000_000,
        vesting_total_duration: 31_536_000,
        unlock_period: 2_592_000,
        cliff_duration: i % 2 === 0 ? 0 : 7_776_000,
        vesting_total_amount: String(this.random.int(1, 10 ** 6) * 10 ** 9),
        vesting_sender_address: this.random.pick(owners),
        owner_address: this.random.pick(owners),
        last_transaction_lt: String(100_000_000_000_000 + i),
        code_hash: this.random.hash('code vesting'),
        data_hash: this.random.hash(`data ${address}`),
      });
      const whitelist = new Set(Array.from({ length: this.random.int(0, 3) }, () => this.random.pick(owners)));
      for (const wallet of whitelist) this.buffers.vesting_whitelist.add({ vesting_contract_address: address, wallet_address: wallet });
    }
  }
}

/** A multisig order of one send_message action: a TON transfer with a comment, as the order dictionary holds it. */
function orderBoc(destination: string, value: bigint): string {
  const body = beginCell().storeUint(0, 32).storeStringTail('payout').endCell();
  const message = beginCell()
    .storeUint(0, 1) // int_msg_info$0
    .storeBit(true) // ihr_disabled
    .storeBit(true) // bounce
    .storeBit(false) // bounced
    .storeUint(0, 2) // src: addr_none
    .storeAddress(Address.parseRaw(destination))
    .storeCoins(value)
    .storeBit(false) // no extra currencies
    .storeCoins(0)
    .storeCoins(0)
    .storeUint(0, 64)
    .storeUint(0, 32)
    .storeBit(false) // no init
    .storeBit(true) // body in a ref
    .storeRef(body)
    .endCell();
  const action: Cell = beginCell().storeUint(0xf1381e5b, 32).storeUint(3, 8).storeRef(message).endCell();
  const dict = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.Cell());
  dict.set(0, action);
  return beginCell().storeDictDirect(dict).endCell().toBoc({ idx: false, crc32: true }).toString('base64');
}
