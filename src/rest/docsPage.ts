import type { Examples } from '../data/examples';
import { type DecoderCoverage, decoderCoverage } from '../decode/index.js';
import { escapeHtml } from '../http/html';
import { OPENAPI, operationOf } from './openapi';

export interface ErrorExample {
  url: string;
  status: number;
  body: string;
}

interface Param {
  name: string;
  required?: boolean;
  schema: { type?: string; enum?: readonly string[]; minimum?: number; maximum?: number; default?: unknown; maxItems?: number; items?: { type?: string } };
  description?: string;
}

/** A parameter's schema in words: "integer from 1 to 1000, default 10". */
function describe(schema: Param['schema']): string {
  const fallback = schema.default === undefined ? '' : `, default ${schema.default}`;
  if (schema.enum) return `${schema.enum.join(' or ')}${fallback}`;
  if (schema.type === 'array') return `${schema.items?.type ?? 'string'}, repeatable${schema.maxItems ? ` (at most ${schema.maxItems})` : ''}`;
  if (schema.type === 'integer') {
    const range =
      schema.maximum !== undefined ? ` from ${schema.minimum ?? 0} to ${schema.maximum}` : schema.minimum !== undefined ? ` ≥ ${schema.minimum}` : '';
    return `integer${range}${fallback}`;
  }
  if (schema.type === 'boolean') return 'true or false';
  return schema.type ?? 'string';
}

