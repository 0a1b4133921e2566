// npm run bench:startup: start time and memory of the service process, per way of starting it, on the embedded
// default (PGlite in a data directory). Each run spawns a fresh process and measures, from just before spawn: the
// "listening" log line, the first 200 of /api/v3/transactionsByMasterchainBlock?seqno=53251232 (fetched as soon as
// it listens), the RSS of the process that listens at that moment, and its RSS and peak RSS after a fixed round of
// requests. "tree" is the RSS summed over every process the command started (a launcher that stays, such as the
// tsx CLI or npm, counts there). Runs of the modes are interleaved so that noise falls on each alike.
//
//   npm run bench:startup -- [--runs 5] [--modes tsx,built,start,npm] [--requests 200] [--data-dir DIR] [--first 3]
//   npm run bench:startup -- --database-url postgres://…   # PostgreSQL instead (holding the demo set: see BENCHMARKS.md)
//
// --data-dir: an existing directory (default: one made and filled by a first start that is not counted);
// --first N: also N first starts per mode, each on a new empty directory (the demo set is loaded);
// --before DIR: also modes before-tsx and before-npm, the same from another checkout (see BENCHMARKS.md).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const BLOCK = '/api/v3/transactionsByMasterchainBlock?seqno=53251232';
const ACCOUNT = '0:B9A7DCE19431B56044254C69858E8DC11FEC5C0761DED415E386FBE4B4E116F5';

/** Ways of starting the service: the command and its arguments (flags for the service are appended). */
const MODES: Record<string, { command: string[]; what: string; prepare?: () => void; cwd?: string }> = {
  tsx: {
    command: [path.join(ROOT, 'node_modules/.bin/tsx'), 'src/main.ts'],
    what: 'tsx src/main.ts (the tsx CLI and its node child; `npm start` before the build)',
  },
  built: { command: [process.execPath, 'dist/main.js'], what: 'node dist/main.js (the bundle, no check)' },
  start: {
    command: [process.execPath, 'scripts/run.js', 'main'],
    what: 'node scripts/run.js main (`npm start` without npm: checks the build, then imports dist/main.js)',
  },
  'start-stale': {
    command: [process.execPath, 'scripts/run.js', 'main'],
    what: 'the same with dist/build-stamp removed first: a build, then the start',
    prepare: () => rmSync(path.join(ROOT, 'dist/build-stamp'), { force: true }),
  },
  npm: { command: ['npm', 'start', '--silent', '--'], what: 'npm start (whatever package.json says, npm included)' },
};

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    modes: { type: 'string', default: 'tsx,built,start,npm' },
    requests: { type: 'string', default: '200' },
    'data-dir': { type: 'string' },
    first: { type: 'string', default: '0' },
    'database-url': { type: 'string' },
    before: { type: 'string' },
  },
});
// --before DIR: another checkout (an older commit, with node_modules) whose `npm start` and tsx src/main.ts run
// as modes before-npm and before-tsx, interleaved with this one's
if (values.before) {
  const dir = path.resolve(values.before);
  MODES['before-tsx'] = { command: [path.join(dir, 'node_modules/.bin/tsx'), 'src/main.ts'], what: `tsx src/main.ts in ${dir}`, cwd: dir };
  MODES['before-npm'] = { command: ['npm', 'start', '--silent', '--'], what: `npm start in ${dir}`, cwd: dir };
}
const runs = Number(values.runs);
const requestCount = Number(values.requests);
const databaseUrl = values['database-url'];
const firstRuns = databaseUrl ? 0 : Number(values.first);
const modes = values.modes!.split(',');
for (const mode of modes) if (!MODES[mode]) throw new Error(`unknown mode ${mode}; known: ${Object.keys(MODES).join(', ')}`);

interface Sample {
  listenMs: number;
  firstResponseMs: number;
  rssStartMb: number;
  treeStartMb: number;
  rssAfterMb: number;
  peakAfterMb: number;
  treeAfterMb: number;
}

/** Every process's parent, for walking the tree a command started. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      out.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function tree(root: number): number[] {
  const ppid = parents();
  const out = [root];
  for (let i = 0; i < out.length; i += 1) for (const [pid, parent] of ppid) if (parent === out[i]) out.push(pid);
  return out;
}

const statusKb = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** The process in `pids` that holds the socket listening on `port` (found through /proc/net/tcp and the fds). */
function listener(pids: number[], port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .slice(1)
        .map((row) => row.trim().split(/\s+/))
        .filter((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === '0A')
        .map((f) => `socket:[${f[9]}]`),
    ),
  );
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return pid;
        } catch {
          // closed meanwhile
        }
      }
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no process of ${pids.join(',')} listens on ${port}`);
}

/** The serving process's RSS and peak RSS, and the RSS summed over the whole tree, in MB. */
function memory(root: number, port: number) {
  const pids = tree(root);
  const server = listener(pids, port);
  return {
    server,
    rss: statusKb(server, 'VmRSS') / 1024,
    peak: statusKb(server, 'VmHWM') / 1024,
    tree:
      pids.reduce((sum, pid) => {
        try {
          return sum + statusKb(pid, 'VmRSS');
        } catch {
          return sum; // gone meanwhile
        }
      }, 0) / 1024,
  };
}

async function ok(res: Response) {
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${res.url}: ${res.status} ${body.slice(0, 200)}`);
  return body;
}

