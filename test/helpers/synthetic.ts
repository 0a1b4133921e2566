import { createHash } from 'node:crypto';
import { fixtureJson } from './fixtures';

const hash = (seed: string) => createHash('sha256').update(seed).digest('base64');

/**
 * A v3 transactions document with `count` distinct transactions in masterchain block `seqno`, built from a
 * real transaction of the fixtures (every field kept, hashes and lts made unique).
 */
export function syntheticBlock(seqno: number, count: number, opts: { accounts?: number } = {}) {
  const template = fixtureJson('transactions_testnet_2025-07_by_account.json').transactions[0];
  const transactions = [];
  for (let i = 0; i < count; i += 1) {
    const tx = structuredClone(template);
    const account = `0:${createHash('sha256')
      .update(`account ${i % (opts.accounts ?? count)}`)
      .digest('hex')
      .toUpperCase()}`;
    tx.account = account;
    tx.hash = hash(`tx ${seqno} ${i}`);
    tx.lt = String(1_000_000_000n + BigInt(seqno) * 10_000n + BigInt(i));
    tx.mc_block_seqno = seqno;
    tx.block_ref = { workchain: 0, shard: '8000000000000000', seqno: seqno + 1_000_000 };
    tx.in_msg.hash = hash(`in ${seqno} ${i}`);
    tx.in_msg.destination = account;
    tx.account_state_before.hash = hash(`before ${seqno} ${i}`);
    tx.account_state_after.hash = hash(`after ${seqno} ${i}`);
    tx.out_msgs.forEach((m: any, j: number) => {
      m.hash = hash(`out ${seqno} ${i} ${j}`);
      m.source = account;
    });
    transactions.push(tx);
  }
  return { transactions, address_book: {} };
}

/**
 * A v3 pending trace of `count` transactions shaped as a binary tree (depth log2(count) + 1), built from a real
 * transaction: every message hash, lt and account is unique, and each child's in-message is an out-message of
 * its parent. The root is started by an external message, so the trace can also be pushed to the emulator.
 * `rootAccount` and `firstLt` let many traces share an account, each at lts of its own.
 */
export function syntheticTrace(count: number, seed = 'trace', opts: { rootAccount?: string; firstLt?: bigint } = {}) {
  const template = fixtureJson('transactions_testnet_2025-07_by_account.json').transactions[0];
  const msgHash = (i: number) => hash(`${seed} msg ${i}`);
  const account = (i: number) => (i === 0 && opts.rootAccount) || `0:${createHash('sha256').update(`${seed} account ${i}`).digest('hex').toUpperCase()}`;
  const lt = (i: number) => String((opts.firstLt ?? 2_000_000_000n) + BigInt(i) * 10n);
  const children = (i: number) => [2 * i + 1, 2 * i + 2].filter((c) => c < count);
  const txs: any[] = [];
  for (let i = 0; i < count; i += 1) {
    const tx = structuredClone(template);
    const parent = i === 0 ? -1 : Math.floor((i - 1) / 2);
    tx.account = account(i);
    tx.hash = hash(`${seed} tx ${i}`);
    tx.lt = lt(i);
    tx.mc_block_seqno = 777;
    tx.block_ref = { workchain: 0, shard: '8000000000000000', seqno: 778 };
    tx.trace_id = hash(`${seed} tx 0`);
    tx.account_state_before.hash = hash(`${seed} before ${i}`);
    tx.account_state_after.hash = hash(`${seed} after ${i}`);
    tx.in_msg = {
      ...structuredClone(template.in_msg),
      hash: msgHash(i),
      source: parent < 0 ? null : account(parent),
      destination: account(i),
      created_lt: parent < 0 ? null : String(BigInt(lt(parent)) + 1n),
    };
    if (parent < 0)
      Object.assign(tx.in_msg, {
        value: null,
        fwd_fee: null,
        ihr_fee: null,
        created_at: null,
        bounce: null,
        bounced: null,
        ihr_disabled: null,
        import_fee: '0',
        value_extra_currencies: null,
      });
    tx.out_msgs = children(i).map((c, k) => ({
      ...structuredClone(template.out_msgs[1]),
      hash: msgHash(c),
      source: account(i),
      destination: account(c),
      created_lt: String(BigInt(lt(i)) + 1n + BigInt(k)),
    }));
    txs.push(tx);
  }
  const trace = {
    trace_id: txs[0].hash,
    external_hash: msgHash(0),
    mc_seqno_start: '777',
    mc_seqno_end: '777',
    start_lt: lt(0),
    start_utime: txs[0].now,
    end_lt: lt(count - 1),
    end_utime: txs[0].now,
    trace_info: { trace_state: 'pending', messages: count, transactions: count, pending_messages: 0, classification_state: 'unclassified' },
    is_incomplete: false,
    transactions_order: txs.map((t) => t.hash),
    transactions: Object.fromEntries(txs.map((t) => [t.hash, t])),
  };
  return { traces: [trace], address_book: {}, metadata: {} };
}
