import type { Command } from 'commander';
import { accepts, forCli, SETTINGS, type Setting, type SettingName, shownDefault } from './table';

/** The flag of a setting: PG_POOL_MAX is --pg-pool-max. */
export const flagOf = (env: string) => `--${env.toLowerCase().replace(/_/g, '-')}`;

/** The key commander gives a flag's value under (--pg-pool-max: pgPoolMax). */
const optionKey = (env: string) => env.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A setting's line in `--help`. Its default is only shown: a commander default would hide the environment's value. */
export function describe(s: Setting): string {
  const shown = shownDefault(s);
  const bounds = s.kind === 'integer' || s.kind === 'choice' || s.kind === 'boolean' || s.accepts !== undefined ? `${accepts(s)}; ` : '';
  return `${s.help.replace(/`/g, '')} (${bounds}${shown === undefined ? '' : `default ${shown}; `}env ${s.env})`;
}

/** Adds the flags of these settings (all of them by default) to a command of the service or of the CLI. */
export function addSettingFlags(cmd: Command, names?: readonly SettingName[], of: 'service' | 'cli' = 'service'): Command {
  for (const s of SETTINGS) {
    if (names === undefined || names.includes(s.env)) cmd.option(`${flagOf(s.env)} <value>`, describe(of === 'cli' ? forCli(s) : s));
  }
  return cmd;
}

/** The environment with the flags given on the command line laid over it: what `loadConfig` reads. */
export function withFlags(opts: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const overlay: NodeJS.ProcessEnv = {};
  for (const s of SETTINGS) {
    const value = opts[optionKey(s.env)];
    if (typeof value === 'string') overlay[s.env] = value;
  }
  return { ...env, ...overlay };
}
