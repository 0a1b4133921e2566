import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CachedAndPlain, cachedAndPlain, plainText } from './helpers/cachedAndPlain';
import { COMPRESSION_MIN_BYTES } from '../src/http/acceptEncoding';
import { deflatePart, gzipOfParts } from '../src/encoding/gzipParts';
import { actionTypesKey, TraceJsonCache, traceJsonKey } from '../src/shape/traceCache';
import { TransactionCache } from '../src/shape/transactionCache';
import { ownBytes } from '../src/encoding/ownBytes';
import { availableBackends } from './helpers/databases';
import { pendingDataset } from './helpers/fixtures';
import { raw } from './helpers/rawHttp';
import { nextMasterchainBlock, until } from './helpers/tip';

describe('gzipOfParts', () => {
  it('makes one gzip member of plain bytes and parts compressed apart, whatever the cut', async () => {
    const json = Buffer.from(JSON.stringify(pendingDataset().testnet));
    // text, incompressible bytes, empty pieces and a one-byte piece: every cut gunzips to the same bytes
    const material = [json, randomBytes(70_000), Buffer.alloc(0), Buffer.from('x')];
    for (const source of material) {
      for (const cuts of [[], [1], [source.length >> 1], [3, 1000, 40_000, source.length - 2]]) {
        const bounds = [0, ...cuts.filter((c) => c <= source.length), source.length];
        const pieces = bounds.slice(1).map((end, i) => source.subarray(bounds[i], end));
        const parts = await Promise.all(pieces.map((p, i) => (i % 2 === 1 ? deflatePart(p) : p)));
        const gz = await gzipOfParts(parts);
        expect(zlib.gunzipSync(gz).equals(source)).toBe(true);
        expect(gz.readUInt32LE(gz.length - 8)).toBe(zlib.crc32(source));
      }
    }
  });
});

describe('TraceJsonCache', () => {
  it('keys a trace by the actions written with it, and counts a gzip part in its budget once made', async () => {
    expect(traceJsonKey('T', 'ok', actionTypesKey(undefined))).toBe('T|ok|-');
    expect(actionTypesKey(new Set(['b', 'a']))).toBe(actionTypesKey(new Set(['a', 'b'])));
    expect(actionTypesKey(new Set())).not.toBe(actionTypesKey(undefined));
    expect(traceJsonKey('T', 'unclassified', '-')).not.toBe(traceJsonKey('T', 'ok', '-'));
    const cache = new TraceJsonCache(1_000_000);
    const entry = { json: ownBytes(JSON.stringify({ trace: 'x'.repeat(10_000) })), addresses: ['0:AB'] };
    cache.set('k', entry);
    const before = cache.size.bytes;
    const [a, b] = await Promise.all([cache.deflated('k', entry), cache.deflated('k', entry)]);
    expect(a).toBe(b);
    expect(cache.size.bytes).toBe(before + a.deflated.length);
    // bytes of its own, not a view of zlib's output buffer or of Node's pool: the budget counts what is held
    expect(a.deflated.buffer.byteLength).toBe(a.deflated.length);
    expect(cache.get('k')?.deflated).toBe(a);
    expect(new TraceJsonCache(0).enabled).toBe(false);
  });
});

