import pLimit, { type LimitFunction } from 'p-limit';
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

/** TON Center's words for a subscription naming too many addresses (its WebSocket wording, or its SSE one). */
export const addressLimitMessage = (count: number, max: number, ws: boolean) =>
  ws ? `address limit exceeded: current 0 + new ${count} > max ${max}` : `too many addresses: ${count} > max ${max}`;

/**
 * What a subscription keeps for its life beside the addresses it follows (a graphql-ws message: document,
 * variables, extensions; a GraphQL-over-SSE request's body and URL) is charged to the same budgets as one
 * followed address per this many bytes (about what a followed address costs): padding holds no more memory
 * than the per-client budgets allow.
 */
export const MESSAGE_BYTES_PER_ADDRESS = 700;

/** The followed addresses `bytes` kept for a subscription's life are charged as. */
export const addressesForBytes = (bytes: number) => Math.ceil(bytes / MESSAGE_BYTES_PER_ADDRESS);

/**
 * One admitted client connection (an SSE response, a WebSocket): its slot, and the addresses its subscriptions
 * follow, charged to its client address, its API key and the instance.
 */
export interface LiveAdmission {
  readonly ip: string;
  readonly key: string | undefined;
  /** Frees the slot and every reservation made through it; idempotent. */
  release(): void;
  /** Charges `addresses` followed addresses (LiveLimitError 429 past a budget); returns the release of just that charge, idempotent. */
  reserve(addresses: number): () => void;
}

const bump = (map: Map<string, number>, k: string, by: number) => {
  const n = (map.get(k) ?? 0) + by;
  if (n <= 0) map.delete(k);
  else map.set(k, n);
};

/**
 * The live side of one process: the hub its sources publish to, and the limits on who may subscribe (per
 * instance, per client address, per API key, addresses per subscription, and followed addresses per client
 * address, per API key and per instance), shared by the Streaming API and GraphQL subscriptions.
 */
export class LiveRuntime {
  readonly hub: LiveHub;
  private readonly perIp = new Map<string, number>();
  private readonly perKey = new Map<string, number>();
  private readonly addressesPerIp = new Map<string, number>();
  private readonly addressesPerKey = new Map<string, number>();
  private addressesTotal = 0;
  private readonly closers = new Set<() => void>();
  private stopped = false;
  /** Each step of every replay runs through this: a reconnect storm reads the database a few steps at a time. */
  readonly replaySteps: LimitFunction;
  /** The live demo, when this process plays one (the GraphiQL Live tab follows its accounts). */
  demo?: { readonly accounts: readonly string[] };

  constructor(
    readonly limits: LiveLimits,
    readonly log?: Logger,
  ) {
    this.hub = new LiveHub(limits.queue, log);
    this.replaySteps = pLimit(limits.resumeConcurrency);
  }

  /** Counts a new connection against the limits; its admission reserves what its subscriptions follow. */
  admit(ip: string, key: string | undefined): LiveAdmission {
    const refuse = (max: number) => new LiveLimitError(429, `connection limit reached: ${max} active connections`);
    if (this.stopped) throw new LiveLimitError(503, 'the server is shutting down: connect to another instance');
    if (this.active >= this.limits.maxSubscribers) throw refuse(this.limits.maxSubscribers);
    if ((this.perIp.get(ip) ?? 0) >= this.limits.maxPerIp) throw refuse(this.limits.maxPerIp);
    if (key !== undefined && (this.perKey.get(key) ?? 0) >= this.limits.maxPerKey) throw refuse(this.limits.maxPerKey);
    bump(this.perIp, ip, 1);
    if (key !== undefined) bump(this.perKey, key, 1);
    this.active++;
    const reservations = new Set<() => void>();
    let released = false;
    return {
      ip,
      key,
      release: () => {
        if (released) return;
        released = true;
        for (const free of [...reservations]) free();
        this.active--;
        bump(this.perIp, ip, -1);
        if (key !== undefined) bump(this.perKey, key, -1);
      },
      reserve: (addresses: number) => {
        if (released) throw new LiveLimitError(503, 'the connection is closed');
        this.charge(ip, key, addresses);
        let freed = false;
        const free = () => {
          if (freed) return;
          freed = true;
          reservations.delete(free);
          this.charge(ip, key, -addresses);
        };
        reservations.add(free);
        return free;
      },
    };
  }

  /** Adds (or, negative, gives back) followed addresses, refusing what would pass a budget. */
  private charge(ip: string, key: string | undefined, n: number): void {
    if (n > 0) {
      const over = (now: number, max: number, whose: string, setting: string) => {
        if (now + n > max) throw new LiveLimitError(429, `followed addresses limit reached ${whose}: ${now} followed + ${n} new > max ${max} (${setting})`);
      };
      over(this.addressesTotal, this.limits.maxAddressesTotal, 'on this instance', 'LIVE_MAX_ADDRESSES_TOTAL');
      over(this.addressesPerIp.get(ip) ?? 0, this.limits.maxAddressesPerIp, 'for this client address', 'LIVE_MAX_ADDRESSES_PER_IP');
      if (key !== undefined) over(this.addressesPerKey.get(key) ?? 0, this.limits.maxAddressesPerKey, 'for this API key', 'LIVE_MAX_ADDRESSES_PER_KEY');
    }
    this.addressesTotal += n;
    bump(this.addressesPerIp, ip, n);
    if (key !== undefined) bump(this.addressesPerKey, key, n);
  }

  /** Connections admitted and not yet released. */
  private active = 0;

  get subscribers(): number {
    return this.active;
  }

  /** Addresses and trace keys followed, summed over every subscription on this instance. */
  get followedAddresses(): number {
    return this.addressesTotal;
  }

  checkAddresses(count: number, ws = false): void {
    if (count > this.limits.maxAddresses) throw new LiveLimitError(400, addressLimitMessage(count, this.limits.maxAddresses, ws));
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
