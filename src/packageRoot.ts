import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The directory that holds package.json: the one rule by which the code finds the package's own files (demo/,
 * src/db/schema.sql, src/db/pglite.worker.js), whether it runs from src/ (tsx, vitest, the tests) or bundled into
 * dist/ (`npm start`), where the depth of a module below the root is not the same.
 */
export const PACKAGE_ROOT = findRoot(import.meta.dirname);

/** A file or directory of the package, by its path from the root (`packagePath('demo')`). */
export const packagePath = (...parts: string[]) => path.join(PACKAGE_ROOT, ...parts);

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json in ${from} or above it`);
  }
}
