import pino, { type Logger } from 'pino';

export const createLogger = (level: string) => pino({ level, base: { service: 'tonql' } });

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
