import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Queryable } from '../../src/db/types';

/** Wraps a database so a test can count (and read) the SQL statements the code under test runs. */
export function countingDatabase(db: Database) {
  const counter = { statements: 0, texts: [] as string[], params: [] as (readonly unknown[] | undefined)[] };
  const wrapped: Database = {
    ...db,
    kind: db.kind,
    query(text, params) {
      counter.statements += 1;
      counter.texts.push(text);
      counter.params.push(params);
      return db.query(text, params);
    },
    queryWithTimeout(text, params, ms) {
      counter.statements += 1;
      counter.texts.push(text);
      counter.params.push(params);
      return db.queryWithTimeout(text, params, ms);
    },
  };
  return { db: wrapped, counter };
}

/**
 * Wraps a database so a test can see how many request contexts (each `session()` the code under test opens, one
 * per request context) have a statement in flight at once, hold every statement at a gate, and tell the
 * statements made inside a scope (`scope.run`) from the others.
 */
export function contextsDatabase(db: Database) {
  const scope = new AsyncLocalStorage<true>();
  const running = new Map<number, number>();
  let gate: { closed: Promise<void>; open: () => void } | undefined;
  const seen = {
    /** The most contexts with a statement in flight at once (held at the gate included). */
    maxContexts: 0,
    statements: 0,
    /** The statements made outside the scope. */
    outside: [] as string[],
  };
  let next = 0;
  const wrap = (target: Queryable & Pick<Database, 'queryWithTimeout'>, context: number) => {
    const run = async <R>(text: string, go: () => Promise<R>) => {
      seen.statements += 1;
      if (!scope.getStore()) seen.outside.push(text);
      running.set(context, (running.get(context) ?? 0) + 1);
      seen.maxContexts = Math.max(seen.maxContexts, running.size);
      try {
        await gate?.closed;
        return await go();
      } finally {
        const left = running.get(context)! - 1;
        if (left === 0) running.delete(context);
        else running.set(context, left);
      }
    };
    return {
      catchUp: target.catchUp?.bind(target),
      query: <R>(text: string, params?: readonly unknown[]) => run(text, () => target.query<R>(text, params)),
      queryWithTimeout: <R>(text: string, params: readonly unknown[] | undefined, ms: number) => run(text, () => target.queryWithTimeout<R>(text, params, ms)),
    };
  };
  const wrapped: Database = {
    ...db,
    kind: db.kind,
    ...wrap(db, -1),
    session: () => wrap(db.session?.() ?? db, next++),
  };
  return {
    db: wrapped,
    scope,
    seen,
    /** Forgets what was seen so far (a test's setup). */
    reset() {
      Object.assign(seen, { maxContexts: running.size, statements: 0, outside: [] });
    },
    /** Contexts with a statement in flight now. */
    contexts: () => running.size,
    /** Holds every statement from now on until `open`. */
    hold() {
      let open!: () => void;
      const closed = new Promise<void>((resolve) => (open = resolve));
      gate = { closed, open };
    },
    open() {
      gate?.open();
      gate = undefined;
    },
  };
}
