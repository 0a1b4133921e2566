import { expandActionTypes } from '../actions/supported';
import { SUPPORTED_ACTION_TYPES } from '../params/common';
import { bounds, graphqlName, stringListOf, type IntegerParam, type Param, type RouteParams } from '../params/spec';
import type { builder } from './builder';
import { MessageDirection, SortOrder, TransferDirection } from './types/enums';

type ArgBuilder = Parameters<Parameters<typeof builder.queryFields>[0]>[0]['arg'];

/** The GraphQL enums route parameters take, by name (each built from its parameter's values). */
const ENUMS = { [SortOrder.name]: SortOrder, [MessageDirection.name]: MessageDirection, [TransferDirection.name]: TransferDirection };

function described(route: RouteParams, key: string, p: Param): string {
  const shown = bounds(p);
  const selector = route.exactlyOne?.find((group) => group.includes(key));
  return [
    p.description,
    shown && `${shown[0].toUpperCase()}${shown.slice(1)}.`,
    selector && `Give exactly one of ${selector.map((k) => `\`${graphqlName(k)}\``).join(', ')}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

function argOf(arg: ArgBuilder, p: Param, description: string) {
  switch (p.kind) {
    case 'integer':
      return p.graphqlType === 'UInt32'
        ? arg({ type: 'UInt32', required: p.required !== undefined, defaultValue: p.default, description })
        : arg.int({ required: p.required !== undefined, defaultValue: p.default, description });
    case 'enum': {
      const type = ENUMS[p.graphqlEnum.name];
      if (!type) throw new Error(`no GraphQL enum ${p.graphqlEnum.name} for a route parameter`);
      return arg({ type, defaultValue: p.default, description });
    }
    case 'address':
    case 'hash':
    case 'string':
    case 'opcode':
    case 'shard':
      return arg.string({ required: p.required !== undefined, description });
    case 'boolean':
      return arg.boolean({ description });
    case 'lt':
      return arg({ type: 'BigInt', description });
    case 'utime':
      return arg({ type: 'UInt32', description });
    case 'addressList':
    case 'hashList':
    case 'stringList':
      return arg.stringList({ required: p.required !== undefined, description });
  }
}

/**
 * A route's parameters as GraphQL arguments, in camelCase, with the same bounds and defaults as REST; `except`
 * leaves some out (a connection pages with its own arguments instead of `limit`, `offset` and `sort`).
 */
export const routeArgs = (arg: ArgBuilder, route: RouteParams, except: readonly string[] = []) =>
  Object.fromEntries(
    Object.entries(route.params)
      .filter(([key]) => !except.includes(key))
      .map(([key, p]) => [graphqlName(key), argOf(arg, p, described(route, key, p))]),
  );

/** The REST paging parameters a connection replaces with `first`/`after`, `last`/`before`. */
export const OFFSET_PAGING = ['limit', 'offset', 'sort'] as const;

/** A route field's cost multiplier: its `limit` argument, or the route's default limit. */
export const limitComplexity = (route: RouteParams) => (args: Record<string, unknown>) => ({
  field: 1,
  multiplier: Math.max(1, Number(args.limit ?? (route.params.limit as IntegerParam | undefined)?.default ?? 1)),
});

/** A list field's cost multiplier where it returns an entry per address asked for (its `address` list argument). */
export const perAddressComplexity = (args: Record<string, unknown>) => ({
  field: 1,
  multiplier: Math.max(1, (args.address as unknown[] | null | undefined)?.length ?? 1),
});

/** The description of a field's own `supportedActionTypes` argument, its bound as the routes show it. */
export const SUPPORTED_ACTION_TYPES_ARG = `${SUPPORTED_ACTION_TYPES.description} At most ${SUPPORTED_ACTION_TYPES.max}.`;

/** A field's own `supportedActionTypes` argument, checked and capped as the routes' parameter; undefined when not given. */
export const supportedActionTypesArg = (values: readonly string[] | null | undefined): ReadonlySet<string> | undefined =>
  values === null || values === undefined ? undefined : expandActionTypes(stringListOf('supportedActionTypes', values, SUPPORTED_ACTION_TYPES.max));
