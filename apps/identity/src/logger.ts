import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const levels: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A logger that drops everything, for when the host gives none. */
export function silentLogger(): FastifyBaseLogger {
  const noop = () => {};
  const logger = { level: 'silent', child: () => logger } as unknown as FastifyBaseLogger;
  for (const level of levels) (logger as unknown as Record<Level, () => void>)[level] = noop;
  return logger;
}

/**
 * A logger whose destination is chosen later: the service is built before the host's Fastify
 * exists, and logs through the host's logger once its public API is registered there.
 */
export function forwardingLogger(
  initial: FastifyBaseLogger,
): FastifyBaseLogger & { use(target: FastifyBaseLogger): void } {
  let target = initial;
  const logger = {
    get level() {
      return target.level;
    },
    set level(level: string) {
      target.level = level;
    },
    child: (...args: Parameters<FastifyBaseLogger['child']>) => target.child(...args),
    use(next: FastifyBaseLogger) {
      target = next;
    },
  } as unknown as FastifyBaseLogger & { use(target: FastifyBaseLogger): void };
  for (const level of levels)
    (logger as unknown as Record<Level, (...args: unknown[]) => void>)[level] = (...args: unknown[]) => {
      Reflect.apply(target[level], target, args);
    };
  return logger;
}
