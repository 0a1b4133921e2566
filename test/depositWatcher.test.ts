import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseFinalityWatcher } from '../src/live/dbWatcher';
import { availableBackends, createTestDatabase, type TestDatabase } from './helpers/databases';
import { eventually, startQuietLiveService } from './helpers/live';
import { completeTrace, depositTrace, indexBlock } from './helpers/liveLog';

const ACCOUNT = `0:${'D3'.repeat(32)}`;
const ROOT = path.resolve(__dirname, '..');

/** The example as a user runs it: its own process, its output read line by line. */
function runWatcher(baseUrl: string, stateFile: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/deposit-watcher.ts', ACCOUNT], {
    cwd: ROOT,
    env: { ...process.env, BASE_URL: baseUrl, STATE_FILE: stateFile },
  });
  const lines: string[] = [];
  const log: string[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr.on('data', (chunk) => log.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, lines, log, exited };
}

const stopProcess = async (w: { child: ChildProcess; exited: Promise<number | null> }) => {
  w.child.kill('SIGTERM');
  return w.exited;
};

const backend = (await availableBackends()).includes('postgres') ? 'postgres' : 'pglite';

describe(`the deposit watcher example (examples/deposit-watcher.ts), on ${backend}`, () => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    dir = mkdtempSync(path.join(tmpdir(), 'deposits-'));
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints every deposit once, in order, while blocks are indexed and both it and the service restart', async () => {
    // the first start takes any free port; a restart listens on it again, where the watcher reconnects
    let port = 0;
    let seqno = 500;
    await indexBlock(db.writer, seqno, [completeTrace('genesis', `0:${'0E'.repeat(32)}`, seqno)]);
    const deposits: string[] = [];
    const write = async (blocks: number) => {
      for (let i = 0; i < blocks; i++) {
        seqno += 1;
        const { trace, deposit } = depositTrace(`deposit ${seqno}`, ACCOUNT, seqno);
        // a block with a deposit and one with only unrelated traffic
        await indexBlock(db.writer, seqno, [trace, completeTrace(`noise ${seqno}`, `0:${'7A'.repeat(32)}`, seqno, 5000n)]);
        deposits.push(deposit);
      }
    };
    const serve = async () => {
      const service = await startQuietLiveService(db.reader, {}, port);
      port = Number(new URL(service.base).port);
      const watcher = new DatabaseFinalityWatcher(service.services, service.live.hub, { intervalMs: 50, maxBlocksPerPoll: 32 });
      await watcher.poll();
      watcher.start();
      return {
        service,
        stop: async () => {
          await watcher.stop();
          await service.close();
        },
      };
    };
    const printed = (runs: { lines: string[] }[]) => runs.flatMap((r) => r.lines).map((l) => /^deposit (\S+) /.exec(l)?.[1]);
    const stateFile = path.join(dir, 'state.json');

    let server = await serve();
    const base = server.service.base;
    const first = runWatcher(base, stateFile);
    await eventually(() => server.service.live.hub.followersOf(ACCOUNT) === 1, 20_000, 'the watcher subscribed');
    await write(3);
    await eventually(() => first.lines.length === 3, 10_000, 'three deposits printed');

    // the watcher restarts; deposits arrive meanwhile
    expect(await stopProcess(first)).toBe(0);
    await write(2);
    const second = runWatcher(base, stateFile);
    await eventually(() => second.lines.length === 2, 20_000, 'the two deposits made while it was down');

    // the service restarts; deposits arrive while it is down
    await server.stop();
    await write(2);
    server = await serve();
    await eventually(() => second.lines.length === 4, 20_000, 'the two deposits made while the service was down');
    await write(1);
    await eventually(() => second.lines.length === 5, 10_000, 'the next deposit');
    await new Promise((r) => setTimeout(r, 300));

    expect(printed([first, second])).toEqual(deposits);
    // and not thanks to the watcher's own memory: the service sent no deposit twice
    expect([...first.log, ...second.log].join('')).not.toMatch(/skipped/);
    expect(first.lines[0]).toMatch(new RegExp(`^deposit \\S+ \\d+ nanoton to ${ACCOUNT} from 0:(5E){32}`));
    await stopProcess(second);
    await server.stop();
  }, 120_000);
});
