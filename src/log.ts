import pino, { type Logger } from 'pino';
import { Counter } from 'prom-client';

/** What standard output could not take, since start (one output per process, so module-wide). /metrics shows them. */
export const logDropped = {
  lines: new Counter({
    name: 'tonql_log_dropped_lines_total',
    help: 'Log lines dropped because standard output did not take them (a reader that stalled or left)',
    registers: [],
  }),
  bytes: new Counter({ name: 'tonql_log_dropped_bytes_total', help: 'Bytes of the log lines dropped', registers: [] }),
};

type Output = NodeJS.WritableStream & { writableLength: number };

/**
 * Log lines to standard output without ever holding the service: at most `maxBuffered` characters wait for
 * a reader (a pipe is written from the event loop, never blocking it), what does not fit is dropped and
 * counted, and a reader gone (EPIPE) drops the rest. Not pino's default destination: that one buffers
 * without bound on a pipe nobody reads, and at exit loops writing it forever.
 */
export class BoundedOutput {
  private broken = false;

  constructor(
    private readonly out: Output,
    private readonly maxBuffered: number,
  ) {
    out.on('error', () => (this.broken = true));
  }

  write(line: string): void {
    if (this.broken || this.out.writableLength + line.length > this.maxBuffered) {
      logDropped.lines.inc();
      logDropped.bytes.inc(Buffer.byteLength(line));
      return;
    }
    this.out.write(line);
  }

  /** Resolves once what was taken is written, or after `ms` whatever the reader does. (Not `flush`: pino calls that with a callback.) */
  drained(ms: number): Promise<void> {
    const until = Date.now() + ms;
    return new Promise((resolve) => {
      // Polled: 'drain' comes only after a write found the stream over its high-water mark.
      const check = () => (this.broken || this.out.writableLength === 0 || Date.now() >= until ? resolve() : setTimeout(check, 10));
      check();
    });
  }
}

/** The service's logger on standard output, with `drained` for a bounded wait before the process exits. */
export function createLogger(level: string, bufferBytes: number, out: Output = process.stdout) {
  const output = new BoundedOutput(out, bufferBytes);
  return { log: pino({ level, base: { service: 'tonql' } }, output), drained: (ms: number) => output.drained(ms) };
}

export interface DependencyLog {
  error(err: Error & { code?: string }): void;
  /** The dependency answers again. */
  recovered(): void;
}

/**
 * A dependency's errors (a pool's idle connections dropping, Redis failing to reconnect) without a flood: at
 * most one warn line per interval, counting the errors it held back, and a line when the dependency is back
 * after a reported error. No logger, no lines (the CLI, most tests).
 */
export function dependencyLog(log: Logger | undefined, dependency: string, intervalMs = 10_000): DependencyLog {
  let lastLine = -Infinity;
  let suppressed = 0;
  let reported = false;
  return {
    error(err) {
      const now = Date.now();
      if (now - lastLine < intervalMs) {
        suppressed += 1;
        return;
      }
      log?.warn({ dependency, error: err.message, code: err.code, suppressed }, `${dependency}: ${err.message}`);
      lastLine = now;
      suppressed = 0;
      reported = true;
    },
    recovered() {
      if (!reported) return;
      log?.info({ dependency, suppressed }, `${dependency} answers again`);
      reported = false;
      suppressed = 0;
    },
  };
}
