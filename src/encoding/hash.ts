const HEX_64 = /^(0x)?[0-9a-fA-F]{64}$/;
const B64_32 = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Parses a 256-bit hash given as 64 hex digits (optionally 0x-prefixed), base64 or base64url, padded or
 * not. Returns the wire form (standard base64, padded, 44 characters) or undefined.
 */
export function parseHash(input: string): string | undefined {
  const text = input.trim();
  if (HEX_64.test(text)) return Buffer.from(text.replace(/^0x/, ''), 'hex').toString('base64');
  if (B64_32.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length !== 32) return undefined;
    const canonical = bytes.toString('base64');
    // Reject non-canonical encodings (stray bits in the last character) so one hash has one form.
    return canonical.slice(0, 43) === text.replace(/-/g, '+').replace(/_/g, '/').slice(0, 43) ? canonical : undefined;
  }
  return undefined;
}
