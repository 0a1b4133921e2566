import { describe, expect, it, vi } from 'vitest';
import { BusyError, ClientGoneError, Limiter } from '../src/http/limiter';
import { inspectRequest } from '../src/graphql/request';
import { defaults } from '../src/config';
import { schema } from '../src/graphql/schema';
import { requestWeight } from '../src/graphql/weight';
import { acceptsEventStream } from '../src/http/graphqlRoute';

const DEFAULT_LIMITS = defaults().graphql.limits;

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
      const waiting = limiter.run(queued.work).then(
        () => 'ran',
        (err: Error) => err,
      );
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

const weightOf = (query: string, variables: Record<string, unknown> = {}) => {
  const { document, operation } = inspectRequest({ query, variables }, DEFAULT_LIMITS);
  return requestWeight(schema, document!, operation!, variables);
};

describe('requestWeight', () => {
  it('weighs a GraphQL request by what it may shape: every page summed over fields and aliases, nested pages multiplied', () => {
    expect(weightOf('{ transactionsByMasterchainBlock(seqno: 1, limit: 500) { hash } }')).toBe(500);
    expect(weightOf('query($s: UInt32!, $n: Int) { transactionsByMasterchainBlock(seqno: $s, limit: $n) { hash } }', { s: 40000000, n: 700 })).toBe(700);
    expect(weightOf('query($n: Int = 1000) { transactionsByMasterchainBlock(seqno: 1, limit: $n) { hash } }')).toBe(1000);
    // the argument's own default (10) when none is written
    expect(weightOf('{ transactionsByMasterchainBlock(seqno: 1) { hash } }')).toBe(10);
    // a transaction's messages go with it, as in REST
    expect(weightOf('{ transactionsByMasterchainBlock(seqno: 1, limit: 100) { hash inMsg { hash } outMsgs { hash } } }')).toBe(100);
    // row 14: eight aliased 1000-transaction pages weigh 8000, not 1000
    const aliased = Array.from({ length: 8 }, (_, k) => `p${k}: transactions(limit: 1000, offset: ${k * 1000}) { hash }`).join(' ');
    expect(weightOf(`{ ${aliased} }`)).toBe(8000);
    // a connection's page, and a page under each item of another
    expect(weightOf('{ account(address: "0:00") { transactions(first: 10) { edges { node { hash } } } } }')).toBe(10);
    expect(weightOf('{ a: transactions(limit: 5) { hash } b: transactions(limit: 7) { hash } }')).toBe(12);
    // a page larger than any field accepts is refused, never run: it weighs the largest page
    expect(weightOf('{ transactions(limit: 999999999) { hash } }')).toBe(1000);
    // a variable given as null replaces its default: the field's own default applies
    expect(weightOf('query($n: Int = 700) { transactions(limit: $n) { hash } }', { n: null })).toBe(10);
    // fragments count where they are spread, each computed once
    expect(weightOf('{ ...F ...F } fragment F on Query { transactions(limit: 50) { hash } }')).toBe(100);
  });

  it('stays linear on documents built to make it explode (fragments spread into each other, a cycle)', () => {
    const chain = Array.from({ length: 60 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(' ');
    const started = performance.now();
    expect(weightOf(`{ ...F0 } ${chain} fragment F60 on Query { transactions(limit: 1) { hash } }`)).toBeGreaterThan(1e12 - 1);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(weightOf('{ ...A } fragment A on Query { ...B } fragment B on Query { ...A transactions(limit: 3) { hash } }')).toBe(3);
  });

  it('row 5: a 630 KB body of `first:$v` is refused by the size limit before any weighing', () => {
    const query = `{ ${'first:$v '.repeat(63_000)} }`;
    const started = performance.now();
    expect(() => inspectRequest({ query }, DEFAULT_LIMITS)).toThrow(/document size limit of 100000 bytes exceeded/);
    const ms = performance.now() - started;
    // under the size limit, the token limit stops the parse after 2000 tokens
    const started2 = performance.now();
    expect(() => inspectRequest({ query: `{ ${'hash '.repeat(9_000)} }` }, DEFAULT_LIMITS)).toThrow(/token limit of 2000 exceeded/);
    const ms2 = performance.now() - started2;
    console.log(
      `row 5: a 630 KB document refused in ${ms.toFixed(2)} ms, a 90 KB one at the token limit in ${ms2.toFixed(2)} ms (0c96db8, measured: answered after 17.3 s, /health stalled as long)`,
    );
    expect(ms + ms2).toBeLessThan(200);
  });
});

describe('acceptsEventStream', () => {
  it('decides by the most specific range that names event streams (RFC 9110)', () => {
    expect(acceptsEventStream(undefined)).toBe(true);
    expect(acceptsEventStream('*/*')).toBe(true);
    expect(acceptsEventStream('text/*')).toBe(true);
    expect(acceptsEventStream('application/json')).toBe(false);
    expect(acceptsEventStream('text/event-stream;q=0, */*')).toBe(false);
    expect(acceptsEventStream('*/*;q=0, text/event-stream')).toBe(true);
    expect(acceptsEventStream('text/html, */*;q=0.1')).toBe(true);
    expect(acceptsEventStream('application/json, text/*;q=0')).toBe(false);
  });
});
