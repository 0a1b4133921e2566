import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the service's entry point as `npm start` does, in a process of its own, with only `env` laid over a
 * clean environment (no DATABASE_URL, no REDIS_URL unless given); resolves once it logs its port.
 */
export function startMain(env: Record<string, string>): Promise<{ base: string; output: () => string; stop: () => Promise<number | null> }> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, LIVE_DEMO: _demo, ...inherited } = process.env;
  // node itself, not the tsx CLI: a signal reaches the service directly, not relayed (through the CLI, one stop
  // under a loaded test run ended with 130, the code of a process killed by SIGINT)
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0', '--host', '127.0.0.1'], { cwd: ROOT, env: { ...inherited, ...env } });
  let out = '';
  child.stderr.on('data', (chunk) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /"port":(\d+)/.exec(out);
      if (match) {
        resolve({
          base: `http://127.0.0.1:${match[1]}`,
          output: () => out,
          stop: () =>
            new Promise((done) => (child.exitCode !== null ? done(child.exitCode) : (child.once('exit', (code) => done(code)), child.kill('SIGINT')))),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}