/** Links that answer with data on this database (the same values GraphiQL's example tabs use). */
export function exampleUrls(ex: Examples): Record<string, { url: string; what: string }[]> {
  const block = '/api/v3/transactionsByMasterchainBlock';
  const pending = '/api/v3/pendingTraces';
  const transactions = '/api/v3/transactions';
  const byMessage = '/api/v3/transactionsByMessage';
  const v3 = (route: string) => `/api/v3/${route}`;
  const hash = (h: string) => encodeURIComponent(h);
  return {
    [byMessage]:
      ex.messageHash === null
        ? []
        : [
            { url: `${byMessage}?msg_hash=${encodeURIComponent(ex.messageHash)}`, what: 'the transactions that sent and received a message' },
            { url: `${byMessage}?msg_hash=${encodeURIComponent(ex.messageHash)}&direction=in`, what: 'only the one that received it' },
          ],
    [transactions]:
      ex.transactionHash === null
        ? []
        : [
            { url: `${transactions}?limit=5`, what: 'the newest five transactions of the database' },
            { url: `${transactions}?hash=${encodeURIComponent(ex.transactionHash)}`, what: 'a transaction by its hash (hex, base64 or base64url)' },
            ...(ex.seqno === null
              ? []
              : [
                  { url: `${transactions}?mc_seqno=${ex.seqno}&limit=3&sort=asc`, what: 'the first three transactions the latest masterchain block committed' },
                ]),
          ],
    [block]:
      ex.seqno === null
        ? []
        : [
            { url: `${block}?seqno=${ex.seqno}&limit=5`, what: 'the latest indexed block: its last five transactions' },
            { url: `${block}?seqno=${ex.seqno}&limit=3&sort=asc`, what: 'its first three, lt ascending (page on with offset)' },
            { url: `${block}?seqno=${ex.seqno}&limit=2&x_no_address_book=true`, what: 'without the address book' },
          ],
    [v3('adjacentTransactions')]:
      ex.traceId === null
        ? []
        : [{ url: `${v3('adjacentTransactions')}?hash=${hash(ex.traceId)}&direction=out`, what: "the transactions a trace's root transaction set off" }],
    [v3('messages')]:
      ex.messageHash === null
        ? []
        : [
            { url: `${v3('messages')}?limit=5`, what: 'the newest five messages (external-in first, as TON Center orders them)' },
            { url: `${v3('messages')}?msg_hash=${hash(ex.messageHash)}`, what: 'a message by its hash, with the transactions at both ends' },
            ...(ex.account === null ? [] : [{ url: `${v3('messages')}?destination=${ex.account}&limit=5`, what: 'the messages to an account' }]),
          ],
    [v3('blocks')]:
      ex.seqno === null
        ? []
        : [
            { url: `${v3('blocks')}?workchain=-1&sort=desc&limit=3`, what: 'the three latest masterchain blocks' },
            { url: `${v3('blocks')}?mc_seqno=${ex.seqno}`, what: 'the blocks the latest masterchain block committed' },
          ],
    [v3('masterchainInfo')]: ex.seqno === null ? [] : [{ url: v3('masterchainInfo'), what: 'the first and the last indexed masterchain blocks' }],
    [v3('masterchainBlockShards')]:
      ex.seqno === null
        ? []
        : [{ url: `${v3('masterchainBlockShards')}?seqno=${ex.seqno}`, what: 'the latest masterchain block and the shard blocks it committed' }],
    [v3('masterchainBlockShardState')]:
      ex.seqno === null ? [] : [{ url: `${v3('masterchainBlockShardState')}?seqno=${ex.seqno}`, what: 'the top block of each shard at it' }],
    [v3('addressBook')]: ex.account === null ? [] : [{ url: `${v3('addressBook')}?address=${ex.account}`, what: "an account's user-friendly form and domain" }],
    [v3('metadata')]: ex.token === null ? [] : [{ url: `${v3('metadata')}?address=${ex.token}`, what: "a token's metadata" }],
    [v3('accountStates')]:
      ex.account === null ? [] : [{ url: `${v3('accountStates')}?address=${ex.account}&include_boc=false`, what: "an account's latest state and interfaces" }],
    [v3('walletStates')]: ex.account === null ? [] : [{ url: `${v3('walletStates')}?address=${ex.account}`, what: 'the same account read as a wallet' }],
    [v3('addressInformation')]:
      ex.account === null ? [] : [{ url: `${v3('addressInformation')}?address=${ex.account}`, what: "an account's balance, code, data and status" }],
    [v3('account')]: ex.account === null ? [] : [{ url: `${v3('account')}?address=${ex.account}`, what: 'the same, by its alias' }],
    [v3('walletInformation')]:
      ex.wallet === null ? [] : [{ url: `${v3('walletInformation')}?address=${ex.wallet}`, what: "the richest wallet's type, seqno, wallet id and balance" }],
    [v3('wallet')]: ex.wallet === null ? [] : [{ url: `${v3('wallet')}?address=${ex.wallet}`, what: 'the same, by its alias' }],
    [v3('topAccountsByBalance')]: ex.richestAccount === null ? [] : [{ url: `${v3('topAccountsByBalance')}?limit=5`, what: 'the five richest accounts' }],
    [v3('traces')]:
      ex.traceId === null
        ? []
        : [
            { url: `${v3('traces')}?limit=3&include_actions=true`, what: 'the three traces that ended last, with their actions' },
            { url: `${v3('traces')}?trace_id=${hash(ex.traceId)}`, what: 'a trace by its id' },
            ...(ex.transactionHash === null ? [] : [{ url: `${v3('traces')}?tx_hash=${hash(ex.transactionHash)}`, what: 'the trace of a transaction' }]),
          ],
    [v3('events')]:
      ex.traceId === null ? [] : [{ url: `${v3('events')}?trace_id=${hash(ex.traceId)}`, what: 'a trace as an event, its actions always included' }],
    [v3('actions')]: !ex.hasActions
      ? []
      : [
          { url: `${v3('actions')}?limit=5`, what: 'the actions of the traces that ended last' },
          { url: `${v3('actions')}?limit=2&include_transactions=true`, what: 'with the transactions each spans, whole' },
        ],
    [v3('pendingTransactions')]:
      ex.pendingAccount === null
        ? []
        : [{ url: `${v3('pendingTransactions')}?account=${ex.pendingAccount}`, what: "an account's transactions in traces still in flight" }],
    [v3('pendingActions')]:
      ex.pendingActionsExtMsgHash === null
        ? []
        : [
            {
              url: `${v3('pendingActions')}?ext_msg_hash=${hash(ex.pendingActionsExtMsgHash)}`,
              what: 'the actions of a trace still in flight, by the external message that started it',
            },
          ],
    [v3('decode')]:
      ex.opcode === null
        ? []
        : [
            {
              url: `${v3('decode')}?opcodes=0x${(ex.opcode >>> 0).toString(16).padStart(8, '0')}`,
              what: 'the name of an opcode of a message here (POST for bodies)',
            },
          ],
    [pending]: [
      ...(ex.pendingAccount ? [{ url: `${pending}?account=${ex.pendingAccount}`, what: 'the traces in flight of an account' }] : []),
      ...(ex.pendingExtMsgHash
        ? [{ url: `${pending}?ext_msg_hash=${encodeURIComponent(ex.pendingExtMsgHash)}`, what: 'a trace by the external message that started it' }]
        : []),
    ],
    [v3('jetton/masters')]:
      ex.jettonMaster === null
        ? []
        : [
            { url: `${v3('jetton/masters')}?limit=5`, what: 'five jetton masters' },
            { url: `${v3('jetton/masters')}?address=${ex.jettonMaster}`, what: 'a jetton master by its address' },
          ],
    [v3('jetton/wallets')]: [
      ...(ex.jettonMaster === null
        ? []
        : [{ url: `${v3('jetton/wallets')}?jetton_address=${ex.jettonMaster}&sort=desc&limit=5`, what: "a jetton's wallets, largest balance first" }]),
      ...(ex.jettonOwner === null ? [] : [{ url: `${v3('jetton/wallets')}?owner_address=${ex.jettonOwner}`, what: "an account's jetton wallets" }]),
    ],
    [v3('jetton/transfers')]: ex.hasJettonTransfers ? [{ url: `${v3('jetton/transfers')}?limit=5`, what: 'the latest jetton transfers' }] : [],
    [v3('jetton/burns')]: [
      ...(ex.hasJettonBurns ? [{ url: `${v3('jetton/burns')}?limit=5`, what: 'the latest jetton burns' }] : []),
      ...(ex.burnedJetton === null
        ? []
        : [{ url: `${v3('jetton/burns')}?jetton_master=${ex.burnedJetton}&limit=5`, what: 'the burns of the jetton burned last' }]),
    ],
    [v3('nft/collections')]:
      ex.anyCollection === null
        ? []
        : [
            { url: `${v3('nft/collections')}?limit=5`, what: 'five NFT collections' },
            { url: `${v3('nft/collections')}?collection_address=${ex.anyCollection}`, what: 'a collection by its address' },
          ],
    [v3('nft/items')]: [
      ...(ex.hasNftItems ? [{ url: `${v3('nft/items')}?limit=5`, what: 'five NFT items' }] : []),
      ...(ex.nftCollection === null
        ? []
        : [{ url: `${v3('nft/items')}?collection_address=${ex.nftCollection}&limit=5`, what: "a collection's items by index" }]),
    ],
    [v3('nft/transfers')]: [
      ...(ex.hasNftTransfers ? [{ url: `${v3('nft/transfers')}?limit=5`, what: 'the latest NFT transfers' }] : []),
      ...(ex.transferredNft === null
        ? []
        : [{ url: `${v3('nft/transfers')}?item_address=${ex.transferredNft}`, what: 'the transfers of the item transferred last' }]),
    ],
    [v3('nft/sales')]:
      ex.nftSales.length === 0
        ? []
        : [
            {
              url: `${v3('nft/sales')}?${ex.nftSales.map((a) => `address=${a}`).join('&')}`,
              what: 'a GetGems sale, a GetGems auction and a Telemint item, those there are, with their items',
            },
          ],
    [v3('dns/records')]: ex.dnsWallet === null ? [] : [{ url: `${v3('dns/records')}?wallet=${ex.dnsWallet}`, what: 'the domains that resolve to a wallet' }],
    [v3('multisig/wallets')]: [
      ...(ex.multisig === null
        ? []
        : [{ url: `${v3('multisig/wallets')}?address=${ex.multisig}&include_orders=true`, what: 'the newest multisig wallet, its signers and orders' }]),
      ...(ex.multisigSigner === null
        ? []
        : [{ url: `${v3('multisig/wallets')}?wallet_address=${ex.multisigSigner}`, what: 'the multisigs one of its signers signs or proposes for' }]),
    ],
    [v3('multisig/orders')]:
      ex.multisigWithOrders === null
        ? []
        : [
            {
              url: `${v3('multisig/orders')}?multisig_address=${ex.multisigWithOrders}&parse_actions=true`,
              what: "a multisig's orders, with what each would do",
            },
          ],
    [v3('vesting')]: [
      ...(ex.vestingContract === null
        ? []
        : [{ url: `${v3('vesting')}?contract_address=${ex.vestingContract}`, what: 'the newest vesting contract, with its whitelist' }]),
      ...(ex.vestingOwner === null
        ? []
        : [{ url: `${v3('vesting')}?wallet_address=${ex.vestingOwner}`, what: 'the vesting contracts its owner owns or funded' }]),
    ],
    [v3('balanceChanges')]:
      ex.traceId === null
        ? []
        : [{ url: `${v3('balanceChanges')}?trace_id=${hash(ex.traceId)}`, what: 'the nanotons, fees and jettons a trace moved, per address' }],
  };
}

