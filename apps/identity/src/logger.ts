import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** A logger that drops everything, for when the host gives none. */
export function silentLogger(): FastifyBaseLogger {
  const noop = () => {};
  const logger: FastifyBaseLogger = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
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
  // Looked up at each call, so that a line logged after `use` goes to the new target.
  const forward =
    (level: Level) =>
    (...args: unknown[]) => {
      Reflect.apply(target[level], target, args);
    };
  return {
    get level() {
      return target.level;
    },
    set level(level: string) {
      target.level = level;
    },
    fatal: forward('fatal'),
    error: forward('error'),
    warn: forward('warn'),
    info: forward('info'),
    debug: forward('debug'),
    trace: forward('trace'),
    silent: forward('silent'),
    child: (...args: Parameters<FastifyBaseLogger['child']>) => target.child(...args),
    use(next: FastifyBaseLogger) {
      target = next;
    },
  };
}
