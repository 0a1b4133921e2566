import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirBusyError extends Error {}

const held = new Set<string>();

/**
 * PGlite keeps its files in one directory and must not be opened by two processes at once (the server and
 * an import, say). A pid file guards the directory; a stale one left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): void {
  const file = path.join(dataDir, '.tonql.lock');
  if (held.has(file)) return;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      process.once('exit', () => {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirBusyError(`the data directory ${dataDir} is in use by process ${pid}; stop it first (PGlite allows one process)`);
      }
      unlinkSync(file);
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
