import cliProgress from 'cli-progress';
import { Command } from 'commander';
import { ConfigError, loadConfig } from './config';
import { DataDirBusyError } from './db/lock';
import { openForWriting } from './db/open';
import { ForeignDatabaseError, migrate } from './db/schema';
import { assertWritable, ImportFileError, importFile } from './import/importFile';

const program = new Command().name('tonql').description('Manage the database tonql serves');

const databaseOptions = (cmd: Command) =>
  cmd
    .option('--database-url <url>', 'PostgreSQL to write to (env DATABASE_URL); default: embedded PGlite in --data-dir')
    .option('--data-dir <dir>', 'embedded database directory (env DATA_DIR, default ./data)');

databaseOptions(program.command('migrate'))
  .description('create the ton-indexer 1.2.10 schema subset on an empty database')
  .action(async (opts) => {
    const config = loadConfig(process.env, opts);
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
    const config = loadConfig(process.env, opts);
    const db = await openForWriting(config);
    let failed = 0;
    const bar = process.stdout.isTTY && files.length > 1
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
          say(`${file}: ${s.transactions} transactions, ${s.messages} messages, ${s.traces} traces, ${s.actions} actions (${Math.round(performance.now() - started)} ms)`);
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

program.parseAsync().catch((err) => {
  const known = err instanceof ConfigError || err instanceof ForeignDatabaseError || err instanceof DataDirBusyError;
  console.error(known ? `error: ${err.message}` : err);
  process.exit(1);
});
