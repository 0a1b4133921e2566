import cliProgress from 'cli-progress';
import { Command } from 'commander';
import { ConfigError, cliText, loadConfig } from './config';
import { DataDirBusyError } from './db/lock';
import { openForWriting } from './db/open';
import { pendingListeners, redisTarget, replayTraces } from './emulator/replay';
import { DEMO_INVALIDATE_EVERY, DEMO_STEP_MS, demoPlaylist } from './live/demo';
import { ForeignDatabaseError, migrate } from './db/schema';
import { readFile } from 'node:fs/promises';
import { pushTraces } from './emulator/push';
import { connected, openRedis } from './emulator/redis';
import { ImportError, parseJsonLeniently } from './import/jsonNode';
import { assertWritable, ImportFileError, importFile } from './import/importFile';
import type { Finality } from './traces/model';
import { DEFAULT_OPTIONS } from './generate/generator';
import { generateInto } from './generate/load';
import { addSettingFlags, withFlags } from './settings/flags';

const withoutPassword = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

const program = new Command().name('tonql').description('Manage the database tonql serves');

const databaseOptions = (cmd: Command) => addSettingFlags(cmd, ['DATABASE_URL', 'DATA_DIR'], 'cli');
/** The Redis `emulate` and `replay` write to: `--redis-url`, else REDIS_URL, else the table's CLI default. */
const redisOption = (cmd: Command) => addSettingFlags(cmd, ['REDIS_URL'], 'cli');
const redisUrl = (opts: Record<string, unknown>) => cliText(withFlags(opts), 'REDIS_URL')!;

databaseOptions(program.command('migrate'))
  .description('create the ton-indexer 1.2.10 schema subset on an empty database')
  .action(async (opts) => {
    const config = loadConfig(withFlags(opts));
    const db = await openForWriting(config);
    try {
      console.log((await migrate(db)) ? 'schema created' : 'schema already present');
    } finally {
      await db.close();
    }
  });

databaseOptions(program.command('import'))
  .description('load TON Center v3 JSON responses (transactions, traces, a Transaction, {url, response} wrappers)')
  .argument('<files...>', 'JSON files')
  .action(async (files: string[], opts) => {
    const config = loadConfig(withFlags(opts));
    const db = await openForWriting(config);
    let failed = 0;
    const bar =
      process.stdout.isTTY && files.length > 1
        ? new cliProgress.SingleBar({ format: 'importing [{bar}] {value}/{total} files | {file}', hideCursor: true }, cliProgress.Presets.shades_classic)
        : undefined;
    // Lines go above the bar: clear its line first, and it redraws on the next update.
    const say = (line: string) => (bar ? process.stdout.write(`\r\x1b[K${line}\n`) : console.log(line));
    try {
      await assertWritable(db);
      bar?.start(files.length, 0, { file: '' });
      for (const file of files) {
        bar?.update({ file });
        const started = performance.now();
        try {
          const s = await importFile(db, file);
          say(
            `${file}: ${s.transactions} transactions, ${s.messages} messages, ${s.traces} traces, ${s.actions} actions${s.assets > 0 ? `, ${s.assets} asset rows` : ''} (${Math.round(performance.now() - started)} ms)`,
          );
          for (const warning of s.warnings) say(`${file}: warning: ${warning}`);
        } catch (err) {
          if (!(err instanceof ImportFileError)) throw err;
          failed += 1;
          say(`error: ${err.message} (nothing from this file was written)`);
        }
        bar?.increment();
      }
    } finally {
      bar?.stop();
      await db.close();
    }
    if (failed > 0) {
      console.error(`${failed} of ${files.length} files failed`);
      process.exitCode = 1;
    }
  });

databaseOptions(program.command('generate'))
  .description('fill an empty database with realistic synthetic ton-indexer data, deterministic from a seed')
  .option('--transactions <n>', 'how many transactions', String(DEFAULT_OPTIONS.transactions))
  .option('--seed <seed>', 'same seed, same data', DEFAULT_OPTIONS.seed)
  .option('--pending-share <fraction>', 'share of traces left pending', String(DEFAULT_OPTIONS.pendingShare))
  .action(async (opts) => {
    if (!/^\d+$/.test(opts.transactions) || Number(opts.transactions) < 1) throw new ConfigError('--transactions must be a positive integer');
    const share = Number(opts.pendingShare);
    if (!(share >= 0 && share <= 1)) throw new ConfigError('--pending-share must be a fraction from 0 to 1');
    const config = loadConfig(withFlags(opts));
    const db = await openForWriting(config);
    try {
      await assertWritable(db);
      const [{ n }] = await db.query<{ n: string }>('select count(*)::text as n from transactions');
      if (n !== '0') throw new ConfigError(`the database already holds ${n} transactions; generate into an empty one`);
      const total = Number(opts.transactions);
      const bar = new cliProgress.SingleBar(
        { format: 'generating [{bar}] {percentage}% | {value}/{total} transactions | {rate} tx/s', hideCursor: true, noTTYOutput: true, notTTYSchedule: 5000 },
        cliProgress.Presets.shades_classic,
      );
      const started = performance.now();
      bar.start(total, 0, { rate: 0 });
      const written = await generateInto(db, { ...DEFAULT_OPTIONS, transactions: total, seed: opts.seed, pendingShare: share }, ({ generated }) =>
        bar.update(generated, { rate: Math.round(generated / ((performance.now() - started) / 1000)) }),
      );
      bar.stop();
      const seconds = (performance.now() - started) / 1000;
      console.log(`generated ${written} transactions in ${seconds.toFixed(1)} s (${Math.round(written / seconds)} transactions/s), seed "${opts.seed}"`);
    } finally {
      await db.close();
    }
  });

