// `npm start` and `npm run cli`: `node scripts/run.js main|cli [arguments]` builds dist/ when it is missing or
// stale (scripts/build.js), then runs dist/<entry>.js in this same process: plain JavaScript, no loader. Only a
// build loads esbuild; a current build costs one hash of the sources (a few milliseconds).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ensureBuilt } from './build.js';

const entry = process.argv[2];
if (entry !== 'main' && entry !== 'cli') {
  console.error('usage: node scripts/run.js main|cli [arguments]');
  process.exit(2);
}
// The entry reads its own arguments from process.argv, as if it had been started itself.
process.argv.splice(2, 1);
await ensureBuilt();
await import(pathToFileURL(path.join(DIST, `${entry}.js`)).href);
