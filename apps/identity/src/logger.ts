import type { FastifyBaseLogger } from 'fastify';

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
