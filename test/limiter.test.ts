import { describe, expect, it } from 'vitest';
import { Limiter } from '../src/http/limiter';

describe('Limiter', () => {
  it('runs at most max tasks at once, queues the rest in order, and frees a slot when a task fails', async () => {
    const limiter = new Limiter(2);
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
});
