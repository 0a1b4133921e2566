import { beginCell } from '@ton/core';
import { type GraphQLField, type GraphQLNamedType, getNamedType, isObjectType, isUnionType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaults } from '../src/config';
import { decodeBody, decodeParsed, decoderSchema } from '../src/decode/index';
import type { FieldModel, ObjectModel } from '../src/graphql/parsed/model';
import { schema } from '../src/graphql/schema';
import { parsedModel } from '../src/graphql/types/parsedBody';
import { createGraphQL } from '../src/graphql/yoga';
import { importDocument } from '../src/import/importFile';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { decodedPairs } from './helpers/decoded';
import { realTestnetTraces } from './helpers/fixtures';
import { DecodeBodiesDocument, MessageParsedBodyDocument } from './generated/graphql';
import { execute } from './helpers/graphql';
import { testServices } from './helpers/service';
import { randomBodies } from './helpers/tlbBuild';

const pairs = decodedPairs() as { body: string; decoded: any }[];

/** The fixture's value in the form `decode` gives (a top-level comment as TON Center's own `text_comment`). */
const tonCenterValue = (decoded: any) =>
  decoded?.['@type'] === 'text_comment' && 'comment' in decoded ? { '@type': 'text_comment', text: decoded.comment } : decoded;

const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Maybe, Either and `cell_reference` wrappers taken off: what a typed field shows (null for nothing_from_maybe). */
function unwrap(v: unknown): unknown {
  let x = v;
  while (isObj(x)) {
    const t = x['@type'];
    if (t === 'nothing_from_maybe') return null;
    if (t === 'something_from_maybe' || t === 'first_from_either' || t === 'second_from_either') x = x.value;
    else if (t === undefined && Object.keys(x).length === 1 && 'cell_reference' in x) x = x.cell_reference;
    else return x;
  }
  return x;
}

const expected = {
  BigInt: (v: unknown) => {
    if (typeof v === 'string') return v;
    if (typeof v === 'boolean') return v ? '1' : '0';
    if (isObj(v) && (v['@type'] === 'var_uint' || v['@type'] === 'var_int')) return v.value;
    if (isObj(v) && (v['@type'] === 'nanocoins' || v['@type'] === 'nanograms')) return v.amount.value;
    return `unexpected ${JSON.stringify(v)}`;
  },
  Boolean: (v: unknown) => {
    if (typeof v === 'boolean') return v;
    if (isObj(v) && ['true', 'bool_true'].includes(v['@type'])) return true;
    if (isObj(v) && ['false', 'bool_false'].includes(v['@type'])) return false;
    if (isObj(v) && typeof v.bit === 'string') return v.bit === '1';
    return `unexpected ${JSON.stringify(v)}`;
  },
  String: (v: unknown) => {
    if (typeof v === 'string') return v;
    if (isObj(v) && (v['@type'] === 'addr_std' || v['@type'] === 'addr_var')) return `${v.workchain_id}:${v.address}`;
    if (isObj(v) && v['@type'] === 'addr_external') return `ext:${v.len}:${v.external_address}`;
    if (isObj(v) && v['@type'] === 'addr_none') return null;
    return `unexpected ${JSON.stringify(v)}`;
  },
};

const byName = new Map(parsedModel.objects.map((o) => [o.name, o]));
const fieldFor = (o: ObjectModel, key: string): FieldModel | undefined => o.fields.find((f) => f.tlbNames.includes(key));
/** The fields a JSON key can be (an unnamed field `""` is named after its type, which differs between declarations). */
const fieldsFor = (o: ObjectModel, key: string): FieldModel[] => o.fields.filter((f) => f.tlbNames.includes(key));
const BODY_CONSTRUCTORS = (() => {
  const { order, compiler } = decoderSchema();
  const types = [...order.slots, ...Object.values(order.special.byOpcodeName), ...order.special.unknownOpcode];
  return new Set(types.flatMap((t) => (compiler.byType.get(t) ?? []).map((c) => c.name)));
})();
const gqlField = (type: string, field: string) => (schema.getType(type) as any).getFields()[field] as GraphQLField<unknown, unknown>;

/** The object types a JSON value can be at a position of this type. */
function candidates(type: GraphQLNamedType, v: unknown): string[] {
  if (isObjectType(type)) {
    const o = byName.get(type.name);
    const keys = isObj(v) ? Object.keys(v).filter((k) => k !== '@type') : [];
    const named = !isObj(v) || v['@type'] === undefined || o?.constructors.some((c) => c.name === v['@type']);
    return o && named && keys.every((k) => fieldFor(o, k)) ? [type.name] : [];
  }
  if (!isUnionType(type)) return [];
  const members = type.getTypes().map((t) => t.name);
  if (typeof v === 'string') return ['UnknownCell'];
  if (isObj(v) && v['@type'] === 'empty_cell') return ['EmptyCell'];
  const name = isObj(v) ? (v['@type'] ?? '_') : '_';
  const keys = isObj(v) ? Object.keys(v).filter((k) => k !== '@type') : [];
  // same-named constructors of other types (swap_params, …) and anonymous ones: those with a field for every key
  return members.filter((m) => {
    const o = byName.get(m);
    if (!o || !(o.constructors.some((c) => c.name === name) || (name === '_' && /anonymous/.test(o.description)))) return false;
    return keys.every((k) => fieldFor(o, k));
  });
}

