// The access patterns of issue 24's rows: request sequences over every block and every account, picked
// uniformly (no cache can hold the working set) or by a Zipf law (s = 1.1) over blocks by recency and over
// accounts by activity, which is how explorers and wallets ask. Seeded, so every run and every server sees the
// same sequence.
import type pg from 'pg';

export interface AccessSequences {
  uniform: { blocks: number[]; accounts: string[] };
  skewed: { blocks: number[]; accounts: string[] };
  /** How many blocks and accounts the sequences pick from. */
  population: { blocks: number; accounts: number };
}

/** mulberry32: a small seeded generator, enough to pick ranks. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` ranks from 0 to `size` - 1, rank k with probability proportional to 1 / (k + 1)^s. */
export function zipfRanks(size: number, n: number, s: number, seed: number): number[] {
  const cdf = new Float64Array(size);
  let sum = 0;
  for (let k = 0; k < size; k += 1) cdf[k] = sum += 1 / (k + 1) ** s;
  const next = random(seed);
  const ranks: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const u = next() * sum;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    ranks.push(lo);
  }
  return ranks;
}

const uniformRanks = (size: number, n: number, seed: number) => {
  const next = random(seed);
  return Array.from({ length: n }, () => Math.floor(next() * size));
};

/** Sequences of `n` requests each over the database's blocks (newest first) and accounts (busiest first). */
export async function accessSequences(q: pg.Client, n: number): Promise<AccessSequences> {
  const blocks = (
    await q.query<{ s: number }>('select distinct mc_block_seqno as s from transactions where mc_block_seqno is not null order by 1 desc')
  ).rows.map((r) => r.s);
  // the newest block may still be filling: the sequences stay below it, as a reader of finalized data would
  blocks.shift();
  const accounts = (await q.query<{ account: string }>('select account from transactions group by 1 order by count(*) desc, 1')).rows.map((r) => r.account);
  const pick = <T>(from: T[], ranks: number[]) => ranks.map((k) => from[k]);
  return {
    uniform: { blocks: pick(blocks, uniformRanks(blocks.length, n, 1)), accounts: pick(accounts, uniformRanks(accounts.length, n, 2)) },
    skewed: { blocks: pick(blocks, zipfRanks(blocks.length, n, 1.1, 3)), accounts: pick(accounts, zipfRanks(accounts.length, n, 1.1, 4)) },
    population: { blocks: blocks.length, accounts: accounts.length },
  };
}
