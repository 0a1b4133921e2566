import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Cell } from '@ton/core';
import { readLiteBoc } from '../src/decode/liteBoc';
import { parseJsonLeniently } from '../src/import/jsonNode';
const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures');
function bodiesOf(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) bodiesOf(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'body' && typeof v === 'string' && v.startsWith('te6')) out.add(v);
      else bodiesOf(v, out);
    }
  return out;
}
const bodies = new Set<string>();
for (const dir of [FIXTURES, path.join(FIXTURES, 'decoded')])
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')))
    bodiesOf(parseJsonLeniently(readFileSync(path.join(dir, name), 'utf8')).value, bodies);
const bufs = [...bodies].map((b) => Buffer.from(b, 'base64'));
let same = 0, none = 0;
for (const b of bufs) {
  const lite = readLiteBoc(b);
  if (!lite) { none++; continue; }
  const real = Cell.fromBoc(b)[0];
  if (lite.hash().equals(real.hash()) && lite.bits.equals(real.bits) && lite.depth() === real.depth()) same++;
  else console.log('DIFF', b.toString('base64').slice(0, 60));
}
console.log({ total: bufs.length, same, none });
for (const [label, f] of [['fromBoc', (b: Buffer) => Cell.fromBoc(b)], ['lite', readLiteBoc]] as const) {
  const t = performance.now();
  let n = 0;
  while (performance.now() - t < 2000) { for (const b of bufs) f(b); n++; }
  console.log(label, ((performance.now() - t) / (n * bufs.length) * 1000).toFixed(1), 'µs per body');
}