describe.each(await availableBackends())('final traces written from the trace cache on %s', (backend) => {
  let t: CachedAndPlain;
  const traces = new TraceJsonCache(8 * 1024 * 1024);

  beforeAll(async () => {
    t = await cachedAndPlain(backend, () => ({ traceJson: traces, transactionCache: new TransactionCache(4 * 1024 * 1024) }), {
      dataset: JSON.stringify(pendingDataset().testnet),
      busiest: 5,
    });
  });
  afterAll(() => t?.close());

  const text = plainText;
  const pages = () =>
    t.accounts.flatMap((a) => [
      `/api/v3/traces?account=${a}&limit=10`,
      `/api/v3/traces?account=${a}&limit=10&include_actions=true`,
      `/api/v3/traces?account=${a}&limit=10&include_actions=true&supported_action_types=v1`,
      `/api/v3/events?account=${a}&limit=10`,
    ]);

  it('answers every page with the bytes of the uncached service, and a page of t.cached traces without reading their transactions', async () => {
    for (const path of pages()) {
      const expected = await text(t.plain, path);
      expect(await text(t.cached, path)).toBe(expected);
      expect(await text(t.cached, path)).toBe(expected);
    }
    expect(traces.size.entries).toBeGreaterThan(0);
    expect(traces.hits).toBeGreaterThan(0);
    // a page of traces all final: after the first request, its transactions are not read again
    const [{ seqno }] = await t.db.writer.query<{ seqno: number }>(
      `select mc_seqno_end as seqno from traces where state = 'complete' and mc_seqno_end < $1 group by 1 order by count(*) desc limit 1`,
      [t.tip],
    );
    const block = `/api/v3/traces?mc_seqno=${seqno}&limit=50&include_actions=true`;
    expect(await text(t.cached, block)).toBe(await text(t.plain, block));
    t.counter.texts.length = 0;
    expect(await text(t.cached, block)).toBe(await text(t.plain, block));
    expect(t.counter.texts.some((q) => /from transactions|from messages|from actions/i.test(q))).toBe(false);
    const metrics = await (await t.cached.get('/metrics')).text();
    const figure = (name: string) => Number(new RegExp(`^tonql_trace_cache\\{figure="${name}"\\} (\\d+)`, 'm').exec(metrics)?.[1]);
    expect([figure('entries'), figure('hits')]).toEqual([traces.size.entries, traces.hits]);
  });

  it('gzips a page from the t.cached traces kept compressed, to the bytes of the uncached service, and prefers gzip for it over br', async () => {
    for (const path of pages()) {
      const expected = await text(t.plain, path);
      for (let i = 0; i < 2; i += 1) {
        const res = await raw(t.cached.base, path, { 'accept-encoding': 'br, gzip' });
        expect(res.status).toBe(200);
        // below the size worth compressing, sent as it is
        if (res.headers['content-encoding'] === undefined && res.body.length < COMPRESSION_MIN_BYTES) continue;
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(zlib.gunzipSync(res.body).toString()).toBe(expected);
      }
    }
    // the parts were kept: an entry holds its compressed copy
    const [{ trace_id }] = await t.db.writer.query<{ trace_id: string }>(
      `select trace_id from traces where state = 'complete' and mc_seqno_end < $1 order by nodes_ desc limit 1`,
      [t.tip],
    );
    await text(t.cached, `/api/v3/traces?trace_id=${encodeURIComponent(trace_id)}`);
    await raw(t.cached.base, `/api/v3/traces?trace_id=${encodeURIComponent(trace_id)}`, { 'accept-encoding': 'gzip' });
    await until(() => keysOf(traces).some((k) => k.startsWith(`${trace_id}|`) && traces.get(k)?.deflated !== undefined));
  });

  it('never keeps a trace that is not final; once it completes in a block that has a successor, serves it as it is then', async () => {
    const open = await t.db.writer.query<{ trace_id: string; pending: boolean }>(
      `select trace_id, state <> 'complete' as pending from traces where state <> 'complete' or mc_seqno_end >= $1`,
      [t.tip],
    );
    expect(open.some((t) => t.pending)).toBe(true);
    expect(open.some((t) => !t.pending)).toBe(true);
    const byId = (id: string) => `/api/v3/traces?trace_id=${encodeURIComponent(id)}&include_actions=true`;
    for (const { trace_id } of open) {
      expect(await text(t.cached, byId(trace_id))).toBe(await text(t.plain, byId(trace_id)));
      expect(await text(t.cached, byId(trace_id))).toBe(await text(t.plain, byId(trace_id)));
    }
    expect(open.filter(({ trace_id }) => keysOf(traces).some((k) => k.startsWith(`${trace_id}|`)))).toEqual([]);
    // a pending trace completes, in a masterchain block that a later one follows: served as it is now, then kept
    const [pending] = open.filter((t) => t.pending);
    const before = await text(t.cached, byId(pending.trace_id));
    const [{ end }] = await t.db.writer.query<{ end: number | null }>('select mc_seqno_end as end from traces where trace_id = $1', [pending.trace_id]);
    await t.db.writer.query(`update traces set state = 'complete', mc_seqno_end = $2 where trace_id = $1`, [pending.trace_id, t.tip]);
    const removeBlock = await nextMasterchainBlock(t.db, t.masterchainTip, t.tip);
    try {
      const now = await text(t.plain, byId(pending.trace_id));
      expect(now).not.toBe(before);
      expect(await text(t.cached, byId(pending.trace_id))).toBe(now);
      expect(await text(t.cached, byId(pending.trace_id))).toBe(now);
      expect(keysOf(traces).some((k) => k.startsWith(`${pending.trace_id}|`))).toBe(true);
    } finally {
      await removeBlock();
      await t.db.writer.query(`update traces set state = 'pending', mc_seqno_end = $2 where trace_id = $1`, [pending.trace_id, end]);
    }
  });

  it('writes a final trace anew once the classifier has classified it (its row names another entry)', async () => {
    const [{ trace_id, state }] = await t.db.writer.query<{ trace_id: string; state: string | null }>(
      `select trace_id, classification_state as state from traces where state = 'complete' and mc_seqno_end < $1 order by nodes_ desc limit 1`,
      [t.tip],
    );
    const path = `/api/v3/traces?trace_id=${encodeURIComponent(trace_id)}&include_actions=true`;
    expect(await text(t.cached, path)).toBe(await text(t.plain, path));
    expect(await text(t.cached, path)).toBe(await text(t.plain, path));
    const next = state === 'ok' ? 'broken' : 'ok';
    await t.db.writer.query('update traces set classification_state = $2 where trace_id = $1', [trace_id, next]);
    try {
      const now = await text(t.plain, path);
      expect(JSON.parse(now).traces[0].trace_info.classification_state).toBe(next);
      expect(await text(t.cached, path)).toBe(now);
    } finally {
      await t.db.writer.query('update traces set classification_state = $2 where trace_id = $1', [trace_id, state]);
    }
  });
});

const keysOf = (cache: TraceJsonCache) => [...(cache as unknown as { lru: { keys(): Iterable<string> } }).lru.keys()];
