import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

import { DEFAULT_PAGE, MAX_PAGE } from './connection';

const PAGE_ARGUMENTS = ['limit', 'first', 'last'];
const CEILING = 1e12;

/**
 * What a GraphQL request weighs for the limiter, in the unit REST pages use (rows it may shape): every item of
 * every paged list counts one, a page's size is its `limit`, `first` or `last` (written, from a variable, the
 * variable's default or the argument's) and multiplies what is selected under it; aliases and repeated fields
 * add up. Lists without a page (a transaction's messages) go with the item that holds them, as in REST; a
 * trace's transactions are added when they are read (RequestContext.grow). Fragments are weighed once each (a document that
 * spreads fragments into each other cannot make this exponential), a fragment cycle as nothing (validation
 * rejects it). Runs on the parsed, not yet validated document: unknown fields weigh nothing.
 */
export function requestWeight(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const defaults = new Map<string, ValueNode>();
  for (const v of operation.variableDefinitions ?? []) if (v.defaultValue) defaults.set(v.variable.name.value, v.defaultValue);
  const memo = new Map<string, number>();
  const visiting = new Set<string>();

  const intOf = (node: ValueNode | undefined): number | undefined => {
    if (!node) return undefined;
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.VARIABLE) {
      // a variable given (even as null) replaces its default
      if (Object.hasOwn(variables, node.name.value)) {
        const given = variables[node.name.value];
        return typeof given === 'number' ? given : undefined;
      }
      return intOf(defaults.get(node.name.value));
    }
    return undefined;
  };

  /** A field with a page argument (a list, or a connection) is a page: of the size asked, else its default. */
  const pageSize = (node: FieldNode, field: GraphQLField<unknown, unknown>): number | undefined => {
    let paged = false;
    for (const name of PAGE_ARGUMENTS) {
      const arg = field.args.find((a) => a.name === name);
      if (!arg) continue;
      paged = true;
      const written = intOf(node.arguments?.find((a) => a.name.value === name)?.value);
      // no page is larger than the largest the fields accept: a larger one is refused, never run
      if (written !== undefined && Number.isFinite(written)) return Math.min(MAX_PAGE, Math.max(1, written));
    }
    if (!paged) return undefined;
    const declared = field.args.find((a) => PAGE_ARGUMENTS.includes(a.name) && typeof a.defaultValue === 'number')?.defaultValue as number | undefined;
    return declared ?? DEFAULT_PAGE;
  };

  const weigh = (set: SelectionSetNode, type: GraphQLNamedType | undefined | null): number => {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[selection.name.value] : undefined;
        if (!field) continue;
        const inner = selection.selectionSet ? weigh(selection.selectionSet, getNamedType(field.type)) : 0;
        const size = pageSize(selection, field);
        total += size === undefined ? inner : size * (1 + inner);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += weigh(selection.selectionSet, selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || visiting.has(name)) continue;
        if (!memo.has(name)) {
          visiting.add(name);
          memo.set(name, weigh(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value)));
          visiting.delete(name);
        }
        total += memo.get(name)!;
      }
      if (total > CEILING) return CEILING;
    }
    return total;
  };

  const root =
    operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getMutationType();
  return Math.max(1, Math.min(CEILING, weigh(operation.selectionSet, root)));
}
