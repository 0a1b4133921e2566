import { Kind } from 'graphql';
import { JSONResolver } from 'graphql-scalars';
import { builder } from '../builder';
import { badUserInput } from '../errors';

const INT64_DECIMAL = /^-?\d{1,39}$/;

function parseBigInt(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && INT64_DECIMAL.test(value)) return BigInt(value).toString();
  throw badUserInput(`BigInt must be a decimal integer given as a string or an integer, got ${JSON.stringify(value)}`);
}

builder.scalarType('BigInt', {
  description:
    "An integer of any size, serialized as a decimal string so it stays exact (64-bit values do not fit a JSON number): logical times, nanoton amounts, jetton amounts. Accepts a string or an integer as input; TON Center v3's `numstr`.",
  serialize: (value) => String(value),
  parseValue: parseBigInt,
  parseLiteral: (ast) => {
    if (ast.kind === Kind.INT || ast.kind === Kind.STRING) return parseBigInt(ast.value);
    throw badUserInput('BigInt must be a decimal integer given as a string or an integer');
  },
});

function parseUInt32(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffffffff) return n;
  throw badUserInput(`UInt32 must be an integer from 0 to 4294967295, got ${JSON.stringify(value)}`);
}

builder.scalarType('UInt32', {
  description:
    'An unsigned 32-bit integer (0 to 4294967295), serialized as a JSON number: opcodes (the first 32 bits of a message body, e.g. 0x0f8a7ea5 is 260734629) and masterchain seqnos.',
  serialize: (value) => value,
  parseValue: parseUInt32,
  parseLiteral: (ast) => {
    if (ast.kind === Kind.INT) return parseUInt32(Number(ast.value));
    throw badUserInput('UInt32 must be an integer from 0 to 4294967295');
  },
});

builder.addScalarType('JSON', JSONResolver, {
  description:
    'Any JSON value, as TON Center v3 returns it: extra-currency maps (`{"<currency id>": "<amount as a decimal string>"}`), action details, token metadata.',
});
