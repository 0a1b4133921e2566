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
    const account = `0:${createHash('sha256').update(`account ${i % (opts.accounts ?? count)}`).digest('hex').toUpperCase()}`;
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
