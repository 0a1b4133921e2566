import type { CacheFigures } from '../memo';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Services } from '../context';
import { logDropped } from '../log';
import { REST_PATHS } from '../rest/registry';

/** Prometheus metrics of one service instance. Labels are bounded: routes and root fields come from a fixed set. */
export function createMetrics(services: Services) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(logDropped.lines);
  registry.registerMetric(logDropped.bytes);
  const requests = new Counter({
    name: 'tonql_http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tonql_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const graphqlOperations = new Counter({
    name: 'tonql_graphql_operations_total',
    help: 'GraphQL operations by type and first root field',
    labelNames: ['type', 'field'],
    registers: [registry],
  });
  const graphqlRequests = new Counter({
    name: 'tonql_graphql_requests_total',
    help: "GraphQL HTTP requests by path: plain (queries run without yoga's HTTP layer) or yoga",
    labelNames: ['path'],
    registers: [registry],
  });
  new Gauge({
    name: 'tonql_db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = services.db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  /** A cache's entries, bytes, hits and misses, one gauge with a `figure` label. */
  const cacheGauge = (name: string, help: string, cache: () => CacheFigures | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['figure'],
      registers: [registry],
      collect() {
        const c = cache();
        if (!c) return;
        this.set({ figure: 'entries' }, c.size.entries);
        this.set({ figure: 'bytes' }, c.size.bytes);
        this.set({ figure: 'hits' }, c.hits);
        this.set({ figure: 'misses' }, c.misses);
      },
    });
  cacheGauge('tonql_page_cache', 'Cache of finalized pages: entries, bytes, hits, misses', () => services.pageCache);
  cacheGauge('tonql_transaction_cache', "Cache of finalized transactions' response JSON: entries, bytes, hits, misses", () => services.transactionCache);
  cacheGauge(
    'tonql_trace_tree_cache',
    "Cache of final traces' trees for GraphQL navigation: entries, estimated bytes, hits, misses",
    () => services.traceTrees,
  );
  cacheGauge(
    'tonql_address_book_cache',
    'Cache of address-book entries of the current masterchain tip: entries, bytes, hits, misses',
    () => services.addressBookCaches?.book,
  );
  cacheGauge(
    'tonql_metadata_cache',
    'Cache of metadata rows of the current masterchain tip: entries, bytes, hits, misses',
    () => services.addressBookCaches?.metadata,
  );
  cacheGauge(
    'tonql_page_key_cache',
    'Cache of the transactions /transactions pages list, as of the current masterchain tip: entries, bytes, hits, misses',
    () => services.pageKeys,
  );
  cacheGauge('tonql_trace_cache', "Cache of final traces' response JSON: entries, bytes, hits, misses", () => services.traceJson);
  new Gauge({
    name: 'tonql_requests_queued',
    help: 'Requests waiting for a slot to build their response',
    registers: [registry],
    collect() {
      this.set(services.limiter?.queued ?? 0);
    },
  });
  new Gauge({
    name: 'tonql_requests_refused',
    help: 'Requests answered 503 because the queue was full or their wait too long, since start',
    registers: [registry],
    collect() {
      this.set(services.limiter?.refused ?? 0);
    },
  });
  new Gauge({
    name: 'tonql_db_source',
    help: 'Read sources (primary and replicas): up (1 serving, 0 down or lagging), replay lag in ms, newest masterchain block',
    labelNames: ['source', 'figure'],
    registers: [registry],
    collect() {
      for (const s of services.db.states ?? []) {
        this.set({ source: s.name, figure: 'up' }, s.state === 'up' ? 1 : 0);
        if (s.lagMs !== null) this.set({ source: s.name, figure: 'lag_ms' }, s.lagMs);
        if (s.tip !== null) this.set({ source: s.name, figure: 'masterchain_seqno' }, s.tip);
      }
    },
  });
  new Gauge({
    name: 'tonql_live_events',
    help: 'Live events: subscribers now; events published, delivered to subscriber queues, and lost by subscribers too slow to read them; replays of the log (resumes, refills after a gap) and the finalized events they told, since start; replay steps reading now and waiting their turn (LIVE_RESUME_CONCURRENCY)',
    labelNames: ['figure'],
    registers: [registry],
    collect() {
      const live = services.live;
      if (!live) return;
      const hub = live.hub;
      const stats = hub.stats;
      this.set({ figure: 'subscribers' }, hub.subscriberCount);
      this.set({ figure: 'published' }, stats.published);
      this.set({ figure: 'delivered' }, stats.delivered);
      this.set({ figure: 'dropped' }, stats.dropped);
      this.set({ figure: 'replays' }, stats.replays);
      this.set({ figure: 'replayed' }, stats.replayed);
      this.set({ figure: 'replay_steps_running' }, live.replaySteps.activeCount);
      this.set({ figure: 'replay_steps_waiting' }, live.replaySteps.pendingCount);
    },
  });
  return { registry, requests, duration, graphqlOperations, graphqlRequests };
}

export type Metrics = ReturnType<typeof createMetrics>;

const KNOWN = new Set([...REST_PATHS, '/api/streaming/v2/sse', '/api/streaming/v2/ws', '/graphql', '/metrics', '/health', '/healthcheck', '/ready', '/']);

/** The route label: a known path, or "other" so arbitrary URLs cannot grow the label set. */
export const routeLabel = (path: string) => (KNOWN.has(path) ? path : 'other');
