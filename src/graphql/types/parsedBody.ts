import { decoderSchema, type ParsedObject } from '../../decode/index';
import { builder } from '../builder';
import { buildParsedModel, PARSED_BODY, TLB_TYPE_FIELD } from '../parsed/model';

/**
 * The typed message bodies: every object type and union of graphql/parsed/model.ts, generated from the
 * decoder's TL-B schemas once when the schema is built, and `ParsedBody`, the union of all of them, which
 * `MessageContent.parsed` and `decode` return.
 */

/** The service's own type names a constructor's would take: those constructors' types are prefixed `Tlb` (`message` → `TlbMessage`). */
const OWN_TYPE_NAMES = [
  'Message',
  'MessageContent',
  'Transaction',
  'Block',
  'Account',
  'Action',
  'Trace',
  'DecodedBody',
  'DecodeResult',
  'NftTransfer',
  'JettonTransfer',
  'JettonBurn',
  'MultisigOrder',
];

const { compiler, order } = decoderSchema();
export const parsedModel = buildParsedModel(compiler, order, OWN_TYPE_NAMES);

type Ref = ReturnType<typeof builder.objectRef<ParsedObject>>;

const objects = new Map<string, Ref>(parsedModel.objects.map((o) => [o.name, builder.objectRef<ParsedObject>(o.name) as Ref]));
const resolveType = (value: unknown) => parsedModel.typeOf(value);

export const ParsedBody = builder.unionType(PARSED_BODY, {
  description: `A message body, or a cell inside one, decoded as TON Center's decoder reads it (its ${compiler.layouts.filter((l) => !l.anon).length} TL-B constructors): one object type per constructor, named in PascalCase after it (\`jetton_notify\` → \`JettonNotify\`; one type for the declarations that share a name), its fields in camelCase after the TL-B fields (\`${TLB_TYPE_FIELD}\` names the constructor). Also \`EmptyCell\` for an empty cell, \`UnknownCell\` for a cell that does not decode, and \`DecodeError\` (only from \`decode\`).`,
  types: [...objects.values()],
  resolveType,
});

const unions = new Map(
  parsedModel.unions.map((u) => [
    u.name,
    builder.unionType(u.name, { description: u.description, types: u.members.map((m) => objects.get(m) as Ref), resolveType }),
  ]),
);

const SCALARS = new Set(['BigInt', 'Boolean', 'String', 'JSON']);

/** A field type of the model as the builder takes it (a trailing `!` is non-null). */
function fieldType(name: string) {
  const bare = name.replace(/!$/, '');
  if (SCALARS.has(bare)) return bare as 'String';
  if (bare === PARSED_BODY) return ParsedBody;
  const ref = objects.get(bare) ?? unions.get(bare);
  if (!ref) throw new Error(`parsed body model: no type ${bare}`);
  return ref;
}

for (const o of parsedModel.objects) {
  (objects.get(o.name) as Ref).implement({
    description: o.description,
    fields: (t) =>
      Object.fromEntries(
        o.fields.map((f) => [
          f.name,
          t.field({
            type: fieldType(f.type),
            nullable: !f.type.endsWith('!'),
            description: f.description,
            resolve: (p) => f.resolve(p) as never,
          }),
        ]),
      ),
  });
}
