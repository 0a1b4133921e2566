import type { Redis } from 'ioredis';

/** Members read by one ZREVRANGE, at least and at most. */
const MIN_CHUNK = 32;
const MAX_CHUNK = 1000;
/**
 * Members read for one request at most. A set holds one member per transaction of the account, so a few
 * traces in which it has many transactions could otherwise make finding the next distinct trace unbounded.
 */
export const MAX_ACCOUNT_MEMBERS = 10_000;

/**
 * The distinct trace keys of an account's sorted set ("<trace key>:<in-msg hash>" members scored by the
 * transaction's lt), newest member first: `next(n)` reads only as many members as n more keys need, in
 * chunks, and never more than `maxMembers` in all. Pages are by rank, so members the emulator adds or
 * removes meanwhile may shift a page; a key seen twice is returned once.
 */
export class AccountTraceKeys {
  private offset = 0;
  private exhausted = false;
  private readonly seen = new Set<string>();
  private buffered: string[] = [];
  /** Whether members were left unread at the bound. */
  truncated = false;

  constructor(
    private readonly redis: Redis,
    private readonly account: string,
    private readonly maxMembers = MAX_ACCOUNT_MEMBERS,
  ) {}

  /** Up to `n` keys not returned before; fewer only when the set (or the bound) is reached. */
  async next(n: number): Promise<string[]> {
    while (this.buffered.length < n && !this.exhausted) {
      const count = Math.min(Math.max(2 * (n - this.buffered.length), MIN_CHUNK), MAX_CHUNK, this.maxMembers - this.offset);
      const members = await this.redis.zrevrange(this.account, this.offset, this.offset + count - 1);
      this.offset += members.length;
      for (const member of members) {
        const parts = member.split(':');
        if (parts.length !== 2 || this.seen.has(parts[0])) continue;
        this.seen.add(parts[0]);
        this.buffered.push(parts[0]);
      }
      if (members.length < count) this.exhausted = true;
      else if (this.offset >= this.maxMembers) {
        this.exhausted = true;
        this.truncated = (await this.redis.zcard(this.account)) > this.offset;
      }
    }
    return this.buffered.splice(0, n);
  }
}
