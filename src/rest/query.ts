import { badInput } from '../errors';
import { printable } from '../params/checks';
import type { ParamSource, RouteParams } from '../params/spec';

/** toncenter's request-control parameters, accepted on every route. */
export const CONTROL_PARAMS = ['api_key', 'x_timeout', 'x_no_address_book', 'x_no_metadata'] as const;

/** The names a route's query string may hold: its own parameters and the control parameters. */
export const restParamNames = (route: RouteParams): string[] => [...Object.keys(route.params), ...CONTROL_PARAMS];

/** A checked query string as the source of `parseParams`: REST names, repeatable values comma-split. */
export const restSource = (query: QueryParams): ParamSource => ({
  name: (key) => key,
  single: (key) => query.single(key),
  list: (key) => query.list(key),
  values: (key) => query.values(key),
});

/**
 * A query string checked against the route's parameter list: unknown names and percent-encoding that is not
 * UTF-8 are rejected, so a misspelled filter can never return unfiltered data.
 */
export class QueryParams {
  private readonly byName = new Map<string, string[]>();

  constructor(rawQuery: string, allowed: readonly string[]) {
    for (const part of rawQuery.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      const name = decode(eq < 0 ? part : part.slice(0, eq));
      const value = eq < 0 ? '' : decode(part.slice(eq + 1));
      if (!allowed.includes(name)) {
        throw badInput(`unknown parameter "${printable(name)}"; allowed parameters: ${allowed.join(', ')}`);
      }
      const list = this.byName.get(name) ?? [];
      list.push(value);
      this.byName.set(name, list);
    }
  }

  /** A parameter that may appear at most once. */
  single(name: string): string | undefined {
    const list = this.byName.get(name);
    if (!list) return undefined;
    if (list.length > 1) throw badInput(`parameter "${name}" must be given once, got ${list.length} values`);
    return list[0];
  }

  /** A repeatable parameter's values as given (not comma-split). */
  values(name: string): string[] {
    return [...(this.byName.get(name) ?? [])];
  }

  /** A repeatable parameter; each value may also hold a comma-separated list. */
  list(name: string): string[] {
    return (this.byName.get(name) ?? []).flatMap((v) => v.split(','));
  }
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw badInput(`the query string is not valid percent-encoded UTF-8 near "${printable(text)}"`);
  }
}
