import { Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';

/** The operation a request runs: the one named by `operationName`, else the document's only (or first) one. */
export function selectedOperation(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
}
