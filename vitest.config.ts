import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// One copy of graphql for everything: yoga checks errors with instanceof GraphQLError.
const graphql = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  resolve: { alias: { graphql } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own PGlite and PostgreSQL database; two workers match the two cores.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    pool: 'forks',
  },
});
