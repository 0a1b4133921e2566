/** What a consumer that fell behind is told in place of the events it lost. */
export interface Gap {
  gap: number;
}

export const isGap = (item: unknown): item is Gap => typeof item === 'object' && item !== null && 'gap' in item;

/**
 * One subscriber's queue: bounded, so a consumer that reads slower than events arrive loses the oldest of them
 * (counted, and reported to it as a Gap before the next event it gets) instead of holding memory or slowing
 * the publisher, who never waits.
 */
export class BoundedQueue<T> implements AsyncIterableIterator<T | Gap> {
  private readonly items: T[] = [];
  private lost = 0;
  private waiting?: (result: IteratorResult<T | Gap>) => void;
  private closed = false;

  constructor(
    readonly capacity: number,
    private readonly onDrop: () => void = () => {},
  ) {}

  /** Adds an event; false when the queue was full and the oldest event made way for it. */
  offer(item: T): boolean {
    if (this.closed) return false;
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake({ value: item, done: false });
      return true;
    }
    let kept = true;
    if (this.items.length >= this.capacity) {
      this.items.shift();
      this.lost += 1;
      this.onDrop();
      kept = false;
    }
    this.items.push(item);
    return kept;
  }

  get size(): number {
    return this.items.length;
  }

  next(): Promise<IteratorResult<T | Gap>> {
    if (this.lost > 0) {
      const gap = this.lost;
      this.lost = 0;
      return Promise.resolve({ value: { gap }, done: false });
    }
    if (this.items.length > 0) return Promise.resolve({ value: this.items.shift()!, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Ends iteration: a waiting consumer finishes at once, queued events are dropped. */
  close(): void {
    this.closed = true;
    this.items.length = 0;
    const wake = this.waiting;
    this.waiting = undefined;
    wake?.({ value: undefined, done: true });
  }

  return(): Promise<IteratorResult<T | Gap>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}
