import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import RelayPlugin from '@pothos/plugin-relay';
import type { RequestContext } from '../context';

export const builder = new SchemaBuilder<{
  Context: RequestContext;
  DefaultFieldNullability: false;
  Scalars: {
    BigInt: { Input: string; Output: string | bigint | number };
    UInt32: { Input: number; Output: number };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ComplexityPlugin, DataloaderPlugin, RelayPlugin],
  defaultFieldNullability: false,
  // Connections only: objects are fetched by their own keys (hash, address), not by global ids.
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    pageInfoTypeOptions: { description: 'Where a page sits in its connection, and the cursors to page on from it.' },
    hasNextPageFieldOptions: { description: 'More items follow this page (page on with `first` and `after: endCursor`).' },
    hasPreviousPageFieldOptions: {
      description: 'Items precede this page (page back with `last` and `before: startCursor`); with `first`, true when `after` was given.',
    },
    startCursorFieldOptions: { description: "The first item's cursor (the `after`/`before` given when the page is empty)." },
    endCursorFieldOptions: { description: "The last item's cursor (the `after`/`before` given when the page is empty)." },
    // the connection field already multiplies by its page size: its edges count once more, not ten times more
    edgesFieldOptions: { description: 'The items of the page, each with its cursor, in the connection order.', complexity: { field: 1, multiplier: 1 } },
    pageInfoFieldOptions: { description: 'Where the page sits: cursors and whether items follow or precede it.' },
    cursorFieldOptions: { description: "Opaque cursor of this item: it holds the item's sort key, so paging from it seeks straight there through an index." },
    nodeFieldOptions: { description: 'The item.' },
    firstArgOptions: { description: 'Items to return from the start of the list or after `after` (0 to 1000; default 10).' },
    lastArgOptions: { description: 'Items to return from the end of the list or before `before` (0 to 1000).' },
    afterArgOptions: { description: 'A cursor: items after this one.' },
    beforeArgOptions: { description: 'A cursor: items before this one.' },
  },
  // Every field costs 1; a list field multiplies what is selected under it by its size, declared next to it
  // (its `limit` argument where it has one). The limit is enforced per request in graphql/limits.ts.
  complexity: { defaultComplexity: 1, defaultListMultiplier: 10 },
});

builder.queryType({
  description:
    "TON transactions and traces from a ton-indexer database, and pending traces from TON Center's trace emulator. Hashes are base64 of 32 bytes, addresses raw `<workchain>:<64 uppercase hex>`, amounts in nanotons, logical times and 64-bit values decimal strings (`BigInt`).",
});
