import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { sendError } from '../rest/respond';
import { notFound } from '../errors';

export const GRAPHIQL_ASSETS = '/graphiql/';

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

let loading: Promise<Map<string, Asset>> | undefined;

/**
 * GraphiQL's code, styles and editor workers, served by the service itself from the npm package (no CDN, so it
 * works behind firewalls and offline). Loaded (about 9 MB) and compressed once, on first use.
 */
function assets(): Promise<Map<string, Asset>> {
  loading ??= import('@graphql-yoga/render-graphiql/graphiql').then((m) => {
    const js = 'text/javascript; charset=utf-8';
    const files: [string, string, string | Buffer][] = [
      ['graphiql.js', js, m.js],
      ['graphiql.css', 'text/css; charset=utf-8', m.css],
      ['editor.worker.js', js, m.editorWorkerService],
      ['json.worker.js', js, m.jsonWorker],
      ['graphql.worker.js', js, m.graphqlWorker],
      ['favicon.ico', 'image/x-icon', Buffer.from(m.favicon.slice(m.favicon.indexOf(',') + 1), 'base64')],
    ];
    return new Map(
      files.map(([name, type, content]) => {
        const body = Buffer.from(content);
        return [name, { type, body, gzip: gzipSync(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }];
      }),
    );
  });
  return loading;
}

/** The page's script tags and Monaco's worker URLs, relative to /graphql so a path prefix in front still works. */
export const assetUrl = (name: string) => `${GRAPHIQL_ASSETS.slice(1)}${name}`;

export async function serveGraphiQLAsset(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
  const asset = (await assets()).get(name);
  if (!asset) return sendError(req, res, notFound(`no GraphiQL asset ${name}`));
  const headers: Record<string, string> = { 'Content-Type': asset.type, ETag: asset.etag, 'Cache-Control': 'public, max-age=86400', Vary: 'Accept-Encoding' };
  if (req.headers['if-none-match'] === asset.etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? asset.gzip : asset.body;
  res.writeHead(200, { ...headers, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}), 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}
