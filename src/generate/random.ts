import { createHash } from 'node:crypto';

/** A seeded PRNG (mulberry32) and seeded hashes: the same seed always generates the same database. */
export class Random {
  private state: number;
  constructor(private readonly seed: string) {
    this.state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  /** A 256-bit value derived from the seed and a label: standard base64, as the indexer stores hashes. */
  hash(label: string): string {
    return createHash('sha256').update(this.seed).update(label).digest('base64');
  }

  hex(label: string): string {
    return createHash('sha256').update(this.seed).update(label).digest('hex').toUpperCase();
  }
}
