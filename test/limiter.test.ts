import { describe, expect, it, vi } from 'vitest';
import { BusyError, ClientGoneError, Limiter } from '../src/http/limiter';

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
});