redisOption(program.command('emulate'))
  .description("write v3 traces into Redis as TON Center's trace emulator does (to try pending traces without one)")
  .argument('<files...>', 'v3 traces responses (JSON)')
  .option('--finality <finality>', 'pending (emulated), confirmed or finalized', 'pending')
  .option('--ttl <seconds>', 'expire the traces after this many seconds (the emulator keeps them about a minute)')
  .action(async (files: string[], opts) => {
    if (!['pending', 'confirmed', 'finalized'].includes(opts.finality)) throw new ConfigError('--finality must be pending, confirmed or finalized');
    if (opts.ttl !== undefined && !/^\d+$/.test(opts.ttl)) throw new ConfigError('--ttl must be a number of seconds');
    const redis = openRedis(redisUrl(opts));
    try {
      await connected(redis);
      for (const file of files) {
        try {
          const { value } = parseJsonLeniently(await readFile(file, 'utf8'));
          const keys = await pushTraces(redis, value, { finality: opts.finality as Finality, ttlSeconds: opts.ttl && Number(opts.ttl) });
          console.log(`${file}: ${keys.length} traces written (trace keys: ${keys.join(', ')})`);
        } catch (err) {
          if (!(err instanceof ImportError) && !(err instanceof SyntaxError) && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          console.log(`error: ${file}: ${(err as Error).message} (nothing from this file was written)`);
          process.exitCode = 1;
        }
      }
    } finally {
      redis.disconnect();
    }
  });

redisOption(program.command('replay'))
  .description(
    "play v3 traces into Redis as TON Center's trace emulator would, live: pending, confirmed, finalized, sometimes invalidated (to watch the streams without an emulator)",
  )
  .argument('[files...]', 'v3 traces responses (JSON); default: the demo traces')
  .option('--step-ms <ms>', 'pause between stages of a trace', String(DEMO_STEP_MS))
  .option('--invalidate-every <n>', 'invalidate every n-th trace instead of confirming it, 0 for none', String(DEMO_INVALIDATE_EVERY))
  .option('--loop', 'start over when done, until stopped')
  .action(async (files: string[], opts) => {
    const number = (name: string, v: string) => {
      if (!/^\d+$/.test(v)) throw new ConfigError(`${name} must be a whole number, got "${v}"`);
      return Number(v);
    };
    const options = { stepMs: number('--step-ms', opts.stepMs), invalidateEvery: number('--invalidate-every', opts.invalidateEvery) };
    const documents =
      files.length > 0
        ? await Promise.all(files.map(async (file) => ({ file, value: parseJsonLeniently(await readFile(file, 'utf8')).value })))
        : [{ file: 'the demo traces', value: demoPlaylist().traces }];
    const url = redisUrl(opts);
    const redis = openRedis(url);
    try {
      await connected(redis);
      console.log(`replaying into ${withoutPassword(url)}`);
      if ((await pendingListeners(redis)) === 0) {
        console.error(
          `warning: no service reads this Redis (nothing subscribes to its emulator channels): start tonql with REDIS_URL=${withoutPassword(url)} to see these traces live. ` +
            'Without REDIS_URL, the service on its embedded demo database plays the demo traces itself (LIVE_DEMO).',
        );
      }
      const target = redisTarget(redis, 120);
      do {
        for (const { file, value } of documents) {
          const done = await replayTraces(target, value, { ...options, onStage: (key, stage) => console.log(`${stage.padEnd(11)} ${key}`) });
          console.log(`${file}: ${done.traces} traces replayed, ${done.invalidated} invalidated`);
        }
      } while (opts.loop);
    } finally {
      redis.disconnect();
    }
  });

program.parseAsync().catch((err) => {
  const known = err instanceof ConfigError || err instanceof ForeignDatabaseError || err instanceof DataDirBusyError;
  console.error(known ? `error: ${err.message}` : err);
  process.exit(1);
});
