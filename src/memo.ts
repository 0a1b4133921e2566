/**
 * A bounded cache for pure functions of content-addressed input (a message body by its hash, an address
 * form): a key always maps to the same value, so entries never go stale; past `max` the oldest are dropped.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly max: number) {}

  getOr(key: K, compute: () => V): V {
    if (this.entries.has(key)) return this.entries.get(key)!;
    const value = compute();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
    return value;
  }
}
