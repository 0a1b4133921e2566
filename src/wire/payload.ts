import { createHash } from 'node:crypto';
import type { BodyWriter } from './message';

/**
 * The decoder's cache key of a payload: a payload is stored as a BOC without its cell hash, so its key is a digest
 * of the BOC text, in a namespace of its own beside the message bodies' cell hashes.
 */
export const payloadKey = (boc: string) => `boc:${createHash('sha256').update(boc).digest('base64')}`;

/**
 * The decoded payloads of one response (`decoded_forward_payload`, `decoded_custom_payload` of NFT and jetton
 * transfers): each distinct payload BOC decoded once per response and kept by the process's decoder, written as
 * TON Center shows it: null when it does not decode (TON Center's `unknown…` results), a top-level text comment in
 * the legacy `{"@type":"text_comment","comment":…,"type":"text_comment"}` shape, anything else as the decoder's
 * JSON text, unparsed (a marker of the response's RawTexts, see rawJson.ts).
 */
export class PayloadTexts {
  private readonly seen = new Map<string, string | null>();

  constructor(private readonly bodies: BodyWriter) {}

  decoded(boc: string | null): string | null {
    if (boc === null || boc === '') return null;
    let marker = this.seen.get(boc);
    if (marker === undefined) {
      const decoded = this.bodies.services.decoder.decoded(payloadKey(boc), boc);
      marker = decoded && this.bodies.raw.mark(decoded.bytes);
      this.seen.set(boc, marker);
    }
    return marker;
  }
}
