import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { createGraphQL } from '../../src/graphql/yoga';

export interface GraphQLResult<R> {
  data?: R;
  errors?: any[];
  extensions?: any;
}

/** Sends a typed document to a yoga instance in-process (yoga.fetch), as graphql-yoga's own tests do. */
export async function execute<R, V>(yoga: ReturnType<typeof createGraphQL>, doc: TypedDocumentNode<R, V> | string, variables?: V): Promise<GraphQLResult<R>> {
  const res = await yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: typeof doc === 'string' ? doc : print(doc), variables }),
  });
  return res.json();
}
