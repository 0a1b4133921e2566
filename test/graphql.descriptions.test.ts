import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isSpecifiedScalarType, type GraphQLField, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ACTION_DETAILS } from '../src/actions/details';
import { ACTION_TYPE_DOCS } from '../src/actions/docs';
import { schema } from '../src/graphql/schema';
import { parsedModel } from '../src/graphql/types/parsedBody';

/** The schema's own named types: no introspection types, no built-in scalars. */
const ownTypes = (): GraphQLNamedType[] => Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__') && !isSpecifiedScalarType(type));

const described = (description: string | null | undefined) => typeof description === 'string' && description.trim().length > 0;

/** Every schema element as a path (`Type`, `Type.field`, `Type.field(arg)`, `Enum.VALUE`) with its description. */
function elements(): { path: string; description: string | null | undefined }[] {
  const out: { path: string; description: string | null | undefined }[] = [];
  for (const type of ownTypes()) {
    out.push({ path: type.name, description: type.description });
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields()) as GraphQLField<unknown, unknown>[]) {
        out.push({ path: `${type.name}.${field.name}`, description: field.description });
        for (const arg of field.args) out.push({ path: `${type.name}.${field.name}(${arg.name})`, description: arg.description });
      }
    }
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) out.push({ path: `${type.name}.${field.name}`, description: field.description });
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) out.push({ path: `${type.name}.${value.name}`, description: value.description });
    }
  }
  return out;
}

/** Fields (not arguments) with their named output type, for the unit checks. */
function fields(): { path: string; name: string; type: string; description: string }[] {
  const out: { path: string; name: string; type: string; description: string }[] = [];
  for (const type of ownTypes()) {
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      let named = field.type;
      while ('ofType' in named) named = named.ofType;
      out.push({ path: `${type.name}.${field.name}`, name: field.name, type: named.name, description: field.description ?? '' });
    }
  }
  return out;
}

describe('GraphQL schema descriptions', () => {
  it('describes every type, field, argument and enum value', () => {
    const all = elements();
    const missing = all.filter((e) => !described(e.description)).map((e) => e.path);
    expect(missing, `${missing.length} of ${all.length} schema elements have no description`).toEqual([]);
  });

  it('gives the unit of logical times, Unix times and nanoton amounts', () => {
    // The typed body types are generated from TL-B, which gives no units: their fields give their TL-B type.
    const generated = new Set(parsedModel.objects.map((o) => o.name));
    const wrong: string[] = [];
    for (const f of fields()) {
      if (generated.has(f.path.split('.')[0])) continue;
      if (f.type === 'BigInt' && /(^lt|Lt)$/.test(f.name) && !/logical time/i.test(f.description)) wrong.push(`${f.path}: logical time`);
      if (/(Utime|^now|^createdAt|Now)$/.test(f.name) && !/unix time/i.test(f.description)) wrong.push(`${f.path}: Unix time`);
      if (f.type === 'BigInt' && /(Fees?|FeesCollected|FeesDue|^value|^balance|^credit)$/i.test(f.name) && !/nanoton/i.test(f.description)) {
        wrong.push(`${f.path}: nanotons`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('explains every action type that has typed details', () => {
    const typed = Object.entries(ACTION_DETAILS)
      .filter(([, fields]) => fields.length > 0)
      .map(([type]) => type);
    expect(typed.filter((type) => !ACTION_TYPE_DOCS[type])).toEqual([]);
  });
});
