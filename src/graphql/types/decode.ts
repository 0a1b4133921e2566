import { DECODE, decodeRequest, decodeWeight, MAX_DECODE_ITEMS, runParsedDecode } from '../../operations/decode';
import { graphqlSource } from '../../params/spec';
import { builder } from '../builder';
import { DecodeErrorValue } from '../parsed/values';
import { ParsedBody } from './parsedBody';

interface DecodeResultShape {
  opcodes: string[];
  bodies: unknown[];
}

const DecodeResult = builder.objectRef<DecodeResultShape>('DecodeResult').implement({
  description: "Opcodes named and message bodies decoded, in the request's order: REST's `/api/v3/decode` with typed bodies.",
  fields: (t) => ({
    opcodes: t.stringList({
      description: 'Each opcode\'s constructor name as TON Center gives it (`decoded_opcode`), or `"unknown"`.',
      resolve: (r) => r.opcodes,
    }),
    bodies: t.field({
      type: [ParsedBody],
      description:
        'Each body decoded (as `MessageContent.parsed`; a top-level comment is a `TextComment`), or a `DecodeError` with the error TON Center gives for it.',
      resolve: (r) => r.bodies as never,
    }),
  }),
});

builder.queryField('decode', (t) =>
  t.field({
    type: DecodeResult,
    description: `Opcodes named and message bodies decoded as TON Center decodes them, like REST's \`/api/v3/decode\`, with each body as typed objects (\`ParsedBody\`). At most ${MAX_DECODE_ITEMS} of each; a malformed opcode fails the request with REST's words, a body that does not decode is a \`DecodeError\` in its place.`,
    args: {
      opcodes: t.arg.stringList({ description: `${DECODE.params.opcodes.description.replace(/\. Not comma-split.*$/, '')}. At most ${MAX_DECODE_ITEMS}.` }),
      bodies: t.arg.stringList({ description: `${DECODE.params.bodies.description.replace(/\. Not comma-split.*$/, '')}. At most ${MAX_DECODE_ITEMS}.` }),
    },
    // each body resolves the selection under `bodies` once
    complexity: (args) => ({ field: 1, multiplier: Math.max(1, args.bodies?.length ?? 0) }),
    resolve: async (_root, args, ctx) => {
      const request = decodeRequest(graphqlSource(args));
      await ctx.grow?.(decodeWeight(request));
      const { opcodes, bodies } = await runParsedDecode(request, ctx.signal);
      return { opcodes, bodies: bodies.map((b) => ('value' in b ? b.value : new DecodeErrorValue(b.error))) };
    },
  }),
);
