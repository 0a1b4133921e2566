// The docs page and README describe the decoder from the schema data: its coverage, the constructors that never
// decode (as in TON Center), our bounds and the rules real data has not confirmed. The lists come from
// decode/coverage.ts; this checks them against the reference's own lists (§1.3) and that both documents name
// every constructor of them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NO_EXAMPLES } from '../src/data/examples';
import { BODY_OUTPUT_LIMIT, BODY_REF_LIMIT, MAX_NESTED_DEPTH, PRINTER_REF_LIMIT } from '../src/decode/budget.js';
import { MAX_BOC_CELLS } from '../src/decode/decode.js';
import { decoderCoverage } from '../src/decode/index.js';
import { docsPage } from '../src/rest/docsPage';

const cov = decoderCoverage();
const page = docsPage(NO_EXAMPLES, []);
const section = page.slice(page.indexOf('<section id="decoded-bodies">'));
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const readmeSection = readme.slice(readme.indexOf('### Decoded message bodies'), readme.indexOf('### Decode\n'));

/** Every constructor the documents must name as never decoding (or printing as another). */
const neverDecoding = () => [
  ...cov.shortTags.map((c) => c.name),
  ...cov.untagged.map((c) => c.name),
  ...cov.neverTried.flatMap((t) => t.constructors.map((c) => c.name)),
  ...cov.shadowed.always.map((c) => c.name),
  ...cov.shadowed.partly.map((c) => c.name),
];

describe('the decoder described from its schema data', () => {
  it("coverage: the 944 divided as the reference's §1.3 and the schema files say", () => {
    expect(cov.constructors).toBe(944);
    expect(cov.slots).toEqual({ types: 14, constructors: 547, opcodes: 499, sharedOpcodes: 40 });
    expect(cov.special).toHaveLength(11);
    expect(cov.neverTried.reduce((n, t) => n + t.constructors.length, 0)).toBe(11);
    expect(cov.helpers).toBe(375);
    expect(cov.slots.constructors + cov.special.length + 11 + cov.helpers).toBe(cov.constructors);
    // §1.3: the two 28-bit tags and the two untagged slot constructors
    expect(cov.shortTags).toEqual([
      { name: 'tonco_account_refund_me', type: 'InternalMsgBody5', bits: 28 },
      { name: 'coffee_staking_lock_forward_payload', type: 'ForwardPayload', bits: 28 },
    ]);
    expect(cov.untagged).toEqual([
      { name: 'evaa_liquidate_fail_report', type: 'InternalMsgBody7' },
      { name: 'signed_2fa_external', type: 'ExternalMsgBody' },
    ]);
    // §1.3 "Never tried at all"
    expect(Object.fromEntries(cov.neverTried.map((t) => [t.type, t.constructors.map((c) => c.name).sort()]))).toEqual({
      InternalMsgBody: ['dedust_provide_current_quote', 'dedust_take_current_quote'],
      ExtOutMsgBody: ['dedust_deposit', 'dedust_swap', 'dedust_withdrawal'],
      NestedPythOperation: ['evaa_supply_withdraw_master', 'supply_withdraw_master_jetton'],
      JettonMinterMsg: ['jetton_call_to', 'jetton_change_metadata', 'jetton_claim_admin', 'jetton_upgrade'],
    });
    expect(cov.shadowed.always).toHaveLength(8);
    expect(cov.shadowed.partly).toHaveLength(11);
    expect(cov.computedTags).toEqual([
      { name: 'torrent_info', tag: '81e48847' },
      { name: 'teleitem_last_bid', tag: '7e868777' },
    ]);
  });

  it('the docs page has the section, linked from the top, with the counts, every never-decoding constructor and the bounds', () => {
    expect(page).toContain('href="#decoded-bodies"');
    expect(section).toContain('Decoded message bodies: coverage and differences');
    for (const n of [
      `${cov.constructors} TL-B constructors`,
      `${cov.slots.constructors} are in the 14 parser slots`,
      `the other ${cov.helpers} are helper types`,
    ])
      expect(section).toContain(n);
    for (const name of [...neverDecoding(), ...cov.special]) expect(section, name).toContain(`<code>${name}</code>`);
    for (const c of cov.shortTags) expect(section).toContain(`<code>${c.name}</code> (${c.type}, 28 bits)`);
    expect(section).toContain("(its opcode is <code>evaa_supply_withdraw_master_jetton</code>'s, which is tried)");
    expect(section).toContain(`at most ${MAX_BOC_CELLS} distinct cells`);
    expect(section).toContain(`${BODY_REF_LIMIT} reference descents`);
    expect(section).toContain(`TON Center's ${PRINTER_REF_LIMIT} per constructor attempt`);
    expect(section).toContain(`${BODY_OUTPUT_LIMIT >> 20} MiB of BOC strings`);
    expect(section).toContain(`decoded ${MAX_NESTED_DEPTH} levels below the body`);
    for (const rule of ['<code>(Maybe (## n))</code>', '<code>std_boc_serialize</code>', '<code>#81e48847</code>', '<code>#7e868777</code>', 'cell_reference'])
      expect(section, rule).toContain(rule);
  });

  it("README's decoder section names the same constructors, counts, bounds and rules", () => {
    for (const name of neverDecoding()) expect(readmeSection, name).toContain(`\`${name}\``);
    for (const n of [
      '547 are in the 14 parser',
      '499 opcodes',
      '375 to helper types',
      `${MAX_BOC_CELLS} distinct cells`,
      `${BODY_REF_LIMIT} reference descents`,
    ])
      expect(readmeSection, n).toContain(n);
    expect(readmeSection).toContain(`${MAX_NESTED_DEPTH} levels below the body`);
    for (const rule of ['`(Maybe (## n))`', '`std_boc_serialize`', '`#81e48847`', '`#7e868777`', 'cell_reference']) expect(readmeSection, rule).toContain(rule);
  });
});
