// One-off converter: reads the constructor table of our reference notes (toncenter-decode.md, Appendix A) and writes
// src/decode/schemas/*.tlb (one file per table section) and src/decode/schemas/order.json. The .tlb files are the
// committed data, hand-checked after conversion; this script is kept to show how they were made and to redo it if the
// notes are corrected. The notes live outside the repository:
//
//   npx tsx scripts/tlb-from-reference.ts [path/to/toncenter-decode.md]
//
// What the table does not say and this script adds (README.md in the schemas directory lists it):
// - the arguments of parameterized result types (`Maybe X`, `Hashmap n X`, `OutList (n + 1)`, …): RESULT_ARGS;
// - `$_` for named constructors without a tag (in TL-B a named constructor without a tag gets a CRC32 tag);
// - explicit tags for the two CRC32-tagged constructors (marked ᶜ in the table);
// - a TL-B identifier for the one constructor whose name is not one (PRINTED_NAMES).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const REFERENCE = process.argv[2] ?? '/work/shared/reference/toncenter-decode.md';
const OUT = path.resolve(import.meta.dirname, '../src/decode/schemas');

/** Table section heading (up to the first space or parenthesis) → file name. */
const FILES: [RegExp, string][] = [
  [/^Base \//, 'base'],
  [/^Overlap stub/, 'overlap_stub'],
  [/^airdrop\.xml/, 'airdrop'],
  [/^bemo\.xml/, 'bemo'],
  [/^bidask/, 'bidask'],
  [/^cron\.xml/, 'cron'],
  [/^daolama\.xml/, 'daolama'],
  [/^dns\.xml/, 'dns'],
  [/^gram\.xml/, 'gram'],
  [/^hipo_finance\.xml/, 'hipo_finance'],
  [/^invoices\.xml/, 'invoices'],
  [/^jettons\.xml/, 'jettons'],
  [/^known\.xml/, 'known'],
  [/^liquid_stacking\.xml/, 'liquid_staking'],
  [/^megaton-fi\.xml/, 'megaton_fi'],
  [/^mooncx\.xml/, 'mooncx'],
  [/^multisig\.xml/, 'multisig'],
  [/^nfts\.xml/, 'nfts'],
  [/^payment_channels\.xml/, 'payment_channels'],
  [/^ston-fi\.xml/, 'ston_fi'],
  [/^storages\.xml/, 'storages'],
  [/^subscriptions_v1\.xml/, 'subscriptions_v1'],
  [/^subscriptions_v2\.xml/, 'subscriptions_v2'],
  [/^swap_coffee\.xml/, 'swap_coffee'],
  [/^tegro\.xml/, 'tegro'],
  [/^telegram\.xml/, 'telegram'],
  [/^tonco\.xml/, 'tonco'],
  [/^tonkeeper_2fa\.xml/, 'tonkeeper_2fa'],
  [/^tonvalidators\.xml/, 'tonvalidators'],
  [/^whales\.xml/, 'whales'],
  [/^tonkeeper relayer fee/, 'tonkeeper_misc'],
  [/^vesting/, 'vesting'],
  [/^tgbtc/, 'tgbtc'],
  [/^jvault/, 'jvault'],
  [/^getgems/, 'getgems'],
  [/^evaa \(lending\)/, 'evaa'],
  [/^pyth/, 'pyth'],
  [/^evaa \(other/, 'evaa_admin'],
  [/^blum memepad/, 'blum'],
  [/^gas pump/, 'gaspump'],
  [/^DeDust v2/, 'dedust'],
  [/^wallets/, 'wallets'],
  [/^storm trade/, 'storm'],
  [/^scaled UI/, 'scaled_ui'],
  [/^cocoon/, 'cocoon'],
];

/** The 14 top-level types, in the order TON Center tries them (§1.2 step 7), by the table's abbreviation. */
export const SLOTS: [string, string][] = [
  ...Array.from({ length: 12 }, (_, k): [string, string] => [`IMB${k}`, `InternalMsgBody${k}`]),
  ['Ext', 'ExternalMsgBody'],
  ['FP', 'ForwardPayload'],
];

/** Result types with parameters: the table names the type only; the arguments follow block.tlb and §1.4. */
const RESULT_ARGS: Record<string, string> = {
  'nothing_from_maybe|Maybe': 'Maybe X',
  'something_from_maybe|Maybe': 'Maybe X',
  'first_from_either|Either': 'Either X Y',
  'second_from_either|Either': 'Either X Y',
  'var_uint|VarUInteger': 'VarUInteger n',
  'var_int|VarInteger': 'VarInteger n',
  'hashmap_edge|Hashmap': 'Hashmap n X',
  'hashmap_node_leaf|HashmapNode': 'HashmapNode 0 X',
  'hashmap_node_fork|HashmapNode': 'HashmapNode (n + 1) X',
  'hashmap_label_short|HmLabel': 'HmLabel ~n m',
  'hashmap_label_long|HmLabel': 'HmLabel ~n m',
  'hashmap_label_same|HmLabel': 'HmLabel ~n m',
  'unary_zero|Unary': 'Unary ~0',
  'unary_succ|Unary': 'Unary ~(n + 1)',
  'hashmap_empty|HashmapE': 'HashmapE n X',
  'hashmap_root|HashmapE': 'HashmapE n X',
  'message|Message': 'Message X',
  'message|MessageRelaxed': 'MessageRelaxed X',
  'out_list_empty|OutList': 'OutList 0',
  'out_list|OutList': 'OutList (n + 1)',
  'chunk_ref|TextChunkRef': 'TextChunkRef (n + 1)',
  'chunk_ref_empty|TextChunkRef': 'TextChunkRef 0',
  'text_chunk|TextChunks': 'TextChunks (n + 1)',
  'text_chunk_empty|TextChunks': 'TextChunks 0',
  'merkle_proof|MERKLE_PROOF': 'MERKLE_PROOF X',
  'proof|DedustProof': 'DedustProof X',
  'extended_list_last|W5ExtendedActionList': 'W5ExtendedActionList 0',
  'extended_list_action|W5ExtendedActionList': 'W5ExtendedActionList (m + 1)',
  'w5_actions_request|W5InnerRequest': 'W5InnerRequest m n',
  'w5_signed_request|W5SignedRequest': 'W5SignedRequest m n',
  'w5_internal_signed_request|W5MsgBody': 'W5MsgBody m n',
  'w5_external_signed_request|W5MsgBody': 'W5MsgBody m n',
  'w5_extension_action_request|W5MsgBody': 'W5MsgBody m n',
  'msgs_0|WalletV1toV4Msgs': 'WalletV1toV4Msgs 0',
  'msgs_1|WalletV1toV4Msgs': 'WalletV1toV4Msgs 1',
  'msgs_2|WalletV1toV4Msgs': 'WalletV1toV4Msgs 2',
  'msgs_3|WalletV1toV4Msgs': 'WalletV1toV4Msgs 3',
  'msgs_4|WalletV1toV4Msgs': 'WalletV1toV4Msgs 4',
  'wallet_signed_v1_v2|W1W2MsgBody': 'W1W2MsgBody n',
  'wallet_signed_v3|W3MsgBody': 'W3MsgBody n',
  'simple_send|W4Operation': 'W4Operation n',
  'deploy_install_plugin|W4Operation': 'W4Operation n',
  'install_plugin|W4Operation': 'W4Operation n',
  'remove_plugin|W4Operation': 'W4Operation n',
  'wallet_signed_v4|W4MsgBody': 'W4MsgBody n',
  '_|PreprocessedWalletV2MsgInner': 'PreprocessedWalletV2MsgInner n',
  'preprocessed_wallet_signed_v2|PreprocessedWalletV2MsgBody': 'PreprocessedWalletV2MsgBody n',
  'highload_v3_internal_request|HighloadV3InternalRequest': 'HighloadV3InternalRequest n',
  'nothing_from_inverted_maybe|InvertedMaybe': 'InvertedMaybe X',
  'just_from_inverted_maybe|InvertedMaybe': 'InvertedMaybe X',
};

/** TL-B identifier → the name TON Center prints, for names that are not TL-B identifiers. */
export const PRINTED_NAMES: Record<string, string> = {
  overlap_stub_00000001: 'evaa_supply_master,pyth_update_guardian_set,w4_deploy_install_plugin',
};

export interface Row {
  n: number;
  section: string;
  name: string;
  tag: string;
  result: string;
  fields: string;
}

/** The rows of Appendix A, in table order. */
export function readTable(markdown: string): Row[] {
  const appendix = markdown.slice(markdown.indexOf('## A. Constructor table'));
  const rows: Row[] = [];
  let section = '';
  for (const line of appendix.split('\n')) {
    const heading = /^#### (.*)$/.exec(line);
    if (heading) section = heading[1];
    const m = /^\| (\d+) \| (.*?) \| (.*?) \| (.*?) \| (.*) \|$/.exec(line);
    if (m && section) rows.push({ n: Number(m[1]), section, name: m[2], tag: m[3], result: m[4], fields: m[5] });
  }
  return rows;
}

/** A row's constructor name as the table prints it (`_` for anonymous). */
export const tableName = (row: Row) => (row.name.startsWith('`_`') ? '_' : row.name);

/** A row's result type name, slots spelled out (`**IMB0**` → InternalMsgBody0, `*W5MsgBody* (wallet special)` → W5MsgBody). */
export function tableResult(row: Row): string {
  const bare = row.result
    .replace(/\*/g, '')
    .replace(/ \(.*\)$/, '')
    .trim();
  return SLOTS.find(([short]) => short === bare)?.[1] ?? bare;
}

/** A row's tag in TL-B notation: `#0f8a7ea5`, `$10`, `#1eda`, or '' for none. */
export function tableTag(row: Row): string {
  const t = row.tag.replace(/ \(\d+ b\)$/, '').replace('ᶜ', '');
  if (t === '—') return '';
  const hex = /^`0x([0-9a-f]{8})`$/.exec(t);
  if (hex) return `#${hex[1]}`;
  const other = /^`([#$][0-9a-f]+)`$/.exec(t);
  if (!other) throw new Error(`row ${row.n}: unreadable tag ${row.tag}`);
  return other[1];
}

/** A row's fields on one line, `name: Type` written `name:Type`. */
export function tableFields(row: Row): string {
  if (row.fields === '—') return '';
  return row.fields
    .replace(/^`|`$/g, '')
    .replace(/([A-Za-z0-9_]+):\s+/g, '$1:')
    .replace(/\s+/g, ' ')
    .trim();
}

function declaration(row: Row): string {
  let name = tableName(row);
  const printed = Object.entries(PRINTED_NAMES).find(([, p]) => p === name);
  if (printed) name = printed[0];
  const tag = tableTag(row) || (name === '_' ? '' : '$_');
  const result = tableResult(row);
  const head = RESULT_ARGS[`${tableName(row)}|${result}`] ?? result;
  const fields = tableFields(row);
  const lines: string[] = [];
  if (printed) lines.push(`// printed name: ${printed[1]} (see order.json "printedNames")`);
  if (row.tag.includes('ᶜ')) lines.push('// no tag in the source: TL-B gives a named constructor the CRC32 of its declaration, written out here');
  const slot = SLOTS.some(([, type]) => type === result);
  if (slot && !/^#[0-9a-f]{8}$/.test(tableTag(row)))
    lines.push('// not a 32-bit tag: TON Center compares whole opcodes with the tag right-aligned (0 for none), so this never decodes (§1.3)');
  if (row.result.includes('never tried')) lines.push(`// ${result} is not among the types TON Center tries (order.json "neverTried")`);
  lines.push(`${name}${tag}${fields ? ` ${fields}` : ''} = ${head};`);
  return lines.join('\n');
}

function main() {
  const rows = readTable(readFileSync(REFERENCE, 'utf8'));
  if (rows.length !== 944) throw new Error(`expected 944 rows, read ${rows.length}`);
  const bySection = new Map<string, Row[]>();
  for (const row of rows) bySection.set(row.section, [...(bySection.get(row.section) ?? []), row]);
  const files: string[] = [];
  mkdirSync(OUT, { recursive: true });
  for (const [section, sectionRows] of bySection) {
    const file = FILES.find(([re]) => re.test(section))?.[1];
    if (!file) throw new Error(`no file for section ${section}`);
    files.push(`${file}.tlb`);
    const first = sectionRows[0].n;
    const last = sectionRows[sectionRows.length - 1].n;
    const header = [
      `// ${section}`,
      `// TON Center's message-body schema, this section: constructors ${first}–${last} of the constructor table, in its order.`,
      '// Written from our reference notes (see README.md in this directory).',
    ];
    if (file === 'base')
      header.push('// SnakeString (text_comment, scaled_ui) and Cell/Any/Type are built into the printer and not declared here (README.md).');
    writeFileSync(path.join(OUT, `${file}.tlb`), `${header.join('\n')}\n\n${sectionRows.map(declaration).join('\n')}\n`);
  }
  writeFileSync(path.join(OUT, 'order.json'), `${JSON.stringify(manifest(rows, files), null, 2)}\n`);
  console.log(`wrote ${files.length} files, ${rows.length} constructors and order.json to ${OUT}`);
}

/** The 32-bit value TON Center compares an opcode with: the tag right-aligned, 0 for none; null for bit-string tags. */
function tagValue(row: Row): number | null {
  const tag = tableTag(row);
  if (tag === '') return 0;
  return tag.startsWith('#') ? Number.parseInt(tag.slice(1), 16) : null;
}

function manifest(rows: Row[], files: string[]) {
  const slots = SLOTS.map(([, type]) => type);
  const byOpcode = new Map<number, { name: string; type: string }[]>();
  for (const type of slots) {
    for (const row of rows) {
      if (tableResult(row) !== type) continue;
      const value = tagValue(row);
      if (value === null) throw new Error(`row ${row.n}: a slot constructor with a bit-string tag`);
      byOpcode.set(value, [...(byOpcode.get(value) ?? []), { name: tableName(row), type }]);
    }
  }
  const collisions = [...byOpcode]
    .filter(([, list]) => list.length > 1)
    .sort(([a], [b]) => a - b)
    .map(([value, tryOrder]) => ({ opcode: `0x${value.toString(16).padStart(8, '0')}`, tryOrder }));
  const neverTried = [...new Set(rows.filter((r) => r.result.includes('never tried')).map(tableResult))];
  return {
    $comment: "TON Center's type order and collision order for the schemas in this directory; README.md explains each key.",
    files,
    slots,
    neverTried,
    special: {
      byOpcodeName: {
        w5_internal_signed_request: 'W5MsgBody',
        w5_external_signed_request: 'W5MsgBody',
        w5_extension_action_request: 'W5MsgBody',
        highload_v3_internal_request: 'HighloadV3InternalRequest',
      },
      unknownOpcode: ['PreprocessedWalletV2MsgBody', 'HighloadV3MsgBody', 'HighloadV2MsgBody', 'HighloadV1MsgBody', 'W4MsgBody', 'W3MsgBody', 'W1W2MsgBody'],
    },
    printedNames: PRINTED_NAMES,
    collisions,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
