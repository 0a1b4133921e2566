import type { Examples } from '../data/examples';
import { escapeHtml } from './html';
import { exampleUrls } from '../rest/docsPage';
import { OPENAPI, operationOf } from '../rest/openapi';

/** What `/` lists: where each door is, and a request that answers on this database for each route. */
export function serviceIndex(ex: Examples) {
  const examples = exampleUrls(ex);
  return {
    service: 'tonql',
    graphql: '/graphql',
    rest: Object.entries(OPENAPI.paths).map(([path, item]) => {
      const { operation, methods } = operationOf(item);
      return { path, methods, summary: operation.summary, example: examples[path]?.[0]?.url ?? null };
    }),
    docs: '/api/v3/docs',
    openapi: '/api/v3/openapi.json',
    operations: ['/health', '/ready', '/healthcheck', '/metrics'],
  };
}

export function indexPage(ex: Examples): string {
  const index = serviceIndex(ex);
  const routes = index.rest
    .map(
      (r) =>
        `<li><code>${escapeHtml(r.methods.replace(' and ', ', '))} ${escapeHtml(r.path)}</code>: ${escapeHtml(r.summary)}${r.example ? ` (<a href="${escapeHtml(r.example)}">try it</a>)` : ''}</li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tonql</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2em auto;padding:0 1em;line-height:1.5}code{background:#f4f4f4;padding:0 3px}</style></head>
<body><h1>tonql</h1><p>TON traces and transactions, from a ton-indexer database.</p>
<ul>
<li><a href="/graphql">GraphQL</a>: GraphiQL in a browser, with examples that run as they are; nested queries in one round trip.</li>
<li><a href="/api/v3/docs">REST, TON Center v3 compatible</a>: every route with its parameters and example requests; <a href="/api/v3/openapi.json">OpenAPI</a>.</li>
</ul>
<h2>REST routes</h2><ul>${routes}</ul>
<h2>Operations</h2><p>${index.operations.map((p) => `<a href="${p}"><code>${p}</code></a>`).join(' · ')}</p>
</body></html>`;
}
