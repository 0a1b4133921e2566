import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, Kind, type DocumentNode, type FieldNode, type OperationDefinitionNode, type SelectionNode, type ValueNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { selectedOperation } from './operation';

export interface GraphQLLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  maxCost: number;
  maxDocumentBytes: number;
}

// A full 1000-transaction page (every field, messages included) costs about 250,000; the nested trace query of
// the benchmark about as much. The default leaves room for that and rejects a few of them aliased together.
export const DEFAULT_LIMITS: GraphQLLimits = { maxDepth: 15, maxAliases: 30, maxTokens: 2000, maxCost: 1_000_000, maxDocumentBytes: 100_000 };

/** How many items a list field returns when the query does not say: its `limit` default, or a typical size. */
const LIST_SIZES: Record<string, number> = {
  transactionsByMasterchainBlock: 10,
  pendingTraces: 100,
  outMsgs: 4,
  children: 4,
  transactions: 50,
  actions: 5,
  tokenInfo: 2,
  peerSwaps: 3,
  transactionsOrder: 1,
};

function intValue(node: ValueNode | undefined, variables: Record<string, unknown> | undefined): number | undefined {
  if (!node) return undefined;
  if (node.kind === Kind.INT) return Number(node.value);
  if (node.kind === Kind.VARIABLE) {
    const v = variables?.[node.name.value];
    return typeof v === 'number' ? v : undefined;
  }
  return undefined;
}

/**
 * Cost: every field costs 1, and a list field multiplies what is under it by its size: the `limit` argument
 * when given (variables resolved), else its default. So `transactionsByMasterchainBlock(limit: 1000)
 * { outMsgs { ... } }` costs what it will make the server do, and aliases repeating it add up.
 */
export function queryCost(document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> | undefined): number {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const costOf = (selections: readonly SelectionNode[], seen: Set<string>): number =>
    selections.reduce((sum, s) => {
      if (s.kind === Kind.FIELD) return sum + fieldCost(s, seen);
      if (s.kind === Kind.INLINE_FRAGMENT) return sum + costOf(s.selectionSet.selections, seen);
      const fragment = fragments.get(s.name.value);
      if (!fragment || seen.has(s.name.value)) return sum;
      return sum + costOf(fragment.selectionSet.selections, new Set([...seen, s.name.value]));
    }, 0);
  const fieldCost = (field: FieldNode, seen: Set<string>): number => {
    const inner = field.selectionSet ? costOf(field.selectionSet.selections, seen) : 0;
    const size = LIST_SIZES[field.name.value];
    if (size === undefined) return 1 + inner;
    const limit = intValue(field.arguments?.find((a) => a.name.value === 'limit')?.value, variables) ?? size;
    return 1 + Math.max(1, limit) * inner;
  };
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operations.find((o) => !operationName || o.name?.value === operationName) ?? operations[0];
  return operation ? costOf(operation.selectionSet.selections, new Set()) : 0;
}

/**
 * The service only reads: mutations and subscriptions are refused before the compiled executor, which would
 * fail on the missing root type with a 500.
 */
const onlyQueries = (type: string) =>
  new GraphQLError(`this API is read-only: ${type}s are not supported, only queries`, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });

const operationType = (document: DocumentNode, operationName: string | null | undefined) => selectedOperation(document, operationName)?.operation ?? 'query';

/**
 * Depth, aliases and tokens through graphql-armor, cost through the rule above, the document's size checked
 * before parsing. Every rejection is a BAD_USER_INPUT naming the limit.
 */
export function limitPlugins(limits: GraphQLLimits): Plugin[] {
  const armor = EnvelopArmorPlugin({
    maxDepth: { n: limits.maxDepth, ignoreIntrospection: true },
    maxAliases: { n: limits.maxAliases },
    maxTokens: { n: limits.maxTokens },
    maxDirectives: { n: 50 },
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }) as Plugin;
  const shaping: Plugin = {
    onParams: ({ params }) => {
      const size = typeof params.query === 'string' ? Buffer.byteLength(params.query) : 0;
      if (size > limits.maxDocumentBytes) {
        throw new GraphQLError(`document size limit of ${limits.maxDocumentBytes} bytes exceeded: got ${size} bytes`, {
          extensions: { code: 'BAD_USER_INPUT', limit: 'documentBytes', http: { status: 400 } },
        });
      }
    },
    // Subscriptions take this path instead of onExecute; the schema has none.
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      setResultAndStopExecution({ errors: [onlyQueries(operationType(args.document as DocumentNode, args.operationName))] });
    },
    onExecute: ({ args, setResultAndStopExecution }) => {
      const type = operationType(args.document as DocumentNode, args.operationName);
      if (type !== 'query') return setResultAndStopExecution({ errors: [onlyQueries(type)] });
      const cost = queryCost(args.document, args.operationName, args.variableValues as Record<string, unknown> | undefined);
      if (cost > limits.maxCost) {
        setResultAndStopExecution({
          errors: [
            new GraphQLError(`query cost limit of ${limits.maxCost} exceeded: this query costs ${cost} (list fields count their limit)`, {
              extensions: { code: 'BAD_USER_INPUT', limit: 'cost', max: limits.maxCost, actual: cost },
            }),
          ],
        });
      }
    },
    // graphql-armor rejects while parsing, as a syntax error without a code: give those the contract's code.
    onResultProcess: ({ result, setResult }) => {
      if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
      const errors = result.errors.map((e) =>
        e.extensions?.code !== 'BAD_USER_INPUT' && / limit of \d+ exceeded/i.test(e.message)
          ? new GraphQLError(e.message.replace(/^Syntax Error: /, ''), { extensions: { ...e.extensions, code: 'BAD_USER_INPUT' } })
          : e,
      );
      setResult({ ...result, errors });
    },
  };
  return [shaping, armor];
}
