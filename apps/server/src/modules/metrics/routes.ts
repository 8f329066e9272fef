import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { HttpError } from '../../http/errors.ts';

export interface MetricsOptions {
  /** Bearer token that lets a scraper in from anywhere; without it only loopback peers may read. */
  token: string | undefined;
  /**
   * Whether loopback peers may read without the token. Off behind a reverse proxy on the same
   * host, whose every visitor arrives from loopback.
   */
  loopbackOpen: boolean;
}

function mayScrape(request: FastifyRequest, token: string | undefined, loopbackOpen: boolean): boolean {
  const given = request.headers.authorization?.replace(/^Bearer /, '');
  if (token && given) {
    const [a, b] = [Buffer.from(given), Buffer.from(token)];
    return a.length === b.length && timingSafeEqual(a, b);
  }
  // The socket's peer, not request.ip: a forwarded-for header must never open this door.
  const peer = request.socket.remoteAddress ?? '';
  return !token && loopbackOpen && (peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1');
}

/**
 * Prometheus metrics: process figures and the duration of every request by route pattern (never
 * by raw URL, whose ids would explode the label set).
 */
export const metricsRoutes: FastifyPluginAsync<MetricsOptions> = async (app, { token, loopbackOpen }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, token, loopbackOpen)) throw new HttpError('access_denied');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};
