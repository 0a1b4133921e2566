import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limiter } from '../src/http/limiter';
import { createHttpServer } from '../src/http/server';
import { importDocument } from '../src/import/importFile';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureText } from './helpers/fixtures';
import { testServices } from './helpers/service';

const BLOCK = 32737160;

describe('slow and oversized clients', () => {
  let db: TestDatabase;
  let base: string;
  let port: number;
  let close: () => Promise<void>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'account', fixtureText('transactions_testnet_2025-07_by_account.json'));
    // One slot, as in the report: a slow upload holding it stalls everyone.
    const { server } = createHttpServer({ ...testServices(db.reader), limiter: new Limiter({ max: 1, maxQueue: 256, maxWaitMs: 5000 }) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  });
  afterAll(async () => {
    await close?.();
    await db?.drop();
  });

  it('answers 413 to a chunked body as soon as it passes 1 MiB, without reading the rest', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const result = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        answered = true;
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body, sent }));
      });
      // The server closes after its 413 while this client is still writing: the write can fail (EPIPE) just before
      // the answer already received is read, so a write error only fails the test when no answer follows it.
      req.on('error', (err) => {
        answered ||= (err as NodeJS.ErrnoException).code === 'EPIPE';
        setTimeout(() => reject(err), 2000).unref();
      });
      const pump = () => {
        if (answered || sent >= 3 * 1024 * 1024) return req.end();
        req.write(chunk);
        sent += chunk.length;
        setTimeout(pump, 5);
      };
      req.write('{"query": "{ __typename }", "pad": "');
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({
      errors: [{ message: 'the request body is over 1048576 bytes; at most 1048576 are accepted', extensions: { code: 'BAD_USER_INPUT' } }],
    });
    expect(result.sent).toBeLessThan(3 * 1024 * 1024);
  });

  it('keeps serving others at their usual speed while 64 clients trickle their bodies', async () => {
    const traffic = async () => {
      const latencies: number[] = [];
      const one = async (i: number) => {
        const started = performance.now();
        const res =
          i % 2 === 0
            ? await fetch(`${base}/api/v3/transactionsByMasterchainBlock?seqno=${BLOCK}&limit=10`)
            : await fetch(`${base}/graphql`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ query: `{ transactionsByMasterchainBlock(seqno: ${BLOCK}, limit: 5) { hash lt inMsg { value } } }` }),
              });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
      };
      for (let i = 0; i < 200; i += 4) await Promise.all([0, 1, 2, 3].map((k) => one(i + k)));
      latencies.sort((a, b) => a - b);
      return latencies[Math.ceil(latencies.length * 0.99) - 1];
    };
    await traffic(); // warm up
    // The rest of the suite runs beside this test and its load varies: the same traffic alone is measured
    // before and after, and the slow clients must not make it worse than twice the worse of the two.
    const before = await traffic();

    const body = JSON.stringify({ query: '{ __typename }' }).padEnd(100, ' ');
    const slow = Array.from({ length: 64 }, () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(`POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      let at = 0;
      // 100 bytes over 10 s
      const timer = setInterval(() => (at < body.length ? socket.write(body[at++]) : clearInterval(timer)), 100);
      return { socket, timer };
    });
    let loaded: number;
    try {
      await new Promise((r) => setTimeout(r, 300));
      loaded = await traffic();
    } finally {
      for (const { socket, timer } of slow) clearInterval(timer), socket.destroy();
    }
    const after = await traffic();
    console.log(`p99 alone ${before.toFixed(1)} and ${after.toFixed(1)} ms, beside 64 slow uploads ${loaded.toFixed(1)} ms`);
    expect(loaded).toBeLessThanOrEqual(2 * Math.max(before, after));
  }, 60_000);

  it('answers 503 with Retry-After on REST and GraphQL when no turn is free and the queue is full', async () => {
    const limiter = new Limiter({ max: 1, maxQueue: 0, maxWaitMs: 5000 });
    const { server } = createHttpServer({ ...testServices(db.reader), limiter });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const busyBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let release!: () => void;
    const holding = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const rest = await fetch(`${busyBase}/api/v3/transactionsByMasterchainBlock?seqno=${BLOCK}`);
      expect(rest.status).toBe(503);
      expect(rest.headers.get('retry-after')).toBe('1');
      expect(await rest.json()).toEqual({ error: 'the service is busy: 0 requests are already waiting; retry shortly', code: 503 });
      const gql = await fetch(`${busyBase}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": "{ __typename }"}' });
      expect(gql.status).toBe(503);
      expect(gql.headers.get('retry-after')).toBe('1');
      expect(await gql.json()).toEqual({
        errors: [{ message: 'the service is busy: 0 requests are already waiting; retry shortly', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
      });
      release();
      await holding;
      expect((await fetch(`${busyBase}/api/v3/transactionsByMasterchainBlock?seqno=${BLOCK}`)).status).toBe(200);
    } finally {
      release();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
