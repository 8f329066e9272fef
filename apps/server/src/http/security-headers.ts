import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ServerConfig } from '../config/env.ts';
import { connectSources, frameSources, scriptSources } from './content-security.ts';

type SecurityConfig = Parameters<typeof connectSources>[0] & Pick<ServerConfig, 'secureCookies'>;

/** Helmet's options for this app: its content security policy, and HSTS only behind TLS. */
function helmetOptions(config: SecurityConfig): Parameters<typeof helmet>[0] {
  const frames = frameSources(config);
  return {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...frames],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'", ...scriptSources(config)],
        'connect-src': ["'self'", ...connectSources(config)],
        'frame-src': frames.length > 0 ? frames : ["'none'"],
        'worker-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  };
}

/**
 * Helmet's headers on every answer (API, pages, assets, errors). The middleware is built once:
 * `@fastify/helmet` built it again for every request, parsing the policy each time, which cost
 * about a tenth of a cached chart read's CPU (issue 18).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig): void {
  const setHeaders = helmet(helmetOptions(config));
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}
