import { describe, expect, it, vi } from 'vitest';
import { BusyError, ClientGoneError, Limiter } from '../src/http/limiter';
import { graphqlWeight } from '../src/http/graphqlRoute';

/** A task that runs until released, recording that it started. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const started = vi.fn();
  return { release, started, work: async () => (started(), await done) };
}

describe('Limiter', () => {
  it('runs at most max tasks at once, queues the rest in order, and frees a slot when a task fails', async () => {
    const limiter = new Limiter({ max: 2, maxQueue: 10, maxWaitMs: 10_000 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number, fail = false) =>
      limiter.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 10));
        running -= 1;
        order.push(i);
        if (fail) throw new Error(`task ${i}`);
        return i;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(peak).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order.slice(0, 2).sort()).toEqual([1, 2]);
    expect(limiter.queued).toBe(0);
    expect(await task(6)).toBe(6);
  });

  it('refuses at once when the queue is full, and after the longest wait', async () => {
    vi.useFakeTimers();
    try {
      const limiter = new Limiter({ max: 1, maxQueue: 1, maxWaitMs: 500 });
      const first = held();
      const running = limiter.run(first.work);
      const queued = held();
      const waiting = limiter.run(queued.work).then(() => 'ran', (err: Error) => err);
      await expect(limiter.run(async () => 'never')).rejects.toThrow(new BusyError('the service is busy: 1 requests are already waiting; retry shortly'));
      await vi.advanceTimersByTimeAsync(499);
      expect(limiter.queued).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await waiting).toEqual(new BusyError('the service is busy: no turn within 500 ms; retry shortly'));
      expect(queued.started).not.toHaveBeenCalled();
      expect(limiter.queued).toBe(0);
      first.release();
      await running;
      expect(limiter.refused).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops queued work whose client went away: it never runs and the next in line gets the slot', async () => {
    const limiter = new Limiter({ max: 1, maxQueue: 10, maxWaitMs: 10_000 });
    const first = held();
    const running = limiter.run(first.work);
    const client = new AbortController();
    const abandoned = held();
    const dropped = limiter.run(abandoned.work, client.signal);
    const next = held();
    const later = limiter.run(next.work);
    client.abort();
    await expect(dropped).rejects.toBeInstanceOf(ClientGoneError);
    expect(limiter.queued).toBe(1);
    first.release();
    await running;
    await vi.waitFor(() => expect(next.started).toHaveBeenCalled());
    next.release();
    await later;
    expect(abandoned.started).not.toHaveBeenCalled();
  });

  it('bounds the weight in flight: heavy requests one by one, light ones beside them, in order', async () => {
    const limiter = new Limiter({ max: 4, maxWeight: 1000, maxQueue: 10, maxWaitMs: 10_000 });
    const heavy1 = held();
    const heavy2 = held();
    const light = held();
    const runs = [limiter.run(heavy1.work, undefined, 800), limiter.run(heavy2.work, undefined, 800), limiter.run(light.work, undefined, 10)];
    await vi.waitFor(() => expect(heavy1.started).toHaveBeenCalled());
    // the second heavy one does not fit beside the first; the light one waits behind it (in order)
    expect(heavy2.started).not.toHaveBeenCalled();
    expect(light.started).not.toHaveBeenCalled();
    expect(limiter.queued).toBe(2);
    heavy1.release();
    await vi.waitFor(() => expect(light.started).toHaveBeenCalled());
    expect(heavy2.started).toHaveBeenCalled();
    // a request heavier than the whole budget still runs, alone
    heavy2.release();
    light.release();
    await Promise.all(runs);
    const huge = held();
    const hugeRun = limiter.run(huge.work, undefined, 5000);
    await vi.waitFor(() => expect(huge.started).toHaveBeenCalled());
    const small = held();
    const smallRun = limiter.run(small.work, undefined, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(small.started).not.toHaveBeenCalled();
    huge.release();
    await vi.waitFor(() => expect(small.started).toHaveBeenCalled());
    small.release();
    await Promise.all([hugeRun, smallRun]);
  });

  it('lets the requests behind a heavy one run when it gives up waiting', async () => {
    const limiter = new Limiter({ max: 4, maxWeight: 1000, maxQueue: 10, maxWaitMs: 10_000 });
    const first = held();
    const running = limiter.run(first.work, undefined, 600);
    const client = new AbortController();
    const heavy = limiter.run(async () => 'never', client.signal, 600);
    const light = held();
    const lightRun = limiter.run(light.work, undefined, 10);
    await new Promise((r) => setTimeout(r, 10));
    expect(light.started).not.toHaveBeenCalled();
    client.abort();
    await expect(heavy).rejects.toBeInstanceOf(ClientGoneError);
    await vi.waitFor(() => expect(light.started).toHaveBeenCalled());
    light.release();
    first.release();
    await Promise.all([running, lightRun]);
  });
});

describe('graphqlWeight', () => {
  it('weighs a GraphQL request by the largest page it asks for: literal, variable or variable default', () => {
    expect(graphqlWeight({ query: '{ transactionsByMasterchainBlock(seqno: 1, limit: 500) { hash } }' })).toBe(500);
    expect(graphqlWeight({ query: 'query($s: UInt32!, $n: Int) { transactionsByMasterchainBlock(seqno: $s, limit: $n) { hash } }', variables: { s: 40000000, n: 700 } })).toBe(700);
    expect(graphqlWeight({ query: 'query($n: Int = 1000) { transactionsByMasterchainBlock(seqno: 1, limit: $n) { hash } }' })).toBe(1000);
    expect(graphqlWeight({ query: 'query($n: Int = 1000) { a: pendingTraces(account: "x", limit: 3) { traceId } b: transactionsByMasterchainBlock(seqno: 1, limit: $n) { hash } }', variables: { n: 20 } })).toBe(20);
    expect(graphqlWeight({ query: '{ transactionsByMasterchainBlock(seqno: 1) { hash } }' })).toBe(1);
    expect(graphqlWeight({ query: 42 })).toBe(1);
    expect(graphqlWeight({})).toBe(1);
  });
});
