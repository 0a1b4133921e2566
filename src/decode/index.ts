export { type DecodedBody, type DecodeItem, decodeBody, decodedOpcode, decodeItem, loadDecoder, sortedGoJson } from './decode.js';
