import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS = ['ARCHITECTURE.md', 'README.md'];

/** The repository's files and folders, relative to its root (the build and dependencies left out). */
const files: string[] = [];
const folders: string[] = [];
(function walk(dir: string) {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (['node_modules', '.git', 'dist'].includes(entry.name)) continue;
      folders.push(`${rel}/`);
      walk(rel);
    } else files.push(rel);
  }
})('');

const CODE = /^(src|scripts|bench|test\/helpers)\/.*\.(ts|js|cjs|sql)$|^schema\.graphql$/;
const code = new Map(files.filter((f) => CODE.test(f)).map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]));
/** Code without its comments (block comments, and lines that are comments): a name only a comment mentions is not code. */
const uncommented = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*(\/\/|--|#).*$/gm, ' ');
const words = new Set([...code.values()].flatMap((text) => uncommented(text).match(/[A-Za-z_$][\w$]*/g) ?? []));

/** Named but served rather than kept in the repository, or not this code's own name (`dist/` is the build's). */
const ELSEWHERE = new Set([
  'openapi.json', // served at /api/v3/openapi.json
  'intN', // TL-B built-in types
  'uintN',
  'ParseBool', // Go's strconv.ParseBool, whose vocabulary the boolean parameters take
]);

const FILE = /[\w.-]+(?:\/[\w.-]+)*\.(?:ts|js|cjs|sql|json|graphql|tlb|md)\b/g;
const exists = (name: string) => files.some((f) => f === name || f.endsWith(`/${name}`));
const inFile = (name: string, id: string) =>
  [...code].some(([f, text]) => (f === name || f.endsWith(`/${name}`)) && new RegExp(`(?<![\\w$])${id.replace(/\$/g, '\\$')}(?![\\w$])`).test(text));

/** A function, class, type or constant by its shape: camelCase, PascalCase with a second word, UPPER_SNAKE, or `name()`. */
const looksLikeCode = (id: string, called: boolean) =>
  /^[a-z]+[A-Z]/.test(id) || /^[A-Z][a-z0-9]+[A-Z]/.test(id) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(id) || called;

/** The code spans of a document outside its fenced blocks, each with the span after it when only white space parts them. */
function spans(doc: string): { text: string; next?: string }[] {
  const text = readFileSync(path.join(ROOT, doc), 'utf8').replace(/```[\s\S]*?```/g, '');
  const found = [...text.matchAll(/`([^`\n]+)`/g)];
  return found.map((m, i) => {
    const after = found[i + 1];
    const gap = after && text.slice(m.index + m[0].length, after.index);
    return { text: m[1], next: gap !== undefined && /^\s+$/.test(gap) ? after[1] : undefined };
  });
}

describe.each(DOCS)('%s names what exists', (doc) => {
  const named = spans(doc);

  it('every file and folder it names in code', () => {
    const missing = new Set<string>();
    for (const { text } of named) {
      if (/^\/|^dist\//.test(text)) continue;
      for (const [name] of text.matchAll(FILE)) if (!name.startsWith('dist/') && !ELSEWHERE.has(name) && !exists(name)) missing.add(name);
      if (/^[\w.-]+(?:\/[\w.-]+)*\/$/.test(text) && !folders.some((f) => f === text || f.endsWith(`/${text}`))) missing.add(text);
    }
    expect([...missing]).toEqual([]);
  });

  it('every function, class, type or constant it names, and in the file it names it with', () => {
    const missing = new Set<string>();
    for (const { text, next } of named) {
      for (const m of text.replace(FILE, ' ').matchAll(/(?<![\w$/.-])([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?(\(\))?/g)) {
        for (const id of [m[1], m[2]]) {
          if (id && looksLikeCode(id, !!m[3] && id === (m[2] ?? m[1])) && !ELSEWHERE.has(id) && !words.has(id)) missing.add(id);
        }
      }
      // "`rest/routes.ts` `handleRest`": the name is in that file
      const file = /^[\w./-]+\.(ts|js|cjs)$/.test(text) ? text : undefined;
      const id = next?.match(/^([A-Za-z_$][\w$]*)(?:\.[\w$]+)?(?:\(\))?$/)?.[1];
      if (file && id && looksLikeCode(id, false) && !inFile(file, id)) missing.add(`${id} in ${file}`);
    }
    expect([...missing]).toEqual([]);
  });
});