/** A selection for the value (as TON Center prints it) at a position of the type, and the problems met. */
function select(v: unknown, type: GraphQLNamedType, problems: string[], path: string): string {
  const cands = candidates(type, v);
  if (cands.length === 0) problems.push(`${path}: no type for ${JSON.stringify(v).slice(0, 80)} in ${type.name}`);
  return `__typename ${cands.map((c) => `... on ${c} { ${selectFields(v, c, problems, path)} }`).join(' ')}`;
}

function selectFields(v: unknown, typeName: string, problems: string[], path: string): string {
  if (typeName === 'UnknownCell') return 'boc';
  if (!isObj(v)) return 'tlbType';
  const o = byName.get(typeName) as ObjectModel;
  const parts = ['tlbType'];
  for (const [k, raw] of Object.entries(v)) {
    if (k === '@type') continue;
    const inner = unwrap(raw);
    // of the fields an unnamed key can be, those whose type can hold the value
    const fs = fieldsFor(o, k).filter((f) => {
      const t = getNamedType(gqlField(typeName, f.name).type);
      return !(isObjectType(t) || isUnionType(t)) || inner === null || candidates(t, inner).length > 0;
    });
    if (fs.length === 0) problems.push(`${path}.${k}: ${typeName} has no field for it`);
    for (const f of fs) {
      const t = getNamedType(gqlField(typeName, f.name).type);
      parts.push(isObjectType(t) || isUnionType(t) ? `${f.name} { ${inner === null ? '__typename' : select(inner, t, problems, `${path}.${k}`)} }` : f.name);
      if (o.fields.some((x) => x.name === `${f.name}Boc`)) parts.push(`${f.name}Boc`);
    }
  }
  return parts.join(' ');
}

const plain = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(plain)
    : isObj(v)
      ? Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (k === '@c' || k === '@boc' ? [] : [[k, plain(x)]])))
      : v;

/** Compares a GraphQL result with the TON Center value it was selected for; returns the differences. */
function compare(v: unknown, r: any, type: GraphQLNamedType, path: string, out: string[]): void {
  if (r === null || r === undefined) {
    out.push(`${path}: null for ${JSON.stringify(v).slice(0, 80)}`);
    return;
  }
  const actual = r.__typename as string;
  if (!candidates(type, v).includes(actual)) out.push(`${path}: ${actual} is not among ${candidates(type, v)}`);
  if (actual === 'UnknownCell') {
    if (r.boc !== v) out.push(`${path}: UnknownCell ${r.boc} for ${JSON.stringify(v)}`);
    return;
  }
  if (!isObj(v)) return;
  if (r.tlbType !== (v['@type'] ?? null)) out.push(`${path}: tlbType ${r.tlbType} for ${v['@type']}`);
  const o = byName.get(actual) as ObjectModel;
  for (const [k, raw] of Object.entries(v)) {
    if (k === '@type') continue;
    const fs = fieldsFor(o, k);
    const f = fs.find((x) => r[x.name] !== null && r[x.name] !== undefined) ?? fs.find((x) => x.name in r);
    if (!f) continue;
    const t = getNamedType(gqlField(actual, f.name).type);
    const got = r[f.name];
    const at = `${path}.${k}`;
    if (t.name === 'JSON') {
      if (JSON.stringify(got) !== JSON.stringify(raw)) out.push(`${at}: JSON ${JSON.stringify(got).slice(0, 80)} for ${JSON.stringify(raw).slice(0, 80)}`);
      continue;
    }
    const inner = unwrap(raw);
    if (t.name in expected) {
      const want = inner === null ? null : expected[t.name as keyof typeof expected](inner);
      if (got !== want) out.push(`${at}: ${JSON.stringify(got)} for ${JSON.stringify(want)} (${JSON.stringify(raw).slice(0, 80)})`);
    } else if (inner === null) {
      if (got !== null) out.push(`${at}: ${JSON.stringify(got).slice(0, 80)} for null`);
    } else compare(inner, got, t, at, out);
    if (o.fields.some((x) => x.name === `${f.name}Boc`)) {
      const boc = r[`${f.name}Boc`];
      if (typeof inner === 'string' && boc !== inner) out.push(`${at}: BOC ${boc} for ${inner}`);
      // a decoded cell: its BOC decodes to the same value (a typed declaration of the field holds no cell: no BOC)
      if (isObj(inner) && !(boc === null && !BODY_CONSTRUCTORS.has(inner['@type'])) && JSON.stringify(plain(decodeParsed(boc))) !== JSON.stringify(inner))
        out.push(`${at}: BOC ${boc} does not decode to the value`);
      if (inner === null && boc !== null) out.push(`${at}: BOC ${boc} for no cell`);
    }
  }
}

