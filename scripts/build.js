// The production build: src/main.ts and src/cli.ts bundled by esbuild into dist/main.js and dist/cli.js, plain
// JavaScript that `node` runs without a loader. Dependencies stay in node_modules (--packages=external); the files
// the code reads at run time (demo/, src/db/schema.sql, src/db/pglite.worker.js) are found from the package root
// (src/packageRoot.ts), so nothing is copied. Plain JavaScript itself: it runs before anything is built.
//
//   node scripts/build.js             build now (npm run build)
//   node scripts/build.js --if-stale  build only when dist/ is missing or its sources changed
//
// dist/build-stamp holds a hash of the sources' contents (src/, package.json, tsconfig.json, this file): the build
// is current while the hash matches, whatever the files' times say.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');
const ENTRIES = ['main', 'cli'];
const STAMP = path.join(DIST, 'build-stamp');
const INPUTS = ['src', 'package.json', 'tsconfig.json', 'scripts/build.js'];

/** Every input file, relative to the root, sorted. */
function inputFiles() {
  const out = [];
  for (const input of INPUTS) {
    const abs = path.join(ROOT, input);
    if (!statSync(abs).isDirectory()) out.push(input);
    else {
      for (const entry of readdirSync(abs, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) out.push(path.relative(ROOT, path.join(entry.parentPath ?? entry.path, entry.name)));
      }
    }
  }
  return out.sort();
}

/** A hash of the inputs' names and contents. */
export function sourcesHash() {
  const hash = createHash('sha256');
  for (const rel of inputFiles())
    hash
      .update(`${rel.split(path.sep).join('/')}\0`)
      .update(readFileSync(path.join(ROOT, rel)))
      .update('\0');
  return hash.digest('hex');
}

/** Source text without its comments (roughly: enough that a comment's "class x" is not taken for a class). */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Names of the classes declared in src/. */
function sourceClassNames() {
  const names = new Set();
  for (const rel of inputFiles().filter((f) => f.endsWith('.ts')))
    for (const m of withoutComments(readFileSync(path.join(ROOT, rel), 'utf8')).matchAll(/\bclass\s+(\w+)/g)) names.add(m[1]);
  return names;
}

/**
 * Fails the build when a subclass (every error class is one) would not carry its source name at run time:
 * esbuild renames a class that collides with another in the bundle, and names a class expression `_X` when the
 * class refers to itself. pino logs an error's constructor name as its `type`.
 */
function classNamesKept(bundle, file, declared) {
  const wrong = [...bundle.matchAll(/\b(\w+) = class(?:\s+(\w+))?\s+extends\s+[\w.$]+|\bclass\s+(\w+)\s+extends\s+[\w.$]+/g)]
    .map((m) => m[2] ?? m[1] ?? m[3])
    .filter((name) => !declared.has(name));
  if (wrong.length > 0)
    throw new Error(
      `${file}: subclasses named otherwise at run time (${wrong.join(', ')}): rename the colliding class, or refer to it by another name inside itself`,
    );
}

/** Why dist/ needs a build, or undefined when it is current. */
export function staleness() {
  if (!ENTRIES.every((entry) => existsSync(path.join(DIST, `${entry}.js`)))) return 'dist/ is missing';
  if (!existsSync(STAMP)) return 'dist/build-stamp is missing';
  return readFileSync(STAMP, 'utf8').trim() === sourcesHash() ? undefined : 'the sources changed since dist/ was built';
}

/** Builds dist/; each file is written aside and renamed into place, so a concurrent start never reads half a file. */
export async function build() {
  const { build: esbuild, stop } = await import('esbuild');
  const hash = sourcesHash();
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES.map((entry) => `src/${entry}.ts`),
    outdir: 'dist',
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // No keepNames: it wraps every function made at run time in a call that sets its name (4–13% of a cached
    // account page's CPU, BENCHMARKS.md). Subclasses keep their names (classNamesKept checks: pino logs an
    // error's constructor name as its `type`).
    keepNames: false,
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  }).finally(stop); // else esbuild's service process lives as long as the service that built on its start
  mkdirSync(DIST, { recursive: true });
  const declared = sourceClassNames();
  for (const file of result.outputFiles) if (file.path.endsWith('.js')) classNamesKept(file.text, file.path, declared);
  for (const file of result.outputFiles) {
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
  const aside = `${STAMP}.${process.pid}.tmp`;
  writeFileSync(aside, `${hash}\n`);
  renameSync(aside, STAMP);
}

/** Builds when dist/ is missing or stale, saying so on stderr (stdout is the service's JSON log). */
export async function ensureBuilt() {
  const why = staleness();
  if (!why) return false;
  const started = performance.now();
  process.stderr.write(`tonql: ${why}: building… `);
  try {
    await build();
  } catch (err) {
    // esbuild has printed its messages
    process.stderr.write(`the build failed: ${err.message.split('\n')[0]}\n`);
    process.exit(1);
  }
  process.stderr.write(`built in ${Math.round(performance.now() - started)} ms\n`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale')) await ensureBuilt();
  else {
    const started = performance.now();
    await build();
    console.log(`built dist/ (${ENTRIES.map((e) => `${e}.js`).join(', ')}) in ${Math.round(performance.now() - started)} ms`);
  }
}
