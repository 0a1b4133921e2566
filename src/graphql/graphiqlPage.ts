import type { GraphiQLOptions } from 'graphql-yoga';
import { escapeHtml } from '../http/html';
import { assetUrl } from '../http/graphiqlAssets';

// JSON inside a <script>: no "</script>" or "<!--" can close or confuse it.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** GraphiQL's page, every asset from this service (see http/graphiqlAssets.ts). */
export function renderGraphiQLPage(opts: GraphiQLOptions): string {
  const workers = { editorWorkerService: assetUrl('editor.worker.js'), json: assetUrl('json.worker.js'), graphql: assetUrl('graphql.worker.js') };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(opts.title ?? 'GraphiQL')}</title>
    <link rel="icon" href="${assetUrl('favicon.ico')}" />
    <link rel="stylesheet" href="${assetUrl('graphiql.css')}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript. Queries can also be sent with curl: POST /graphql {"query": "..."}.</noscript>
    <div id="root"></div>
    <script>
      const workers = ${scriptJson(workers)};
      self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (moduleId, label) => new URL(workers[label], document.baseURI).href };
    </script>
    <script src="${assetUrl('graphiql.js')}"></script>
    <script>YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), ${scriptJson(opts)});</script>
  </body>
</html>
`;
}
