import { flagOf } from './flags';
import { SETTINGS, type Setting } from './table';

export const BEGIN = '<!-- settings: generated from src/settings/table.ts by `npm run readme:settings` -->';
export const END = '<!-- /settings -->';

const code = (value: string) => `\`${value}\``;

function acceptsCell(s: Setting): string {
  switch (s.kind) {
    case 'integer':
      return `${s.min} to ${s.max}`;
    case 'boolean':
      return 'true or false';
    case 'choice':
      return s.choices.map(code).join(', ');
    case 'text':
      return s.accepts ?? (s.list ? 'comma-separated' : 'text');
  }
}

/** README's Configuration table: one row per setting, in the table's order. */
export function settingsMarkdown(): string {
  const rows = SETTINGS.map((s: Setting) => {
    const value = s.default === undefined ? s.shown : code(String(s.default));
    return `| ${code(s.env)} | ${code(flagOf(s.env))} | ${value ?? ''} | ${acceptsCell(s)} | ${s.help} |`;
  });
  return [BEGIN, '', '| environment | flag | default | accepts | meaning |', '|---|---|---|---|---|', ...rows, '', END].join('\n');
}

/** The README with its settings section replaced by the current table. */
export function withSettingsSection(readme: string): string {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no settings section (${BEGIN} … ${END})`);
  return readme.slice(0, start) + settingsMarkdown() + readme.slice(end + END.length);
}
