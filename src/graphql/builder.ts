import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
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
  plugins: [ComplexityPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  // Every field costs 1; a list field multiplies what is selected under it by its size, declared next to it
  // (its `limit` argument where it has one). The limit is enforced per request in graphql/limits.ts.
  complexity: { defaultComplexity: 1, defaultListMultiplier: 10 },
});

builder.queryType({
  description:
    "TON transactions and traces from a ton-indexer database, and pending traces from TON Center's trace emulator. Hashes are base64 of 32 bytes, addresses raw `<workchain>:<64 uppercase hex>`, amounts in nanotons, logical times and 64-bit values decimal strings (`BigInt`).",
});