const code = (s: string) => `<code>${escapeHtml(s)}</code>`;
const placed = (list: { name: string; type: string }[]) => list.map((c) => `${code(c.name)} (${escapeHtml(c.type)})`).join(', ');

/**
 * The docs page's section on decoded bodies: the coverage and the constructors that never decode, read from the
 * schema data (decode/coverage.ts), our bounds and the rules real data has not confirmed.
 */
export function decodingSection(cov: DecoderCoverage = decoderCoverage()): string {
  const { slots, bounds } = cov;
  const neverTried = cov.neverTried.reduce((n, t) => n + t.constructors.length, 0);
  const types = cov.neverTried
    .map(
      (t) =>
        `${code(t.type)}: ${t.constructors.map((c) => (c.sameOpcodeAs ? `${code(c.name)} (its opcode is ${code(c.sameOpcodeAs)}'s, which is tried)` : code(c.name))).join(', ')}`,
    )
    .join('; ');
  const size = (n: number) => (n % (1 << 20) === 0 ? `${n >> 20} MiB` : `${n} characters`);
  return `<section id="decoded-bodies"><h2>Decoded message bodies: coverage and differences</h2>
<p>The decoder holds TON Center's ${cov.constructors} TL-B constructors. ${slots.constructors} are in the ${slots.types} parser slots TON Center tries on a body by its first 32 bits (${slots.opcodes} opcodes, ${slots.sharedOpcodes} of them shared by several constructors, tried in TON Center's order: the first that parses wins); ${cov.special.length} are the wallet special paths (${cov.special.map(code).join(', ')}); ${neverTried} belong to the types TON Center never tries; the other ${cov.helpers} are helper types (addresses, Maybe and Either, dictionaries, messages, out-action lists, each protocol's own types), printed as the values of fields.</p>
<h3>Never decoded, as in TON Center</h3><ul>
<li>A tag shorter than 32 bits: ${cov.shortTags.map((c) => `${code(c.name)} (${escapeHtml(c.type)}, ${c.bits} bits)`).join(', ')}: found only for the opcode of their tag read as a 32-bit number, whose first bits then do not match it.</li>
<li>No tag: ${placed(cov.untagged)}: tried for opcode 0 only, and never parse there.</li>
<li>In the ${cov.neverTried.length} types never tried (${neverTried} constructors): ${types}. Their bodies decode only as a tried constructor of the same opcode.</li>
<li>Shadowed, always: ${placed(cov.shadowed.always)}. An earlier constructor of the same opcode, tried first, reads every body of theirs, so they print as it.</li>
<li>Shadowed, partly: ${placed(cov.shadowed.partly)}. They print as themselves only for the bodies no earlier constructor of their opcode reads.</li>
</ul>
<h3>Differences</h3><ul>
<li>Bounds per body, ours: at most ${bounds.cells} distinct cells in its BOC, ${bounds.bodyRefs} reference descents for the body and its nested decodes together (besides TON Center's ${bounds.printerRefs} per constructor attempt), ${size(bounds.outputChars)} of BOC strings, hex and text in its output, wallet action chains of at most ${bounds.actionChain}. A body beyond them gives <code>null</code> where TON Center might decode it.</li>
<li>Not a difference: inner cells are decoded ${bounds.nestedLevels} levels below the body, as TON Center's textual recursion does (it stops past depth 10, counted from 0 at the body); the next level stays a base64 BOC.</li>
</ul>
<h3>Rules chosen without confirmation from real data</h3><ul>
<li><code>(Maybe (## n))</code> (StateInit's <code>fixed_prefix_length</code>, <code>torrent_info</code>'s <code>microchunk_hash</code>) prints its number as a decimal string, as <code>(## n)</code> does: every real value seen so far is <code>nothing_from_maybe</code>.</li>
<li>An inner cell prints as the BOC TON Center's C++ writes (<code>std_boc_serialize</code> mode 0, its cell order, not @ton/core's): real data confirms the order for trees (two forward payloads five levels deep); for a cell shared within one value it is unconfirmed.</li>
<li>The tags of ${cov.computedTags.map((t) => `${code(t.name)} (<code>#${escapeHtml(t.tag)}</code>)`).join(' and ')}, which TON Center's schema leaves to tlbc (the CRC32 of the declaration), are computed by us; no real body has them.</li>
<li>Settled by real data: a typed reference as a type argument, <code>^Any</code> included, is wrapped as <code>{"cell_reference": …}</code> (wallet out-message bodies, <code>Either Any ^Any</code>); <code>^Cell</code> is not (custom and forward payloads).</li>
</ul></section>`;
}

/** The REST documentation page: per route, its parameters in words, links that work here, and real error answers. */
export function docsPage(ex: Examples, errors: ErrorExample[]): string {
  const examples = exampleUrls(ex);
  const routes = Object.entries(OPENAPI.paths).map(([path, ops]) => {
    const { operation: get, methods, body } = operationOf(ops);
    const schema = body?.content['application/json'].schema.$ref.split('/').pop();
    const request = body
      ? `<p>${escapeHtml(methods === 'POST' ? 'Request' : 'POST request')}: a JSON body, ${escapeHtml(body.description)} (schema <code>${escapeHtml(schema ?? '')}</code> in the <a href="/api/v3/openapi.json">OpenAPI document</a>).</p>`
      : '';
    const params = (get.parameters as readonly Param[])
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <b>required</b>' : ''}</td><td>${escapeHtml(describe(p.schema))}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
      )
      .join('');
    const links = (examples[path] ?? []).map((e) => `<li><a href="${escapeHtml(e.url)}">${escapeHtml(e.url)}</a>: ${escapeHtml(e.what)}</li>`).join('');
    const failures = errors
      .filter((e) => e.url.startsWith(path))
      .map((e) => `<li><code>${escapeHtml(e.url)}</code> → ${e.status} <code>${escapeHtml(e.body)}</code></li>`)
      .join('');
    const responses = Object.entries(get.responses)
      .map(([code, r]) => `<li><b>${code}</b> ${escapeHtml((r as { description: string }).description)}</li>`)
      .join('');
    return `<section id="${escapeHtml(get.operationId)}"><h2>${methods} <code>${escapeHtml(path)}</code></h2><p>${escapeHtml(get.summary)}.</p>${request}
<table><tr><th>parameter</th><th>value</th><th>meaning</th></tr>${params}</table>
<h3>Try it</h3><ul>${links || '<li>no data in this database to show yet</li>'}</ul>
<h3>Answers</h3><ul>${responses}</ul>${failures ? `<h3>Errors, as this service answers them</h3><ul>${failures}</ul>` : ''}</section>`;
  });
  const toc = Object.values(OPENAPI.paths)
    .map((ops) => operationOf(ops).operation)
    .map((get) => `<a href="#${escapeHtml(get.operationId)}">${escapeHtml(get.operationId)}</a>`)
    .join(' · ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tonql REST API (TON Center v3)</title>
<style>body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;line-height:1.45}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}table{border-collapse:collapse;width:100%}code{font-size:90%;background:#f4f4f4;padding:0 3px;word-break:break-all}h2{margin-top:2em}</style></head>
<body><h1>tonql REST API</h1>
<p>Drop-in compatible with <a href="https://toncenter.com/api/v3/">TON Center's API v3</a>: point a client's base URL here. Also here: <a href="/graphql">GraphQL, with GraphiQL</a> for nested queries in one round trip, and the machine-readable <a href="/api/v3/openapi.json">OpenAPI document</a>.</p>
<p>Wire rules: hashes are standard base64 (padded); addresses raw <code>&lt;workchain&gt;:&lt;64 uppercase hex&gt;</code> (parameters also take user-friendly forms); 64-bit values are decimal strings, exact; message opcodes unsigned 32-bit integers. Unknown parameters are rejected with 422 rather than ignored, so a misspelled filter never returns unfiltered data. Errors are <code>{"error": "…", "code": status}</code>. Every route accepts TON Center's <code>api_key</code>, <code>x_timeout</code>, <code>x_no_address_book</code>, <code>x_no_metadata</code> (or the <code>X-Api-Key</code>, <code>X-Timeout</code>, … headers).</p>
<p>Message bodies: every message carries <code>message_content.decoded</code>, its body decoded as TON Center decodes it (the same 944 TL-B constructors: jettons, NFTs, DNS, wallets, DEXes, staking, …; <code>@type</code> first, integers as decimal strings, a top-level text comment as <code>{"@type":"text_comment","comment":…,"type":"text_comment"}</code>), or null when no schema parses it, and <code>decoded_opcode</code>, the opcode's constructor name. Init states are never decoded; Streaming API events decode pending traces only, as TON Center does. <a href="#decode">/api/v3/decode</a> decodes bodies you give it. <a href="#decoded-bodies">Coverage and differences</a>: the constructors that never decode, our bounds, the rules real data has not confirmed.</p>
<p>Routes: ${toc}</p>
${routes.join('\n')}
${decodingSection()}
</body></html>`;
}
