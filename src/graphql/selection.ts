import { getNamedType, isObjectType, Kind, type FragmentDefinitionNode, type GraphQLNamedType, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

function collect(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, into: Map<string, SelectionSetNode[]>) {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      const sets = into.get(selection.name.value) ?? [];
      if (selection.selectionSet) sets.push(selection.selectionSet);
      into.set(selection.name.value, sets);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      collect(selection.selectionSet, fragments, into);
    } else {
      collect(fragments[selection.name.value]?.selectionSet, fragments, into);
    }
  }
}

/** The field sets selected under `path` below the resolving field (`['edges', 'node']` for a connection's nodes). */
function selectedFieldsAt(info: GraphQLResolveInfo, path: readonly string[]): Map<string, SelectionSetNode[]> {
  let sets = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const name of path) {
    const into = new Map<string, SelectionSetNode[]>();
    for (const set of sets) collect(set, info.fragments, into);
    sets = into.get(name) ?? [];
  }
  const fields = new Map<string, SelectionSetNode[]>();
  for (const set of sets) collect(set, info.fragments, fields);
  return fields;
}

/**
 * The columns the selection under the resolving field reads (under `path` below it, for a connection's nodes):
 * each field of the object type found there declares them next to itself (`extensions: { columns }`); a field
 * that declares none reads `fallback`. `always` (the key) is always read. Type conditions and directives are not
 * evaluated, so the set errs towards more.
 */
export function selectedColumns<C extends string>(info: GraphQLResolveInfo, always: readonly C[], fallback: readonly C[], path: readonly string[] = []): C[] {
  // A list's items share their field nodes: the answer is worked out once per field of the document and path.
  let byPath = memo.get(info.fieldNodes);
  if (!byPath) memo.set(info.fieldNodes, (byPath = new Map()));
  const at = path.join('.');
  const known = byPath.get(at);
  if (known) return known as C[];
  let type: GraphQLNamedType = getNamedType(info.returnType);
  for (const name of path) type = isObjectType(type) ? getNamedType(type.getFields()[name]?.type) : type;
  const fields = isObjectType(type) ? type.getFields() : {};
  const columns = new Set<C>(always);
  for (const name of selectedFieldsAt(info, path).keys()) {
    if (name === '__typename') continue;
    for (const c of (fields[name]?.extensions?.columns as readonly C[] | undefined) ?? fallback) columns.add(c);
  }
  const result = [...columns];
  byPath.set(at, result);
  return result;
}

const memo = new WeakMap<GraphQLResolveInfo['fieldNodes'], Map<string, string[]>>();

/** Whether the selection under the resolving field (under `path` below it) selects a field of this name, in any fragment. */
export const selectsField = (info: GraphQLResolveInfo, name: string, path: readonly string[] = []): boolean => selectedFieldsAt(info, path).has(name);
