import { readFileSync } from 'node:fs';
import { decodeBody, loadDecoder } from '../src/decode/index';
loadDecoder();
const pairs = JSON.parse(readFileSync('test/fixtures/decoded/decoded_bodies_mainnet_2025-11_to_2026-05.json', 'utf8'));
for (const i of [0, 1, 2]) {
  const b = pairs[i].body;
  for (let k = 0; k < 3; k++) { const t = performance.now(); const d = decodeBody(b); console.log(i, b.length, (performance.now() - t).toFixed(2), 'ms', d?.type); }
}
