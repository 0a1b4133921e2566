import SchemaBuilder from '@pothos/core';
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
  plugins: [DataloaderPlugin],
  defaultFieldNullability: false,
});

builder.queryType({});
