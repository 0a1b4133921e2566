export {
  type DecodedBody,
  type DecodeItem,
  decodeBody,
  decodedOpcode,
  decodeItem,
  decodeParsed,
  decodeParsedText,
  decoderSchema,
  FAILED_TO_DECODE_JSON,
  loadDecoder,
  type ParsedItem,
  type ParsedObject,
  parseItem,
  sortedGoJson,
} from './decode.js';
export { type DecoderCoverage, decoderCoverage } from './coverage.js';
