import { readFileSync } from 'node:fs';
import { RawJson, stringifyWire } from '../src/wire/rawJson';
const page = JSON.parse(readFileSync('/tmp/page.json', 'utf8'));
const withRaw = structuredClone(page);
let n = 0;
for (const t of withRaw.transactions) for (const m of [t.in_msg, ...t.out_msgs]) if (m?.message_content?.decoded) { m.message_content.decoded = new RawJson(JSON.stringify(m.message_content.decoded)); n++; }
const withNull = structuredClone(page);
for (const t of withNull.transactions) for (const m of [t.in_msg, ...t.out_msgs]) if (m?.message_content) m.message_content.decoded = null;
const withPlain = structuredClone(page);
console.log('raw values', n);
const time = (label: string, f: () => string) => { for (let i = 0; i < 50; i++) f(); const t = performance.now(); for (let i = 0; i < 300; i++) f(); console.log(label, ((performance.now() - t) / 300).toFixed(2), 'ms', f().length); };
time('stringify, decoded null', () => JSON.stringify(withNull));
time('stringify, decoded as objects', () => JSON.stringify(withPlain));
time('stringifyWire, RawJson', () => stringifyWire(withRaw));
time('stringifyWire, no RawJson', () => stringifyWire(withNull));
// parts
const MARK = '\u0000abc:';
let texts: string[] = [];
class R { constructor(readonly json: string) {} toJSON() { texts.push(this.json); return MARK + (texts.length - 1); } }
const withR = structuredClone(page);
for (const t of withR.transactions) for (const m of [t.in_msg, ...t.out_msgs]) if (m?.message_content?.decoded) m.message_content.decoded = new R(JSON.stringify(m.message_content.decoded));
time('toJSON only', () => { texts = []; return JSON.stringify(withR); });
const out = (texts = [], JSON.stringify(withR));
const re = /"\\u0000abc:(\d+)"/g;
time('regex replace only', () => out.replace(re, (_, i) => texts[Number(i)]));
time('indexOf splice only', () => {
  const needle = '"\\u0000abc:';
  let res = '';
  let from = 0;
  for (;;) {
    const at = out.indexOf(needle, from);
    if (at < 0) break;
    const end = out.indexOf('"', at + needle.length);
    res += out.slice(from, at) + texts[Number(out.slice(at + needle.length, end))];
    from = end + 1;
  }
  return res + out.slice(from);
});