/** The same round every run: block pages of several sizes, GraphQL, pending traces, the OpenAPI document. */
async function requests(base: string) {
  const graphql = (query: string) =>
    fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }).then(ok);
  for (let i = 0; i < requestCount; i += 1) {
    switch (i % 5) {
      case 0:
        await fetch(`${base}${BLOCK}&limit=${1 + (i % 100)}&sort=${i % 2 ? 'asc' : 'desc'}`).then(ok);
        break;
      case 1:
        await graphql(
          `{ transactionsByMasterchainBlock(seqno: 53251232, limit: ${1 + (i % 50)}) { hash lt account accountInfo { userFriendly } inMsg { source value opcode messageContent { decoded { comment } } } outMsgs { destination value } } }`,
        );
        break;
      case 2:
        await fetch(`${base}/api/v3/pendingTraces?account=${ACCOUNT}&limit=${1 + (i % 20)}`).then(ok);
        break;
      case 3:
        await graphql(
          `{ pendingTraces(account: "${ACCOUNT}") { traceId root { transaction { hash } children { transaction { hash outMsgs { destination } } } } actions { type details } } }`,
        );
        break;
      default:
        await fetch(`${base}/api/v3/openapi.json`).then(ok);
    }
  }
}

async function once(mode: string, dataDir: string): Promise<Sample> {
  const port = await freePort();
  const [command, ...args] = MODES[mode].command;
  MODES[mode].prepare?.();
  const started = performance.now();
  const child = spawn(command, [...args, '--port', String(port), '--host', '127.0.0.1'], {
    cwd: MODES[mode].cwd ?? ROOT,
    env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }), LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  const listenMs = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      log += chunk;
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines) {
        if (/"msg":"listening on /.test(line)) resolve(performance.now() - started);
      }
    });
    child.once('exit', (code) => reject(new Error(`${mode} exited ${code} before listening: ${log}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const atStart = memory(child.pid!, port);
  let firstResponseMs = 0;
  while (!firstResponseMs) {
    try {
      await ok(await fetch(`${base}${BLOCK}`));
      firstResponseMs = performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  await requests(base);
  const after = memory(child.pid!, port);
  // to the serving process itself: npm signals only its shell, which leaves the server running
  process.kill(after.server, 'SIGTERM');
  await exited;
  return {
    listenMs,
    firstResponseMs,
    rssStartMb: atStart.rss,
    treeStartMb: atStart.tree,
    rssAfterMb: after.rss,
    peakAfterMb: after.peak,
    treeAfterMb: after.tree,
  };
}

const COLUMNS: [keyof Sample, string][] = [
  ['listenMs', 'to "listening" ms'],
  ['firstResponseMs', 'to first block page ms'],
  ['rssStartMb', 'RSS at listening MB'],
  ['treeStartMb', 'tree RSS at listening MB'],
  ['rssAfterMb', `RSS after ${requestCount} requests MB`],
  ['peakAfterMb', 'peak RSS MB'],
  ['treeAfterMb', `tree RSS after ${requestCount} requests MB`],
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function report(title: string, samples: Map<string, Sample[]>) {
  console.log(`\n${title}: median (min–max) of ${[...samples.values()][0].length} runs`);
  console.log(`| mode | ${COLUMNS.map(([, label]) => label).join(' | ')} |`);
  console.log(`|---|${COLUMNS.map(() => '---:').join('|')}|`);
  for (const [mode, list] of samples) {
    const cell = (key: keyof Sample) => {
      const xs = list.map((s) => s[key]);
      return `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
    };
    console.log(`| ${mode} | ${COLUMNS.map(([key]) => cell(key)).join(' | ')} |`);
  }
}

const line = (mode: string, i: number, s: Sample) => console.error(`  ${mode} #${i + 1}: ${COLUMNS.map(([key]) => `${key} ${s[key].toFixed(0)}`).join(', ')}`);

// the modes that run dist/ find it current (start-stale rebuilds it on purpose)
if (modes.some((m) => MODES[m].command.some((a) => a.startsWith('dist/') || a === 'scripts/run.js'))) {
  execFileSync(process.execPath, ['scripts/build.js', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
}
console.log(`node ${process.version}; modes: ${modes.map((m) => `${m} = ${MODES[m].what}`).join('; ')}`);
const made = values['data-dir'] || databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'tonql-startup-'));
const dataDir = values['data-dir'] ?? made ?? '';
try {
  if (made) {
    console.error(`filling ${dataDir} with a first start (not counted)`);
    await once(modes[0], dataDir);
  }
  if (firstRuns > 0) {
    const first = new Map(modes.map((m) => [m, [] as Sample[]]));
    for (let i = 0; i < firstRuns; i += 1) {
      for (const mode of modes) {
        const fresh = mkdtempSync(path.join(tmpdir(), 'tonql-startup-first-'));
        try {
          const s = await once(mode, fresh);
          first.get(mode)!.push(s);
          line(`first start, ${mode}`, i, s);
        } finally {
          rmSync(fresh, { recursive: true, force: true });
        }
      }
    }
    report('First start (empty data directory: schema and demo set loaded before listening)', first);
  }
  const warm = new Map(modes.map((m) => [m, [] as Sample[]]));
  for (let i = 0; i < runs; i += 1) {
    for (const mode of modes) {
      const s = await once(mode, dataDir);
      warm.get(mode)!.push(s);
      line(mode, i, s);
    }
  }
  report(databaseUrl ? 'Start on PostgreSQL' : 'Start on an existing data directory', warm);
} finally {
  if (made) rmSync(made, { recursive: true, force: true });
}
