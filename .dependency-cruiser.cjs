/**
 * The import rules of src/ (npm run deps, in .ci/run): no cycles, type-only imports included; the two doors
 * (rest/, graphql/) never import each other; data/ holds SQL and loaders and knows nothing of either door.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A module must not reach itself through its imports (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'graphql-not-rest',
      severity: 'error',
      comment: 'GraphQL maps operations/ results to its types; it never imports the REST door.',
      from: { path: '^src/graphql/' },
      to: { path: '^src/rest/' },
    },
    {
      name: 'rest-not-graphql',
      severity: 'error',
      comment: 'REST maps operations/ results to the TON Center wire; it never imports the GraphQL door.',
      from: { path: '^src/rest/' },
      to: { path: '^src/graphql/' },
    },
    {
      name: 'data-is-sql-and-loaders',
      severity: 'error',
      comment: 'data/ holds SQL and loaders: no wire shapes, request context, HTTP, doors or live events.',
      from: { path: '^src/data/' },
      to: { path: '^src/(wire|http|rest|graphql|live)/|^src/context\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.js$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
