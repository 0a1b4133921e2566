import type { Database, Queryable } from './types';

/**
 * Reads spread over read-only replicas. Each request sticks to one replica (`session()`), so all its
 * statements see the same replication point; requests take turns across replicas.
 */
export function spreadReads(primary: Database, replicas: Database[]): Database {
  let turn = 0;
  const pick = () => replicas[turn++ % replicas.length];
  return {
    ...primary,
    query: (text, params) => pick().query(text, params),
    queryWithTimeout: (text, params, ms) => pick().queryWithTimeout(text, params, ms),
    session(): Queryable & Pick<Database, 'queryWithTimeout'> {
      const replica = pick();
      return { query: (text, params) => replica.query(text, params), queryWithTimeout: (text, params, ms) => replica.queryWithTimeout(text, params, ms) };
    },
    async close() {
      await Promise.all([primary, ...replicas].map((db) => db.close()));
    },
    poolStats() {
      const all = [primary, ...replicas].map((db) => db.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 });
      return all.reduce((a, b) => ({ total: a.total + b.total, idle: a.idle + b.idle, waiting: a.waiting + b.waiting }));
    },
  };
}
