// npm run bench:decode: the message-body decoder alone, on one core. Compiles the schemas in a fresh process
// (the time a start spends on them), then decodes the real bodies of test/fixtures (the 52 TON Center pairs and
// every message body of the fixture responses) over and over with no cache, for --seconds, and prints bodies/s.
//
//   npm run bench:decode -- [--seconds 5]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decodeBody, loadDecoder } from '../src/decode/index';
import { parseJsonLeniently } from '../src/import/jsonNode';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures');

/** Every `message_content.body` / `body` string of a parsed fixture document. */
function bodiesOf(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) bodiesOf(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'body' && typeof v === 'string' && v.startsWith('te6')) out.add(v);
      else bodiesOf(v, out);
    }
  return out;
}

const compileMs = loadDecoder();
const bodies = new Set<string>();
for (const dir of [FIXTURES, path.join(FIXTURES, 'decoded')])
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')))
    bodiesOf(parseJsonLeniently(readFileSync(path.join(dir, name), 'utf8')).value, bodies);
const list = [...bodies];
const bytes = list.reduce((n, b) => n + Buffer.byteLength(b, 'base64'), 0);
const decoded = list.filter((b) => decodeBody(b) !== null).length;

const seconds = Number(values.seconds);
const started = performance.now();
const cpu = process.cpuUsage();
let rounds = 0;
while (performance.now() - started < seconds * 1000) {
  for (const b of list) decodeBody(b);
  rounds++;
}
const elapsed = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const cpuSeconds = (used.user + used.system) / 1e6;
const perSecond = (rounds * list.length) / elapsed;
console.log(`schemas compiled in ${compileMs.toFixed(0)} ms (944 constructors)`);
console.log(`${list.length} distinct real bodies (${bytes} BOC bytes), ${decoded} decode, the rest are null as on TON Center`);
console.log(
  `${perSecond.toFixed(0)} bodies/s, ${((perSecond * bytes) / list.length / 1e6).toFixed(1)} MB/s of BOC, one core, no cache (${rounds} rounds in ${elapsed.toFixed(1)} s)`,
);
// on a shared machine the wall clock counts other processes' turns too; the process's own CPU time does not
console.log(`${((rounds * list.length) / cpuSeconds).toFixed(0)} bodies per CPU second (${cpuSeconds.toFixed(1)} s of CPU, GC included)`);
