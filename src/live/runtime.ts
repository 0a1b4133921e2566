import type { Logger } from 'pino';
import type { LiveLimits } from '../config';
import { LiveHub } from './hub';

/** A subscriber refused by a limit: the status and message TON Center's streaming server gives. */
export class LiveLimitError extends Error {
  constructor(
    readonly status: 429 | 400 | 503,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The live side of one process: the hub its sources publish to, and the limits on who may subscribe (per
 * instance, per client address, per API key, addresses per subscription), shared by the Streaming API and
 * GraphQL subscriptions.
 */
export class LiveRuntime {
  readonly hub: LiveHub;
  private readonly perIp = new Map<string, number>();
  private readonly perKey = new Map<string, number>();
  private readonly closers = new Set<() => void>();
  private stopped = false;

  constructor(
    readonly limits: LiveLimits,
    readonly log?: Logger,
  ) {
    this.hub = new LiveHub(limits.queue, log);
  }

  /** Counts a new subscriber against the limits; returns its release. */
  admit(ip: string, key: string | undefined): () => void {
    const refuse = (max: number) => new LiveLimitError(429, `connection limit reached: ${max} active connections`);
    if (this.stopped) throw new LiveLimitError(503, 'the server is shutting down: connect to another instance');
    if (this.active >= this.limits.maxSubscribers) throw refuse(this.limits.maxSubscribers);
    if ((this.perIp.get(ip) ?? 0) >= this.limits.maxPerIp) throw refuse(this.limits.maxPerIp);
    if (key !== undefined && (this.perKey.get(key) ?? 0) >= this.limits.maxPerKey) throw refuse(this.limits.maxPerKey);
    const bump = (map: Map<string, number>, k: string, by: number) => {
      const n = (map.get(k) ?? 0) + by;
      if (n <= 0) map.delete(k);
      else map.set(k, n);
    };
    bump(this.perIp, ip, 1);
    if (key !== undefined) bump(this.perKey, key, 1);
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      bump(this.perIp, ip, -1);
      if (key !== undefined) bump(this.perKey, key, -1);
    };
  }

  /** Subscribers admitted and not yet released. */
  private active = 0;

  get subscribers(): number {
    return this.active;
  }

  checkAddresses(count: number, ws = false): void {
    if (count <= this.limits.maxAddresses) return;
    throw new LiveLimitError(400, ws ? `address limit exceeded: current 0 + new ${count} > max ${this.limits.maxAddresses}` : `too many addresses: ${count} > max ${this.limits.maxAddresses}`);
  }

  /** Registers how to end a connection on shutdown; returns its removal. */
  onClose(close: () => void): () => void {
    this.closers.add(close);
    return () => this.closers.delete(close);
  }

  /** Ends every stream (SIGTERM): SSE responses finish, WebSockets close with 1001, GraphQL subscriptions complete. */
  close(): void {
    this.stopped = true;
    for (const close of [...this.closers]) close();
    this.hub.closeAll();
  }
}
