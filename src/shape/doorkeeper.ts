/**
 * Keys seen once lately, as a Bloom filter (two probes into `bits` bits) cleared after `capacity` new keys: what a
 * cache admits on a key's second sighting only (TinyLFU's doorkeeper). Traffic that never repeats, a walk through
 * history, then writes no entries nobody reads again; what repeats is kept from its second request. A key taken
 * for seen when it was not (about one in twenty just before a clearing) is only admitted a sighting early.
 */
export class Doorkeeper {
  private readonly bits: Uint32Array;
  private readonly mask: number;
  private added = 0;

  constructor(
    private readonly capacity = 1 << 17,
    bits = 1 << 20,
  ) {
    this.bits = new Uint32Array(bits >>> 5);
    this.mask = bits - 1;
  }

  /** Whether the key was seen since the last clearing; recorded when it was not. */
  seenBefore(key: string): boolean {
    // FNV-1a over the key's UTF-16 units, and a second probe mixed from it (murmur3's finalizer)
    let a = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) a = Math.imul(a ^ key.charCodeAt(i), 0x01000193);
    let b = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
    b ^= b >>> 16;
    const i = a & this.mask;
    const j = b & this.mask;
    if ((this.bits[i >>> 5] & (1 << (i & 31))) !== 0 && (this.bits[j >>> 5] & (1 << (j & 31))) !== 0) return true;
    this.bits[i >>> 5] |= 1 << (i & 31);
    this.bits[j >>> 5] |= 1 << (j & 31);
    if (++this.added >= this.capacity) {
      this.bits.fill(0);
      this.added = 0;
    }
    return false;
  }
}