const PARSED_BODY = schema.getType('ParsedBody') as GraphQLNamedType;

describe('typed bodies over GraphQL', () => {
  let db: TestDatabase;
  let yoga: ReturnType<typeof createGraphQL>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'traces', realTestnetTraces().text);
    yoga = createGraphQL(testServices(db.reader), {
      ...defaults().graphql,
      limits: { maxDepth: 200, maxAliases: 5000, maxTokens: 10_000_000, maxCost: 1e12, maxDocumentBytes: 50_000_000 },
    });
  });
  afterAll(async () => db?.drop());

  it('has an object type in ParsedBody for every constructor', () => {
    const { constructors, compiler } = decoderSchema();
    const members = new Set((PARSED_BODY as any).getTypes().map((t: GraphQLNamedType) => t.name));
    const types = new Set(constructors.map((c) => parsedModel.typeOfConstructor(c)));
    for (const c of constructors) expect(members.has(parsedModel.typeOfConstructor(c)), `${c.name} = ${c.result}`).toBe(true);
    // every object the decoder can print resolves to a member
    for (const l of compiler.layouts) expect(members.has(parsedModel.typeOf({ '@c': l.id })), `layout ${l.id}`).toBe(true);
    const anonymousCells = parsedModel.objects.filter((o) => o.layouts.length > 0 && o.constructors.length === 0).length;
    console.log(
      `parsed bodies: ${constructors.length} constructors → ${types.size} object types (same-named declarations share one), ${anonymousCells} anonymous-cell types, ${parsedModel.unions.length} unions of TL-B types; ParsedBody has ${members.size} members; renamed: ${parsedModel.renamed.map(([a, b]) => `${a}→${b}`).join(', ')}`,
    );
    expect(constructors).toHaveLength(944);
    expect(members.size).toBe(types.size + anonymousCells + 3);
    expect(parsedModel.objects).toHaveLength(members.size);
    expect(parsedModel.typeOfConstructor(constructors.find((c) => c.name === 'jetton_notify')!)).toBe('JettonNotify');
    expect(parsedModel.typeOfConstructor(constructors.find((c) => c.name === 'text_comment')!)).toBe('TextComment');
  });

  it('decodes every real body as TON Center does, field by field', async () => {
    for (const [i, p] of pairs.entries()) {
      const value = tonCenterValue(p.decoded);
      const problems: string[] = [];
      const query = `query($b: [String!]) { decode(bodies: $b) { bodies { ${select(value, PARSED_BODY, problems, `pair ${i}`)} } } }`;
      expect(problems).toEqual([]);
      const res: any = await execute(yoga, query, { b: [p.body] });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      const diffs: string[] = [];
      compare(value, res.data.decode.bodies[0], PARSED_BODY, `pair ${i} (${value['@type']})`, diffs);
      expect(diffs).toEqual([]);
    }
  });

  it("answers the issue's query: a jetton notify's amount, sender and comment", async () => {
    const p = pairs.find((x) => x.decoded?.['@type'] === 'jetton_notify' && x.decoded.forward_payload?.value?.['@type'] === 'text_comment')!;
    const res = await execute(yoga, DecodeBodiesDocument, { bodies: [p.body, 'te6cc'], opcodes: ['0x7362d09c'] });
    const d = p.decoded;
    expect(res.data?.decode).toEqual({
      opcodes: ['jetton_notify'],
      bodies: [
        {
          __typename: 'JettonNotify',
          amount: d.amount.value,
          sender: `${d.sender.workchain_id}:${d.sender.address}`,
          forwardPayload: { __typename: 'TextComment', text: d.forward_payload.value.text },
        },
        { __typename: 'DecodeError', error: 'unknown: failed to decode base64: Wrong string length' },
      ],
    });
  });

  it('reads a message body in the database through MessageContent.parsed, and never an init state', async () => {
    // a testnet jetton notify (its transaction is in the traces imported above)
    const hash = 'etlBvJ9Oca6e9KYCUM5OJWVVkTJhoOK2AEbQEV1knZ8=';
    const issue = await execute(yoga, MessageParsedBodyDocument, { hash });
    expect(issue.errors, JSON.stringify(issue.errors)).toBeUndefined();
    const query = `query($h: String!) { transaction(hash: $h) { inMsg { messageContent { body } initState { parsed { __typename } } } } }`;
    const res: any = await execute(yoga, query, { h: hash });
    const d = JSON.parse(decodeBody(res.data.transaction.inMsg.messageContent.body)!.json);
    expect(issue.data?.transaction?.inMsg?.messageContent?.parsed).toEqual({
      __typename: 'JettonNotify',
      amount: d.amount.value,
      sender: `${d.sender.workchain_id}:${d.sender.address}`,
      forwardPayload: { __typename: d.forward_payload.value['@type'] === 'text_comment' ? 'TextComment' : expect.any(String) },
    });
    const problems: string[] = [];
    const q2 = `query($h: String!) { transaction(hash: $h) { inMsg { messageContent { parsed { ${select(d, PARSED_BODY, problems, 'db')} } } } } }`;
    expect(problems).toEqual([]);
    const res2: any = await execute(yoga, q2, { h: hash });
    const diffs: string[] = [];
    compare(d, res2.data.transaction.inMsg.messageContent.parsed, PARSED_BODY, 'db', diffs);
    expect(diffs).toEqual([]);
    expect(res.data.transaction.inMsg.initState?.parsed ?? null).toBeNull();
  });

  it('decodes random bodies of every tried constructor as the JSON says', async () => {
    const bodies: { boc: string; value: any }[] = [];
    const done = new Set<unknown>();
    for (const { constructor: made, cell } of randomBodies(decoderSchema(), 5, 10)) {
      if (done.has(made)) continue;
      const rest = decodeBody(cell);
      if (!rest) continue;
      done.add(made);
      bodies.push({
        boc: cell.toBoc().toString('base64'),
        value: rest.comment !== undefined ? { '@type': 'text_comment', text: rest.comment } : JSON.parse(rest.json),
      });
    }
    const problems: string[] = [];
    const parts = bodies.map(
      (b, i) => `b${i}: decode(bodies: ${JSON.stringify([b.boc])}) { bodies { ${select(b.value, PARSED_BODY, problems, `body ${i}`)} } }`,
    );
    expect(problems).toEqual([]);
    const t0 = performance.now();
    const res: any = await execute(yoga, `{ ${parts.join('\n')} }`);
    console.log(`parsed bodies: ${bodies.length} random bodies of the tried constructors in one request, ${(performance.now() - t0).toFixed(0)} ms`);
    expect(res.errors, JSON.stringify(res.errors?.slice(0, 3))).toBeUndefined();
    const diffs: string[] = [];
    bodies.forEach((b, i) => compare(b.value, res.data[`b${i}`].bodies[0], PARSED_BODY, `body ${i} (${b.value['@type']})`, diffs));
    expect(diffs).toEqual([]);
    expect(new Set(bodies.map((b) => b.value['@type'])).size).toBeGreaterThan(450);
  });

  it('decode: opcodes named, errors per body, the limits as REST', async () => {
    const comment = beginCell().storeUint(0, 32).storeStringTail('hello').endCell();
    const query = `query($o: [String!], $b: [String!]) { decode(opcodes: $o, bodies: $b) { opcodes bodies { __typename ... on TextComment { text } ... on DecodeError { error } ... on EmptyCell { tlbType } } } }`;
    const res: any = await execute(yoga, query, {
      o: ['0x7362d09c', '0', 'ffffffff', '12345678'],
      b: [
        comment.toBoc().toString('base64'),
        comment.toBoc().toString('hex'),
        'te6cc',
        beginCell().storeUint(0xdeadbeef, 32).endCell().toBoc().toString('base64'),
        'te6cckEBAQEAAgAAAEysuc0=',
      ],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.decode).toEqual({
      opcodes: ['jetton_notify', 'text_comment', 'bounce', 'unknown'],
      bodies: [
        { __typename: 'TextComment', text: 'hello' },
        { __typename: 'TextComment', text: 'hello' },
        { __typename: 'DecodeError', error: 'unknown: failed to decode base64: Wrong string length' },
        { __typename: 'DecodeError', error: 'unknown: no parser succeeded' },
        { __typename: 'EmptyCell', tlbType: 'empty_cell' },
      ],
    });
    const tooMany = await execute(yoga, 'query($b: [String!]) { decode(bodies: $b) { opcodes } }', { b: Array(1001).fill('te6cckEBAQEAAgAAAEysuc0=') });
    expect(tooMany.errors?.[0]).toMatchObject({ message: 'bodies list exceeds maximum length of 1000', extensions: { code: 'BAD_USER_INPUT' } });
    const badOpcode = await execute(yoga, '{ decode(opcodes: ["zz"]) { opcodes } }');
    expect(badOpcode.errors?.[0]).toMatchObject({ message: 'invalid opcode format at index 0: zz', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
