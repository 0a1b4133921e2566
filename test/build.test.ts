import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BLOCK = '/api/v3/transactionsByMasterchainBlock?seqno=53251232&limit=100';
const START = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start as string;

/**
 * `npm start` as package.json has it, in a copy of the package: run by the shell as npm would, but exec'd so that
 * the signal reaches the service (npm itself does not pass SIGTERM through its shell).
 */
async function npmStart(pkg: string) {
  const child = spawn('sh', ['-c', `exec ${START} "$@"`, 'sh', '--port', '0', '--host', '127.0.0.1'], {
    cwd: pkg,
    env: { ...process.env, DATA_DIR: path.join(pkg, 'data'), DATABASE_URL: '', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '0' },
  });
  let stderr = '';
  let out = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const port = /"port":(\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}${out}`)));
  });
  return {
    base,
    stderr: () => stderr,
    /** The service's child processes (Linux): none, esbuild's service included once a build is done. */
    children: () => readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim(),
    stop: () => (child.kill('SIGTERM'), exited),
  };
}

async function blockPage(base: string) {
  const res = await fetch(`${base}${BLOCK}`);
  expect(res.status).toBe(200);
  return (await res.json()).transactions.length;
}

describe('the production build (npm start runs dist/, built from src/ when missing or stale)', () => {
  // A copy of the package as a fresh clone has it (no dist/), so that the test can change its sources.
  const pkg = mkdtempSync(path.join(tmpdir(), 'tonql-build-'));
  beforeAll(() => {
    for (const entry of ['src', 'scripts', 'package.json', 'tsconfig.json']) cpSync(path.join(ROOT, entry), path.join(pkg, entry), { recursive: true });
    for (const entry of ['node_modules', 'demo']) symlinkSync(path.join(ROOT, entry), path.join(pkg, entry));
  });
  afterAll(() => rmSync(pkg, { recursive: true, force: true }));

  it('builds on the first start and serves the demo data (schema, worker and demo files found from dist/)', async () => {
    expect(existsSync(path.join(pkg, 'dist'))).toBe(false);
    const service = await npmStart(pkg);
    try {
      expect(service.stderr()).toMatch(/dist\/ is missing: building… built in \d+ ms/);
      expect(service.children()).toBe('');
      expect(await blockPage(service.base)).toBe(20);
      const res = await fetch(`${service.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ transactionsByMasterchainBlock(seqno: 53251232, limit: 3) { hash inMsg { value } } }' }),
      });
      expect((await res.json()).data.transactionsByMasterchainBlock).toHaveLength(3);
    } finally {
      expect(await service.stop()).toBe(0);
    }
    for (const file of ['main.js', 'cli.js', 'build-stamp']) expect(existsSync(path.join(pkg, 'dist', file))).toBe(true);
    const cli = spawnSync(process.execPath, ['dist/cli.js', '--help'], { cwd: pkg, encoding: 'utf8' });
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain('migrate');
  }, 180_000);

  it('reuses a current build, and rebuilds one whose sources changed', async () => {
    const again = await npmStart(pkg);
    try {
      expect(again.stderr()).not.toContain('building');
      expect(await blockPage(again.base)).toBe(20);
    } finally {
      expect(await again.stop()).toBe(0);
    }

    appendFileSync(path.join(pkg, 'src/main.ts'), "\nconsole.error('started from the changed source');\n");
    const changed = await npmStart(pkg);
    try {
      expect(changed.stderr()).toMatch(/the sources changed since dist\/ was built: building… built in \d+ ms/);
      expect(changed.stderr()).toContain('started from the changed source');
      expect(await blockPage(changed.base)).toBe(20);
    } finally {
      expect(await changed.stop()).toBe(0);
    }
  }, 180_000);
});
