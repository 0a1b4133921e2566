import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, cliText, defaults, loadConfig } from '../src/config';
import { DEMO_INVALIDATE_EVERY, DEMO_STEP_MS } from '../src/live/demo';
import { describe as helpLine, flagOf, withFlags } from '../src/settings/flags';
import { withSettingsSection } from '../src/settings/readme';
import { forCli, SETTINGS, type Setting } from '../src/settings/table';

const ROWS: readonly Setting[] = SETTINGS;
const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

const run = (entry: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(TSX, [entry, ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });

/** Commander wraps help to the terminal: compare with whitespace collapsed. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The burst of a rate limit is read only when its rate is on. */
const RATES_ON = { RATE_LIMIT_IP: '5', RATE_LIMIT_KEY: '5' };

/** A valid value other than the default, for every setting. */
function another(s: Setting): string {
  switch (s.kind) {
    case 'integer':
      return String(s.default === s.max ? s.min : s.max);
    case 'boolean':
      return String(!s.default);
    case 'choice':
      return s.choices.find((c) => c !== s.default)!;
    case 'text':
      return ['2', 'postgres://host/db', 'redis://host:6379', 'http://host:8081/api/v2'].find((v) => !s.pattern || s.pattern.test(v))!;
  }
}

describe('the settings table', () => {
  it("is README's Configuration table (npm run readme:settings writes it)", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(withSettingsSection(readme)).toBe(readme);
  });

  it('reaches the configuration: every setting changes it, and its default is what an unset variable gives', () => {
    // REQUIRE_API_KEY needs a key
    const given: Record<string, string> = { ...RATES_ON, API_KEYS: 'k' };
    for (const s of ROWS) {
      const { [s.env]: _, ...others } = given;
      const unset = loadConfig(others);
      expect(loadConfig({ ...others, [s.env]: another(s) }), s.env).not.toEqual(unset);
      if (s.default !== undefined) expect(loadConfig({ ...others, [s.env]: String(s.default) }), s.env).toEqual(unset);
      expect(loadConfig({ ...others, [s.env]: '' }), `${s.env} empty is unset`).toEqual(unset);
    }
    expect(defaults()).toEqual(loadConfig({}));
  });

  it('refuses a value out of bounds or not among the choices, naming the variable and what it accepts', () => {
    for (const s of ROWS) {
      if (s.kind === 'integer') {
        for (const bad of [String(s.max + 1), '1.5', ' 1', ...(s.min > 0 ? [String(s.min - 1)] : [])]) {
          expect(() => loadConfig({ ...RATES_ON, [s.env]: bad }), `${s.env}=${bad}`).toThrow(
            new ConfigError(`${s.env} must be an integer from ${s.min} to ${s.max}, got "${bad}"`),
          );
        }
        expect(loadConfig({ ...RATES_ON, [s.env]: String(s.min) })).toBeDefined();
      }
      if (s.kind === 'boolean') expect(() => loadConfig({ [s.env]: 'maybe' })).toThrow(new ConfigError(`${s.env} must be true or false, got "maybe"`));
    }
    expect(() => loadConfig({ READ_FROM_PRIMARY: 'sometimes' })).toThrow(new ConfigError('READ_FROM_PRIMARY must be fallback, never, always, got "sometimes"'));
    expect(() => loadConfig({ TON_NETWORK: 'devnet' })).toThrow(new ConfigError('TON_NETWORK must be "mainnet" or "testnet", got "devnet"'));
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(new ConfigError('REDIS_URL must be a redis:// or rediss:// URL'));
    expect(() => loadConfig({ RATE_LIMIT_REDIS_URL: 'x' })).toThrow(new ConfigError('RATE_LIMIT_REDIS_URL must be a redis:// or rediss:// URL'));
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://a/b, mysql://c' })).toThrow(
      new ConfigError('DATABASE_REPLICA_URLS must be postgres:// connection strings separated by commas'),
    );
    expect(() => loadConfig({ REQUIRE_API_KEY: 'true' })).toThrow(new ConfigError('REQUIRE_API_KEY needs API_KEYS'));
    expect(loadConfig({ RATE_LIMIT_IP: '7' }).access.perIp).toEqual({ rate: 7, burst: 14 });
  });

  it("lists every setting in the server's --help, with what it accepts, its default and its variable", () => {
    const help = run('src/main.ts', ['--help']);
    expect(help.status).toBe(0);
    for (const s of ROWS) expect(flat(help.stdout)).toContain(`${flagOf(s.env)} <value> ${helpLine(s)}`);
  });

  it('takes flags the same way in the server and the CLI: laid over the environment, winning over it', () => {
    expect(withFlags({ pgPoolMax: '3', seed: 'x' }, { PG_POOL_MAX: '5', PORT: '1' })).toEqual({ PG_POOL_MAX: '3', PORT: '1' });
    const server = run('src/main.ts', ['--port', '70000'], { PORT: '0' });
    expect(server.status).toBe(1);
    expect(server.stderr).toContain('configuration error: PORT must be an integer from 0 to 65535, got "70000"');
    const cli = run('src/cli.ts', ['migrate', '--database-url', 'mysql://nope'], { DATABASE_URL: '' });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('error: DATABASE_URL must be a postgres:// or postgresql:// connection string');
    const cliHelp = run('src/cli.ts', ['import', '--help']);
    for (const env of ['DATABASE_URL', 'DATA_DIR'] as const) {
      expect(flat(cliHelp.stdout)).toContain(`${flagOf(env)} <value> ${helpLine(ROWS.find((s) => s.env === env)!)}`);
    }
  });

  it("gives the CLI's Redis writers their own default from the table, where the service reads no Redis by default", () => {
    const redis = ROWS.find((s) => s.env === 'REDIS_URL')!;
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(cliText({}, 'REDIS_URL')).toBe('redis://127.0.0.1:6379');
    expect(cliText({ REDIS_URL: 'redis://host:6379' }, 'REDIS_URL')).toBe('redis://host:6379');
    expect(() => cliText({ REDIS_URL: 'http://x' }, 'REDIS_URL')).toThrow(new ConfigError('REDIS_URL must be a redis:// or rediss:// URL'));
    for (const command of ['emulate', 'replay']) {
      const help = run('src/cli.ts', [command, '--help']);
      expect(flat(help.stdout)).toContain(`${flagOf('REDIS_URL')} <value> ${helpLine(forCli(redis))}`);
      expect(helpLine(forCli(redis))).toContain('default redis://127.0.0.1:6379; env REDIS_URL');
      if (command === 'replay') {
        // the live demo's pace
        expect(flat(help.stdout)).toContain(`(default: "${DEMO_STEP_MS}")`);
        expect(flat(help.stdout)).toContain(`0 for none (default: "${DEMO_INVALIDATE_EVERY}")`);
      }
    }
  });
});
