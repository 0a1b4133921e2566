export { type DecodedBody, decodeBody, decodedOpcode, loadDecoder } from './decode.js';
