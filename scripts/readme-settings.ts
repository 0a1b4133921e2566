// Writes README's Configuration table from the settings table; with --check, fails when README is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { packagePath } from '../src/packageRoot';
import { withSettingsSection } from '../src/settings/readme';

const file = packagePath('README.md');
const current = readFileSync(file, 'utf8');
const updated = withSettingsSection(current);

if (process.argv.includes('--check')) {
  if (current !== updated) {
    console.error("README.md's Configuration table is stale: run `npm run readme:settings` and commit the result");
    process.exit(1);
  }
  console.log("README.md's Configuration table is up to date");
} else {
  writeFileSync(file, updated);
  console.log('wrote the Configuration table of README.md');
}
