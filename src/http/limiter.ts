/**
 * At most `max` requests build responses at once; the rest wait their turn. With two cores, more concurrent
 * work adds no throughput, only memory: each 1000-transaction page holds tens of MB while it is shaped.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
