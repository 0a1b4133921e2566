import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents for the operations the tests send; `npm run codegen:check` fails in CI when they are stale.
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: 'test/operations/*.graphql',
  generates: {
    'test/generated/graphql.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        scalars: { BigInt: 'string', UInt32: 'number', JSON: 'unknown' },
        useTypeImports: true,
        enumsAsTypes: true,
      },
    },
  },
};

export default config;
