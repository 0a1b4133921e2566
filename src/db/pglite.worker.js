// The thread the embedded database runs on (see pgliteThread.ts). Plain JavaScript: Node 20 cannot start a
// worker from a TypeScript file without a loader, and this file must run under tsx, vitest and node alike.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const INT8 = 20;
const keepText = (value) => value;
// PGlite runs PostgreSQL's default of 128 MB of shared buffers inside its WebAssembly memory, which never
// shrinks: 32 MB holds the demo set several times over and takes about 110 MB off the process's RSS (the
// files still come from the operating system's page cache).
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** An error as plain fields: structured cloning would keep only the message of PGlite's DatabaseError. */
function fields(err) {
  const out = { message: String(err?.message ?? err) };
  for (const [key, value] of Object.entries(err ?? {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

async function run(db, { op, text, params, data }) {
  if (op === 'query') return (await db.query(text, params)).rows;
  if (op === 'exec') await db.exec(text);
  else if (op === 'copy') await db.query(text, [], { blob: new Blob([data]) });
  else if (op === 'close') await db.close();
  return undefined;
}

try {
  const db = await PGlite.create({ dataDir: workerData.dataDir, parsers: { [INT8]: keepText }, startParams: START_PARAMS });
  for (const sql of workerData.setup) await db.exec(sql);
  parentPort.on('message', async (request) => {
    try {
      parentPort.postMessage({ id: request.id, rows: await run(db, request) });
    } catch (err) {
      parentPort.postMessage({ id: request.id, error: fields(err) });
    }
  });
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: fields(err) });
}
