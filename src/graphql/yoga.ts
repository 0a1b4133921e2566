import { createYoga, type Plugin } from 'graphql-yoga';
import { createRequestContext, type RequestContext, type Services } from '../context';
import { schema } from './schema';

const EXAMPLE = `# Transactions of a masterchain block, with messages and account names.
query BlockTransactions($seqno: UInt32!) {
  transactionsByMasterchainBlock(seqno: $seqno, limit: 5, sort: ASC) {
    hash
    lt
    account
    accountInfo { userFriendly }
    inMsg { source value opcode messageContent { decoded { comment } } }
    outMsgs { destination value }
    description { aborted computePh { exitCode gasUsed } }
  }
}
`;

/** A source that did not answer is reported next to the data, in `extensions.warnings`, not as an error. */
const warnings: Plugin<RequestContext> = {
  onExecute: ({ args }) => ({
    onExecuteDone: ({ result, setResult }) => {
      const list = (args.contextValue as RequestContext).warnings;
      if (list.length > 0 && !(Symbol.asyncIterator in result)) setResult({ ...result, extensions: { ...result.extensions, warnings: list } });
    },
  }),
};

/** The GraphQL endpoint; each request gets its own context (loaders, statement counter). */
export function createGraphQL(services: Services, opts: { exampleSeqno?: number } = {}) {
  return createYoga<Record<string, unknown>, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    context: () => createRequestContext(services),
    plugins: [warnings],
    graphiql: {
      title: 'tonql',
      defaultQuery: EXAMPLE,
      defaultVariableEditorOptions: undefined,
      ...(opts.exampleSeqno !== undefined ? { variables: JSON.stringify({ seqno: opts.exampleSeqno }) } : {}),
    } as never,
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => services.log.warn({ args }, 'graphql'),
      error: (...args: unknown[]) => services.log.error({ args }, 'graphql'),
    },
  });
}
