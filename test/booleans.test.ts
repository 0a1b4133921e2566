import { describe, expect, it } from 'vitest';
import { FALSE_SPELLINGS, TRUE_SPELLINGS } from '../src/params/boolean';
import { type Param, parseParams, type RouteParams } from '../src/params/spec';
import { OPENAPI } from '../src/rest/openapi';
import { REST_ROUTES } from '../src/rest/registry';
import { CONTROL_PARAMS, QueryParams, restParamNames, restSource } from '../src/rest/query';
import { readRequestSettings } from '../src/rest/requestSettings';
import { emptyService } from './helpers/emptyService';

// TON Center parses every boolean with Go's strconv.ParseBool: these twelve spellings, nothing else.
const SPELLINGS = [...TRUE_SPELLINGS.map((s) => [s, true] as const), ...FALSE_SPELLINGS.map((s) => [s, false] as const)];
const REFUSED = ['yes', 'no', 'on', 'tRuE', 'fALSE', ' true', '2', ''];

// every route's parameters, from the registry the router is made of
const routeParams: [string, RouteParams][] = REST_ROUTES.map((r) => [r.name, r.spec]);

const booleansOf = (route: RouteParams) => Object.keys(route.params).filter((key) => route.params[key].kind === 'boolean');

/** A valid value of a parameter, for the ones a request needs. */
function sample(p: Param): string {
  switch (p.kind) {
    case 'integer':
      return String(p.default ?? p.min);
    case 'enum':
      return p.default ?? Object.keys(p.values)[0];
    case 'address':
    case 'addressList':
      return `0:${'A'.repeat(64)}`;
    case 'hash':
    case 'hashList':
      return 'A'.repeat(64);
    case 'shard':
      return '8000000000000000';
    case 'opcode':
      return '0x1';
    case 'boolean':
      return 'true';
    case 'stringList':
      return 'latest';
    default:
      return '1';
  }
}

/** The least query string a route accepts: its required parameters and one of each group that must be given. */
function baseQuery(route: RouteParams, without: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, p] of Object.entries(route.params)) if (p.required !== undefined) query[key] = sample(p);
  for (const group of [...(route.exactlyOne ?? []), ...(route.atLeastOne ?? [])]) {
    if (!group.some((key) => key in query)) {
      const key = group.find((k) => k !== without)!;
      query[key] = sample(route.params[key]);
    }
  }
  delete query[without];
  return query;
}

const queryString = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');

/**
 * Each REST path answering GET with the parameter description it serves: the route of that path, whose names must be
 * the path's route parameters (routes of the same names, such as addressBook's and nft/sales' `address`, are told
 * apart by path). A POST-only route takes its request as a JSON body, no query parameters of its own.
 */
const paths = Object.entries(OPENAPI.paths).flatMap(([path, item]) => {
  if (!item.get) return [];
  const parameters = (item.get as { parameters: { name: string; schema: { type?: unknown } }[] }).parameters;
  const own = parameters.map((p) => p.name).filter((name) => !(CONTROL_PARAMS as readonly string[]).includes(name));
  const match = routeParams.find(([name, route]) => path.endsWith(`/${name}`) && Object.keys(route.params).sort().join() === [...own].sort().join());
  const booleans = parameters.filter((p) => p.schema.type === 'boolean').map((p) => p.name);
  return [{ path, route: match?.[1], booleans }];
});

describe("booleans, in TON Center's vocabulary", () => {
  it('every boolean of every route description takes the twelve spellings with their value and refuses any other, naming the parameter', () => {
    const seen: string[] = [];
    for (const [name, route] of routeParams) {
      for (const key of booleansOf(route)) {
        seen.push(`${name}.${key}`);
        const parse = (value: string) =>
          parseParams(route, restSource(new QueryParams(queryString({ ...baseQuery(route, key), [key]: value }), restParamNames(route))));
        for (const [spelling, value] of SPELLINGS) expect((parse(spelling) as Record<string, unknown>)[key], `${name}.${key}=${spelling}`).toBe(value);
        for (const bad of REFUSED) {
          expect(() => parse(bad), `${name}.${key}=${bad}`).toThrow(`parameter "${key}" must be true or false, got "${bad}"`);
        }
      }
    }
    expect(seen).toEqual(expect.arrayContaining(['traces.include_actions', 'messages.exclude_externals', 'actions.include_transactions']));
  });

  it('so does every control setting, as a query parameter or a header', () => {
    const controls = paths[0].booleans.filter((name) => (CONTROL_PARAMS as readonly string[]).includes(name));
    expect(controls).toEqual(['x_no_address_book', 'x_no_metadata']);
    const field = { x_no_address_book: 'noAddressBook', x_no_metadata: 'noMetadata' } as const;
    for (const name of controls as (keyof typeof field)[]) {
      const header = name.replace(/_/g, '-');
      for (const [spelling, value] of SPELLINGS) {
        expect(readRequestSettings(new QueryParams(`${name}=${spelling}`, [name]), {})[field[name]], `${name}=${spelling}`).toBe(value);
        expect(readRequestSettings(new QueryParams('', []), { [header]: spelling })[field[name]], `${header}: ${spelling}`).toBe(value);
      }
      for (const bad of REFUSED.filter(Boolean)) {
        expect(() => readRequestSettings(new QueryParams(`${name}=${encodeURIComponent(bad)}`, [name]), {})).toThrow(
          `parameter "${name}" must be true or false, got "${bad}"`,
        );
      }
    }
  });

  describe('on the wire, for every boolean parameter of every REST route', () => {
    const service = emptyService();

    it('accepts the twelve spellings and answers 422 naming the parameter for any other', async () => {
      for (const { path, route } of paths) expect(route, `${path} has a parameter description`).toBeDefined();
      for (const { path, route, booleans } of paths) {
        for (const name of booleans) {
          const url = (value: string) => `${path}?${queryString({ ...baseQuery(route!, name), [name]: value })}`;
          for (const [spelling] of SPELLINGS) {
            const res = await service.get(url(spelling));
            expect(res.status, `${url(spelling)}: ${await res.text()}`).not.toBe(422);
          }
          const refused = await service.get(url('yes'));
          expect(refused.status, url('yes')).toBe(422);
          expect(await refused.json()).toEqual({ error: `parameter "${name}" must be true or false, got "yes"`, code: 422 });
        }
      }
    }, 120_000);
  });
});
