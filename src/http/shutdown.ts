import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export interface ShutdownOptions {
  /** How long to keep serving after SIGTERM, with /ready answering 503, so a balancer stops routing here. */
  drainMs: number;
  /** After that, how long the requests already received may take before the process gives up on them. */
  timeoutMs: number;
}

interface InFlight {
  req: IncomingMessage;
  res: ServerResponse;
  id: string;
  started: number;
}

/**
 * Tracks requests in flight and stops the server without dropping any: drain (still accepting, /ready 503,
 * every response closing its connection), then stop accepting and let what was received finish. Resolves
 * true when all finished, false when the deadline passed with requests abandoned (they are logged).
 */
export class Shutdown {
  private readonly inFlight = new Set<InFlight>();
  private stopping = false;

  constructor(
    private readonly server: Server,
    private readonly log: Logger,
  ) {}

  get draining(): boolean {
    return this.stopping;
  }

  track(req: IncomingMessage, res: ServerResponse, id: string): void {
    const entry = { req, res, id, started: Date.now() };
    this.inFlight.add(entry);
    res.once('close', () => this.inFlight.delete(entry));
    if (this.stopping) res.setHeader('Connection', 'close');
  }

  async stop(opts: ShutdownOptions): Promise<boolean> {
    this.stopping = true;
    this.log.info({ drainMs: opts.drainMs }, 'shutting down: draining, /ready answers 503');
    for (const { res } of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    this.server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, opts.drainMs));
    this.server.close();
    this.server.closeIdleConnections();
    this.log.info({ inFlight: this.inFlight.size }, 'stopped accepting; finishing requests in flight');
    const deadline = Date.now() + opts.timeoutMs;
    while (this.inFlight.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      // A keep-alive connection whose last response went out is idle now: close it.
      this.server.closeIdleConnections();
    }
    if (this.inFlight.size === 0) return true;
    const now = Date.now();
    const abandoned = [...this.inFlight].map(({ req, id, started }) => ({
      reqId: id,
      method: req.method,
      path: (req.url ?? '').split('?')[0].slice(0, 200),
      ms: now - started,
    }));
    this.log.error({ abandoned }, `shutdown deadline of ${opts.timeoutMs} ms passed with ${abandoned.length} requests unfinished`);
    return false;
  }
}
