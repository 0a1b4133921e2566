import type { Constraint, NatExpr } from './tlbAst.js';

/** The values of a constructor's natural variables, as far as they are known. */
export type Env = Record<string, number>;

/** A natural expression's value; undefined while a variable it names is unbound. */
export function evalNat(e: NatExpr, env: Env): number | undefined {
  switch (e.k) {
    case 'num':
      return e.v;
    case 'var':
      return env[e.name];
    default: {
      const a = evalNat(e.a, env);
      const b = evalNat(e.b, env);
      if (a === undefined || b === undefined) return undefined;
      return e.k === 'add' ? a + b : a * b;
    }
  }
}

/** Whether a constraint holds; one that cannot be evaluated yet holds. */
export function holds(c: Constraint, env: Env): boolean {
  const a = evalNat(c.a, env);
  const b = evalNat(c.b, env);
  if (a === undefined || b === undefined) return true;
  switch (c.op) {
    case '<=':
      return a <= b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '>':
      return a > b;
    default:
      return a === b;
  }
}
