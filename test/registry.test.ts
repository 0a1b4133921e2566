import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/http/html';
import { routeLabel } from '../src/http/metrics';
import { OPENAPI, operationOf } from '../src/rest/openapi';
import { API_PREFIX, DOCS_PATH, methodsLabel, OPENAPI_PATH, REST_ROUTES } from '../src/rest/registry';
import { emptyService } from './helpers/emptyService';

const paths = REST_ROUTES.map((r) => `${API_PREFIX}${r.name}`);

describe('the REST route registry', () => {
  const service = emptyService();

  it('names each route once', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('is what the router answers: every route is served, nothing else is', async () => {
    for (const path of paths) {
      const body = await (await service.get(path)).text();
      expect(body, path).not.toMatch(/no route/);
    }
    const missing = await (await service.get(`${API_PREFIX}nothing`)).json();
    expect(missing.error).toBe(`no route ${API_PREFIX}nothing; available: ${paths.join(', ')}`);
  });

  it('is what OpenAPI describes, in the same order', () => {
    expect(Object.keys(OPENAPI.paths)).toEqual(paths);
    for (const r of REST_ROUTES) expect(operationOf(OPENAPI.paths[`${API_PREFIX}${r.name}`]).operation.operationId).toBe(r.name);
  });

  it('gives every route, the OpenAPI document and the docs page a /metrics label of its own', () => {
    for (const path of [...paths, OPENAPI_PATH, DOCS_PATH]) expect(routeLabel(path)).toBe(path);
    expect(routeLabel(`${API_PREFIX}nothing`)).toBe('other');
  });

  it('is what the docs page documents, with the error examples each route lists', async () => {
    const page = await (await service.get(DOCS_PATH)).text();
    for (const r of REST_ROUTES) {
      expect(page).toContain(`<section id="${r.name}"><h2>${methodsLabel(r)} <code>${API_PREFIX}${r.name}</code></h2>`);
      for (const query of r.errors) expect(page).toContain(`<code>${escapeHtml(`${API_PREFIX}${r.name}${query === '' ? '' : `?${query}`}`)}</code> → `);
    }
  });

  it('counts requests to every route under its own label', async () => {
    const metrics = await (await service.get('/metrics')).text();
    for (const path of paths) expect(metrics).toContain(`tonql_http_requests_total{route="${path}",method="GET",status=`);
  });
});
